"""perf compare --interleave end to end on net_null: two owned dpdk-testpmd
(or $PMDFWD_BIN) instances, a few seconds of windows, every window in
results.json, those that counted nothing reported and left out, the paired
verdict present; on vhost, two processes a subject, each forwarder with its
own telemetry socket."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import _path
from pmdfwd_dev import owned_process
from pmdfwd_perf import machine


def why_skip():
    binary = os.environ.get("PMDFWD_BIN") or shutil.which("dpdk-testpmd")
    if not binary:
        return "no dpdk-testpmd and no PMDFWD_BIN"
    ok, why = machine.hugepages_available()
    return None if ok else f"hugepages: {why}"


def logs_tail(out):
    """The end of every process log the run left, for a failure's message."""
    logs = os.path.join(out, "logs")
    text = ""
    for name in sorted(os.listdir(logs)) if os.path.isdir(logs) else []:
        with open(os.path.join(logs, name), errors="replace") as f:
            text += f"\n--- {name}\n{f.read()[-2000:]}"
    return text


@unittest.skipIf(why_skip(), why_skip())
class InterleaveLive(unittest.TestCase):
    def aa(self, rig, warmup_pairs, timeout):
        """An A/A of 10 pairs of 100 ms windows on rig, io mode: the run's
        output and its one cell's results."""
        binary = os.environ.get("PMDFWD_BIN") or shutil.which("dpdk-testpmd")
        out = tempfile.mkdtemp(prefix=f"perf-interleave-{rig}-")
        self.addCleanup(shutil.rmtree, out, True)
        r = owned_process.run([sys.executable, os.path.join(_path.SCRIPTS, "perf"), "compare", "--interleave",
                               "--a", f"A:{binary}", "--b", f"B:{binary}", "--rigs", rig, "--modes", "io",
                               "--frames", "64", "--layouts", "1Q1C", "--pairs", "10",
                               "--warmup-pairs", str(warmup_pairs), "--window-ms", "100", "--out", out,
                               "--store", "none", "-q"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
        self.assertEqual(r.returncode, 0, r.stdout.decode(errors="replace") + logs_tail(out))
        with open(os.path.join(out, "results.json")) as f:
            return r, json.load(f)["cells"][f"{rig}/io/64B/1Q1C"]

    def test_null_aa(self):
        r, cell = self.aa("null", warmup_pairs=2, timeout=90)
        self.assertEqual(len(cell["windows"]), 12)
        self.assertEqual(sum(w["warmup"] for w in cell["windows"]), 2)
        for w in cell["windows"]:
            for side in ("a", "b"):
                self.assertGreaterEqual(w[side]["rate_pps"], 0)
                self.assertGreater(w[side]["t1"] - w[side]["t0"], 0.09)
        # On a loaded machine a window may find its forwarder without a CPU
        # and count nothing: such pairs are reported and left out, the rest
        # judged; most windows must count.
        measured = [w for w in cell["windows"] if not w["warmup"]]
        empty = sum(1 for w in measured if min(w["a"]["rate_pps"], w["b"]["rate_pps"]) == 0)
        self.assertLessEqual(empty, 2, "measured pairs with a window that counted nothing")
        self.assertEqual(cell["empty_pairs"], empty)
        self.assertEqual(cell["paired"]["pairs"], 10 - empty)
        self.assertIn(cell["paired"]["verdict"], ("faster", "slower", "within noise"))
        self.assertIn("null/io/64B/1Q1C: B/A", r.stdout.decode())

    def test_vhost_each_forwarder_its_own_socket(self):
        # The vhost forwarder runs --in-memory (virtio_user hands its memory
        # over by file descriptor); with no --file-prefix of its own the two
        # instances shared one telemetry socket and the tool refused the rig.
        _, cell = self.aa("vhost", warmup_pairs=1, timeout=120)
        measured = [w for w in cell["windows"] if not w["warmup"]]
        self.assertGreaterEqual(sum(1 for w in measured if min(w["a"]["rate_pps"], w["b"]["rate_pps"]) > 0), 8)
        self.assertIn(cell["paired"]["verdict"], ("faster", "slower", "within noise"))

    def test_afpacket_refused_with_reason(self):
        r = owned_process.run([sys.executable, os.path.join(_path.SCRIPTS, "perf"), "compare", "--interleave",
                               "--a", "dpdk-testpmd", "--b", "B:dpdk-testpmd", "--rigs", "afpacket", "--store", "none"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
        self.assertEqual(r.returncode, 2)
        self.assertIn("two afpacket instances", r.stdout.decode())


if __name__ == "__main__":
    unittest.main()
