"""Rates a timed run reports (issue 21): the first statistics block after
forwarding starts is a rate since the start (not always 0), and the run ends
with its totals and average rates, as text and as a JSON line.

Run: PMDFWD_BIN=build/pmdfwd PYTHONPATH=python /usr/bin/python3 tests/e2e/test_rates.py
"""
import json
import re
import tempfile
import unittest


import forwarder  # noqa: E402

RING = ["--vdev", "net_ring0", "--vdev", "net_ring1"]
APP = ["--forward-mode=io", "--tx-first", "--run-time=2"]


class TimedRun(unittest.TestCase):
    def run_ring(self, *extra):
        with tempfile.TemporaryDirectory(prefix="pmdfwd-rates-") as tmp:
            run = forwarder.run_pmdfwd(RING, [*APP, *extra], cwd=tmp)
        self.assertEqual(run.rc, 0, run.describe())
        return run

    def test_first_block_and_summary_as_text(self):
        run = self.run_ring("--stats-period=1")
        # testpmd's non-interactive start, before the stream display.
        self.assertIn("No commandline core given, start packet forwarding\nio packet forwarding",
                      run.out)
        first = re.search(r"Rx-pps:\s+(\d+)", run.out)
        self.assertIsNotNone(first, run.out)
        self.assertGreater(int(first[1]), 0, run.out)
        m = re.search(r"Forwarded for ([\d.]+) s: RX-packets: (\d+) \(average Rx-pps: (\d+)\) "
                      r"TX-packets: (\d+) \(average Tx-pps: (\d+)\)", run.out)
        self.assertIsNotNone(m, run.out)
        secs, rx, rx_pps = float(m[1]), int(m[2]), int(m[3])
        self.assertGreaterEqual(secs, 2.0)
        self.assertGreater(rx, 0)
        self.assertAlmostEqual(rx_pps, rx / secs, delta=rx / secs * 0.01 + 1)

    def test_summary_as_json(self):
        run = self.run_ring("--stats-format=json")
        lines = [json.loads(ln) for ln in run.out.splitlines() if ln.startswith("{")]
        summary = [ln for ln in lines if ln["type"] == "run_summary"]
        self.assertEqual(len(summary), 1, run.out)
        s = summary[0]
        self.assertGreaterEqual(s["seconds"], 2.0)
        self.assertGreater(s["rx_pps"], 0, s)
        self.assertEqual(s["rx_packets"], sum(p["rx_packets"] for p in lines[-2]["ports"]), run.out)

    def test_testpmd_texts_leave_the_text_summary_out(self):
        run = self.run_ring("--testpmd-texts")
        self.assertNotIn("Forwarded for", run.out)


if __name__ == "__main__":
    unittest.main()
