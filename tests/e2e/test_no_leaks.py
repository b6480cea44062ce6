"""No test leaves a forwarder behind, however it ends: the helpers every test
starts processes with (pmdfwd_dev.owned_process, and forwarder.py's
run, start and Process on it) kill the whole process group when
the test fails half-way, when its interpreter exits on an uncaught
exception, on SIGTERM, and - through the kernel - when it is SIGKILLed.
Each case starts a real forwarder, makes its owner fail, and checks that
no process of the forwarder's group is left.

Run: PMDFWD_BIN=build/pmdfwd PYTHONPATH=python /usr/bin/python3 tests/e2e/test_no_leaks.py
"""
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import unittest
from pathlib import Path


import rig  # noqa: E402
from pmdfwd_dev import owned_process
import forwarder  # noqa: E402
from test_robustness import RING_VDEVS, ring_forwarder  # noqa: E402


def wait_gone(pgid, timeout=10):
    deadline = time.monotonic() + timeout
    while owned_process.group_alive(pgid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not owned_process.group_alive(pgid)


# The child test processes import the e2e rig as the tests do: from their
# folder, and the shared package from the PYTHONPATH meson gives this test.
CHILD_ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(
    p for p in (str(rig.HERE), os.environ.get("PYTHONPATH")) if p)}


# A test process that starts a forwarder through the rig, reports its
# process group, and then fails in the way argv[1] says.
CHILD = textwrap.dedent("""
    import faulthandler, signal, subprocess, sys, time
    import forwarder, rig
    faulthandler.register(signal.SIGUSR1, all_threads=True)  # the parent asks where it hangs
    prefix = rig.unique_prefix()
    fwd = forwarder.start_pmdfwd(None, [*rig.eal_args(prefix), "--vdev", "net_ring0",
                                  "--vdev", "net_ring1"], ["--tx-first", "--run-time=60"],
                                 prefix=prefix, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
    time.sleep(1)  # forwarding by now
    print("PGID", fwd.pgid, prefix, flush=True)
    sys.stdin.readline()  # the parent has seen the forwarder running
    if sys.argv[1] == "raise":
        raise RuntimeError("a test failing with an uncaught exception")
    time.sleep(60)  # until the parent signals
""")


# A test process that starts a process through one of the e2e helpers named
# by argv[1], reports its pid, and waits to be killed.
HELPER_CHILD = textwrap.dedent("""
    import sys, time
    import forwarder, shell

    argv = ["sleep", "300"]
    start = {
        "forwarder.Process": lambda: forwarder.Process(argv).proc,
        "shell.start": lambda: shell.start(None, argv, prefix="pmdfwd-none").proc,
        "shell.start terminal": lambda: shell.start(None, argv, terminal=True).proc,
    }[sys.argv[1]]
    print("PID", start().pid, flush=True)
    time.sleep(300)
""")


class HelperParentDeathTest(unittest.TestCase):
    """Issue 18: every helper that starts a process gives it a process group
    and a parent-death signal, not only owned_process.OwnedProcess: a test
    runner killed with SIGKILL leaves nothing running."""

    def test_every_helper_child_dies_with_a_sigkilled_test(self):
        for helper in ("forwarder.Process", "shell.start", "shell.start terminal"):
            with self.subTest(helper=helper):
                child = owned_process.OwnedProcess(
                    [sys.executable, "-c", HELPER_CHILD, helper], env=CHILD_ENV,
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, deadline=60)
                self.addCleanup(child.close)
                line = child.proc.stdout.readline()
                if not line.startswith("PID "):
                    child.kill()
                    self.fail(f"{helper}: {line!r} {child.proc.stderr.read()}")
                pid = int(line.split()[1])
                self.assertTrue(owned_process.group_alive(pid))
                child.proc.send_signal(signal.SIGKILL)
                child.proc.wait(30)
                if not wait_gone(pid):
                    os.killpg(pid, signal.SIGKILL)
                    self.fail(f"{helper}: its process {pid} outlived the SIGKILLed test")


class NoLeakTest(unittest.TestCase):
    def start_child(self, how):
        child = owned_process.OwnedProcess(
            [sys.executable, "-c", CHILD, how], env=CHILD_ENV, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, deadline=120)
        self.addCleanup(child.close)
        line = child.proc.stdout.readline()
        if not line.startswith("PGID "):
            child.kill()
            self.fail(f"the child test did not start its forwarder: {line!r}\n"
                      f"{child.proc.stderr.read()}")
        pgid, prefix = int(line.split()[1]), line.split()[2]
        # The child cannot remove its forwarder's EAL runtime dir when it is
        # killed: done here.
        self.addCleanup(rig.remove_runtime_dir, prefix)
        self.assertTrue(owned_process.group_alive(pgid), "the forwarder is not running")
        child.proc.stdin.write("go\n")
        child.proc.stdin.flush()
        return child, pgid

    def assertGroupGone(self, pgid, how):
        left = owned_process.group_members(pgid)
        if left and not wait_gone(pgid):
            for pid in owned_process.group_members(pgid):
                os.kill(pid, signal.SIGKILL)  # ours: do not leak it from here either
            self.fail(f"forwarder group {pgid} still running after {how}: pids {left}")

    def test_uncaught_exception_in_the_test_process(self):
        child, pgid = self.start_child("raise")
        self.assertNotEqual(child.proc.wait(30), 0)
        self.assertGroupGone(pgid, "the test died of an uncaught exception")

    def test_sigterm_to_the_test_process(self):
        child, pgid = self.start_child("sleep")
        child.proc.send_signal(signal.SIGTERM)
        self.assertEqual(self.wait_or_explain(child, 30), 128 + signal.SIGTERM)
        self.assertGroupGone(pgid, "SIGTERM to the test")

    def wait_or_explain(self, child, timeout):
        """The child's exit status; if it is still running after timeout,
        a failure with its state and every thread's Python stack (seen once
        in CI, in the ASan stage, and not reproduced: the next one says
        where it hung)."""
        try:
            return child.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            stat = owned_process.proc_stat(child.proc.pid)
            child.proc.send_signal(signal.SIGUSR1)
            time.sleep(1)
            child.kill()
            child.proc.wait(10)
            self.fail(f"the child test still ran {timeout} s after the signal; /proc stat {stat}\n"
                      f"{child.proc.stderr.read()}")

    def test_sigkill_to_the_test_process(self):
        # No Python runs: only the parent-death signal can end the forwarder.
        child, pgid = self.start_child("sleep")
        child.proc.send_signal(signal.SIGKILL)
        child.proc.wait(30)
        self.assertGroupGone(pgid, "SIGKILL to the test")

    def test_assertion_failing_while_a_forwarder_runs(self):
        # The robustness tests' pattern: a ring_forwarder, a cleanup, an assertion
        # that fails before finish() (how the forwarder leaked before).
        seen = {}

        class Inner(unittest.TestCase):
            def runTest(self):
                fwd = ring_forwarder([])
                self.addCleanup(fwd.close)
                seen["pgid"] = fwd.pgid
                self.assertTrue(fwd.wait_for("Press enter to exit"), fwd.out)
                self.fail("failing mid-test on purpose")

        result = unittest.TestResult()
        Inner().run(result)
        self.assertEqual(len(result.failures), 1, result.errors)
        self.assertIn("failing mid-test on purpose", result.failures[0][1])
        self.assertGroupGone(seen["pgid"], "a failed assertion")

    def test_helper_raising_inside_the_with_block(self):
        with self.assertRaises(RuntimeError):
            with ring_forwarder(["--forward-mode=macswap"]) as fwd:
                pgid = fwd.pgid
                self.assertTrue(fwd.wait_for("Press enter to exit"), fwd.out)
                raise RuntimeError("the rig helper raised")
        self.assertGroupGone(pgid, "an exception in the with block")

    def test_batch_forwarder_carries_a_run_time(self):
        fwd = ring_forwarder([])
        self.addCleanup(fwd.close)
        self.assertIn(f"--run-time={forwarder.SAFETY_RUN_TIME}", fwd.args)
        self.assertIn("--run-time=5", forwarder.with_safety_limit(["--run-time=5"]))
        self.assertNotIn(f"--run-time={forwarder.SAFETY_RUN_TIME}",
                         forwarder.with_safety_limit(["--run-time=5"]))

    def test_batch_forwarder_without_run_time_is_refused(self):
        prefix = rig.unique_prefix()
        with self.assertRaisesRegex(ValueError, "needs --run-time"):
            forwarder.start_pmdfwd(self, [*rig.eal_args(prefix), *RING_VDEVS], ["--tx-first"],
                                   prefix=prefix)

    def test_run_timeout_kills_the_whole_group(self):
        with tempfile.TemporaryDirectory() as tmp:
            pidfile = Path(tmp) / "pid"
            with self.assertRaises(subprocess.TimeoutExpired):
                owned_process.run(["sh", "-c", f"echo $$ > {pidfile}; sleep 100 & sleep 100"],
                                  timeout=1, stdout=subprocess.DEVNULL)
            self.assertGroupGone(int(pidfile.read_text()), "run() timed out")

    def test_deadline_kills_a_forgotten_process(self):
        p = owned_process.OwnedProcess(["sleep", "100"], deadline=0.5)
        self.addCleanup(p.close)
        self.assertTrue(wait_gone(p.pgid, 10), "still running after its deadline")


if __name__ == "__main__":
    unittest.main()
