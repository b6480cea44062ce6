"""Robustness of the pmdfwd binary: start-up failures end with a clear
message and a non-zero exit status (never a signal, never a hang), and
SIGINT/SIGTERM during forwarding (batch and interactive with stdin held
open) stop the lcores, print the final statistics once and exit 0, also
when a second signal arrives during the shutdown.

Run: PMDFWD_BIN=build/pmdfwd PYTHONPATH=python /usr/bin/python3 tests/e2e/test_robustness.py
"""
import ctypes
import platform
import signal
import subprocess
import tempfile
import time
import unittest
from pathlib import Path


import forwarder  # noqa: E402
import rig  # noqa: E402

RING_VDEVS = ["--vdev", "net_ring0", "--vdev", "net_ring1"]
# A failing start-up has nothing to wait for; a hang is a failure.
STARTUP_TIMEOUT = 30


class StartupFailureTest(unittest.TestCase):
    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory(prefix="pmdfwd-robust-")
        self.addCleanup(self._tmp.cleanup)

    def fails(self, eal_extra, app_args, message, *, rc=1, lcores=("-l", "0-1"), memory=rig.NO_HUGE_MB):
        """Runs pmdfwd with its own EAL arguments; checks a clean failure."""
        prefix = rig.unique_prefix()
        args = [str(rig.pmdfwd_bin()), *lcores, "--no-pci", "--no-huge", "-m", memory,
                "--no-shconf", "--file-prefix", prefix, *eal_extra, "--", *app_args]
        run = forwarder.run(args, cwd=self._tmp.name, timeout=STARTUP_TIMEOUT, prefix=prefix)
        self.assertGreater(run.rc, 0, "killed by a signal or exit 0\n" + run.describe())
        self.assertEqual(run.rc, rc, run.describe())
        self.assertIn(message, run.out, run.describe())
        self.assertNotIn("Segmentation", run.out)
        self.assertNotIn("ERROR: AddressSanitizer", run.out)
        return run

    def test_no_ports(self):
        self.fails([], ["--run-time=1"], "no ports: give EAL virtual devices")

    def test_only_the_main_lcore(self):
        self.fails(RING_VDEVS, ["--run-time=1"], "no forwarding lcore", lcores=("-l", "0"))

    def test_more_cores_than_lcores(self):
        self.fails(RING_VDEVS, ["--nb-cores=4"], "--nb-cores=4 but EAL gives only 1")

    def test_pool_larger_than_memory(self):
        self.fails(RING_VDEVS, ["--total-num-mbufs=100000"],
                   "cannot create mbuf pool mb_pool_0 of 100000 mbufs", memory="16")

    def test_pool_of_absurd_size(self):
        self.fails(RING_VDEVS, [f"--total-num-mbufs={1 << 30}"], "cannot create mbuf pool")

    def test_vdev_that_fails_to_probe_alone(self):
        self.fails(["--vdev", "net_pcap0,rx_pcap=/nonexistent.pcap"], ["--run-time=1"],
                   "--vdev net_pcap0,rx_pcap=/nonexistent.pcap did not probe")

    def test_vdev_that_fails_to_probe_among_good_ones(self):
        # EAL carries on; pmdfwd must not forward on the remaining ports.
        run = self.fails([*RING_VDEVS, "--vdev=net_pcap2,rx_pcap=/nonexistent.pcap"],
                         ["--run-time=1"], "--vdev net_pcap2,rx_pcap=/nonexistent.pcap did not")
        self.assertNotIn("packet forwarding", run.out)

    def test_unknown_forward_mode(self):
        self.fails(RING_VDEVS, ["--forward-mode=nosuch"],
                   "unknown mode 'nosuch' (allowed: ", rc=2)

    def test_bad_option_values(self):
        cases = [
            (["--burst=0"], "burst: 0 is out of range (allowed: 1..512)"),
            (["--burst=abc"], "burst"),
            (["--nb-cores=-1"], "nb-cores"),
            (["--rxq=0"], "rxq"),
            (["--rxq=99999"], "rxq"),
            (["--stats-period=x"], "stats-period"),
            (["--run-time=-3"], "run-time"),
            (["--stats-format=xml"], "allowed: text, json"),
            (["--port-topology=ring"], "port-topology"),
            (["--eth-peer=0,zz:zz"], "eth-peer"),
            (["--txpkts=0"], "txpkts"),
            (["--macswap-kernel=nosuch"], "unknown macswap kernel 'nosuch'"),
            (["--nosuch-option"], "unknown option '--nosuch-option'"),
            (["--burst"], "burst"),
        ]
        for app_args, message in cases:
            with self.subTest(args=app_args):
                self.fails(RING_VDEVS, app_args, message, rc=2)

    def test_bad_eal_option(self):
        # Status 1 on every DPDK: 25.11's EAL exits by itself with -EINVAL
        # (234), older ones return an error.
        run = self.fails(["--no-such-eal-flag"], [], "EAL initialisation failed")
        self.assertNotIn("Bye", run.out)

    def test_eal_help_exits_zero(self):
        # EAL prints its usage and exits 0 by itself; the EAL failure status
        # (above) must leave that exit alone.
        prefix = rig.unique_prefix()
        args = [str(rig.pmdfwd_bin()), "--no-pci", "--no-huge", "-m", "64", "--no-shconf",
                "--file-prefix", prefix, "--help"]
        run = forwarder.run(args, cwd=self._tmp.name, timeout=STARTUP_TIMEOUT, prefix=prefix)
        self.assertEqual(run.rc, 0, run.describe())
        self.assertIn("--vdev", run.out, run.describe())
        self.assertNotIn("EAL initialisation failed", run.out)

    def test_app_help_before_eal(self):
        # Issue 21: `pmdfwd -- --help` is the application's usage, printed
        # before EAL: an EAL argument that would fail is never looked at, no
        # runtime directory is made, no device probed.
        prefix = rig.unique_prefix()
        for help_word in ("--help", "-h", "--he"):
            args = [str(rig.pmdfwd_bin()), "--no-such-eal-flag", "--file-prefix", prefix, "--",
                    "-i", help_word]
            run = forwarder.run(args, cwd=self._tmp.name, timeout=STARTUP_TIMEOUT)
            self.assertEqual(run.rc, 0, run.describe())
            self.assertIn("usage: ", run.out, run.describe())
            self.assertIn("--testpmd-texts", run.out)
            self.assertNotIn("EAL:", run.out, run.describe())
            self.assertFalse(any(Path(d, prefix).exists() for d in ("/var/run/dpdk", "/tmp/dpdk")))


def ring_forwarder(app_args, *, stdin_open=False):
    """pmdfwd forwarding on a ring loopback (forwarder.Process, its output
    collected as it runs); the caller closes it (close() or a with block);
    batch runs carry a --run-time safety limit."""
    prefix = rig.unique_prefix()
    interactive = "-i" in app_args
    app = ["--tx-first", *(app_args if interactive else forwarder.with_safety_limit(app_args))]
    return forwarder.start_pmdfwd(None, [*rig.eal_args(prefix), *RING_VDEVS], app, prefix=prefix,
                                  stdin=subprocess.PIPE if stdin_open else subprocess.DEVNULL)


def finish(fwd, timeout=30):
    """Exit status (None if it hung and had to be killed) and output."""
    rc = fwd.wait(timeout)
    fwd.close()
    return rc, fwd.out


def lcore_thread(pid):
    """The thread id of a forwarding lcore of process pid (EAL names them
    by version: rig.lcore_thread_prefix)."""
    prefix = rig.lcore_thread_prefix()
    names = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        names.append((task / "comm").read_text().strip())
        if names[-1].startswith(prefix):
            return int(task.name)
    raise AssertionError(f"no {prefix}* (lcore) thread in /proc/{pid}/task, DPDK "
                         f"{rig.dpdk_version()}: threads {names}")


def tgkill(pid, tid, sig):
    """A signal to one thread of pid, as the kernel may deliver a
    process-directed one to any thread that does not block it."""
    libc = ctypes.CDLL(None, use_errno=True)
    SYS_tgkill = {"x86_64": 234, "aarch64": 131}[platform.machine()]
    if libc.syscall(SYS_tgkill, pid, tid, int(sig)) != 0:
        raise OSError(ctypes.get_errno(), "tgkill")


class SignalTest(unittest.TestCase):
    def stop_with(self, signals, app_args, ready, *, stdin_open=False, to_lcore=False):
        fwd = ring_forwarder(app_args, stdin_open=stdin_open)
        self.addCleanup(fwd.close)  # also when an assertion below fails
        self.assertTrue(fwd.wait_for(ready), fwd.out)
        time.sleep(0.5)  # forwarding for a while
        for sig in signals:
            if to_lcore:
                tgkill(fwd.proc.pid, lcore_thread(fwd.proc.pid), sig)
            else:
                fwd.proc.send_signal(sig)
            time.sleep(0.01)
        rc, out = finish(fwd)
        self.assertIsNotNone(rc, "still running 30 s after the signal\n" + out)
        self.assertEqual(rc, 0, out)
        self.assertEqual(out.count("Accumulated forward statistics for all ports"), 1, out)
        self.assertEqual(out.count("Bye..."), 1, out)
        stats = rig.port_fwd_stats(out)
        self.assertEqual(set(stats), {0, 1}, out)
        self.assertGreater(stats[0]["rx"], 0, out)
        streams = rig.stream_fwd_stats(out)
        for key, s in streams.items():
            self.assertEqual(s["rx"], s["tx"] + s["dropped"], f"stream {key}\n{out}")
        return out

    def test_batch_sigint(self):
        self.stop_with([signal.SIGINT], [], "Press enter to exit")

    def test_batch_sigterm(self):
        self.stop_with([signal.SIGTERM], ["--forward-mode=macswap"], "Press enter to exit")

    def test_batch_two_signals(self):
        self.stop_with([signal.SIGINT, signal.SIGINT], [], "Press enter to exit")

    def test_interactive_sigint_with_stdin_open(self):
        self.stop_with([signal.SIGINT], ["-i", "--auto-start"], "nb forwarding cores",
                       stdin_open=True)

    def test_interactive_sigterm_with_stdin_open(self):
        self.stop_with([signal.SIGTERM], ["-i", "--auto-start"], "nb forwarding cores",
                       stdin_open=True)

    def test_interactive_signal_landing_on_an_lcore_thread(self):
        # The shell must not sit in a blocking read the signal cannot end.
        self.stop_with([signal.SIGINT], ["-i", "--auto-start"], "nb forwarding cores",
                       stdin_open=True, to_lcore=True)

    def test_batch_signal_landing_on_an_lcore_thread(self):
        self.stop_with([signal.SIGTERM], [], "Press enter to exit", to_lcore=True)

    def test_interactive_run_time_is_a_session_limit(self):
        # Issue 21: -i --run-time=2 is honoured (not silently ignored): the
        # shell, its input still open, quits by itself and says why.
        started = time.monotonic()
        with ring_forwarder(["-i", "--run-time=2", "--auto-start"], stdin_open=True) as f:
            rc, out = finish(f, timeout=30)
        self.assertEqual(rc, 0, out)
        self.assertIn("--run-time of 2 s reached: quitting the shell", out)
        self.assertIn("Accumulated forward statistics", out)
        self.assertIn("Bye...", out)
        self.assertLess(time.monotonic() - started, 25, out)

    def test_interactive_two_signals(self):
        self.stop_with([signal.SIGTERM, signal.SIGINT], ["-i", "--auto-start"],
                       "nb forwarding cores", stdin_open=True)


if __name__ == "__main__":
    unittest.main()
