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
from pmdfwd_perf import baseline, report

from pmdfwd_dev import owned_process

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

    def test_within_noise_says_why_and_warns_of_a_noisy_machine(self):
        # Issue 21: a +17 % median called "within noise" without the reason.
        res = report.analyze(synthetic([60.0, 70.0, 50.0], [70.2, 82.0, 58.5]))
        key = "ring-warm/macswap/64B/1Q1C"
        self.assertEqual(res["comparison"][key]["verdict"], "within noise")
        lines = report.verdict_lines(res)
        self.assertRegex(lines[0], r"^ring-warm/macswap/64B/1Q1C: within noise - 95% CI \[[\d.]+, "
                                   r"[\d.]+\], MWU p=[\d.]+: not significant \(\+17\.0%\)")
        self.assertIn("spread before CV 16.7%, after CV 16.7%", lines[0])
        self.assertIn("warning: too noisy to decide: runs spread by CV 16.7%", lines[1])
        md = report.markdown(res)
        self.assertIn("## Verdicts and their reasons", md)
        self.assertIn("- ring-warm/macswap/64B/1Q1C: within noise - 95% CI", md)
        self.assertIn("- warning: too noisy to decide", md)
        quiet = report.analyze(synthetic([60.0, 60.5, 59.5, 60.2, 59.8], [66.0, 66.5, 65.5, 66.2, 65.8]))
        self.assertEqual(len(report.verdict_lines(quiet)), 1, "no warning when the spread allows")

    def test_failed_runs_are_reported_not_averaged(self):
        res = synthetic([60.0, 61.0], [60.0])
        res["samples"].append({"cell": "ring-warm/macswap/64B/1Q1C", "subject": "after", "rep": 2,
                               "error": "subject exited"})
        res = report.analyze(res)
        e = res["summary"]["ring-warm/macswap/64B/1Q1C"]["after"]
        self.assertEqual((e["n"], e["errors"]), (1, ["subject exited"]))


def several_cells():
    """Three compared cells at one frame size: faster, slower, within noise."""
    res = synthetic([60.0, 60.5, 59.5, 60.2, 59.8], [66.0, 66.5, 65.5, 66.2, 65.8])
    more = [("null/io/64B/1Q1C", "null", "io", [90.0, 90.5, 89.5, 90.2, 89.8], [80.0, 80.4, 79.6, 80.1, 79.9]),
            ("vhost/macswap/64B/1Q1C", "vhost", "macswap", [8.0, 9.0, 7.0, 8.5, 7.5], [8.2, 7.1, 9.1, 7.6, 8.4])]
    for key, rig, mode, a, b in more:
        res["cells"].append({"key": key, "rig": rig, "variant": rig, "mode": mode, "kernel": None, "frame": 64,
                             "layout": "1Q1C", "params": {}, "skip": None, "note": None})
        for label, runs in (("before", a), ("after", b)):
            for i, mpps in enumerate(runs, 1):
                res["samples"].append({"cell": key, "subject": label, "rep": i, "mode": mode,
                                       "best_pps": mpps * 1e6, "median_pps": mpps * 1e6,
                                       "intervals_pps": [mpps * 1e6], "used_pps": [mpps * 1e6]})
    return report.analyze(res)


def have_matplotlib():
    try:
        import matplotlib  # noqa: F401
        return True
    except ImportError:
        return False


class TestChart(unittest.TestCase):
    def test_forest_rows_one_per_compared_cell_with_verdict_colour(self):
        rows = report.forest_rows(several_cells())
        self.assertEqual([r["label"] for r in rows], ["ring-warm macswap 64B 1Q1C", "null io 64B 1Q1C",
                                                      "vhost macswap 64B 1Q1C"])
        self.assertEqual([r["verdict"] for r in rows], ["faster", "slower", "within noise"])
        self.assertEqual([r["colour"] for r in rows], [report.VERDICT_COLOURS[v] for v in
                                                       ("faster", "slower", "within noise")])
        for r in rows:
            self.assertLessEqual(r["low"], r["ratio"])
            self.assertLessEqual(r["ratio"], r["high"])

    def test_forest_rows_leave_out_cells_without_a_ratio(self):
        res = synthetic([60.0, 61.0], [])
        self.assertEqual(report.forest_rows(report.analyze(res)), [])

    @unittest.skipUnless(have_matplotlib(), "python3-matplotlib not installed")
    def test_figure_has_a_forest_plot_beside_the_mpps_panels(self):
        res = several_cells()
        fig = report.figure(res)
        forest, panels = fig.axes[0], fig.axes[1:]
        rows = report.forest_rows(res)
        self.assertEqual([t.get_text() for t in forest.get_yticklabels()], [r["label"] for r in rows])
        self.assertEqual(list(forest.get_yticks()), [2, 1, 0], "matrix order, top to bottom")
        dots = [line for line in forest.get_lines() if line.get_marker() == "o"]
        self.assertEqual([line.get_color() for line in dots], [r["colour"] for r in rows])
        self.assertEqual([line.get_xdata()[0] for line in dots], [r["ratio"] for r in rows])
        self.assertTrue(any(list(line.get_xdata()) == [1.0, 1.0] for line in forest.get_lines()),
                        "a line at ratio 1.0")
        self.assertIn("after / before", forest.get_xlabel())
        self.assertEqual(len(panels), 3, "one Mpps panel per rig/mode/layout")
        # One frame size: bars per subject, not lone dots on a frame-size axis.
        for ax in panels:
            self.assertEqual(len(ax.patches), 2, ax.get_title())
            self.assertEqual([t.get_text() for t in ax.get_xticklabels()], ["before", "after"])

    @unittest.skipUnless(have_matplotlib(), "python3-matplotlib not installed")
    def test_one_subject_has_no_forest_plot(self):
        res = synthetic([60.0, 61.0], [])
        res["subjects"] = res["subjects"][:1]
        fig = report.figure(report.analyze(res))
        self.assertEqual(len(fig.axes), 1)
        self.assertIn("ring-warm macswap 1Q1C", fig.axes[0].get_title())

    @unittest.skipUnless(have_matplotlib(), "python3-matplotlib not installed")
    def test_several_frame_sizes_draw_lines(self):
        res = several_cells()
        c = dict(res["cells"][0], key="ring-warm/macswap/1518B/1Q1C", frame=1518)
        res["cells"].append(c)
        for s in [s for s in res["samples"] if s["cell"] == "ring-warm/macswap/64B/1Q1C"]:
            res["samples"].append(dict(s, cell=c["key"]))
        fig = report.figure(report.analyze(res))
        ring = next(ax for ax in fig.axes[1:] if ax.get_title().startswith("ring-warm"))
        self.assertEqual(len(ring.patches), 0)
        self.assertEqual(ring.get_xlabel(), "frame size (B)")

    @unittest.skipUnless(have_matplotlib(), "python3-matplotlib not installed")
    def test_chart_writes_a_png(self):
        path = os.path.join(tmpdir(self), "chart.png")
        self.assertIsNone(report.chart(several_cells(), path))
        with open(path, "rb") as f:
            self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")


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
        run = lambda *a: owned_process.run([sys.executable, PERF, *a], stdout=subprocess.PIPE,  # noqa: E731
                                           stderr=subprocess.PIPE, text=True, timeout=120)
        self.assertEqual(run("baseline", res, "-o", base, "--subject", "before", "--tolerance", "5%").returncode, 0)
        r = run("check", "--baseline", base, res)
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("regression", r.stdout)
        self.assertEqual(run("check", "--baseline", base, res, "--subject", "before").returncode, 0)
        r = run("report", res, "--out", d, "--no-png", "--min-effect", "20%")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("within noise", r.stdout)  # -10% is under a 20% minimum effect

    def test_usage_errors_exit_2_with_reason(self):
        r = owned_process.run([sys.executable, PERF, "run", "--layouts", "2X", "--dry-run"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120)
        self.assertEqual(r.returncode, 2)
        self.assertIn("expected <queues>Q<cores>C", r.stderr)


if __name__ == "__main__":
    unittest.main()
