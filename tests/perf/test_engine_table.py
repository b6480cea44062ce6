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
        text = engine_table.render(versions, [["compare", "--interleave"]], 60)
        self.assertIn("### DPDK 22.11.9 (host)", text)
        self.assertIn("### DPDK 25.11.0 (Debian root sid)\n\nnot measured", text)
        self.assertIn("- csum on null: net_null's frames carry no IPv4 header", text)
        self.assertIn("    scripts/perf compare --interleave", text)


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

    def test_an_engines_run_leaves_the_goals_page(self):
        self.assertFalse(doc.writes_goals({"only": ["engines"]}))

    def test_without_the_option_no_engine_part(self):
        s = self.settings()
        s.engines = False
        self.assertFalse([p for p in planning.plan(s, "w") if p.name.startswith("engines")])


class Writing(unittest.TestCase):
    def test_an_engines_run_writes_its_section_and_a_rewrite_keeps_it(self):
        with tempfile.TemporaryDirectory() as work:
            s = planning.Settings(testpmd="/t", pmdfwd="/p", generator="/t", kernels=[], engines=True,
                                  host_dpdk="22.11.9")
            parts = doc.only_parts(planning.plan(s, work), ["engines"])
            for p in parts:
                os.makedirs(p.out)
                with open(os.path.join(p.out, "results.json"), "w") as f:
                    json.dump({"format": "pmdfwd-perf-interleave/1", "cells": CELLS}, f)
            run = {"format": planning.RUN_FORMAT, "created": "2026-12-06T01:00:00", "machine": {}, "wall_s": 1,
                   "failures": [], "bench_command": [], "settings": planning.settings_to_json(s),
                   "parts": [p.name for p in parts], "commands": [p.argv[:p.argv.index("--out")] for p in parts],
                   "only": ["engines"]}
            with open(os.path.join(work, planning.RUN_FILE), "w") as f:
                json.dump(run, f)
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


if __name__ == "__main__":
    unittest.main()
