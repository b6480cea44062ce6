"""pmdfwd_dev.seed.report on made-up interleaved results: one row per cell
with each comparison's ratio, interval and verdict (an error cell says so),
the run lines with command and load average, the section replaced in place
or appended, and kept when scripts/perf doc rewrites the rest; a file that
is not an interleaved run's results is refused."""
import json
import tempfile
import unittest
from pathlib import Path

from pmdfwd_dev.seed import report


def run(a, b, cells, created="2026-12-04T19:00:00"):
    def cell(v):
        if v is None:
            return {"error": "the forwarder did not start"}
        ratio, lo, hi, verdict = v
        return {"paired": {"median_ratio": ratio, "ci": [lo, hi], "pairs": 60, "verdict": verdict}}
    return {"format": "pmdfwd-perf-interleave/1", "created": created, "machine": {"cpu_model": "Test CPU"},
            "load_average": {"start": [7.5, 8.0, 8.25], "end": [9.0, 8.5, 8.0]},
            "subjects": [{"label": a}, {"label": b}], "cells": {k: cell(v) for k, v in cells.items()}}


FIRST = run("reverted", "shipped", {"ring-hot/macswap/64B/1Q1C": (1.012, 0.99, 1.03, "within noise"),
                                    "null/macswap/64B/1Q1C": None})
SECOND = run("shipped", "avx2", {"ring-hot/macswap/64B/1Q1C": (1.05, 1.03, 1.07, "faster")})


class SeedReport(unittest.TestCase):
    def test_minimum_effect_from_the_runs(self):
        # The notes once said 1 % over verdicts judged at the default 2 %.
        two = {**FIRST, "settings": {"min_effect": 0.02}}
        self.assertEqual(report.minimum_effect([two, {**SECOND, "settings": {"min_effect": 0.02}}]), "2 %")
        self.assertEqual(report.minimum_effect([two, {**SECOND, "settings": {"min_effect": 0.01}}]), "1 % and 2 %")
        self.assertEqual(report.minimum_effect([FIRST]), "?")

    def test_table(self):
        lines = report.table([FIRST, SECOND]).splitlines()
        self.assertEqual(lines[0], "| cell | shipped / reverted | 95 % CI | verdict | avx2 / shipped | 95 % CI | "
                                   "verdict |")
        self.assertEqual(lines[2], "| ring-hot/macswap/64B/1Q1C | x1.0120 | [0.9900, 1.0300] (60 pairs) | "
                                   "within noise | x1.0500 | [1.0300, 1.0700] (60 pairs) | faster |")
        self.assertEqual(lines[3], "| null/macswap/64B/1Q1C | error: the forwarder did not start |  |  |  |  |  |")

    def test_section_says_how_it_was_run(self):
        text = report.section([FIRST, SECOND], ["scripts/perf compare --interleave A", "B"], ["A note."])
        self.assertTrue(text.startswith("## The seed patch's verdict"))
        self.assertIn("A note.", text)
        self.assertIn("- shipped against reverted: faster in 0, slower in 0, within noise in 1 (x1.012) of 2 cells "
                      "(1 failed)\n- avx2 against shipped: faster in 1 (x1.050), slower in 0, within noise in 0 of 1 "
                      "cells\n", text)
        self.assertIn("Measured on Test CPU", text)
        self.assertIn("- 2026-12-04T19:00:00: `scripts/perf compare --interleave A` (load average 7.50 8.00 8.25 "
                      "at start, 9.00 8.50 8.00 at end)", text)

    def test_tally_gives_each_verdicts_range(self):
        r = run("a", "b", {"c1": (1.10, 1.05, 1.15, "faster"), "c2": (1.30, 1.2, 1.4, "faster"),
                           "c3": (0.9, 0.85, 0.95, "slower")})
        self.assertEqual(report.tally(r), "b against a: faster in 2 (x1.100 to x1.300), slower in 1 (x0.900), "
                         "within noise in 0 of 3 cells")
        r = run("a", "b", {"c1": (1.0209, 1.0, 1.03, "faster"), "c2": (1.0211, 1.0, 1.03, "faster")})
        self.assertTrue(report.tally(r).startswith("b against a: faster in 2 (x1.021), "), "not 'x1.021 to x1.021'")

    def test_publish_puts_the_section_between_its_markers(self):
        # scripts/perf doc keeps what lies between these markers when it
        # rewrites the page (pmdfwd_dev.marked_section does both).
        with tempfile.TemporaryDirectory() as tmp:
            doc = Path(tmp) / "performance.md"
            doc.write_text("# Title\n")
            report.publish(doc, "## verdict\n")
            self.assertEqual(report.MARKERS.kept(doc.read_text()),
                             f"{report.MARKERS.begin}\n## verdict\n{report.MARKERS.end}\n")

    def test_load_refuses_other_results(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "results.json"
            path.write_text(json.dumps({"format": "pmdfwd-perf/1"}))
            with self.assertRaisesRegex(ValueError, "not a results.json of scripts/perf compare --interleave"):
                report.load(path)
            path.write_text(json.dumps(FIRST))
            self.assertEqual(report.load(path)["subjects"][1]["label"], "shipped")


if __name__ == "__main__":
    unittest.main()
