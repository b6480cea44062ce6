"""Issue 13, hardening: pmdfwd started as a hostile environment would start it
(closed standard descriptors, signals that usually kill, a full or vanished
stdout, command files that never end) ends cleanly, says what went wrong,
and leaves nothing behind. Every process is owned (owned.py: its process
group is killed on any exit) and every forwarder carries --run-time.

Run: PMDFWD_BIN=build/pmdfwd /usr/bin/python3 tests/e2e/test_hardening.py
"""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import owned  # noqa: E402
import rig  # noqa: E402

NULL_VDEVS = ["--vdev", "net_null0", "--vdev", "net_null1"]
RING_VDEVS = ["--vdev", "net_ring0", "--vdev", "net_ring1"]
# What a run that should end by itself may take before it counts as a hang.
HANG = 30


def shared_eal(prefix):
    """EAL arguments that keep the shared runtime config (no --no-shconf):
    /var/run/dpdk/<prefix>/config is the file a closed descriptor would
    become."""
    return ["-l", "0-1", "--no-pci", "--no-huge", "-m", "256", "--file-prefix", prefix]


class Case(unittest.TestCase):
    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory(prefix="pmdfwd-harden-")
        self.addCleanup(self._tmp.cleanup)
        self.tmp = Path(self._tmp.name)

    def start(self, app, *, vdevs=NULL_VDEVS, eal=None, **kw):
        prefix = rig.unique_prefix()
        eal = (eal or rig.eal_args)(prefix)
        return owned.pmdfwd(self, [*eal, *vdevs], app, prefix=prefix, cwd=self.tmp, **kw)

    def finished(self, p, timeout=HANG):
        rc = p.wait(timeout)
        self.assertIsNotNone(rc, f"still running after {timeout} s\n{p.describe()}")
        self.assertNotIn("Segmentation", p.out)
        self.assertNotIn("AddressSanitizer", p.out)
        return rc


def close_fd(fd):
    return lambda: os.close(fd)


class ClosedStdFdTest(Case):
    """Item 1: fd 0, 1 or 2 closed at launch must not become EAL's config."""

    def test_stdout_closed(self):
        # It used to write its messages into the shared config and spin in
        # rte_mcfg_tailq_write_lock at shutdown, deaf to SIGTERM.
        p = self.start(["--run-time=1"], eal=shared_eal, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, preexec_fn=close_fd(1))
        self.assertEqual(self.finished(p), 0, p.describe())

    def test_stderr_closed(self):
        # It used to hang inside rte_eal_init.
        p = self.start(["--run-time=1"], eal=shared_eal, stderr=subprocess.DEVNULL,
                       preexec_fn=close_fd(2))
        self.assertEqual(self.finished(p), 0, p.describe())
        self.assertIn("Accumulated forward statistics for all ports", p.out)

    def test_stdin_closed_batch_runs_its_time(self):
        # It used to read the config file as "Enter" and stop at once.
        p = self.start(["--run-time=3", "--stats-period=1"], eal=shared_eal,
                       preexec_fn=close_fd(0))
        self.assertEqual(self.finished(p), 0, p.describe())
        self.assertGreaterEqual(p.out.count("NIC statistics for port 0"), 2, p.describe())

    def test_stdin_closed_interactive_reads_no_commands(self):
        # It used to run the config file's bytes as commands.
        p = self.start(["-i"], eal=shared_eal, preexec_fn=close_fd(0))
        self.assertEqual(self.finished(p), 0, p.describe())
        self.assertNotIn("unknown command", p.out)
        self.assertIn("Bye...", p.out)


@unittest.skipUnless(owned.free_hugepages() >= 64, "needs 64 free 2 MiB hugepages")
class SignalShutdownTest(Case):
    """Item 6: signals whose default action kills go through the shutdown, on
    hugepages (not --no-huge): no file of the prefix stays in /dev/hugepages."""

    def huge_eal(self, prefix):
        # No -m: memory is allocated as needed and freed at shutdown; no
        # --huge-unlink: the files must go because pmdfwd cleans up.
        return ["-l", "0-1", "--no-pci", "--file-prefix", prefix]

    def forwarding(self, app=(), **kw):
        p = self.start(["--run-time=30", *app], eal=self.huge_eal, **kw)
        self.assertTrue(p.wait_for("Press enter to exit"), p.describe())
        self.assertTrue(owned.hugepage_files(p.prefix), "no hugepage files: not on hugepages?")
        return p

    def assert_no_hugepage_files(self, p):
        self.assertEqual(owned.hugepage_files(p.prefix), [], p.describe())

    def stopped_by(self, sig):
        p = self.forwarding()
        start = time.monotonic()
        p.signal(sig)
        rc = self.finished(p, 15)
        self.assertLess(time.monotonic() - start, 10, p.describe())
        self.assertEqual(rc, 0, p.describe())
        self.assertIn("Accumulated forward statistics for all ports", p.out)
        self.assertIn("Bye...", p.out)
        self.assert_no_hugepage_files(p)

    def test_sighup(self):
        self.stopped_by(signal.SIGHUP)

    def test_sigquit(self):
        self.stopped_by(signal.SIGQUIT)

    def test_sigpipe_sent_by_another_process(self):
        self.stopped_by(signal.SIGPIPE)

    def test_sigint_leaves_no_hugepage_files(self):
        self.stopped_by(signal.SIGINT)

    def test_stdout_into_a_reader_that_leaves(self):
        # `pmdfwd ... | head -1`: the reader goes away; the next statistics
        # write fails (EPIPE), and that ends the run through the shutdown.
        p = self.start(["--run-time=30", "--stats-period=1"], eal=self.huge_eal,
                       stderr=subprocess.PIPE, read_stdout=False)
        first = p.proc.stdout.readline()
        self.assertTrue(first, p.describe())
        p.proc.stdout.close()
        rc = p.wait(15)
        self.assertIsNotNone(rc, "still running 15 s after its reader left\n" + p.describe())
        err = p.out
        self.assertEqual(rc, 1, err)
        self.assertIn("pmdfwd: cannot write to standard output: Broken pipe", err)
        self.assert_no_hugepage_files(p)


class OutputErrorTest(Case):
    def test_statistics_to_a_full_device(self):
        # `>/dev/full`: it used to exit 0 with nothing written and no error.
        with open("/dev/full", "w") as full:
            p = self.start(["--run-time=1"], stdout=full, stderr=subprocess.PIPE)
            rc = self.finished(p)
        self.assertEqual(rc, 1, p.describe())
        self.assertIn("pmdfwd: cannot write to standard output: No space left on device", p.out)

    def test_help_to_a_full_device(self):
        with open("/dev/full", "w") as full:
            p = self.start(["--help"], stdout=full, stderr=subprocess.PIPE)
            rc = self.finished(p)
        self.assertEqual(rc, 1, p.describe())
        self.assertIn("cannot write to standard output: No space left on device", p.out)


class JsonTest(Case):
    """Item 7: JSON mode carries burst statistics and `clear port stats`."""

    def json_lines(self, out):
        return [json.loads(line) for line in out.splitlines() if line.startswith("{")]

    def test_fwd_stats_with_burst_stats(self):
        p = self.start(["--stats-format=json", "--record-burst-stats", "--run-time=1"])
        self.assertEqual(self.finished(p), 0, p.describe())
        fwd = [j for j in self.json_lines(p.out) if j["type"] == "fwd_stats"]
        self.assertEqual(len(fwd), 1, p.out)
        for st in fwd[0]["streams"]:
            for key, total in (("rx_bursts", st["rx_packets"]), ("tx_bursts", st["tx_packets"])):
                self.assertIn(key, st, p.out)
                self.assertTrue(st[key], p.out)
                # [size, count] pairs: sizes times counts add up to the packets.
                self.assertEqual(sum(size * n for size, n in st[key]), total, p.out)

    def test_clear_port_stats(self):
        cmds = self.tmp / "cmds"
        cmds.write_text("clear port stats all\nquit\n")
        with open(cmds) as f:
            p = self.start(["-i", "--stats-format=json"], stdin=f)
            self.assertEqual(self.finished(p), 0, p.describe())
        cleared = [j for j in self.json_lines(p.out) if j["type"] == "port_stats_cleared"]
        self.assertEqual([j["port"] for j in cleared], [0, 1], p.out)
        self.assertNotIn("NIC statistics for port", p.out)


if __name__ == "__main__":
    unittest.main()
