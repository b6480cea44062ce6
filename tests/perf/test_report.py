"""Reports, baseline gating and the CLI's exit status, on synthetic results."""
import csv
import shutil
import json
import os
import subprocess
import sys
import tempfile
import unittest

import _path  # noqa: F401
from perflib import baseline, report

PERF = os.path.join(_path.SCRIPTS, "perf")


def tmpdir(test):
    d = tempfile.mkdtemp(prefix="perf-test-")
    test.addCleanup(shutil.rmtree, d, True)
    return d


def synthetic(a_runs, b_runs, key="ring-warm/macswap/64B/1Q1C"):
    """A results.json as `perf run` writes it, with given run figures (Mpps)."""
    samples = []
    for label, runs in (("before", a_runs), ("after", b_runs)):
        for i, mpps in enumerate(runs, 1):
            pps = mpps * 1e6
            samples.append({"cell": key, "subject": label, "rep": i, "mode": "macswap", "best_pps": pps,
                            "median_pps": pps * 0.99, "intervals_pps": [pps * 0.99, pps], "used_pps": [pps]})
    return {
        "format": "pmdfwd-perf-results/1", "created": "2024-01-01T00:00:00",
        "machine": {"cpu_model": "test cpu", "cpus": [0, 1], "governor": None},
        "settings": {"reps": len(a_runs), "duration": 2, "warmup": 1},
        "subjects": [{"label": "before", "binary": "/a"}, {"label": "after", "binary": "/b"}],
        "cells": [{"key": key, "rig": "ring", "variant": "ring-warm", "mode": "macswap", "kernel": None,
                   "frame": 64, "layout": "1Q1C", "params": {"bursts": 16}, "skip": None, "note": None},
                  {"key": "memif/macswap/64B/2Q2C", "rig": "memif", "variant": "memif", "mode": "macswap",
                   "kernel": None, "frame": 64, "layout": "2Q2C", "params": {}, "skip": "needs 3 cores",
                   "note": None}],
        "samples": samples,
    }


class TestReport(unittest.TestCase):
    def test_outputs_carry_medians_spread_and_verdict(self):
        res = report.analyze(synthetic([60.0, 60.5, 59.5, 60.2, 59.8], [66.0, 66.5, 65.5, 66.2, 65.8]))
        cmp_ = res["comparison"]["ring-warm/macswap/64B/1Q1C"]
        self.assertEqual(cmp_["verdict"], "faster")
        self.assertAlmostEqual(cmp_["ratio"], 1.1, places=6)
        out = tmpdir(self)
        paths = report.write_all(res, out, png=True)
        with open(paths["md"]) as f:
            md = f.read()
        self.assertIn("TEST MACSWAP 64B 1Q1C: <rig : before : after : ratio : verdict>", md)
        self.assertIn(" - ring-warm: 60.000 : 66.000 : x1.100 : faster", md)
        self.assertIn("skipped (1 cells): needs 3 cores", md)
        with open(paths["samples_csv"]) as f:
            self.assertEqual(len(list(csv.DictReader(f))), 10)
        with open(paths["summary_csv"]) as f:
            rows = list(csv.DictReader(f))
        self.assertEqual([r["median_mpps"] for r in rows], ["60.0000", "66.0000"])
        self.assertEqual(rows[1]["verdict"], "faster")
        with open(paths["json"]) as f:
            self.assertEqual(json.load(f)["samples"][0]["best_pps"], 60e6)
        if "png" in paths:
            with open(paths["png"], "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")

    def test_failed_runs_are_reported_not_averaged(self):
        res = synthetic([60.0, 61.0], [60.0])
        res["samples"].append({"cell": "ring-warm/macswap/64B/1Q1C", "subject": "after", "rep": 2,
                               "error": "subject exited"})
        res = report.analyze(res)
        e = res["summary"]["ring-warm/macswap/64B/1Q1C"]["after"]
        self.assertEqual((e["n"], e["errors"]), (1, ["subject exited"]))


class TestBaseline(unittest.TestCase):
    def setUp(self):
        self.res = report.analyze(synthetic([60.0, 60.3, 59.7], [54.0, 54.2, 53.8]))

    def test_regression_beyond_tolerance_fails(self):
        base = baseline.make(self.res, subject="before", tolerance=0.05)
        ok, rows = baseline.check(base, self.res, subject="after")
        self.assertFalse(ok)
        self.assertEqual(rows[0]["status"], baseline.REGRESSION)
        ok, rows = baseline.check(base, self.res, subject="before")
        self.assertTrue(ok)
        self.assertEqual(rows[0]["status"], baseline.PASS)

    def test_within_tolerance_passes_and_improvement_is_flagged(self):
        base = {"cells": {"ring-warm/macswap/64B/1Q1C": {"mpps": 56.0, "tolerance": 0.05}}}
        self.assertEqual(baseline.check(base, self.res, "after")[1][0]["status"], baseline.PASS)
        self.assertEqual(baseline.check(base, self.res, "before")[1][0]["status"], baseline.IMPROVEMENT)

    def test_missing_cell_fails_unless_allowed(self):
        base = {"cells": {"null/io/64B/1Q1C": {"mpps": 10.0}}}
        self.assertFalse(baseline.check(base, self.res)[0])
        self.assertTrue(baseline.check(base, self.res, allow_missing=True)[0])

    def test_default_tolerance_follows_the_spread(self):
        noisy = report.analyze(synthetic([50.0, 60.0, 70.0], [60.0]))
        cell = baseline.make(noisy, subject="before")["cells"]["ring-warm/macswap/64B/1Q1C"]
        self.assertAlmostEqual(cell["tolerance"], round(3 * 10 / 60, 4))

    def test_bad_baseline_file(self):
        path = os.path.join(tmpdir(self), "b.json")
        with open(path, "w") as f:
            json.dump({"cells": {"x": {"mpps": 1, "tolerance": 5}}}, f)
        with self.assertRaisesRegex(ValueError, "fraction"):
            baseline.load(path)


class TestCli(unittest.TestCase):
    def test_check_exit_status(self):
        d = tmpdir(self)
        res = os.path.join(d, "results.json")
        with open(res, "w") as f:
            json.dump(synthetic([60.0, 60.3, 59.7], [54.0, 54.2, 53.8]), f)
        base = os.path.join(d, "baseline.json")
        run = lambda *a: subprocess.run([sys.executable, PERF, *a], capture_output=True, text=True)  # noqa: E731
        self.assertEqual(run("baseline", res, "-o", base, "--subject", "before", "--tolerance", "5%").returncode, 0)
        r = run("check", "--baseline", base, res)
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("regression", r.stdout)
        self.assertEqual(run("check", "--baseline", base, res, "--subject", "before").returncode, 0)
        r = run("report", res, "--out", d, "--no-png", "--min-effect", "20%")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("within noise", r.stdout)  # -10% is under a 20% minimum effect

    def test_usage_errors_exit_2_with_reason(self):
        r = subprocess.run([sys.executable, PERF, "run", "--layouts", "2X", "--dry-run"],
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 2)
        self.assertIn("expected <queues>Q<cores>C", r.stderr)


if __name__ == "__main__":
    unittest.main()
