"""The A/A widths of doc/perf-tool.md (issue 28 item 2): `perf doc --only
aa-widths` plans each forwarder against itself, interleaved and sequential,
and writes their table between the doc's markers. Synthetic results here:
the figures are the test's."""
import json
import os
import random
import shutil
import tempfile
import unittest

import _path  # noqa: F401
from pmdfwd_perf.commands import doc
from pmdfwd_perf.docgen import aa_widths, planning

CELLS = ("null/macswap/64B/1Q1C", "ring-hot/macswap/64B/1Q1C")


def interleaved_results(noise=0.01, seed=3):
    rng = random.Random(seed)
    cells = {}
    for key in CELLS:
        windows = []
        for i in range(80):
            a = {"rate_pps": 1e8 * (1 + rng.gauss(0, 5 * noise)), "cpu_rate_pps": 3e8 * (1 + rng.gauss(0, noise))}
            b = {"rate_pps": 1e8 * (1 + rng.gauss(0, 5 * noise)), "cpu_rate_pps": 3e8 * (1 + rng.gauss(0, noise))}
            windows.append({"pair": i, "warmup": False, "block": i // 20, "a": a, "b": b})
        cells[key] = {"windows": windows, "paired": {}}
    return {"format": "pmdfwd-perf-interleave/1", "settings": {"confidence": 0.95, "min_effect": 0.02},
            "cells": cells, "load_average": {"start": [9.5, 9, 9], "end": [10.25, 9, 9]}}


def sequential_results():
    res = {"format": "pmdfwd-perf-results/1", "subjects": [{"label": "A"}, {"label": "B"}], "cells": [],
           "samples": []}
    for key in CELLS:
        variant = key.split("/")[0]
        res["cells"].append({"key": key, "rig": variant.split("-")[0], "variant": variant, "mode": "macswap",
                             "kernel": None, "frame": 64, "layout": "1Q1C", "skip": None})
        for label, level in (("A", 100.0), ("B", 101.0)):
            for rep, f in enumerate((0.9, 0.95, 1.0, 1.05, 1.1), 1):
                res["samples"].append({"cell": key, "subject": label, "rep": rep, "mode": "macswap",
                                       "best_pps": level * f * 1e6, "median_pps": level * f * 1e6})
    return res


class AaWidths(unittest.TestCase):
    def setUp(self):
        self.work = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.work)
        for name, res in (("aa-interleaved-testpmd", interleaved_results()),
                          ("aa-sequential-testpmd", sequential_results())):
            os.makedirs(os.path.join(self.work, name))
            with open(os.path.join(self.work, name, "results.json"), "w") as f:
                json.dump(res, f)
        self.run_record = {"created": "2026-12-04T19:00:00", "machine": {"cpu_model": "Xeon", "cpus": [0, 1]},
                           "load_average": [6.0, 9.3, 9.2],
                           "parts": ["aa-interleaved-testpmd", "aa-sequential-testpmd"],
                           "commands": [["compare", "--interleave", "--a", "A:bin=/src/tree/build/pmdfwd"],
                                        ["compare", "--a", "A:bin=t"]],
                           "part_seconds": {"aa-interleaved-testpmd": 300.0, "aa-sequential-testpmd": 100.0}}

    def test_both_modes_with_their_widths_commands_and_load(self):
        text = aa_widths.render(aa_widths.load(self.work, self.run_record), "/src/tree")
        self.assertIn("| testpmd | ring-hot/macswap/64B/1Q1C | interleaved, on-cpu rate |", text)
        self.assertIn("| testpmd | ring-hot/macswap/64B/1Q1C | interleaved, wall rate |", text)
        self.assertIn("| testpmd | null/macswap/64B/1Q1C | sequential (R=5, T=2 s) | 1.0100 |", text)
        self.assertIn("| 150 | 9.5 → 10.2 |", text, "300 s over 2 cells, the part's load")
        self.assertIn("| 50 | - |", text, "the sequential part records no load")
        self.assertIn("load average (1, 5, 15 min) at its end 6.0, 9.3, 9.2", text)
        self.assertNotIn("building", text, "what ran beside it is not known, only the load")
        self.assertIn("    scripts/perf compare --interleave --a A:bin=build/pmdfwd\n", text)
        self.assertIn("on Xeon, 2 CPUs", text)
        self.assertNotIn("pmdfwd |", text, "its parts did not run")

    def test_no_aa_parts_no_widths(self):
        self.assertIsNone(aa_widths.load(tempfile.gettempdir() + "/no-such-work", self.run_record))

    def test_the_table_goes_between_the_markers_only(self):
        path = os.path.join(self.work, "perf-tool.md")
        with open(path, "w") as f:
            f.write(f"before\n{aa_widths.MARKERS.begin}\nold table\n{aa_widths.MARKERS.end}\nafter\n")
        aa_widths.write_into(path, "new table")
        with open(path) as f:
            m = aa_widths.MARKERS
            self.assertEqual(f.read(), f"before\n{m.begin}\nnew table\n{m.end}\nafter\n")
        with open(path, "w") as f:
            f.write("no markers\n")
        with self.assertRaisesRegex(ValueError, "has no markers"):
            aa_widths.write_into(path, "x")

    def test_the_group_plans_four_parts(self):
        s = planning.Settings(testpmd="/t", pmdfwd="/p", generator="/t", kernels=[], aa_widths=True)
        parts = doc.only_parts(planning.plan(s, "w"), ["aa-widths"])
        self.assertEqual([p.name for p in parts], ["aa-interleaved-testpmd", "aa-sequential-testpmd",
                                                   "aa-interleaved-pmdfwd", "aa-sequential-pmdfwd"])
        self.assertIn("--a A:bin=/p --b B:bin=/p", " ".join(parts[2].argv))
        self.assertEqual(parts[1].argv[parts[1].argv.index("-R") + 1], "5")

    def test_an_aa_widths_run_leaves_the_goals_page(self):
        self.assertFalse(doc.writes_goals({"only": ["aa-widths"]}), "it judges no goal")
        self.assertTrue(doc.writes_goals({"only": ["interleaved", "aa-widths"]}))
        self.assertFalse(doc.writes_goals({"only": ["aa-interleaved-pmdfwd"]}), "one A/A part")
        self.assertTrue(doc.writes_goals({"only": ["matrix"]}), "the sequential goals")
        self.assertTrue(doc.writes_goals({"only": None}), "a full run")

    def test_the_doc_has_the_markers(self):
        with open(os.path.join(_path.ROOT, "doc", "perf-tool.md")) as f:
            text = f.read()
        self.assertIn(aa_widths.MARKERS.begin, text)
        self.assertIn(aa_widths.MARKERS.end, text)


if __name__ == "__main__":
    unittest.main()
