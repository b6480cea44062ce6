"""scripts/perf doc: what it plans to measure, how long that takes, and the
markdown it renders from results (synthetic here: the figures are the test's)."""
import os
import re
import tempfile
import unittest

import _path  # noqa: F401
from pmdfwd_perf import report
from pmdfwd_perf.docgen import discovery, planning, rendering

from pmdfwd_dev import owned_process

KERNELS = ["avx2", "avx512", "sse-interleaved", "sse", "scalar"]


def settings(**kw):
    args = dict(testpmd="/usr/bin/dpdk-testpmd", pmdfwd="/b/pmdfwd", generator="/usr/bin/dpdk-testpmd",
                kernels=KERNELS, host_dpdk="22.11.11")
    args.update(kw)
    return planning.Settings(**args)


def cell(variant, mode, frame=64, layout="1Q1C", kernel=None):
    rig = variant.split("-")[0]
    m = mode + (f"+{kernel}" if kernel else "")
    return {"key": f"{variant}/{m}/{frame}B/{layout}", "rig": rig, "variant": variant, "mode": mode,
            "kernel": kernel, "frame": frame, "layout": layout, "params": {}, "skip": None, "note": None}


def results(figures, labels=("testpmd", "pmdfwd")):
    """figures: {cell dict key: (cell, [A Mpps runs], [B Mpps runs])}."""
    res = {"format": "pmdfwd-perf-results/1", "created": "t", "machine": {}, "settings": {},
           "subjects": [{"label": labels[0]}, {"label": labels[1]}], "cells": [], "samples": []}
    for c, a, b in figures:
        res["cells"].append(c)
        for label, runs in ((labels[0], a), (labels[1], b)):
            for i, x in enumerate(runs, 1):
                res["samples"].append({"cell": c["key"], "subject": label, "rep": i, "mode": c["mode"],
                                       "best_pps": x * 1e6, "median_pps": x * 1e6})
    return report.analyze(res)


def spread(x):
    return [x * f for f in (0.99, 1.0, 1.01, 0.995, 1.005)]


class TestPlan(unittest.TestCase):
    def test_parts_cover_every_rig_mode_and_kernel(self):
        parts = {p.name: p for p in planning.plan(settings(), "/w")}
        self.assertEqual(list(parts), ["matrix", "vhost", "kernels", "aa", "lean", "lean-exact", "icount"])
        m = " ".join(parts["matrix"].argv)
        self.assertIn("--rigs ring,null --ring-tiers hot,warm,cold --frames 64", m)
        self.assertIn("--modes io,macswap", m)
        self.assertIn("--a testpmd:bin=/usr/bin/dpdk-testpmd --b pmdfwd:bin=/b/pmdfwd", m)
        v = " ".join(parts["vhost"].argv)
        self.assertIn("--rigs vhost", v)
        self.assertIn("--frames 64,1518", v)
        self.assertIn("--kernels avx2,avx512,sse-interleaved,sse,scalar", " ".join(parts["kernels"].argv))
        self.assertIn("--a A:bin=/b/pmdfwd --b B:bin=/b/pmdfwd", " ".join(parts["aa"].argv))
        # the default kernel and testpmd 22.11's shape (valgrind 3.19 cannot
        # run AVX-512 code)
        self.assertIn("--kernels avx2,sse --cache-sim --seconds", " ".join(parts["icount"].argv))
        # every engine the ring rig lets work, so that each has its stages
        self.assertIn("--modes io,mac,macswap,5tswap,csum,noisy", " ".join(parts["icount"].argv))
        # lean mode against testpmd, and alone against exact (issue 19), on
        # every tier of the matrix
        lean = " ".join(parts["lean"].argv)
        self.assertIn("--a testpmd:bin=/usr/bin/dpdk-testpmd --b pmdfwd:bin=/b/pmdfwd,args=--macswap-fields=lean "
                      "--rigs ring,null --ring-tiers hot,warm,cold --frames 64 --layouts 1Q1C --modes macswap", lean)
        self.assertIn("--a exact:bin=/b/pmdfwd --b lean:bin=/b/pmdfwd,args=--macswap-fields=lean",
                      " ".join(parts["lean-exact"].argv))
        self.assertIn("--subject pmdfwd-lean:bin=/b/pmdfwd,args=--macswap-fields=lean", " ".join(parts["icount"].argv))
        for p in parts.values():
            self.assertEqual(p.argv[p.argv.index("--out") + 1], f"/w/{p.name}")

    def test_default_run_fits_twenty_minutes_on_two_cpus(self):
        s = settings(bench="/b/bench_macswap")
        self.assertLessEqual(planning.estimate_seconds(planning.plan(s, "/w"), s), 20 * 60)

    def test_no_lean_parts_when_asked(self):
        parts = planning.plan(settings(lean=False, versions=[discovery.Version("sid", "25.11.4", "/r/sid")]), "/w")
        self.assertFalse([p.name for p in parts if "lean" in p.name])
        self.assertNotIn("pmdfwd-lean", " ".join(next(p for p in parts if p.name == "icount").argv))

    def test_no_icount_part_when_asked(self):
        names = [p.name for p in planning.plan(settings(icount=False), "/w")]
        self.assertNotIn("icount", names)


class TestVersions(unittest.TestCase):
    def make_root(self, top, name, version, pmdfwd=True):
        root = os.path.join(top, name)
        pc = os.path.join(root, "usr/lib/x86_64-linux-gnu/pkgconfig")
        os.makedirs(pc)
        with open(os.path.join(pc, "libdpdk.pc"), "w") as f:
            f.write(f"prefix=/usr\nName: DPDK\nVersion: {version}\nLibs: -lrte_eal\n")
        os.makedirs(os.path.join(root, "usr/bin"))
        os.symlink("/usr/bin/dpdk-testpmd-real", os.path.join(root, "usr/bin/dpdk-testpmd"))
        if pmdfwd:
            build = os.path.join(root, "opt/pmdfwd/build")
            os.makedirs(build)
            with open(os.path.join(build, "pmdfwd"), "w") as f:
                f.write("#!/bin/sh\n")
            os.chmod(os.path.join(build, "pmdfwd"), 0o755)
        return root

    def test_roots_with_a_built_pmdfwd_oldest_dpdk_first(self):
        with tempfile.TemporaryDirectory() as top:
            sid = self.make_root(top, "sid", "25.11.4")
            trixie = self.make_root(top, "trixie", "24.11.8")
            self.make_root(top, "bookworm", "22.11.11", pmdfwd=False)  # never built: skipped
            found = discovery.find_versions(top)
        self.assertEqual([(v.name, v.dpdk, v.root) for v in found],
                         [("trixie", "24.11.8", trixie), ("sid", "25.11.4", sid)])
        self.assertEqual(discovery.find_versions(os.path.join(top, "gone")), [])

    def test_one_compare_per_root_in_the_root(self):
        s = settings(versions=[discovery.Version("trixie", "24.11.8", "/r/trixie")])
        p, mirror, lean = planning.plan(s, "/w")[-3:]
        self.assertEqual(p.name, "dpdk-trixie")
        argv = " ".join(p.argv)
        self.assertIn("--a testpmd:root=/r/trixie --b pmdfwd:root=/r/trixie,bin=/opt/pmdfwd/build/pmdfwd", argv)
        self.assertIn("--rigs ring,null --ring-tiers hot,warm --frames 64 --layouts 1Q1C --modes io,macswap", argv)
        self.assertTrue(argv.endswith("--out /w/dpdk-trixie --no-png"))
        self.assertEqual(p.runs, 6 * 2 * s.reps)
        # and the kernel of 24.11's testpmd shape against that testpmd
        self.assertEqual(mirror.name, "dpdk-trixie-mirror")
        argv = " ".join(mirror.argv)
        self.assertIn("--a testpmd:root=/r/trixie --b pmdfwd:root=/r/trixie,bin=/opt/pmdfwd/build/pmdfwd", argv)
        self.assertIn("--rigs ring --ring-tiers hot --frames 64 --layouts 1Q1C --modes macswap "
                      "--kernels sse-interleaved", argv)
        # and lean mode against the same testpmd
        self.assertEqual(lean.name, "dpdk-trixie-lean")
        self.assertIn("--b pmdfwd:root=/r/trixie,bin=/opt/pmdfwd/build/pmdfwd,args=--macswap-fields=lean "
                      "--rigs ring,null --ring-tiers hot,warm --frames 64 --layouts 1Q1C --modes macswap",
                      " ".join(lean.argv))

    def test_the_kernel_of_each_testpmd_shape(self):
        self.assertEqual(discovery.mirror_kernel("22.11.11"), "sse")
        self.assertEqual(discovery.mirror_kernel("23.11.2"), "sse")
        self.assertEqual(discovery.mirror_kernel("24.11.8"), "sse-interleaved")
        self.assertEqual(discovery.mirror_kernel("25.11.4"), "sse-interleaved")
        self.assertIsNone(discovery.mirror_kernel(None))
        self.assertIsNone(discovery.mirror_kernel("main"))

    def test_no_mirror_part_when_pmdfwd_lacks_that_kernel(self):
        s = settings(kernels=["scalar"], versions=[discovery.Version("sid", "25.11.4", "/r/sid")])
        self.assertEqual([p.name for p in planning.plan(s, "/w")][-2:], ["dpdk-sid", "dpdk-sid-lean"])

    def test_a_table_per_version_and_a_summary_across_them(self):
        host = results([(cell("ring-hot", "io"), spread(1000), spread(1100)),
                        (cell("ring-hot", "macswap"), spread(400), spread(600)),
                        (cell("ring-cold", "macswap", layout="6Q1C"), spread(100), spread(140)),
                        (cell("vhost", "io"), spread(5), spread(5))])
        trixie = results([(cell("ring-hot", "macswap"), spread(300), spread(300)),
                          (cell("null", "io"), spread(100), spread(90)),
                          (cell("ring-hot", "macswap", kernel="sse-interleaved"), spread(300), spread(330)),
                          (cell("ring-hot", "macswap", kernel="sse"), spread(300), spread(200))])
        text = "\n".join(rendering.render_versions([
            (discovery.Version("host", "22.11.11"), host),
            (discovery.Version("trixie", "24.11.8", "/r/trixie"), trixie),
            (discovery.Version("sid", "25.11.4", "/r/sid"), None)]))
        self.assertIn("| cell (pmdfwd / testpmd, 64 B, 1 core) | DPDK 22.11.11 | DPDK 24.11.8 | DPDK 25.11.4 |", text)
        self.assertIn("| ring-hot macswap | x1.500 faster | x1.000 within noise | - |", text)
        self.assertIn("| null io | - | x0.900 slower | - |", text)
        self.assertIn("| ring-hot macswap, the kernel of testpmd's shape | - | sse-interleaved: x1.100 faster | - |",
                      text)
        self.assertIn("### DPDK 24.11.8 (root trixie, `/r/trixie`)", text)
        trixie_table = text.split("### DPDK 24.11.8")[1].split("###")[0]
        self.assertIn("| ring-hot/macswap+sse-interleaved/64B/1Q1C |", trixie_table)
        self.assertNotIn("macswap+sse/", trixie_table)  # not 24.11's shape
        self.assertIn("### DPDK 25.11.4 (root sid, `/r/sid`)\n\nnot measured", text)
        host_table = text.split("### DPDK 22.11.11 (the host)")[1].split("###")[0]
        self.assertIn("| ring-hot/macswap/64B/1Q1C |", host_table)
        self.assertNotIn("ring-cold", host_table)  # not a per-version cell
        self.assertNotIn("vhost", host_table)

    def test_lean_rows_per_version(self):
        host = results([(cell("ring-hot", "macswap"), spread(400), spread(600))])
        lean = {"host": results([(cell("ring-hot", "macswap"), spread(400), spread(640)),
                                 (cell("ring-cold", "macswap", layout="6Q1C"), spread(100), spread(150))]),
                "trixie": results([(cell("ring-warm", "macswap"), spread(300), spread(420))])}
        text = "\n".join(rendering.render_versions([
            (discovery.Version("host", "22.11.11"), host), (discovery.Version("trixie", "24.11.8", "/r/trixie"), None)],
            lean))
        self.assertIn("| ring-hot macswap lean | x1.600 faster | - |", text)
        self.assertIn("| ring-warm macswap lean | - | x1.400 faster |", text)
        self.assertIn("| ring-hot/macswap/64B/1Q1C lean |", text.split("### DPDK 22.11.11 (the host)")[1])
        self.assertIn("| ring-warm/macswap/64B/1Q1C lean |", text.split("### DPDK 24.11.8")[1])

    def test_without_roots_the_doc_says_how_to_make_them(self):
        text = rendering.render({"settings": settings()})
        self.assertIn("## By DPDK version", text)
        self.assertIn("scripts/dpdk-matrix.sh", text)


class TestRender(unittest.TestCase):
    def setUp(self):
        # testpmd: io 1000 Mpps (1 ns), macswap 400 (2.5 ns): overhead 1.5 ns.
        # pmdfwd: io 1000, macswap 600 (1.667 ns): overhead 0.667 ns; ratio 1.5.
        self.m = results([
            (cell("ring-hot", "io"), spread(1000), spread(1000)),
            (cell("ring-hot", "macswap"), spread(400), spread(600)),
            (cell("ring-warm", "macswap"), spread(200), spread(300)),
            (cell("ring-cold", "macswap", layout="6Q1C"), spread(100), spread(140)),
            (cell("null", "macswap"), spread(100), spread(90)),
        ])
        self.k = results([(cell("ring-hot", "macswap", kernel="sse"), spread(400), spread(420)),
                          (cell("ring-hot", "macswap", kernel="avx2"), spread(400), spread(600))])

    def test_overhead_is_one_over_macswap_minus_one_over_io(self):
        self.assertAlmostEqual(rendering.overhead_ns(self.m, "ring-hot", "testpmd"), 1.5)
        self.assertAlmostEqual(rendering.overhead_ns(self.m, "ring-hot", "pmdfwd"), 1000 / 600 - 1)
        self.assertIsNone(rendering.overhead_ns(self.m, "ring-warm", "pmdfwd"), "no io cell there")

    def test_overhead_from_spread_out_runs_is_marked_as_noise(self):
        noisy = results([(cell("vhost", "io"), [10, 7, 12, 13], spread(12)),
                         (cell("vhost", "macswap"), spread(9), spread(10))])
        self.assertEqual(rendering.overhead_rows(noisy)[0][4], "noise: a run spread (CV) of 25%")

    def test_goals_are_judged_on_ratio_and_verdict(self):
        lean = results([(cell("ring-warm", "macswap"), spread(200), spread(280)),
                        (cell("ring-cold", "macswap", layout="6Q1C"), spread(100), spread(120))])
        rows = {r[0]: r for r in rendering.goals(self.m, lean, [(discovery.Version("host", "22.11.11"), self.m)])}
        hot = rows["DPDK 22.11.11: ring-hot macswap, exact"]
        self.assertTrue(hot[2].startswith("x1.500"))
        self.assertEqual((hot[1], hot[3]), (">= 1.25x", "**yes**"))
        self.assertEqual(rows["DPDK 22.11.11: ring-warm macswap, lean"][3], "**yes**")  # 1.4 >= 1.35
        self.assertEqual(rows["DPDK 22.11.11: ring-cold macswap, lean"][3], "**no**")  # 1.2 < 1.35
        self.assertEqual(rows["DPDK 22.11.11: ring-warm macswap, exact"][3], "**yes**")  # 1.5
        self.assertEqual(rows["DPDK 22.11.11: null macswap, exact"][3], "**no**")  # 0.9
        to_io = rows["macswap/io, ring-hot, pmdfwd exact"]
        self.assertEqual((to_io[2], to_io[3]), ("0.600 (dpdk-testpmd 0.400)", "**yes**"))
        slower = rows["no cell slower than dpdk-testpmd, exact or lean"]
        self.assertEqual((slower[2], slower[3]), ("22.11.11 null/macswap/64B/1Q1C exact", "**no**"))

    def test_every_version_has_its_goals_and_its_slower_lean_cells(self):
        trixie = results([(cell("ring-hot", "macswap"), spread(300), spread(390))])
        trixie_lean = results([(cell("ring-warm", "macswap"), spread(300), spread(270))])
        versions = [(discovery.Version("host", "22.11.11"), self.m),
                    (discovery.Version("trixie", "24.11.8", "/r"), trixie)]
        rows = {r[0]: r for r in rendering.goals(self.m, None, versions, {"trixie": trixie_lean})}
        self.assertEqual(rows["DPDK 24.11.8: ring-hot macswap, exact"][3], "**yes**")  # 1.3
        self.assertEqual(rows["DPDK 24.11.8: ring-warm macswap, lean"][3], "**no**")
        self.assertNotIn("DPDK 24.11.8: ring-cold macswap, lean", rows)  # roots measure no cold tier
        self.assertEqual(rows["DPDK 22.11.11: ring-warm macswap, lean"][2], "not measured")
        self.assertIn("24.11.8 ring-warm/macswap/64B/1Q1C lean",
                      rows["no cell slower than dpdk-testpmd, exact or lean"][2])

    def test_a_forced_kernel_slower_is_not_a_slower_cell(self):
        m = results([(cell("ring-hot", "macswap"), spread(400), spread(600)),
                     (cell("ring-hot", "macswap", kernel="scalar"), spread(400), spread(280))])
        slower = {r[0]: r for r in rendering.goals(m)}["no cell slower than dpdk-testpmd, exact or lean"]
        self.assertEqual((slower[2], slower[3]), ("none", "**yes**"))

    def test_macswap_over_io_per_rig_and_forwarder(self):
        lean = results([(cell("ring-hot", "macswap"), spread(400), spread(700))])
        rows = {r[0]: r for r in rendering.to_io_rows(self.m, lean)}
        self.assertEqual(rows["ring-hot"], ["ring-hot", "0.400", "0.600", "0.700"])
        self.assertNotIn("ring-warm", rows)  # no io measured there

    def test_a_goal_without_significance_says_so(self):
        noisy = results([(cell("ring-hot", "macswap"), [400, 300, 500], [560, 420, 700])])
        row = rendering.goals(noisy)[0]
        self.assertEqual(row[3], "median yes, not significant")

    def test_render_has_every_section_and_no_typed_figure(self):
        text = rendering.render({"settings": settings(), "matrix": self.m, "kernels": self.k, "aa": self.k,
                                 "commands": [["compare", "--a", "x"]], "wall_s": 600,
                                 "icount_md": "| cell | subject |\n|---|---|", "calibration": "macswap kernel: avx2",
                                 "charts": {"matrix": "perf/matrix.png"}, "machine": {"cpu_model": "cpu"}})
        for heading in ("## pmdfwd (default kernel) against dpdk-testpmd 22.11",
                        "## Engine overhead", "## Each pmdfwd kernel", "## How auto chose",
                        "## Where the instructions go", "## A/A", "## Lean mode: `--macswap-fields=lean`"):
            self.assertIn(heading, text)
        self.assertIn("    scripts/perf doc\n", text)
        self.assertIn("    scripts/perf compare --a x", text)
        self.assertIn("![matrix](perf/matrix.png)", text)
        self.assertIn("| sse | 400.000 | 420.000 | 1.050 |", text)
        self.assertIn("| ring-hot 64 B | 1.50 | 0.67 | 0.44 |  |", text)
        self.assertIn("| rig | dpdk-testpmd macswap/io | pmdfwd exact macswap/io | pmdfwd lean macswap/io |\n"
                      "|---|---|---|---|\n| ring-hot | 0.400 | 0.600 | - |", text)
        # Issue 21: one duration (the run's), no "measured here" about a CPU
        # the reader lacks, the project's goal table elsewhere.
        self.assertIn("The whole run took 10 minutes on 2 CPUs", text)
        self.assertEqual(len(re.findall(r"\d+(?:\.\d+)? minutes", text)), 1, text)
        self.assertNotIn("measured here", text.split("## How auto chose")[0])
        self.assertIn("The figures below come from one machine, cpu", text)
        self.assertIn("`scripts/perf doc` measures your own machine", text)
        self.assertNotIn("Goals", text)

    def test_goals_are_written_apart_from_the_users_doc(self):
        goals = rendering.render_goals({"settings": settings(), "matrix": self.m, "kernels": self.k,
                                        "created": "2026-01-01"})
        self.assertTrue(goals.startswith("# Goals of issue 19\n"))
        self.assertIn("| goal | target | measured (B/A, 95 % CI, verdict) | met |", goals)

    def test_lean_section_against_testpmd_and_against_exact(self):
        lean = results([(cell("ring-warm", "macswap"), spread(200), spread(280))])
        alone = results([(cell("ring-warm", "macswap"), spread(300), spread(280))], labels=("exact", "lean"))
        text = "\n".join(rendering.render_lean(lean, alone, {"lean": "perf/lean.png"}))
        self.assertIn("| ring-warm/macswap/64B/1Q1C | 200.000 [198.000-202.000] 0.8% | 280.000", text)
        self.assertIn("| cell | exact Mpps median [min-max] CV | lean Mpps median [min-max] CV |", text)
        self.assertIn("| 0.933 |", text)
        self.assertIn("![lean](perf/lean.png)", text)
        self.assertEqual(rendering.render_lean(None, None)[-1], "not measured")

    def test_missing_parts_render_as_not_measured(self):
        text = rendering.render({"settings": settings(), "failures": ["part vhost exited 3"]})
        self.assertIn("**Incomplete run:** part vhost exited 3", text)
        self.assertIn("not measured", text)


def full_context():
    """Every section of doc/performance.md filled, every optional part on."""
    m = results([
        (cell("ring-hot", "io"), spread(1000), spread(1000)),
        (cell("ring-hot", "macswap"), spread(400), spread(600)),
        (cell("ring-warm", "macswap"), spread(200), spread(300)),
        (cell("null", "macswap"), spread(100), spread(90)),
    ])
    m["cells"][1]["note"] = "a note on this cell"
    k = results([(cell("ring-hot", "macswap", kernel="sse"), spread(400), spread(420))])
    lean = results([(cell("ring-hot", "macswap"), spread(400), spread(700))])
    return {"settings": settings(bench="/b/bench_macswap"), "matrix": m, "kernels": k, "aa": k, "lean": lean,
            "lean_exact": lean, "commands": [["compare", "--a", "x"], ["run", "-q"]], "wall_s": 125,
            "created": "2026-01-01", "failures": ["part vhost exited 3", "part icount exited 1"],
            "icount_md": "| cell | subject |\n|---|---|", "calibration": "macswap kernel: avx2\nline two",
            "charts": {"matrix": "perf/matrix.png", "kernels": "perf/kernels.png", "lean": "perf/lean.png"},
            "machine": {"cpu_model": "cpu", "cpus": "0-1", "caches": {"L1d": 49152, "L2": 2097152},
                        "hugepages": "1024 x 2 MiB", "kernel": "6.1"},
            "bench": {"benchmarks": [{"name": "macswap/cold/sse", "run_type": "iteration", "cyc/pkt": 14.0}]},
            "bench_command": ["taskset", "-c", "1", "bench"],
            "versions": [(discovery.Version("host", "22.11.11"), m), (discovery.Version("trixie", "24.11.3"), None)]}


class TestTemplate(unittest.TestCase):
    def test_the_template_writes_what_the_string_builder_wrote(self):
        # data/performance-full.md is the output of the builder the
        # template replaced (issue 30 item 6), on a run with every section
        # and optional part filled: byte for byte the same.
        with open(os.path.join(_path.DATA, "performance-full.md")) as f:
            self.assertEqual(rendering.render(full_context()), f.read())

    def test_without_jinja2_doc_says_what_to_install_before_measuring(self):
        import subprocess
        import sys
        with tempfile.TemporaryDirectory() as shadow:
            os.mkdir(os.path.join(shadow, "jinja2"))
            with open(os.path.join(shadow, "jinja2", "__init__.py"), "w") as f:
                f.write("raise ImportError('hidden by the test')\n")
            r = owned_process.run([sys.executable, os.path.join(_path.SCRIPTS, "perf"), "doc", "--dry-run"],
                                  env={**os.environ, "PYTHONPATH": shadow}, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True, timeout=60)
        self.assertEqual(r.returncode, 2, r.stdout)
        self.assertIn("apt-get install python3-jinja2", r.stdout)
        self.assertNotIn("parts, about", r.stdout)

    def test_a_name_the_view_lacks_is_an_error_not_an_empty_text(self):
        import jinja2
        with self.assertRaises(jinja2.UndefinedError):
            rendering._template("performance.md.j2", jinja2).render({})


class TestBench(unittest.TestCase):
    def test_fastest_repetition_per_kernel_and_set(self):
        js = {"benchmarks": [
            {"name": "macswap/hot/avx2", "run_type": "iteration", "cyc/pkt": 2.6},
            {"name": "macswap/hot/avx2", "run_type": "iteration", "cyc/pkt": 2.4},
            {"name": "macswap/hot/avx2_median", "run_type": "aggregate", "cyc/pkt": 1.0},
            {"name": "macswap/warm/avx2", "run_type": "iteration", "cyc/pkt": 4.8},
            {"name": "macswap/hot/sse", "run_type": "iteration", "cyc/pkt": 3.1}]}
        self.assertEqual(rendering.bench_rows(js), [["avx2", "2.40", "4.80", "-"], ["sse", "3.10", "-", "-"]])

    def test_lean_runs_are_rows_of_their_own(self):
        js = {"benchmarks": [
            {"name": "macswap/hot/avx2", "run_type": "iteration", "cyc/pkt": 2.6},
            {"name": "macswap/hot/avx2/lean", "run_type": "iteration", "cyc/pkt": 2.1},
            {"name": "macswap/warm/avx2/lean", "run_type": "iteration", "cyc/pkt": 4.0}]}
        self.assertEqual(rendering.bench_rows(js), [["avx2 lean", "2.10", "4.00", "-"], ["avx2", "2.60", "-", "-"]])

    def test_bench_is_pinned_and_in_the_doc(self):
        s = settings(bench="/b/bench_macswap")
        self.assertEqual(planning.bench_argv(s, 1)[:4], ["taskset", "-c", "1", "/b/bench_macswap"])
        text = rendering.render({"settings": s, "bench": {"benchmarks": [
            {"name": "macswap/cold/sse", "run_type": "iteration", "cyc/pkt": 14.0}]}, "bench_command": ["x"]})
        self.assertIn("| sse | - | - | 14.00 |", text)


class TestCalibrationBlock(unittest.TestCase):
    LOG = ("Logical Core 1 (socket 0) forwards packets on 2 streams:\n"
           "  macswap packet forwarding packets/burst=32\n"
           "  macswap kernel: avx2 (auto: fastest measured)\n"
           "    kernels (best first):\n"
           "      avx2  usable\n"
           "    auto picks avx2: the fastest of 5 usable kernels measured here\n"
           "Press enter to exit\n")

    def test_block_is_cut_where_the_indentation_ends(self):
        block = discovery.calibration_block(self.LOG)
        self.assertTrue(block.startswith("  macswap kernel: avx2"))
        self.assertTrue(block.endswith("measured here"))
        self.assertNotIn("Press enter", block)

    def test_block_ends_at_the_choice_before_lines_of_the_same_indentation(self):
        block = discovery.calibration_block(self.LOG.replace("Press enter to exit\n",
                                                             "  port 0: RX queue number: 1\n"))
        self.assertTrue(block.endswith("measured here"))
        self.assertNotIn("port 0", block)

    def test_no_block(self):
        self.assertIsNone(discovery.calibration_block("io packet forwarding\n"))


class TestRunRecord(unittest.TestCase):
    def test_settings_with_versions_survive_json(self):
        import json
        s = settings(versions=[discovery.Version("sid", "25.11.4", "/r/sid")], bench="/b/bench_macswap")
        back = planning.settings_from_json(json.loads(json.dumps(planning.settings_to_json(s))))
        self.assertEqual(back, s)


class TestRenderAgain(unittest.TestCase):
    """scripts/perf doc --render WORK: the doc written again from a run's results, nothing measured."""

    def perf(self, *argv):
        import subprocess
        import sys
        return owned_process.run([sys.executable, os.path.join(_path.SCRIPTS, "perf"), "doc", *argv],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)

    def test_doc_from_a_work_directory(self):
        import json
        with tempfile.TemporaryDirectory() as work:
            m = results([(cell("ring-hot", "io"), spread(1000), spread(1000)),
                         (cell("ring-hot", "macswap"), spread(400), spread(600))])
            os.makedirs(os.path.join(work, "matrix"))
            with open(os.path.join(work, "matrix", "results.json"), "w") as f:
                json.dump({k: v for k, v in m.items() if k not in ("summary", "comparison", "analysis")}, f)
            run = {"format": planning.RUN_FORMAT, "created": "2026-01-02T03:04:05", "machine": {"cpu_model": "cpu"},
                   "settings": planning.settings_to_json(settings()), "commands": [["compare", "--a", "x"]],
                   "wall_s": 60.0, "failures": [], "bench_command": []}
            with open(os.path.join(work, planning.RUN_FILE), "w") as f:
                json.dump(run, f)
            out = os.path.join(work, "out.md")
            res = self.perf("--render", work, "--output", out, "--charts", os.path.join(work, "charts"))
            self.assertEqual(res.returncode, 0, res.stdout.decode())
            with open(out) as f:
                text = f.read()
            with open(os.path.join(work, "charts", "goals.md")) as f:
                goals = f.read()
        self.assertIn("one machine, cpu (", text)
        self.assertIn("on 2026-01-02T03:04:05", text)
        self.assertIn("| DPDK 22.11.11: ring-hot macswap, exact | >= 1.25x | x1.500", goals)
        self.assertNotIn("Goals", text)
        self.assertIn("### DPDK 22.11.11 (the host)", text)

    def test_a_directory_without_a_run_record_is_refused(self):
        with tempfile.TemporaryDirectory() as work:
            res = self.perf("--render", work, "--output", os.path.join(work, "out.md"))
            self.assertEqual(res.returncode, 2)
            self.assertIn("doc-run.json missing", res.stdout.decode())
            self.assertFalse(os.path.exists(os.path.join(work, "out.md")))


class TestIcountSection(unittest.TestCase):
    """`perf doc --only icount`: the counts alone rewrite their section in
    place, leave the timed sections and the goals page, and say whose run
    they are."""

    def run_record(self, work, only):
        import json
        os.makedirs(os.path.join(work, "icount"))
        with open(os.path.join(work, "icount", "icount.md"), "w") as f:
            f.write("| cell | subject | Ir/pkt |\n|---|---|---|\n| ring-hot/csum/64B/1Q1C | pmdfwd | 178.59 |\n")
        run = {"format": planning.RUN_FORMAT, "created": "2026-12-06T21:00:00", "machine": {},
               "settings": planning.settings_to_json(settings()), "parts": ["icount"],
               "commands": [["icount", "--modes", "io,csum"]], "wall_s": 1, "failures": [],
               "bench_command": [], "only": only}
        with open(os.path.join(work, planning.RUN_FILE), "w") as f:
            json.dump(run, f)

    def render(self, work, out):
        import argparse
        from pmdfwd_perf.commands import doc
        args = argparse.Namespace(output=out, charts=os.path.join(work, "charts"), tree=_path.ROOT)
        return doc.render_doc(work, args)

    def test_an_icount_run_rewrites_its_section_only(self):
        from pmdfwd_perf.docgen import icount_section
        with tempfile.TemporaryDirectory() as work:
            self.run_record(work, ["icount"])
            out = os.path.join(work, "performance.md")
            with open(out, "w") as f:
                f.write("# page\n\ntimed\n\n" + icount_section.block("| old |") + "\n## A/A\n")
            self.assertEqual(self.render(work, out), 0)
            with open(out) as f:
                text = f.read()
            self.assertFalse(os.path.exists(os.path.join(work, "charts", "goals.md")))
        self.assertTrue(text.startswith("# page\n\ntimed\n\n" + icount_section.MARKERS.begin))
        self.assertTrue(text.endswith(icount_section.MARKERS.end + "\n\n## A/A\n"))
        self.assertNotIn("| old |", text)
        self.assertIn("| ring-hot/csum/64B/1Q1C | pmdfwd | 178.59 |", text)
        self.assertIn("run of 2026-12-06T21:00:00: `scripts/perf icount --modes io,csum`", text)

    def test_a_page_without_the_markers_is_refused_not_appended_to(self):
        with tempfile.TemporaryDirectory() as work:
            self.run_record(work, ["icount"])
            out = os.path.join(work, "performance.md")
            with open(out, "w") as f:
                f.write("# page\n")
            with self.assertRaisesRegex(ValueError, "no markers"):
                self.render(work, out)

    def test_the_full_page_holds_the_markers(self):
        from pmdfwd_perf.docgen import icount_section
        text = rendering.render({"settings": settings(), "commands": [], "wall_s": 60, "icount_md": "| x |",
                                 "machine": {}, "charts": {}})
        at = icount_section.MARKERS.span(text)
        self.assertIsNotNone(at)
        self.assertIn("## Where the instructions go", text[at[0]:at[1]])
        self.assertIn("| x |", text[at[0]:at[1]])

    def test_an_icount_run_leaves_the_goals_page(self):
        from pmdfwd_perf.commands import doc
        self.assertFalse(doc.writes_goals({"only": ["icount"]}))
        self.assertTrue(doc.writes_goals({"only": ["icount", "matrix"]}))


class TestMerge(unittest.TestCase):
    def test_merge_keeps_cells_and_verdicts_of_both(self):
        a = results([(cell("ring-hot", "io"), spread(10), spread(11))])
        b = results([(cell("vhost", "io"), spread(5), spread(5))])
        m = discovery.merge(a, None, b)
        self.assertEqual([c["key"] for c in m["cells"]], ["ring-hot/io/64B/1Q1C", "vhost/io/64B/1Q1C"])
        self.assertEqual(set(m["comparison"]), {"ring-hot/io/64B/1Q1C", "vhost/io/64B/1Q1C"})
        self.assertIsNone(discovery.merge(None))


if __name__ == "__main__":
    unittest.main()
