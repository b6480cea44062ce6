"""Issue 29.3, resource limits: queue counts at and past what a port or the
options allow, a pool of the smallest size allowed, and a pool that the
tx_first bursts empty while forwarding; and (29.4) `load` of what is not a
plain file of commands, and of one that changes while it is read. Every process is owned (forwarder.py)
and every forwarder carries --run-time.

Run: PMDFWD_BIN=build/pmdfwd /usr/bin/python3 tests/e2e/test_limits.py
"""
import os
import re
import signal
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

import forwarder  # noqa: E402
import rig  # noqa: E402

RING_VDEVS = ["--vdev", "net_ring0", "--vdev", "net_ring1"]
HANG = 30


class Case(unittest.TestCase):
    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory(prefix="pmdfwd-limits-")
        self.addCleanup(self._tmp.cleanup)
        self.tmp = Path(self._tmp.name)

    def run_app(self, app, stdin=subprocess.DEVNULL, **kw):
        prefix = rig.unique_prefix()
        p = forwarder.start_pmdfwd(self, [*rig.eal_args(prefix), *RING_VDEVS], app, prefix=prefix,
                                   cwd=self.tmp, stdin=stdin, **kw)
        rc = p.wait(HANG)
        self.assertIsNotNone(rc, f"still running after {HANG} s\n{p.describe()}")
        self.assertNotIn("Segmentation", p.out)
        self.assertNotIn("AddressSanitizer", p.out)
        return rc, p


class QueueLimitTest(Case):
    def test_1024_queues_on_a_16_queue_port(self):
        rc, p = self.run_app(["--rxq=1024", "--txq=1024", "--run-time=5"])
        self.assertEqual(rc, 1, p.describe())
        self.assertIn("port 0: asked for 1024 RX / 1024 TX queues, the device has at most "
                      "16 / 16 (--rxq/--txq)", p.out)

    def test_past_the_option_limit(self):
        for opt in ("--rxq", "--txq"):
            with self.subTest(opt=opt):
                rc, p = self.run_app([f"{opt}=1025", "--run-time=5"])
                self.assertEqual(rc, 2, p.describe())
                self.assertIn(f"{opt[2:]}: 1025 is out of range (allowed: 1..1024)", p.out)

    def test_pool_below_the_smallest_allowed(self):
        rc, p = self.run_app(["--total-num-mbufs=1023", "--run-time=5"])
        self.assertEqual(rc, 2, p.describe())
        self.assertIn("total-num-mbufs: 1023 is out of range (allowed: 1024..", p.out)


class PoolExhaustedTest(Case):
    def test_tx_first_bursts_beyond_the_pool(self):
        # 64 bursts of 32 per port ask for 4096 mbufs of a pool of 1024: the
        # rest is not sent, forwarding goes on with what circulates, and an
        # rxonly run gives every mbuf back.
        cmds = self.tmp / "cmds"
        cmds.write_text("start tx_first 64\nshow mempool\nstop\nset fwd rxonly\nstart\nstop\n"
                        "show mempool\nquit\n")
        with open(cmds) as f:
            rc, p = self.run_app(["-i", "--total-num-mbufs=1024"], stdin=f)
        self.assertEqual(rc, 0, p.describe())
        pools = re.findall(r"size=1024 in-use=(\d+) available=(\d+)", p.out)
        self.assertEqual(len(pools), 2, p.out)
        self.assertEqual(int(pools[-1][0]), 0, p.out)
        self.assertEqual(int(pools[-1][1]), 1024, p.out)
        self.assertIn("Bye...", p.out)


class LoadTest(Case):
    def session(self, lines):
        cmds = self.tmp / "cmds"
        cmds.write_text("".join(f"{line}\n" for line in lines))
        with open(cmds) as f:
            rc, p = self.run_app(["-i"], stdin=f)
        self.assertEqual(rc, 0, p.describe())
        self.assertIn("Bye...", p.out)
        return p.out

    def test_directory_proc_files(self):
        out = self.session([f"load {self.tmp}", "load /proc/self/status", "load /proc/self/mem",
                            "show config fwd", "quit"])
        self.assertIn(f"{self.tmp} (a directory; expected a file of shell commands)", out)
        # A /proc text file is read as lines (each an unknown command).
        self.assertIn("unknown command 'Name:'", out)
        self.assertIn("load /proc/self/mem: Input/output error; the rest was not run", out)
        self.assertIn("forwards packets on 2 streams", out)

    def test_fifo_without_a_writer_ends_on_sigterm(self):
        # The shell waits in `load` for a writer (as testpmd's would); a
        # signal still ends the session through the shutdown.
        fifo = self.tmp / "fifo"
        os.mkfifo(fifo)
        prefix = rig.unique_prefix()
        p = forwarder.start_pmdfwd(self, [*rig.eal_args(prefix), *RING_VDEVS], ["-i"], prefix=prefix,
                                   cwd=self.tmp, stdin=subprocess.PIPE)
        p.proc.stdin.write(f"load {fifo}\n".encode())
        p.proc.stdin.flush()
        self.assertTrue(p.wait_for("pmdfwd> "), p.describe())
        time.sleep(0.5)
        p.signal(signal.SIGTERM)
        self.assertEqual(p.wait(HANG), 0, p.describe())
        self.assertIn("Bye...", p.out)


class ChangingLoadTest(Case):
    """`load` of a file that changes while it is read (29.4). The file's
    second line, a nested `load` of a FIFO, holds the shell inside it (the
    file's first 64 KiB read) until the test has changed the file and then
    writes one line to the FIFO. The shell prints a load's answers when it
    ends."""

    COMMENT = "#" + "x" * 998 + "\n"  # 1000 bytes that run nothing

    def held(self, body):
        self.fifo = self.tmp / "fifo"
        os.mkfifo(self.fifo)
        self.cmds = self.tmp / "cmds"
        self.cmds.write_text(f"set verbose 1\nload {self.fifo}\n{body}")
        prefix = rig.unique_prefix()
        p = forwarder.start_pmdfwd(self, [*rig.eal_args(prefix), *RING_VDEVS], ["-i"], prefix=prefix,
                                   cwd=self.tmp, stdin=subprocess.PIPE)
        p.proc.stdin.write(f"load {self.cmds}\n".encode())
        p.proc.stdin.flush()
        deadline = time.monotonic() + HANG
        while True:
            try:
                self.writer = os.open(self.fifo, os.O_WRONLY | os.O_NONBLOCK)
                break
            except OSError:  # ENXIO: the nested load has not opened it yet
                self.assertLess(time.monotonic(), deadline, p.describe())
                time.sleep(0.05)
        return p

    def release(self, p):
        """Writes `set verbose 2` into the FIFO, ends the session, and
        returns its output."""
        os.write(self.writer, b"set verbose 2\n")
        os.close(self.writer)
        p.proc.stdin.write(b"show config fwd\nquit\n")
        p.proc.stdin.flush()
        self.assertEqual(p.wait(HANG), 0, p.describe())
        self.assertIn("Change verbose level from 1 to 2", p.out)
        self.assertIn("forwards packets on 2 streams", p.out)
        return p.out

    def test_growing_past_the_limit(self):
        p = self.held("")
        with open(self.cmds, "a") as f:
            f.write(self.COMMENT * 1100 + "set verbose 3\n")
        out = self.release(p)
        self.assertIn(f"load {self.cmds}: grew past 1 MiB while it was read (allowed: a file of "
                      "shell commands of at most that); the rest was not run", out)
        self.assertNotIn("from 2 to 3", out)

    def test_truncated(self):
        # The first read takes 64 KiB: the cut leaves `set verbose 33`
        # partial, as `set verbose 3`, which must not run.
        head = f"set verbose 1\nload {self.tmp / 'fifo'}\n"
        pad = 65536 - len(head) - len("set verbose 3")
        body = "#" * (pad - 1) + "\n"
        p = self.held(body + "set verbose 33\n" + self.COMMENT * 10)
        os.truncate(self.cmds, 100)
        out = self.release(p)
        self.assertIn(f"load {self.cmds}: truncated while it was read; its cut last line was "
                      "not run; the rest was not run", out)
        self.assertNotIn("from 2 to 3", out)

    def test_replaced(self):
        # The shell reads the file it opened; the new one is another file.
        p = self.held("set verbose 3\n")
        new = self.tmp / "new"
        new.write_text("set verbose 4\n")
        os.replace(new, self.cmds)
        out = self.release(p)
        self.assertIn("Change verbose level from 2 to 3", out)
        self.assertNotIn("to 4", out)


if __name__ == "__main__":
    unittest.main()
