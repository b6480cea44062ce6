"""A SIGKILLed test runner leaves no forwarder of a perf run behind (issues 18
and 20): the runner starts scripts/perf through the process owner
(pmdfwd_dev.owned_process), scripts/perf starts its forwarder through the
same owner, and SIGKILL runs no Python, so only the parent-death signals of
that chain can end them. The run's processes are found by their EAL
--file-prefix, pmdfwd-perf-<scripts/perf's pid>-..."""
import glob
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import unittest

import _path
from pmdfwd_dev import eal, owned_process

PERF = os.path.join(_path.SCRIPTS, "perf")
SUBJECT = os.environ.get("PMDFWD_BIN") or shutil.which("dpdk-testpmd")

# The test runner stand-in: starts scripts/perf (argv[1:]) through the owner,
# reports its pid, and waits to be killed.
RUNNER = textwrap.dedent("""
    import subprocess, sys, time
    from pmdfwd_dev import owned_process
    perf = owned_process.OwnedProcess(sys.argv[1:], deadline=120, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)
    print("PERF", perf.pid, flush=True)
    time.sleep(120)
""")


def processes_with(marker):
    """Pids of live (not zombie) processes whose command line holds marker."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmdline = f.read().replace(b"\0", b" ").decode(errors="replace")
            with open(f"/proc/{entry}/stat") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if marker in cmdline and "--help" not in cmdline and state != "Z":
            pids.append(int(entry))
    return pids


def wait_until(predicate, timeout):
    deadline = time.monotonic() + timeout
    while not predicate() and time.monotonic() < deadline:
        time.sleep(0.05)
    return predicate()


@unittest.skipIf(not SUBJECT or not os.access(SUBJECT, os.X_OK), "no subject binary (PMDFWD_BIN or dpdk-testpmd)")
class SigkilledRunner(unittest.TestCase):
    def test_perf_run_dies_with_a_sigkilled_runner(self):
        out = tempfile.mkdtemp(prefix="perf-sigkill-")
        self.addCleanup(shutil.rmtree, out, True)
        perf = [sys.executable, PERF, "run", "--subject", f"s:{SUBJECT}", "--rigs", "ring",
                "--ring-tiers", "hot", "--layouts", "1Q1C", "--frames", "64", "--no-huge",
                "-R", "1", "-T", "60", "-W", "1", "--out", out, "-q", "--store", "none"]
        runner = owned_process.OwnedProcess([sys.executable, "-c", RUNNER, *perf], deadline=120,
                                            stdout=subprocess.PIPE, text=True)
        self.addCleanup(runner.close)
        line = runner.proc.stdout.readline()
        self.assertTrue(line.startswith("PERF "), line)
        perf_pid = int(line.split()[1])
        marker = f"pmdfwd-perf-{perf_pid}-"
        self.addCleanup(lambda: [eal.remove_runtime_dir(os.path.basename(d))
                                 for d in glob.glob(os.path.join(eal.runtime_base(), marker + "*"))])
        self.assertTrue(wait_until(lambda: processes_with(marker), 45), "no forwarder of the run started")
        forwarders = processes_with(marker)

        os.kill(runner.pid, signal.SIGKILL)  # the runner alone: no Python cleanup runs
        runner.proc.wait(10)

        gone = wait_until(lambda: not processes_with(marker) and _ended(perf_pid), 10)
        left = processes_with(marker)
        for pid in left:
            os.kill(pid, signal.SIGKILL)  # ours: do not leak them from here either
        self.assertTrue(gone and not left,
                        f"scripts/perf {perf_pid}, forwarders {forwarders}: {left} outlived the SIGKILLed runner")


def _ended(pid):
    """True once pid has exited (a zombie waiting for init counts)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return True


if __name__ == "__main__":
    unittest.main()
