"""Issue 35 item 7, the noisy engine (testpmd's noisy_vnf) end to end:
- on the same net_pcap input with the same --noisy-* options it writes the
  frames /usr/bin/dpdk-testpmd --forward-mode=noisy writes: as io with
  every parameter 0 and with memory lookups, the oldest packets of a FIFO
  too full for a burst, and a whole FIFO after the flush time;
- what its FIFOs still hold at stop goes back to the pool (testpmd leaks it).

Run: PMDFWD_BIN=build/pmdfwd PYTHONPATH=python /usr/bin/python3 tests/e2e/test_noisy.py
"""
import re
import tempfile
import unittest
from pathlib import Path

import forwarder  # noqa: E402
import rig  # noqa: E402
import vs_testpmd  # noqa: E402
from test_engines_vs_testpmd import port_frames  # noqa: E402

NB_PORTS = 3
BASE = ["--forward-mode=noisy", "--port-topology=paired", "--no-flush-rx",
        "--total-num-mbufs=8192"]
CASES = {
    "io": [],
    "lookups": ["--noisy-lkup-memory=1", "--noisy-lkup-num-writes=4", "--noisy-lkup-num-reads=4",
                "--noisy-lkup-num-reads-writes=2"],
    # Bursts of 2 into a FIFO holding 3: the third and later bursts each
    # push out the two oldest packets; the last two stay in it.
    "overflow": ["--burst=2", "--noisy-tx-sw-buffer-size=4"],
    # Everything waits in the FIFO until 10 ms of sending nothing.
    "flush": ["--noisy-tx-sw-buffer-size=64", "--noisy-tx-sw-buffer-flushtime=10"],
}


@unittest.skipUnless(vs_testpmd.TESTPMD, "dpdk-testpmd is not installed")
class NoisyAgainstTestpmd(vs_testpmd.Comparison):
    @classmethod
    def port_frames(cls):
        return [port_frames(p) for p in range(NB_PORTS)]

    @classmethod
    def cases(cls):
        return {name: BASE + args for name, args in CASES.items()}

    def frames_of(self, case, name):
        res = self.results[(case, name)]
        self.assertEqual(res.rc, 0, f"{name} {case}:\n{res.text}")
        return res.frames(NB_PORTS)

    def check(self, case, per_port):
        ours, theirs = self.frames_of(case, "pmdfwd"), self.frames_of(case, "testpmd")
        # paired with 3 ports: 0 <-> 1, and 2 sends what it receives.
        senders = {0: 1, 1: 0, 2: 2}
        for p in range(NB_PORTS):
            self.assertFramesEqual(theirs[p], port_frames(senders[p])[:per_port],
                                   f"{case}: dpdk-testpmd's port {p}")
            self.assertFramesEqual(ours[p], theirs[p], f"{case}: port {p} against dpdk-testpmd")

    def test_every_parameter_zero_is_io(self):
        self.check("io", 6)

    def test_memory_lookups_change_no_frame(self):
        self.check("lookups", 6)

    def test_a_full_fifo_sends_its_oldest_packets(self):
        self.check("overflow", 4)

    def test_the_flush_time_empties_the_fifo(self):
        self.check("flush", 6)


class FifoAtStop(unittest.TestCase):
    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory(prefix="pmdfwd-noisy-")
        self.addCleanup(self._tmp.cleanup)
        self.tmp = Path(self._tmp.name)

    def test_what_the_fifo_holds_goes_back_to_the_pool(self):
        # net_ring ports loop what they send back to themselves: tx_first's
        # burst of 32 a port lands in a FIFO of 64 and, with no flush time,
        # stays there until stop.
        cmds = self.tmp / "cmds"
        cmds.write_text("set fwd noisy\nset noisy tx-sw-buffer-size 64\nstart tx_first\n"
                        "stop\nshow mempool\nquit\n")
        prefix = rig.unique_prefix()
        with open(cmds) as f:
            p = forwarder.start_pmdfwd(self, [*rig.eal_args(prefix), "--vdev", "net_ring0", "--vdev",
                                              "net_ring1"], ["-i", "--total-num-mbufs=2048"],
                                       prefix=prefix, cwd=self.tmp, stdin=f)
            rc = p.wait(60)
        self.assertEqual(rc, 0, p.describe())
        self.assertRegex(p.out, r"Engine-consumed: +32 ", p.out)
        pools = re.findall(r"in-use=(\d+) available=(\d+)", p.out)
        self.assertEqual(pools, [("0", "2048")], p.out)


if __name__ == "__main__":
    unittest.main()
