"""doc/perf/goals.md's engine goals (issue 36): each goal judged from the
engine table's cells per DPDK, what a missed cell lacks, its stages where
the part counted them; `perf doc --engine-icount` counts the host's cells;
the engine parts write their section and a rewrite of the page keeps it.
Synthetic results: the figures are the test's."""
import argparse
import json
import os
import tempfile
import unittest

import _path  # noqa: F401
from pmdfwd_dev import marked_section
from pmdfwd_perf.commands import doc
from pmdfwd_perf.docgen import discovery, engine_goals, planning
from test_engine_table import CELLS, paired
from test_interleaved_goals import per_packet


class Goals(unittest.TestCase):
    def test_each_goal_counts_its_cells_and_names_the_missed(self):
        rows = [r[1:] for r in engine_goals.goal_rows(CELLS)]
        self.assertEqual(rows, [["2 of 4", "macswap ring-warm, csum ring-hot", "**no**"],  # ring tiers
                                ["2 of 2", "-", "**yes**"],  # null: csum there is not judged
                                ["1 of 1", "-", "**yes**"],  # pcap
                                ["1 of 2", "io null", "**no**"]])  # io: x1.00 even where noise hides it

    def test_a_goal_with_no_judged_cell_is_not_judged(self):
        rows = engine_goals.goal_rows({"ring-hot/macswap/64B/1Q1C": paired(1.2, "faster")})
        self.assertEqual(rows[2][1:], ["0 of 0", "-", "-"])

    def test_a_missed_cell_says_what_the_goal_asks(self):
        missed = {r[0]: r[1:] for r in engine_goals.missed_rows(CELLS)}
        self.assertEqual(set(missed), {"macswap ring-warm", "csum ring-hot", "io null"})
        self.assertEqual(missed["csum ring-hot"][1], ">= x1.10, faster: pmdfwd needs 0.9 % more packets per second")
        self.assertEqual(missed["macswap ring-warm"][1],
                         ">= x1.10, faster: the median is there, the verdict within noise is not")
        self.assertEqual(missed["io null"][0], "x0.995 [0.985, 1.005] within noise (60 pairs)")

    def test_cells_without_a_verdict_are_listed(self):
        gaps = engine_goals.unmeasured(CELLS)
        self.assertIn("5tswap ring-cold", gaps)  # failed
        self.assertIn("flowgen null", gaps)  # planned, not in this run
        self.assertNotIn("csum null", gaps)  # no rig judges it
        self.assertNotIn("txonly pcap-udp4", gaps)  # the pcap part does not run it

    def test_a_counted_missed_cell_shows_its_stages(self):
        cells = dict(CELLS)
        counted = paired(1.09, "faster")
        counted["icount"] = {"a": per_packet(13.3, 10.0, 10.0, 0.0, 10.0, 5.0),
                             "b": per_packet(13.3, 4.0, 18.0, 0.0, 11.0, 6.0)}
        counted["tsc_cycles_per_packet"] = {"a_median_cycles_per_packet": 11.0, "b_median_cycles_per_packet": 10.1}
        cells["ring-hot/csum/64B/1Q1C"] = counted
        text = "\n".join(engine_goals.stages(cells))
        self.assertIn("#### csum ring-hot: per packet, stage by stage", text)
        self.assertIn("| instructions: application (loop + engine) | 20.0 | 22.0 | +2.0 |", text)
        self.assertIn("| memory operations | 15.0 | 17.0 | +2.0 |", text)
        self.assertIn("1.10x needs pmdfwd at 10.0 TSC cycles per packet or fewer", text)
        self.assertNotIn("macswap ring-warm: per packet", text, "not counted: no table")

    def test_render_has_a_part_per_dpdk(self):
        versions = [(discovery.Version("host", "22.11.9"), CELLS), (discovery.Version("sid", "25.11.0", "/r"), {})]
        text = engine_goals.render(versions, "2026-12-06T01:00:00")
        self.assertIn("## Every engine ahead of testpmd's (issue 36)", text)
        self.assertIn("`scripts/perf doc` run of 2026-12-06T01:00:00", text)
        self.assertIn("### DPDK 22.11.9 (host)", text)
        self.assertIn("| every engine not slower on null | 2 of 2 | - | **yes** |", text)
        self.assertIn("### DPDK 25.11.0 (Debian root sid)\n\nnot measured", text)
        self.assertIn("--engine-icount", text, "a run without counts says how to get them")
        self.assertNotIn("--engine-icount", engine_goals.render(versions, "x", icount=True))

    def test_a_dpdk_this_run_did_not_measure_keeps_its_part(self):
        old = engine_goals.render([(discovery.Version("host", "22.11.8"), CELLS),
                                   (discovery.Version("sid", "25.11.0", "/r"), CELLS)], "2026-12-01T00:00:00")
        kept = marked_section.keyed_blocks(old, engine_goals.PART_PREFIX)
        new = engine_goals.render([(discovery.Version("host", "22.11.9"), CELLS)], "2026-12-06T00:00:00",
                                  kept=kept)
        self.assertIn("### DPDK 22.11.9 (host)\n\nJudged from the `scripts/perf doc` run of 2026-12-06", new)
        self.assertNotIn("22.11.8", new)
        self.assertIn(kept["sid"], new)
        self.assertIn("run of 2026-12-01T00:00:00", kept["sid"])


class Counting(unittest.TestCase):
    def test_engine_icount_counts_the_host_parts_only(self):
        s = planning.Settings(testpmd="/t", pmdfwd="/p", generator="/t", kernels=[], engines=True,
                              engine_icount=True, versions=[discovery.Version("sid", "25.11.0", "/roots/sid")])
        parts = doc.only_parts(planning.plan(s, "w"), ["engines"])
        for p in parts:
            counted = "--icount" in p.argv
            self.assertEqual(counted, not p.name.endswith("-sid"), p.name)
            self.assertEqual(bool(p.icount_runs), counted, p.name)
        s.engine_icount = False
        self.assertFalse([p for p in doc.only_parts(planning.plan(s, "w"), ["engines"]) if "--icount" in p.argv])


class Writing(unittest.TestCase):
    def render(self, work, only):
        s = planning.Settings(testpmd="/t", pmdfwd="/p", generator="/t", kernels=[], engines=True,
                              host_dpdk="22.11.9")
        parts = doc.only_parts(planning.plan(s, work), ["engines"])
        for p in parts:
            os.makedirs(p.out, exist_ok=True)
            with open(os.path.join(p.out, "results.json"), "w") as f:
                json.dump({"format": "pmdfwd-perf-interleave/1", "cells": CELLS}, f)
        run = {"format": planning.RUN_FORMAT, "created": "2026-12-06T01:00:00", "machine": {}, "wall_s": 1,
               "failures": [], "bench_command": [], "settings": planning.settings_to_json(s),
               "parts": [p.name for p in parts], "commands": [p.argv[:p.argv.index("--out")] for p in parts],
               "only": only}
        with open(os.path.join(work, planning.RUN_FILE), "w") as f:
            json.dump(run, f)
        args = argparse.Namespace(output=os.path.join(work, "performance.md"), charts=os.path.join(work, "charts"),
                                  tree=_path.ROOT)
        self.assertEqual(doc.render_doc(work, args), 0)
        with open(os.path.join(work, "charts", "goals.md")) as f:
            return f.read()

    def test_an_engines_run_writes_its_section_and_a_goals_rewrite_keeps_it(self):
        with tempfile.TemporaryDirectory() as work:
            os.makedirs(os.path.join(work, "charts"))
            goals = os.path.join(work, "charts", "goals.md")
            with open(goals, "w") as f:
                f.write("# Goals of issue 19\n\njudged before\n")
            text = self.render(work, ["engines"])
            self.assertTrue(text.startswith("# Goals of issue 19\n\njudged before\n\n" + engine_goals.MARKERS.begin))
            self.assertIn("| io, the loop alone, x1.00 and not slower everywhere | 1 of 2 | io null | **no** |", text)
            doc.write_keeping(goals, "# rewritten\n", (engine_goals.MARKERS,))
            with open(goals) as f:
                self.assertEqual(f.read(), "# rewritten\n\n" + engine_goals.MARKERS.kept(text))

    def test_a_page_that_is_not_there_yet_gets_a_title(self):
        with tempfile.TemporaryDirectory() as work:
            text = self.render(work, ["engines"])
            self.assertTrue(text.startswith("# pmdfwd's goals\n\n" + engine_goals.MARKERS.begin), text[:200])


if __name__ == "__main__":
    unittest.main()
