"""perf icount's instruction budget (issue 36): a cell whose loop + engine
instructions a packet grew past its budget fails the gate, one not measured
fails it too, and a budget is written only from a run that measured every
cell. Synthetic rows; the live gate is perf_engine_budget."""
import os
import tempfile
import unittest

import _path  # noqa: F401
from pmdfwd_perf import icount_budget


def row(cell, loop, engine, pmd=13.0, error=None):
    if error:
        return {"cell": cell, "error": error}
    return {"cell": cell, "per_packet": {"pmd": {"Ir": pmd}, "loop": {"Ir": loop}, "engine": {"Ir": engine},
                                         "other": {"Ir": 0.0}}}


BUDGET = {"format": icount_budget.FORMAT, "tolerance_pct": 2.0,
          "cells": {"ring-hot/csum/64B/1Q1C": 200.0, "ring-hot/io/64B/1Q1C": 2.0}}


class Judge(unittest.TestCase):
    def test_within_budget(self):
        ok, lines = icount_budget.judge([row("ring-hot/csum/64B/1Q1C", 2.0, 201.0),
                                         row("ring-hot/io/64B/1Q1C", 2.0, 0.0)], BUDGET)
        self.assertTrue(ok, lines)
        self.assertIn("within budget", lines[0])

    def test_a_slower_engine_fails_the_gate(self):
        ok, lines = icount_budget.judge([row("ring-hot/csum/64B/1Q1C", 2.0, 206.0),
                                         row("ring-hot/io/64B/1Q1C", 2.0, 0.0)], BUDGET)
        self.assertFalse(ok)
        self.assertIn("ring-hot/csum/64B/1Q1C: 208.00 instructions a packet in loop and engine, budget 200.00: "
                      "OVER BUDGET by +4.0% (allowed +2.0%)", lines)

    def test_the_pmd_is_not_the_application(self):
        # DPDK's part may change with the DPDK; the gate judges pmdfwd's code.
        ok, _ = icount_budget.judge([row("ring-hot/csum/64B/1Q1C", 2.0, 198.0, pmd=90.0),
                                     row("ring-hot/io/64B/1Q1C", 2.0, 0.0, pmd=90.0)], BUDGET)
        self.assertTrue(ok)

    def test_a_cell_not_measured_fails_the_gate(self):
        ok, lines = icount_budget.judge([row("ring-hot/csum/64B/1Q1C", 2.0, 198.0),
                                         row("ring-hot/io/64B/1Q1C", 0, 0, error="no packet counted\n...")],
                                        BUDGET)
        self.assertFalse(ok)
        self.assertIn("ring-hot/io/64B/1Q1C: not measured (no packet counted)", lines)
        ok, lines = icount_budget.judge([row("ring-hot/csum/64B/1Q1C", 2.0, 198.0)], BUDGET)
        self.assertFalse(ok)
        self.assertIn("ring-hot/io/64B/1Q1C: not measured (not in this run)", lines)

    def test_much_cheaper_says_to_write_it_again(self):
        ok, lines = icount_budget.judge([row("ring-hot/csum/64B/1Q1C", 2.0, 150.0),
                                         row("ring-hot/io/64B/1Q1C", 2.0, 0.0)], BUDGET)
        self.assertTrue(ok)
        self.assertIn("write it again", lines[0])


class Write(unittest.TestCase):
    def test_written_from_a_run_and_read_back(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "b.json")
            icount_budget.write(path, [row("null/io/64B/1Q1C", 2.123, 0.0)])
            self.assertEqual(icount_budget.load(path)["cells"], {"null/io/64B/1Q1C": 2.12})

    def test_a_run_with_a_failed_cell_leaves_the_budget_as_it_was(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "b.json")
            icount_budget.write(path, [row("null/io/64B/1Q1C", 2.0, 0.0)])
            with open(path) as f:
                before = f.read()
            with self.assertRaisesRegex(ValueError, "needs every cell measured: null/io/64B/1Q1C: boom"):
                icount_budget.write(path, [row("null/io/64B/1Q1C", 0, 0, error="boom")])
            with open(path) as f:
                self.assertEqual(f.read(), before)

    def test_a_file_that_is_no_budget_is_refused(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "b.json")
            with open(path, "w") as f:
                f.write('{"cells": {}}')
            with self.assertRaisesRegex(ValueError, "not a pmdfwd-icount-budget/1 file"):
                icount_budget.load(path)
            with self.assertRaisesRegex(ValueError, "No such file"):
                icount_budget.load(os.path.join(d, "missing.json"))


if __name__ == "__main__":
    unittest.main()
