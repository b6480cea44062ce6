"""The results store: schema version, recording, JSON import, series."""
import json
import os
import sqlite3
import tempfile
import unittest

import synth
from pmdfwd_perf import changepoint, store, trend

CELL = "ring-hot/macswap/64B/1Q1C"


class TestStore(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.dir.name, "perf.sqlite")

    def tearDown(self):
        self.dir.cleanup()

    def test_series_are_commits_with_their_runs_reference(self):
        db = synth.store_with(self.path, {CELL: [1.0, 1.0, 1.2]}, 3)
        pts = store.series(db, CELL)
        self.assertEqual([p["position"] for p in pts], [0, 1, 2])
        self.assertEqual(pts[2]["title"], "commit 2")
        self.assertEqual(len(pts[2]["figures"]), 3)
        self.assertEqual(len(pts[2]["reference"]), 3)
        self.assertAlmostEqual(pts[2]["figures"][0] / pts[2]["reference"][0], 1.2, delta=0.06)
        self.assertEqual(store.cells(db), [CELL])

    def test_drift_between_repetitions_is_taken_out(self):
        # The machine runs 40 % faster in the second repetition and 30 %
        # slower in the third: every subject alike. The 8 % step at commit 4
        # is hidden by that drift until each run is divided by its
        # repetition's median over all subjects.
        levels = [1.0] * 4 + [1.08] * 4
        db = synth.store_with(self.path, {CELL: levels}, 8, reps=4, spread=0.005, rep_scale=[1.0, 1.4, 0.7, 1.0])
        rows = store.series(db, CELL)
        adjusted, raw = trend.points_of(rows), trend.points_of(rows, rep_adjust=False)
        self.assertLess(max(max(p["band"]) for p in adjusted), 1.03)
        self.assertGreater(max(max(p["band"]) for p in raw), 1.3)
        self.assertEqual([c.index for c in changepoint.detect([p["ratios"] for p in adjusted])], [4])
        self.assertEqual(changepoint.detect([p["ratios"] for p in raw]), [])

    def test_schema_version_is_written_and_a_newer_one_refused(self):
        store.connect(self.path).close()
        db = sqlite3.connect(self.path)
        self.assertEqual(db.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0],
                         str(store.SCHEMA_VERSION))
        db.execute("UPDATE meta SET value='99' WHERE key='schema_version'")
        db.commit()
        db.close()
        with self.assertRaisesRegex(ValueError, "schema version 99 is newer"):
            store.connect(self.path)

    def test_version_1_store_is_upgraded_keeping_its_rows(self):
        db = synth.store_with(self.path, {CELL: [1.0, 1.1]}, 2)
        db.execute("ALTER TABLE cells DROP COLUMN reps")
        db.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
        db.commit()
        db.close()
        db = store.connect(self.path)
        self.assertEqual(db.execute("SELECT value FROM meta").fetchone()[0], str(store.SCHEMA_VERSION))
        self.assertEqual([p["reps"] for p in store.series(db, CELL)], [[], []])
        synth.store_with(self.path, {CELL: [1.0]}, 1)  # and takes new runs

    def test_not_a_store_is_a_clear_error(self):
        with open(self.path, "w") as f:
            f.write("not sqlite at all " * 100)
        with self.assertRaisesRegex(ValueError, "not a perf store"):
            store.connect(self.path)

    def tables(self):
        with sqlite3.connect(self.path) as db:
            return sorted(r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'"))

    def test_another_programs_sqlite_file_is_refused_untouched(self):
        # Issue 29 item 5: it was taken for a new store, and the store's
        # tables and schema version were written into it.
        with sqlite3.connect(self.path) as db:
            db.execute("CREATE TABLE people (name TEXT)")
        with self.assertRaisesRegex(ValueError, r"not a perf store \(an SQLite file with tables people"):
            store.connect(self.path)
        self.assertEqual(self.tables(), ["people"])

    def test_a_foreign_meta_table_is_refused(self):
        with sqlite3.connect(self.path) as db:
            db.execute("CREATE TABLE meta (key TEXT, value TEXT)")
            db.execute("INSERT INTO meta VALUES ('owner', 'someone else')")
        with self.assertRaisesRegex(ValueError, "its meta table has no schema version"):
            store.connect(self.path)

    def test_a_schema_version_that_is_no_number_is_a_clear_error(self):
        # It raised int()'s "invalid literal", naming no file.
        synth.store_with(self.path, {CELL: [1.0]}, 1).close()
        with sqlite3.connect(self.path) as db:
            db.execute("UPDATE meta SET value = 'two' WHERE key = 'schema_version'")
        with self.assertRaisesRegex(ValueError, r"perf.sqlite: not a perf store \(schema version 'two', allowed"):
            store.connect(self.path)

    def test_a_directory_is_a_clear_error(self):
        # sqlite3.OperationalError, which scripts/perf did not catch (a traceback).
        os.mkdir(self.path)
        with self.assertRaisesRegex(ValueError, "perf.sqlite: cannot open as a perf store"):
            store.connect(self.path)

    def test_a_truncated_store_is_a_clear_error_at_every_length(self):
        db = synth.store_with(self.path, {CELL: [1.0, 1.1, 1.2]}, 30)
        db.close()
        with open(self.path, "rb") as f:
            data = f.read()
        self.assertGreater(len(data), 8192)
        for length in range(100, len(data), 1000):
            with open(self.path, "wb") as f:
                f.write(data[:length])
            with self.assertRaisesRegex(ValueError, "not a perf store", msg=f"{length} bytes"):
                store.series(store.connect(self.path), CELL)

    def test_json_import_once(self):
        res = synth.results({CELL: [1.1]}, ["c00"])
        res["samples"].append({"cell": CELL, "subject": "c00", "rep": 4, "error": "subject exited"})
        src = os.path.join(self.dir.name, "results.json")
        with open(src, "w") as f:
            json.dump(res, f)
        db = store.connect(self.path)
        self.assertIsNotNone(store.import_json(db, src))
        self.assertIsNone(store.import_json(db, src))
        row = db.execute("SELECT best_mpps, errors FROM cells JOIN subjects s ON s.id = subject_id "
                         "WHERE s.label = 'c00'").fetchone()
        self.assertEqual((len(json.loads(row[0])), row[1]), (3, 1))
        ref = db.execute("SELECT label FROM subjects WHERE is_reference = 1").fetchone()[0]
        self.assertEqual(ref, synth.REF)

    def test_history_results_import_with_their_commits(self):
        res = synth.results({CELL: [1.0, 1.3]}, ["c00", "c01"])
        res["history"] = {"reference": synth.REF, "note": "load average 9.0",
                          "commits": {"c00": {"sha": "a" * 40, "date": "2026-01-01", "position": 0, "title": "one"},
                                      "c01": {"sha": "b" * 40, "date": "2026-01-02", "position": 1, "title": "two"}}}
        src = os.path.join(self.dir.name, "results.json")
        with open(src, "w") as f:
            json.dump(res, f)
        db = store.connect(self.path)
        store.import_json(db, src)
        self.assertEqual([(p["sha"][0], p["title"]) for p in store.series(db, CELL)], [("a", "one"), ("b", "two")])
        self.assertEqual(db.execute("SELECT note FROM runs").fetchone()[0], "load average 9.0")

    def test_import_finds_commits_in_cached_build_paths(self):
        res = synth.results({CELL: [1.0]}, ["c00"])
        res["subjects"][1]["binary"] = "/cache/perf-commits/" + "c" * 40 + "/build/pmdfwd"
        self.assertEqual(store.commits_of(res, lambda sha: ("d", "t")), {"c00": ("c" * 40, "d", 1, "t")})

    def test_import_refuses_other_json(self):
        src = os.path.join(self.dir.name, "other.json")
        with open(src, "w") as f:
            json.dump({"format": "something-else/1"}, f)
        with self.assertRaisesRegex(ValueError, "expected pmdfwd-perf-results"):
            store.import_json(store.connect(self.path), src)


if __name__ == "__main__":
    unittest.main()
