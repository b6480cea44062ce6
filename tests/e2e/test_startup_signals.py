"""Issue 29 item 4: SIGHUP, SIGTERM and SIGINT delivered at each start-up
stage (EAL initialisation, mempool creation, port configuration, the link
check before forwarding, forwarding) end pmdfwd cleanly: exit 0 after its
shutdown, neither a hugepage file nor EAL's runtime directory of its
--file-prefix left behind, and a run summary whose rate is over the time
the lcores forwarded. Each run is on hugepages when the machine has
free ones (the files are what a dirty exit leaves), and the signal goes the
moment the stage's first line is out. Several runs at a time, each owned.

Run: PMDFWD_BIN=build/pmdfwd /usr/bin/python3 tests/e2e/test_startup_signals.py
"""
import concurrent.futures
import os
import re
import signal
import unittest

import forwarder  # noqa: E402
import rig  # noqa: E402
from pmdfwd_dev import eal as eal_files

RING_VDEVS = ["--vdev", "net_ring0", "--vdev", "net_ring1"]
# A stage and the first line pmdfwd (or EAL) prints in it.
STAGES = {
    "EAL init": "EAL: Detected CPU lcores",
    "mempool": "create a new mbuf pool",
    "port start": "Configuring Port 0",
    "link check": "Checking link statuses",
    "forwarding": "Press enter to exit",
}
SIGNALS = [signal.SIGHUP, signal.SIGTERM, signal.SIGINT]
PARALLEL = 3
HANG = 60
ON_HUGEPAGES = eal_files.hugepages_available()[0]


def eal(prefix):
    # On hugepages without -m: memory taken as needed, files per segment.
    if ON_HUGEPAGES:
        return ["-l", "0-1", "--no-pci", "--file-prefix", prefix]
    return rig.eal_args(prefix)


def signalled_at(line, sig):
    """Starts pmdfwd, sends sig as soon as line is out; (exit status or None,
    output, prefix). The runtime directory and hugepage files are left for
    the caller to look at (and remove)."""
    prefix = rig.unique_prefix()
    args = [str(rig.pmdfwd_bin()), *eal(prefix), *RING_VDEVS, "--", "--tx-first",
            "--run-time=30"]
    # The prefix's files are the caller's to look at: the Process leaves them.
    with forwarder.Process(args, deadline=HANG) as p:
        # wait_for looks as each read arrives: the signal goes right after
        # the line, not after a later one fills a buffer.
        p.wait_for(line, HANG)
        p.signal(sig)
        rc = p.wait(HANG)
        out = p.out
    return rc, out, prefix


class StartupSignalTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        jobs = {}
        with concurrent.futures.ThreadPoolExecutor(PARALLEL) as pool:
            for stage, line in STAGES.items():
                for sig in SIGNALS:
                    jobs[(stage, sig)] = pool.submit(signalled_at, line, sig)
        cls.results = {k: f.result() for k, f in jobs.items()}

    @classmethod
    def tearDownClass(cls):
        for _, _, prefix in cls.results.values():
            rig.remove_runtime_dir(prefix)
            eal_files.remove_hugepage_files(prefix)

    def check(self, stage):
        for sig in SIGNALS:
            rc, out, prefix = self.results[(stage, sig)]
            what = f"{sig.name} at {stage}:\n{out}"
            with self.subTest(signal=sig.name):
                self.assertIn(STAGES[stage], out, what)
                self.assertEqual(rc, 0, what)
                self.assertNotIn("AddressSanitizer", out)
                self.assertIn("Bye...", out, what)
                self.assertSaneSummary(out, what)
                self.assertEqual(eal_files.hugepage_files(prefix), [], what)
                self.assertFalse(os.path.exists(eal_files.runtime_dir(prefix)),
                                 f"runtime directory left: {what}")

    def assertSaneSummary(self, out, what):
        """A run stopped right after its start still reports the rate over
        the time its lcores forwarded: one lcore on a ring loopback moves
        far fewer than a billion packets a second (counting only the time
        since the stop request gave rates past that)."""
        m = re.search(r"Forwarded for [\d.]+ s: RX-packets: (\d+) \(average Rx-pps: (\d+)\)", out)
        if m:
            self.assertLess(int(m[2]), 10**9, what)

    def test_during_eal_init(self):
        self.check("EAL init")

    def test_during_mempool_creation(self):
        self.check("mempool")

    def test_during_port_start(self):
        self.check("port start")

    def test_during_the_link_check(self):
        self.check("link check")

    def test_while_forwarding(self):
        self.check("forwarding")


if __name__ == "__main__":
    unittest.main()
