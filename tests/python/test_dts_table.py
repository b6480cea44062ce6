"""scripts/dts-table.py on two made-up DTS output trees: the per-suite counts,
a suite skipped as a whole, and the exit status when the subject loses a case
the reference passes."""
import json
import pathlib
import subprocess
import sys
import tempfile
import unittest

from pmdfwd_dev import owned_process

TABLE = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "dts-table.py"


def write_run(root, suites):
    """One results.json per suite, as DTS writes them under OUT/SUITE/output."""
    for suite, body in suites.items():
        d = pathlib.Path(root, suite, "output")
        d.mkdir(parents=True)
        (d / "results.json").write_text(json.dumps({"test_suites": {suite: body}}))


class DtsTableTest(unittest.TestCase):
    def run_table(self, ref, sub):
        with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
            write_run(a, ref)
            write_run(b, sub)
            return owned_process.run([sys.executable, str(TABLE), a, b], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, timeout=30)

    def test_counts_per_suite_and_whole_suite_skip(self):
        run = {"mtu": {"result": "FAIL", "one": {"result": "PASS"},
                       "two": {"result": "FAIL", "reason": "Did not receive packet."},
                       "setup": {"result": "PASS"}},
               "rss": {"result": "SKIP", "reason": "Required capability"}}
        r = self.run_table(run, run)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("| mtu | 1/1/0 | 1/1/0 |", r.stdout)
        self.assertIn("| rss | 0/0/1 | 0/0/1 |", r.stdout)
        self.assertIn("| total | 1/1/1 | 1/1/1 |", r.stdout)
        self.assertIn("- mtu two: Did not receive packet. (same reason)", r.stdout)

    def test_a_case_lost_by_the_subject_fails(self):
        r = self.run_table({"mtu": {"one": {"result": "PASS"}}},
                           {"mtu": {"one": {"result": "FAIL", "reason": "Did not receive packet."}}})
        self.assertEqual(r.returncode, 1)
        self.assertIn("- mtu one: testpmd PASS", r.stdout)

    def test_no_results_is_an_error(self):
        r = self.run_table({}, {})
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("no results.json under", r.stderr)


if __name__ == "__main__":
    unittest.main()
