"""What a first-time user of scripts/perf meets (issue 21): the quick start
of doc/perf-tool.md is one cell that takes about a minute, and SIGTERM leaves
no temp or DPDK runtime folder behind."""
import glob
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

import _path  # noqa: F401
from pmdfwd_perf import machine

from pmdfwd_dev import owned_process

PERF = os.path.join(_path.SCRIPTS, "perf")
DOC = os.path.join(_path.ROOT, "doc", "perf-tool.md")
TESTPMD = shutil.which("dpdk-testpmd")
SUBJECT = os.environ.get("PMDFWD_BIN") or TESTPMD


def quick_start_command():
    """The first command of the doc's Quick start block, as argv."""
    with open(DOC) as f:
        text = f.read()
    block = text[text.index("## Quick start"):]
    block = block[block.index("```sh") + 5:block.index("```", block.index("```sh") + 5)]
    command = re.search(r"^scripts/perf .*?(?<!\\)$", block.replace("\\\n", " "), re.M)[0]
    return shlex.split(command)


def option(argv, *names):
    for i, a in enumerate(argv):
        if a in names:
            return argv[i + 1]
    raise AssertionError(f"the quick start gives no {names[0]}: {argv}")


class QuickStart(unittest.TestCase):
    def test_one_cell_in_about_a_minute(self):
        argv = quick_start_command()
        reps, secs = int(option(argv, "-R", "--reps")), float(option(argv, "-T", "--duration"))
        warmup = float(option(argv, "-W", "--warmup"))
        self.assertGreaterEqual(reps, 4, "fewer runs can only ever give 'within noise'")
        # Two subjects; EAL start-up and the stop take about 3 s a run.
        self.assertLessEqual(2 * reps * (warmup + secs + 3), 90, argv)
        if not (TESTPMD and os.path.exists(os.path.join(_path.ROOT, "build", "pmdfwd"))):
            self.skipTest("dpdk-testpmd or build/pmdfwd missing: the plan cannot be listed")
        out = tempfile.mkdtemp(prefix="perf-quick-")
        self.addCleanup(shutil.rmtree, out, True)
        argv[argv.index("--out") + 1] = out
        r = owned_process.run([sys.executable, PERF, *argv[1:], "--dry-run"], cwd=_path.ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
        self.assertEqual(r.returncode, 0, r.stderr)
        cells = {line.split(" [")[0] for line in r.stdout.splitlines() if " [" in line}
        self.assertEqual(cells, {"ring-hot/macswap/64B/1Q1C"}, r.stdout)

    def test_interleaved_plan_lists_the_same_cell(self):
        """compare --interleave plans its cells as run does (one plan_cells):
        the quick start's one cell, a command line for each subject."""
        argv = quick_start_command()
        if not (TESTPMD and os.path.exists(os.path.join(_path.ROOT, "build", "pmdfwd"))):
            self.skipTest("dpdk-testpmd or build/pmdfwd missing: the plan cannot be listed")
        out = tempfile.mkdtemp(prefix="perf-quick-")
        self.addCleanup(shutil.rmtree, out, True)
        argv[argv.index("--out") + 1] = out
        r = owned_process.run([sys.executable, PERF, *argv[1:], "--interleave", "--dry-run"], cwd=_path.ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
        self.assertEqual(r.returncode, 0, r.stderr)
        planned = {line.split(": ")[0] for line in r.stdout.splitlines() if " [" in line}
        self.assertEqual(planned, {"ring-hot/macswap/64B/1Q1C [testpmd subject]",
                                   "ring-hot/macswap/64B/1Q1C [pmdfwd subject]"}, r.stdout)


def skip_reason():
    if not SUBJECT:
        return "no subject binary (PMDFWD_BIN or dpdk-testpmd)"
    ok, why = machine.hugepages_available()
    return None if ok else f"hugepages: {why}"


@unittest.skipIf(skip_reason(), skip_reason())
class Sigterm(unittest.TestCase):
    def test_leaves_no_temp_or_runtime_folder(self):
        tmp = tempfile.mkdtemp(prefix="perf-sigterm-")
        self.addCleanup(shutil.rmtree, tmp, True)
        out = os.path.join(tmp, "out")
        work = os.path.join(tmp, "tmp")
        os.mkdir(work)
        p = owned_process.OwnedProcess([sys.executable, PERF, "run", "--subject", f"s:{SUBJECT}",
                                        "--rigs", "ring", "--ring-tiers", "hot", "--layouts", "1Q1C",
                                        "--frames", "64", "-R", "3", "-T", "5", "-W", "1", "--out", out,
                                        "-q"], env={**os.environ, "TMPDIR": work},
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.addCleanup(p.kill)
        runtime = f"/var/run/dpdk/pmdfwd-perf-{p.proc.pid}-*"
        deadline = time.monotonic() + 30
        while not glob.glob(runtime) and time.monotonic() < deadline and p.proc.poll() is None:
            time.sleep(0.1)
        self.assertTrue(glob.glob(runtime), "no forwarder started")
        self.assertTrue(os.listdir(work), "no work folder made")
        time.sleep(1)
        p.proc.send_signal(signal.SIGTERM)
        _, err = p.proc.communicate(timeout=30)
        self.assertEqual(p.proc.returncode, 128 + signal.SIGTERM, err)
        self.assertIn("stopped by SIGTERM", err)
        self.assertEqual(os.listdir(work), [], "temp folders left")
        self.assertEqual(glob.glob(runtime), [], "DPDK runtime folders left")


if __name__ == "__main__":
    unittest.main()
