"""perf/costs.py on synthetic figures: TSC cycles, instructions and memory
operations per packet as cells with verdicts of their own, and the gates
`compare --interleave --gate NAME=PCT` sets on them (exit status 1)."""
import contextlib
import io
import random
import unittest

import _path  # noqa: F401
from pmdfwd_perf import cli, costs, interleave, paired
from pmdfwd_perf.commands import interleave as interleave_command

HZ = 2.0e9


def rates(n, effect, level=lambda i: 30e6, noise=0.004, seed=7):
    """A and B window rates (pps) of n pairs: B = A x effect on the
    machine's level at pair i, independent multiplicative noise."""
    rng = random.Random(seed)
    a = [level(i) * (1 + rng.gauss(0, noise)) for i in range(n)]
    b = [level(i) * effect * (1 + rng.gauss(0, noise)) for i in range(n)]
    return a, b


def windows(a, b, warmup=0):
    return [{"pair": i, "warmup": i < warmup, "first": "A", "a": {"rate_pps": x}, "b": {"rate_pps": y}}
            for i, (x, y) in enumerate(zip(a, b))]


def icount_row(ir, dr=None, dw=None):
    total = {"Ir": ir}
    if dr is not None:
        total.update({"Dr": dr, "Dw": dw})
    return {"total": total}


class CycleCells(unittest.TestCase):
    def test_cycles_are_the_rate_in_another_unit_lower_is_better(self):
        a, b = rates(80, 1.05)  # B forwards 5 % more per second
        c = costs.cycles_cell(a, b, HZ, 0.95, 0.02)
        self.assertEqual(c["verdict"], costs.CHEAPER)
        self.assertAlmostEqual(c["median_ratio"], 1 / 1.05, delta=0.002)
        self.assertAlmostEqual(c["a_median_cycles_per_packet"], HZ / 30e6, delta=0.5)

    def test_a_drifting_machine_moves_cycles_but_the_pairs_cancel_it(self):
        # The clock loses 25 % over the run: cycles per packet grow for both.
        a, b = rates(100, 1.0, level=lambda i: 30e6 * (1 - 0.25 * i / 100))
        c = costs.cycles_cell(a, b, HZ, 0.95, 0.02)
        self.assertEqual(c["verdict"], paired.stats.NOISE)
        self.assertLessEqual(c["ci"][0], 1.0)
        self.assertGreaterEqual(c["ci"][1], 1.0)

    def test_analyse_puts_the_cycle_cell_beside_the_rate(self):
        a, b = rates(100, 0.9)
        res = interleave.analyse(windows(a, b, warmup=5), 0.95, 0.02, HZ)
        self.assertEqual(res["paired"]["verdict"], paired.stats.SLOWER)
        self.assertEqual(res["tsc_cycles_per_packet"]["verdict"], costs.DEARER)
        self.assertEqual(res["tsc_cycles_per_packet"]["pairs"], 95)
        self.assertNotIn("tsc_cycles_per_packet", interleave.analyse(windows(a, b), 0.95, 0.02, None))


class TscRate(unittest.TestCase):
    def test_the_kernel_logs_refined_rate_wins_over_its_first_estimate(self):
        log = ("[    0.000065] tsc: Detected 2299.998 MHz processor\n"
               "[    1.523000] tsc: Refined TSC clocksource calibration: 2300.012 MHz\n")
        self.assertAlmostEqual(interleave.tsc_hz_from_log(log), 2300.012e6)
        self.assertAlmostEqual(interleave.tsc_hz_from_log(log.splitlines()[0]), 2299.998e6)
        self.assertIsNone(interleave.tsc_hz_from_log("no clock here"))


class CountedCells(unittest.TestCase):
    def test_counted_verdicts_against_the_tolerance(self):
        self.assertEqual(costs.counted(100.0, 103.0, 0.02)["verdict"], costs.DEARER)
        self.assertEqual(costs.counted(100.0, 97.0, 0.02)["verdict"], costs.CHEAPER)
        same = costs.counted(100.0, 101.0, 0.02)
        self.assertEqual(same["verdict"], costs.SAME)
        self.assertAlmostEqual(same["ratio"], 1.01)
        with self.assertRaisesRegex(ValueError, "nothing to compare"):
            costs.counted(0.0, 1.0, 0.02)

    def test_memory_operations_are_reads_plus_writes_and_need_the_cache_simulation(self):
        cells = costs.icount_cells(icount_row(60.0, 20.0, 10.0), icount_row(54.0, 15.0, 9.0), 0.02)
        self.assertEqual(cells["instructions_per_packet"]["verdict"], costs.CHEAPER)
        self.assertEqual((cells["memory_ops_per_packet"]["a"], cells["memory_ops_per_packet"]["b"]), (30.0, 24.0))
        self.assertNotIn("memory_ops_per_packet", costs.icount_cells(icount_row(60.0), icount_row(60.0), 0.02))


class Gates(unittest.TestCase):
    def cell(self, effect=1.0, ir_b=100.0):
        a, b = rates(60, effect)
        res = interleave.analyse(windows(a, b), 0.95, 0.02, HZ)
        res.update(costs.icount_cells(icount_row(100.0, 30.0, 10.0), icount_row(ir_b, 30.0, 10.0), 0.02))
        return res

    def test_parse_gate_says_what_is_allowed(self):
        self.assertEqual(costs.parse_gate("instructions=2%"), ("instructions", 0.02))
        self.assertEqual(costs.parse_gate("cycles=0.05"), ("cycles", 0.05))
        for bad, said in (("ipc=2%", "one of pps, cycles, instructions, memops"),
                          ("instructions", "NAME=PERCENT"), ("memops=x", "not a percentage"),
                          ("pps=150%", r"\[0%, 100%\)")):
            with self.assertRaisesRegex(ValueError, said):
                costs.parse_gate(bad)

    def test_an_instruction_count_worse_than_the_gate_fails_it(self):
        cell = self.cell(ir_b=103.0)
        ok, why = costs.gate(cell, "instructions", 0.02, 0.95)
        self.assertFalse(ok)
        self.assertIn("fails the 2.0% gate", why)
        self.assertTrue(costs.gate(cell, "instructions", 0.05, 0.95)[0])
        self.assertTrue(costs.gate(cell, "memops", 0.0, 0.95)[0])

    def test_paired_gates_need_a_significant_change_at_least_the_threshold(self):
        slower = self.cell(effect=0.95)
        self.assertFalse(costs.gate(slower, "pps", 0.02, 0.95)[0])
        self.assertFalse(costs.gate(slower, "cycles", 0.02, 0.95)[0])
        self.assertTrue(costs.gate(slower, "pps", 0.10, 0.95)[0], "5 % slower passes a 10 % gate")
        faster = self.cell(effect=1.05)
        self.assertTrue(costs.gate(faster, "pps", 0.0, 0.95)[0])
        self.assertTrue(costs.gate(faster, "cycles", 0.0, 0.95)[0])
        self.assertTrue(costs.gate(self.cell(), "pps", 0.01, 0.95)[0], "A/A passes")

    def test_a_figure_not_measured_fails_its_gate_saying_why(self):
        cell = self.cell()
        del cell["memory_ops_per_packet"]
        cell["memory_ops_per_packet_error"] = "needs callgrind's cache simulation"
        ok, why = costs.gate(cell, "memops", 0.02, 0.95)
        self.assertFalse(ok)
        self.assertIn("not measured (needs callgrind's cache simulation)", why)
        checked = costs.check_gates({"ring-hot": cell, "null": {"error": "A exited\nlog"}},
                                    [("instructions", 0.02)], 0.95)
        self.assertEqual([g["passed"] for g in checked], [True, False])
        self.assertIn("did not run: A exited", checked[1]["reason"])

    def test_compare_output_has_a_line_per_cost_cell(self):
        text = interleave_command.verdict_line("ring-hot/macswap/64B/1Q1C", self.cell(ir_b=103.0), "A", "B")
        self.assertIn("TSC cycles/packet", text)
        self.assertIn("instructions/packet 100.00 -> 103.00 x1.0300: dearer", text)
        self.assertIn("memory ops/packet 40.00 -> 40.00 x1.0000: same", text)
        failed = costs.check_gates({"c": self.cell(ir_b=103.0)}, [("instructions", 0.02)], 0.95)
        self.assertIn("gate instructions<=2.0% c: FAIL", interleave_command.gate_lines(failed)[0])


class GateUsage(unittest.TestCase):
    def run_cli(self, argv):
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            rc = cli.main(argv, tree=_path.ROOT)
        return rc, err.getvalue()

    def test_a_gate_without_interleave_is_refused(self):
        rc, err = self.run_cli(["compare", "--a", "/bin/true", "--b", "/bin/true", "--gate", "pps=2%"])
        self.assertEqual(rc, 2)
        self.assertIn("add --interleave", err)

    def test_a_bad_gate_is_refused_before_anything_runs(self):
        rc, err = self.run_cli(["compare", "--interleave", "--a", "/bin/true", "--b", "/bin/true",
                                "--rigs", "null", "--gate", "ipc=2%"])
        self.assertEqual(rc, 2)
        self.assertIn("NAME one of pps, cycles, instructions, memops", err)

    def test_counting_refuses_a_two_process_rig(self):
        rc, err = self.run_cli(["compare", "--interleave", "--a", "/bin/true", "--b", "/bin/true",
                                "--rigs", "memif", "--icount"])
        self.assertEqual(rc, 2)
        self.assertRegex(err, "rig memif cannot be counted|needs valgrind")


if __name__ == "__main__":
    unittest.main()
