"""doc/perf/goals.md judged interleaved (issue 28 item 5): the goal rows
from paired verdicts, the stage-by-stage table and the shortfall in TSC
cycles; `perf doc --only interleaved` plans that part alone. Synthetic
results: the figures are the test's."""
import unittest

import _path  # noqa: F401
from pmdfwd_perf.commands import doc
from pmdfwd_perf.docgen import interleaved_goals, planning, rendering


def per_packet(pmd, loop, engine, other, dr=None, dw=None):
    pp = {s: {"Ir": x} for s, x in zip(interleaved_goals.STAGES, (pmd, loop, engine, other))}
    total = {"Ir": pmd + loop + engine + other}
    if dr is not None:
        total.update({"Dr": dr, "Dw": dw})
    return {"per_packet": pp, "total": total}


def paired_cell(ratio, verdict, ci, a_cycles=None, b_cycles=None, counts=None):
    c = {"paired": {"median_ratio": ratio, "ci": ci, "verdict": verdict, "pairs": 300}}
    if a_cycles:
        c["tsc_cycles_per_packet"] = {"a_median_cycles_per_packet": a_cycles, "b_median_cycles_per_packet": b_cycles}
    if counts:
        c["icount"] = {"a": counts[0], "b": counts[1]}
    return c


def interleaved(ring, null):
    return {"created": "2026-12-04T19:00:00", "load_average": {"start": [3.5, 1, 1], "end": [4.25, 1, 1]},
            "settings": {"pairs": 300, "window_ms": 200, "blocks": 2},
            "cells": {"ring-hot/macswap/64B/1Q1C": ring, "null/macswap/64B/1Q1C": null}}


class Goals(unittest.TestCase):
    def test_met_needs_the_target_and_a_faster_verdict(self):
        res = interleaved(paired_cell(1.30, "faster", [1.28, 1.32]), paired_cell(1.12, "within noise", [0.98, 1.2]))
        rows = {r[0]: r for r in interleaved_goals.goal_rows(res)}
        self.assertEqual(rows["ring-hot macswap, exact"][2], "x1.300 [1.280, 1.320] faster (300 pairs)")
        self.assertEqual(rows["ring-hot macswap, exact"][3], "**yes**")
        self.assertEqual(rows["null macswap, exact"][3], "median yes, not significant")

    def test_a_cell_that_failed_says_why(self):
        res = interleaved({"error": "A exited\nlog"}, paired_cell(1.0, "within noise", [0.99, 1.01]))
        self.assertEqual(interleaved_goals.goal_rows(res)[0][2:], ["A exited", "-"])

    def test_a_goal_not_met_is_explained_stage_by_stage(self):
        counts = (per_packet(40, 30, 0, 5, 20, 10), per_packet(38, 14, 20, 5, 19, 12))
        ring = paired_cell(1.05, "faster", [1.03, 1.07], a_cycles=84.0, b_cycles=80.0, counts=counts)
        command = ["compare", "--interleave", "--b", "B:bin=/t/build/pmdfwd"]
        text = "\n".join(interleaved_goals.render(interleaved(ring, {"error": "x"}), command, "/t"))
        self.assertIn("### ring-hot macswap, exact: per packet, stage by stage", text)
        # testpmd's engine is in its loop (stripped): compared together.
        self.assertIn("| instructions: application (loop + engine) | 30.0 | 34.0 | +4.0 |", text)
        self.assertIn("| of which pmdfwd's engine (testpmd's is stripped) | - | 20.0 | - |", text)
        self.assertIn("| instructions: pmd | 40.0 | 38.0 | -2.0 |", text)
        self.assertIn("| instructions: all | 75.0 | 77.0 | +2.0 |", text)
        self.assertIn("| memory operations | 30.0 | 31.0 | +1.0 |", text)
        self.assertIn("| TSC cycles (median window) | 84.0 | 80.0 | -4.0 |", text)
        # 1.25x needs 84 / 1.25 = 67.2 cycles; pmdfwd takes 80.
        self.assertIn("needs pmdfwd at 67.2 TSC cycles per packet or fewer", text)
        self.assertIn("it takes 80.0, 12.8 too many", text)
        self.assertIn("differ most is application (loop + engine) (+4.0 per packet)", text)
        # pmdfwd's pmd + other: 43 of testpmd's 75, a bound of 75 / 43; at
        # 1.25x the application may take 75 / 1.25 - 43 = 17, it takes 34.
        self.assertIn("pmdfwd's PMD and other stages alone take 43.0 per packet against dpdk-testpmd's 75.0 "
                      "in all, so even an application of no instructions would make the ratio at most x1.74", text)
        self.assertIn("1.25x would need the application at 17.0 instructions per packet or fewer, and pmdfwd's "
                      "takes 34.0 (its engine, the MAC swap and the TX fields the contract sets, 20.0)", text)
        # 75 / 84, 77 / 80, 77 / 67.2; memory operations 31 / 67.2, 30 / 84, 31 / 80.
        self.assertIn("Per TSC cycle dpdk-testpmd retires 0.89 instructions and pmdfwd 0.96; the goal at "
                      "pmdfwd's count needs 1.15, and 0.46 memory operations per TSC cycle where dpdk-testpmd "
                      "makes 0.36 and pmdfwd 0.39.", text)
        self.assertIn("    scripts/perf compare --interleave --b B:bin=build/pmdfwd\n", text)
        self.assertNotIn("may not be its forwarding one", text)
        self.assertIn("load average 3.5 -> 4.2", text)

    def test_a_goal_beyond_what_the_application_can_reach_says_so(self):
        # null: the PMD takes nearly all; 140 / 1.10 = 127.3 < 128 fixed.
        counts = (per_packet(110, 21, 0, 9), per_packet(118, 2, 13, 10))
        null = paired_cell(1.03, "faster", [1.01, 1.04], a_cycles=24.5, b_cycles=23.9, counts=counts)
        why = interleaved_goals.shortfall(null, 1.10)
        self.assertIn("would make the ratio at most x1.09; 1.10x is beyond that bound.", why)
        self.assertNotIn("memory operations per TSC cycle", why, "no cache simulation, no memory figures")

    def test_a_count_mostly_outside_pmd_and_application_is_flagged(self):
        counts = (per_packet(110, 21, 0, 11), per_packet(7, 0, 3, 201))
        null = paired_cell(1.03, "faster", [1.01, 1.04], a_cycles=24.5, b_cycles=23.9, counts=counts)
        self.assertEqual(interleaved_goals.suspect_counts(null), ["pmdfwd"])
        text = "\n".join(interleaved_goals.render(interleaved({"error": "x"}, null)))
        self.assertIn("pmdfwd's instructions lie mostly outside the PMD and the application", text)

    def test_goals_page_puts_the_interleaved_judgement_first(self):
        res = interleaved(paired_cell(1.30, "faster", [1.28, 1.32]), paired_cell(1.2, "faster", [1.1, 1.3]))
        settings = planning.Settings(testpmd="t", pmdfwd="p", generator="t", kernels=[])
        page = rendering.render_goals({"settings": settings, "interleaved": res, "created": "c"})
        self.assertIn("## Judged interleaved (issue 28)", page)
        self.assertNotIn("## Judged on sequential runs", page, "no matrix in an --only run")
        self.assertIn("a full `scripts/perf doc --interleaved` run judges them too", page)


class OnlyParts(unittest.TestCase):
    def test_only_the_interleaved_part_and_unknown_names_refused(self):
        s = planning.Settings(testpmd="t", pmdfwd="p", generator="t", kernels=["avx2"], pairs=200)
        self.assertNotIn("interleaved", [p.name for p in planning.plan(s, "w")], "opt-in: the doc run's budget")
        s.interleaved = True
        parts = doc.only_parts(planning.plan(s, "w"), ["interleaved"])
        self.assertEqual([p.name for p in parts], ["interleaved"])
        argv = parts[0].argv
        self.assertEqual(argv[:2], ["compare", "--interleave"])
        self.assertEqual(argv[argv.index("--pairs") + 1], "200")
        self.assertIn("--icount-cache-sim", argv)
        self.assertGreater(planning.estimate_seconds(parts, s), 200)
        with self.assertRaisesRegex(ValueError, "no such part .*interleaved"):
            doc.only_parts(planning.plan(s, "w"), ["goals"])


if __name__ == "__main__":
    unittest.main()
