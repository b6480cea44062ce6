"""Issue 13, hardening: pmdfwd started as a hostile environment would start it
(closed standard descriptors, signals that usually kill, a full or vanished
stdout, command files that never end) ends cleanly, says what went wrong,
and leaves nothing behind. Every process is owned (forwarder.py: its process
group is killed on any exit) and every forwarder carries --run-time.

Run: PMDFWD_BIN=build/pmdfwd /usr/bin/python3 tests/e2e/test_hardening.py
"""
import json
import os
import select
import signal
import subprocess
import tempfile
import time
import unittest
from pathlib import Path


import forwarder  # noqa: E402
from pmdfwd_dev.eal import free_hugepages, hugepage_files  # noqa: E402
import rig  # noqa: E402

NULL_VDEVS = ["--vdev", "net_null0", "--vdev", "net_null1"]
RING_VDEVS = ["--vdev", "net_ring0", "--vdev", "net_ring1"]
# What a run that should end by itself may take before it counts as a hang.
HANG = 30


def shared_eal(prefix):
    """EAL arguments that keep the shared runtime config (no --no-shconf):
    /var/run/dpdk/<prefix>/config is the file a closed descriptor would
    become."""
    return ["-l", "0-1", "--no-pci", *rig.NO_HUGE, "--file-prefix", prefix]


class Case(unittest.TestCase):
    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory(prefix="pmdfwd-harden-")
        self.addCleanup(self._tmp.cleanup)
        self.tmp = Path(self._tmp.name)

    def start(self, app, *, vdevs=NULL_VDEVS, eal=None, **kw):
        prefix = rig.unique_prefix()
        eal = (eal or rig.eal_args)(prefix)
        return forwarder.start_pmdfwd(self, [*eal, *vdevs], app, prefix=prefix, cwd=self.tmp, **kw)

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
        p = self.start(["-i", "--run-time=60"], eal=shared_eal, preexec_fn=close_fd(0))
        self.assertEqual(self.finished(p), 0, p.describe())
        self.assertNotIn("unknown command", p.out)
        self.assertIn("Bye...", p.out)


@unittest.skipUnless(free_hugepages() >= 64, "needs 64 free 2 MiB hugepages")
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
        self.assertTrue(hugepage_files(p.prefix), "no hugepage files: not on hugepages?")
        return p

    def assert_no_hugepage_files(self, p):
        self.assertEqual(hugepage_files(p.prefix), [], p.describe())

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
            p = self.start(["-i", "--run-time=60", "--stats-format=json"], stdin=f)
            self.assertEqual(self.finished(p), 0, p.describe())
        cleared = [j for j in self.json_lines(p.out) if j["type"] == "port_stats_cleared"]
        self.assertEqual([j["port"] for j in cleared], [0, 1], p.out)
        self.assertNotIn("NIC statistics for port", p.out)


class WaitTest(Case):
    """Item 5: waits that used to have no end."""

    def fifo(self):
        path = self.tmp / "cmds.fifo"
        os.mkfifo(path)
        return path

    def ends_on(self, p, sig, within=5):
        p.signal(sig)
        rc = self.finished(p, within)
        self.assertEqual(rc, 0, p.describe())
        self.assertIn("Bye...", p.out)

    def test_cmdline_file_fifo_with_an_idle_writer_ends_on_sigterm(self):
        path = self.fifo()
        writer = os.open(path, os.O_RDWR)  # a writer that never closes
        self.addCleanup(os.close, writer)
        p = self.start([f"--cmdline-file={path}", "--run-time=60"])
        os.write(writer, b"set verbose 1\n")
        # The file has not ended: its "Read CLI commands from" line comes
        # after its last line, as testpmd's does.
        self.assertTrue(p.wait_for("Change verbose level from 0 to 1"), p.describe())
        time.sleep(0.3)
        self.ends_on(p, signal.SIGTERM)
        self.assertNotIn("packet forwarding - ports", p.out)  # never started

    def test_cmdline_file_fifo_without_a_writer_ends_on_sigint(self):
        p = self.start([f"--cmdline-file={self.fifo()}", "-i", "--run-time=60"],
                       stdin=subprocess.PIPE)
        time.sleep(2)  # EAL up, waiting for a writer that never comes
        self.ends_on(p, signal.SIGINT, within=10)

    def test_cmdline_file_dev_zero(self):
        # No newline, ever: it used to grow ~350 MB/s, deaf to SIGINT.
        p = self.start(["--cmdline-file=/dev/zero", "--run-time=60"])
        rc = self.finished(p)
        self.assertEqual(rc, 1, p.describe())
        self.assertIn("pmdfwd: --cmdline-file /dev/zero: line 1 is longer than 65536 bytes "
                      "(allowed: at most that per command)", p.out)

    def test_cmdline_file_directory(self):
        p = self.start([f"--cmdline-file={self.tmp}", "--run-time=60"])
        self.assertEqual(self.finished(p), 1, p.describe())
        self.assertIn(f"pmdfwd: --cmdline-file {self.tmp} is a directory (expected a file of "
                      "shell commands)", p.out)
        self.assertNotIn("Read CLI commands", p.out)

    def test_cmdline_file_empty_name(self):
        p = self.start(["--cmdline-file=", "--run-time=60"])
        self.assertEqual(self.finished(p), 2, p.describe())
        self.assertIn("cmdline-file: the file name is empty", p.out)

    def test_tx_retry_wait_ends_on_sigterm(self):
        # Both rings full (64 bursts of 32 per port, 1023 places each): every
        # burst retries its whole count, 1000 x 1 ms, the most now allowed.
        p = self.start(["-i", "--run-time=60"], vdevs=RING_VDEVS, stdin=subprocess.PIPE)
        p.proc.stdin.write(b"set burst tx delay 1000000 retry 1000000\n"
                           b"set fwd io retry\n"
                           b"set burst tx delay 1000 retry 1000\n"
                           b"start tx_first 64\n")
        p.proc.stdin.flush()
        self.assertTrue(p.wait_for("io packet forwarding with retry"), p.describe())
        self.assertIn("delay: 1000000 is out of range (allowed: 0..1000)", p.out)
        time.sleep(1)
        self.ends_on(p, signal.SIGTERM)

    def null_queues(self, app):
        # net_null never runs dry: each RX queue flushed until its time is up.
        return self.start(["--rxq=32", "--txq=32", "--rxd=64", "--txd=64", *app])

    def test_rx_flush_at_start_is_bounded(self):
        # 100 ms x 2 passes x 2 ports x 32 queues took 13 s.
        start = time.monotonic()
        p = self.null_queues(["--run-time=1"])
        self.assertEqual(self.finished(p), 0, p.describe())
        self.assertLess(time.monotonic() - start, 8, p.describe())

    def test_rx_flush_ends_on_sigint(self):
        p = self.null_queues(["--run-time=60"])
        time.sleep(1.5)
        self.ends_on(p, signal.SIGINT)


class SmallItemsTest(Case):
    """Item 7, with the issue's exact inputs."""

    def fails(self, app, message, rc=1, vdevs=NULL_VDEVS):
        p = self.start([*app, "--run-time=5"], vdevs=vdevs)
        self.assertEqual(self.finished(p), rc, p.describe())
        self.assertIn(message, p.out)
        return p

    def test_rxq_over_the_device_limit(self):
        p = self.fails(["--rxq=400", "--txq=400"],
                       "pmdfwd: port 0: asked for 400 RX / 400 TX queues, the device has at most "
                       "16 / 16", vdevs=RING_VDEVS)
        self.assertNotIn("mbuf pool", p.out)

    def test_rxq_200_allocates_no_pool_first(self):
        p = self.fails(["--rxq=200", "--txq=200"], "the device has at most 16 / 16",
                       vdevs=RING_VDEVS)
        self.assertNotIn("mbuf pool", p.out)

    def test_tx_first_refuses_a_frame_larger_than_an_mbuf(self):
        self.fails(["--tx-first", "--txpkts=9600"],
                   "pmdfwd: tx_first: the --txpkts frame of 9600 bytes does not fit one mbuf",
                   vdevs=RING_VDEVS)

    def test_txonly_with_a_pool_smaller_than_one_burst(self):
        p = self.fails(["--forward-mode=txonly", "--burst=512", "--txpkts=" + ",".join(["64"] * 8),
                        "--total-num-mbufs=2048"],
                       "one burst needs 4096 mbufs (512 packets x 8 segments) and the pool holds "
                       "only 2048: nothing could ever be sent")
        self.assertIn("engine txonly could not set up stream", p.out)

    def test_eth_peer_with_signs_and_spaces(self):
        for mac in ("-1:-1:-1:-1:-1:-1", "+1:+1:+1:+1:+1:+1", " 1: 2: 3: 4: 5: 6"):
            with self.subTest(mac=mac):
                self.fails([f"--eth-peer=0,{mac}"],
                           f"eth-peer: '{mac}' is not a MAC address (expected XX:XX:XX:XX:XX:XX",
                           rc=2)

    def test_raw_mode_back_after_stop_and_continue(self):
        # Ctrl-Z then `fg`: the job-control shell puts the terminal back in
        # cooked mode while pmdfwd is stopped; SIGCONT must restore raw mode.
        # (SIGSTOP stands for SIGTSTP: a new session's group is orphaned.)
        import termios
        master, slave = os.openpty()
        self.addCleanup(os.close, master)
        p = self.start(["-i", "--run-time=60"], stdin=slave, stdout=slave, stderr=slave)
        os.close(slave)
        out = b""
        deadline = time.monotonic() + HANG
        while b"pmdfwd> " not in out and time.monotonic() < deadline:
            if select.select([master], [], [], 0.1)[0]:
                out += os.read(master, 65536)
        self.assertIn(b"pmdfwd> ", out)
        lflag = lambda: termios.tcgetattr(master)[3]  # noqa: E731
        self.assertFalse(lflag() & (termios.ICANON | termios.ECHO), "not raw at start")
        p.signal(signal.SIGSTOP)
        cooked = termios.tcgetattr(master)
        cooked[3] |= termios.ICANON | termios.ECHO
        termios.tcsetattr(master, termios.TCSANOW, cooked)
        p.signal(signal.SIGCONT)
        deadline = time.monotonic() + 5
        while lflag() & (termios.ICANON | termios.ECHO) and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertFalse(lflag() & (termios.ICANON | termios.ECHO),
                         "still cooked 5 s after SIGCONT")
        os.write(master, b"quit\r")
        self.assertEqual(self.finished(p), 0)


def peak_rss_kb(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError(f"no VmHWM in /proc/{pid}/status")


class CommandLineTest(Case):
    """Item 7: odd bytes and sizes in piped shell commands."""

    def test_nul_byte_in_a_command(self):
        p = self.start(["-i", "--run-time=60"], stdin=subprocess.PIPE)
        p.proc.stdin.write(b"sta\0rt\nquit\n")
        p.proc.stdin.close()
        self.assertEqual(self.finished(p), 0, p.describe())
        self.assertIn("the command line has a NUL byte at column 4 (not allowed in a command): "
                      "'sta\\x00rt'", p.out)
        self.assertNotIn("unknown command 'sta'", p.out)
        self.assertNotIn("packet forwarding - ports", p.out)

    def test_one_very_long_piped_line(self):
        # 32 MB in one line: it took 10 s and 400 MB (quadratic scanning,
        # the whole line kept). Now: refused with a message, memory bounded.
        p = self.start(["-i", "--run-time=60"], stdin=subprocess.PIPE)
        self.assertTrue(p.wait_for("pmdfwd> "), p.describe())
        before = peak_rss_kb(p.proc.pid)
        start = time.monotonic()
        chunk = b"x" * (1 << 20)
        for _ in range(32):
            p.proc.stdin.write(chunk)
        p.proc.stdin.write(b"\nshow config fwd\n")
        p.proc.stdin.flush()
        # show config fwd's stream display, as testpmd's.
        self.assertTrue(p.wait_for("forwards packets on 2 streams", timeout=60),
                        p.describe()[-2000:])
        elapsed = time.monotonic() - start
        grown_mb = (peak_rss_kb(p.proc.pid) - before) / 1024
        p.proc.stdin.write(b"quit\n")
        p.proc.stdin.close()
        self.assertEqual(self.finished(p), 0, p.describe()[-2000:])
        self.assertIn("line 1 is longer than 65536 bytes (allowed: at most that per command); "
                      "skipped", p.out)
        self.assertLess(grown_mb, 16, "peak RSS grew that much for one long line")
        self.assertLess(elapsed, 20, p.describe()[-2000:])


class SessionInputTest(Case):
    """Issue 37: quit in a command file, a last line without a newline."""

    def test_quit_in_the_cmdline_file_keeps_the_prompt(self):
        # testpmd 22.11 ends only the file; pmdfwd used to end the session.
        cmds = self.tmp / "cmds.txt"
        cmds.write_text("set burst 5\nquit\nset burst 7\n")
        p = self.start([f"--cmdline-file={cmds}", "-i", "--run-time=60"], stdin=subprocess.PIPE)
        p.proc.stdin.write(b"show config fwd\nquit\n")
        p.proc.stdin.close()
        self.assertEqual(self.finished(p), 0, p.describe())
        self.assertIn("Number of packets per burst set to 5", p.out, p.describe())
        self.assertNotIn("set to 7", p.out)
        # The piped commands ran after the file: the session went on.
        self.assertIn("forwards packets on 2 streams", p.out, p.describe())

    def test_a_piped_last_line_without_newline_is_not_run(self):
        p = self.start(["-i", "--run-time=60"], stdin=subprocess.PIPE)
        p.proc.stdin.write(b"set burst 5\nstart")
        p.proc.stdin.close()
        self.assertEqual(self.finished(p), 0, p.describe())
        self.assertNotIn("packet forwarding - ports", p.out)
        self.assertIn("start\n(end of input: this last line had no newline and was not run, "
                      "as in testpmd)", p.out)


if __name__ == "__main__":
    unittest.main()
