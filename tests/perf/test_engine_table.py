"""doc/performance.md's engine table (issue 36): `perf doc --engines` plans
each rig with the engines its frames let work, for the host's DPDK and each
root's, and writes the judged table between its markers; a full rewrite of
the page keeps it. Synthetic results: the figures are the test's."""
import argparse
import json
import os
import tempfile
import unittest

import _path  # noqa: F401
from pmdfwd_dev import marked_section
from pmdfwd_perf import interleave
from pmdfwd_perf.commands import doc
from pmdfwd_perf.docgen import discovery, engine_table, planning


def paired(ratio, verdict, lo=None, hi=None):
    return {"paired": {"median_ratio": ratio, "ci": [lo or ratio - 0.01, hi or ratio + 0.01], "verdict": verdict,
                       "pairs": 60}}


CELLS = {
    "ring-hot/io/64B/1Q1C": paired(1.004, "within noise"),
    "ring-hot/macswap/64B/1Q1C": paired(1.15, "faster"),
    "ring-warm/macswap/64B/1Q1C": paired(1.12, "within noise"),  # ratio high, not significant
    "ring-hot/csum/64B/1Q1C": paired(1.09, "faster"),  # significant, short of x1.10
    "null/io/64B/1Q1C": paired(0.995, "within noise"),  # io must reach x1.00 even where noise hides it
    "null/txonly/64B/1Q1C": paired(1.40, "faster"),
    "null/mac/64B/1Q1C": paired(0.99, "within noise"),
    "null/csum/64B/1Q1C": paired(1.35, "faster"),  # measured by mistake: never judged
    "ring-cold/5tswap/64B/6Q1C": {"error": "the forwarder did not start\nlog follows"},
    "ring-cold/macswap/64B/6Q1C": paired(1.2, "faster"),  # the cold tier's own layout
    "pcap-tcp4/csum/64B/1Q1C": paired(1.02, "within noise"),  # level is enough on pcap
}


class Table(unittest.TestCase):
    def cell(self, mode, column):
        row = next(r for r in engine_table.rows(CELLS) if r[0] == mode)
        return row[1 + engine_table.COLUMNS.index(column)]

    def test_a_tier_is_found_in_its_own_layout(self):
        """ring-cold runs 6Q1C: its cells were once 'not measured' in the table."""
        self.assertEqual(self.cell("macswap", "ring-cold"), "x1.200 [1.190, 1.210] faster, met")

    def test_each_cell_is_held_to_its_goal(self):
        self.assertEqual(self.cell("macswap", "ring-hot"), "x1.150 [1.140, 1.160] faster, met")
        self.assertEqual(self.cell("macswap", "ring-warm"), "x1.120 [1.110, 1.130] within noise, **not met**")
        self.assertEqual(self.cell("csum", "ring-hot"), "x1.090 [1.080, 1.100] faster, **not met**")
        self.assertTrue(self.cell("io", "ring-hot").endswith(", met"), "io: x1.00 and not slower")
        self.assertTrue(self.cell("io", "null").endswith("**not met**"), "io below x1.00")
        self.assertTrue(self.cell("mac", "null").endswith(", met"), "null: not slower is enough")
        self.assertTrue(self.cell("txonly", "null").endswith(", met"))
        self.assertEqual(self.cell("csum", "pcap-tcp4"), "x1.020 [1.010, 1.030] within noise, met")

    def test_a_rig_that_cannot_judge_an_engine_says_so(self):
        self.assertEqual(self.cell("csum", "null"), "not judged")
        self.assertEqual(self.cell("rxonly", "ring-hot"), "not judged")
        self.assertEqual(self.cell("icmpecho", "null"), "not judged")
        self.assertEqual(self.cell("5tswap", "ring-cold"), "error: the forwarder did not start")
        self.assertEqual(self.cell("flowgen", "null"), "not measured")
        self.assertEqual(self.cell("txonly", "pcap-udp6"), "not judged")

    def test_the_tally_names_what_misses(self):
        self.assertEqual(engine_table.tally(CELLS), "6 of 9 judged cells meet their goal; not met: io null, "
                         "macswap ring-warm, csum ring-hot")

    def test_every_rig_mode_is_one_the_table_shows(self):
        for _, _, modes in planning.ENGINE_RIGS:
            self.assertLessEqual(set(modes), set(engine_table.ENGINES))

    def test_render_has_a_table_per_dpdk_and_the_reasons(self):
        versions = [(discovery.Version("host", "22.11.9"), CELLS), (discovery.Version("sid", "25.11.0", "/r"), {})]
        text = engine_table.render(versions, {"host": [["compare", "--interleave"]]}, 60, "2026-12-06T01:00:00")
        self.assertIn("### DPDK 22.11.9 (host)", text)
        self.assertIn("run of 2026-12-06T01:00:00, 60 window pairs per cell", text)
        self.assertIn("### DPDK 25.11.0 (Debian root sid)\n\nnot measured", text)
        self.assertIn("- csum on null: net_null's frames carry no IPv4 header", text)
        self.assertIn("    scripts/perf compare --interleave", text)

    def test_a_dpdk_this_run_did_not_measure_keeps_its_part(self):
        """The whole table takes hours: a run of the host's DPDK alone
        (--no-versions) rewrites the host's part and keeps the roots'."""
        old = engine_table.render([(discovery.Version("host", "22.11.8"), CELLS),
                                   (discovery.Version("trixie", "24.11.0", "/r/t"), CELLS),
                                   (discovery.Version("sid", "25.11.0", "/r/s"), CELLS)],
                                  {"host": [["old-host"]], "trixie": [["old-trixie"]], "sid": [["old-sid"]]},
                                  16, "2026-12-01T00:00:00")
        kept = marked_section.keyed_blocks(old, engine_table.PART_PREFIX)
        self.assertEqual(list(kept), ["host", "trixie", "sid"])
        new = engine_table.render([(discovery.Version("host", "22.11.9"), CELLS),
                                   (discovery.Version("sid", "25.11.0", "/r/s"), {})],
                                  {"host": [["new-host"]]}, 16, "2026-12-06T00:00:00", kept)
        self.assertEqual(new.count("### DPDK"), 3)
        self.assertIn("### DPDK 22.11.9 (host)", new)
        self.assertNotIn("22.11.8", new)
        self.assertNotIn("old-host", new)
        self.assertIn(kept["trixie"], new)
        self.assertIn(kept["sid"], new)
        self.assertLess(new.index("22.11.9"), new.index("24.11.0"))
        self.assertLess(new.index("24.11.0"), new.index("Not judged, and why"))


class Planning(unittest.TestCase):
    def settings(self):
        return planning.Settings(testpmd="/t", pmdfwd="/p", generator="/t", kernels=[], engines=True,
                                 versions=[discovery.Version("sid", "25.11.0", "/roots/sid")])

    def test_one_part_per_rig_and_dpdk(self):
        parts = doc.only_parts(planning.plan(self.settings(), "w"), ["engines"])
        self.assertEqual([p.name for p in parts], ["engines-ring", "engines-null", "engines-pcap", "engines-ring-sid",
                                                   "engines-null-sid", "engines-pcap-sid"])
        self.assertIn("--rigs pcap --ring-tiers hot --frames 64 --layouts 1Q1C --modes io,macswap,5tswap,csum",
                      " ".join(parts[2].argv))
        argv = " ".join(parts[3].argv)
        self.assertIn("--a testpmd:root=/roots/sid --b pmdfwd:root=/roots/sid,bin=/opt/pmdfwd/build/pmdfwd", argv)
        self.assertIn("--modes io,mac,macswap,5tswap,csum,noisy", argv)
        self.assertIn("--ring-tiers hot,warm,cold", argv)
        self.assertIn("--pairs 60 --blocks 4", " ".join(parts[1].argv))

    def test_every_part_runs_interleaved(self):
        """Each part is a compare --interleave: its rig must be one that mode
        runs (the pcap parts once failed with 'rig pcap is not one of ...')."""
        for part in doc.only_parts(planning.plan(self.settings(), "w"), ["engines"]):
            argv = list(part.argv)
            self.assertIn("--interleave", argv)
            for rig in argv[argv.index("--rigs") + 1].split(","):
                self.assertIsNone(interleave.unsupported(rig), part.name)

    def test_too_few_engine_pairs_for_the_blocks_are_refused_before_any_run(self):
        """16 pairs once ran every part to compare's refusal (10 pairs a
        block) and wrote a table of nothing."""
        with self.assertRaisesRegex(ValueError, r"--engine-pairs 16: must be >= 40"):
            doc.doc_settings(argparse.Namespace(engine_pairs=16))

    def test_an_engines_run_leaves_the_goals_page(self):
        self.assertFalse(doc.writes_goals({"only": ["engines"]}))

    def test_without_the_option_no_engine_part(self):
        s = self.settings()
        s.engines = False
        self.assertFalse([p for p in planning.plan(s, "w") if p.name.startswith("engines")])


def engines_run(work, s, created="2026-12-06T01:00:00", machine=None):
    """A run of the engine parts in work, every part with CELLS, measured
    on machine."""
    parts = doc.only_parts(planning.plan(s, work), ["engines"])
    for p in parts:
        os.makedirs(p.out, exist_ok=True)
        with open(os.path.join(p.out, "results.json"), "w") as f:
            json.dump({"format": "pmdfwd-perf-interleave/1", "cells": CELLS}, f)
    run = {"format": planning.RUN_FORMAT, "created": created, "machine": machine or {}, "wall_s": 1,
           "failures": [], "bench_command": [], "settings": planning.settings_to_json(s),
           "parts": [p.name for p in parts], "commands": [p.argv[:p.argv.index("--out")] for p in parts],
           "only": ["engines"]}
    with open(os.path.join(work, planning.RUN_FILE), "w") as f:
        json.dump(run, f)


class Writing(unittest.TestCase):
    def test_an_engines_run_writes_its_section_and_a_rewrite_keeps_it(self):
        with tempfile.TemporaryDirectory() as work:
            s = planning.Settings(testpmd="/t", pmdfwd="/p", generator="/t", kernels=[], engines=True,
                                  host_dpdk="22.11.9")
            engines_run(work, s)
            out = os.path.join(work, "performance.md")
            with open(out, "w") as f:
                f.write("# page\n\nhand-written\n")
            args = argparse.Namespace(output=out, charts=os.path.join(work, "charts"), tree=_path.ROOT)
            self.assertEqual(doc.render_doc(work, args), 0)
            with open(out) as f:
                text = f.read()
            self.assertTrue(text.startswith("# page\n\nhand-written\n\n" + engine_table.MARKERS.begin))
            self.assertIn("| macswap | x1.150 [1.140, 1.160] faster, met |", text)
            doc.write_keeping_published(out, "# rewritten\n")
            with open(out) as f:
                self.assertEqual(f.read(), "# rewritten\n\n" + engine_table.MARKERS.kept(text))

    def test_a_host_run_keeps_the_roots_parts_of_the_page(self):
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "performance.md")
            args = argparse.Namespace(output=out, charts=os.path.join(tmp, "charts"), tree=_path.ROOT)
            roots = [discovery.Version("sid", "25.11.0", "/roots/sid")]
            runs = (("all", roots, "2026-12-01T00:00:00", {"cpu_model": "AMD EPYC 9R14", "cpus": [0, 1]}),
                    ("host", [], "2026-12-06T00:00:00", {"cpu_model": "Intel(R) Xeon(R) Processor", "cpus": [0, 1]}))
            for work, versions, created, machine in runs:
                work = os.path.join(tmp, work)
                engines_run(work, planning.Settings(testpmd="/t", pmdfwd="/p", generator="/t", kernels=[],
                                                    engines=True, host_dpdk="22.11.9", versions=versions), created,
                            machine)
                self.assertEqual(doc.render_doc(work, args), 0)
            with open(out) as f:
                parts = marked_section.keyed_blocks(f.read(), engine_table.PART_PREFIX)
            self.assertEqual(list(parts), ["host", "sid"])
            # Each part names the machine its run measured on: the kept root
            # part keeps its own.
            self.assertIn("run of 2026-12-06T00:00:00 on Intel(R) Xeon(R) Processor, 2 CPUs,", parts["host"])
            self.assertIn("run of 2026-12-01T00:00:00 on AMD EPYC 9R14, 2 CPUs,", parts["sid"])
            self.assertIn("--a testpmd:root=/roots/sid", parts["sid"])
            with open(os.path.join(tmp, "charts", "goals.md")) as f:
                goals = marked_section.keyed_blocks(f.read(), "engine-goals-dpdk")
            self.assertIn("run of 2026-12-01T00:00:00 on AMD EPYC 9R14, 2 CPUs.", goals["sid"])
            self.assertIn("run of 2026-12-06T00:00:00 on Intel(R) Xeon(R) Processor, 2 CPUs.", goals["host"])


if __name__ == "__main__":
    unittest.main()
