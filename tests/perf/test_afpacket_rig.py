"""The afpacket rig for real: one 1-second io cell on a veth pair in a
network namespace of the forwarder's own (pmdfwd_perf/rigs.py), frames
crossing the kernel both ways. Subject: $PMDFWD_BIN if set, else Debian's
dpdk-testpmd. Skipped, saying why, without the binary or where this user may
not make a network namespace. About 10 s.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import _path  # noqa: F401
from pmdfwd_perf import rigs

from pmdfwd_dev import owned_process

PERF = os.path.join(_path.SCRIPTS, "perf")
SUBJECT = os.environ.get("PMDFWD_BIN") or shutil.which("dpdk-testpmd")


def skip_reason():
    if not SUBJECT or not os.access(SUBJECT, os.X_OK):
        return f"no subject binary (PMDFWD_BIN={os.environ.get('PMDFWD_BIN')!r}, dpdk-testpmd not on PATH)"
    ok, why = rigs.afpacket_available()
    return None if ok else why


@unittest.skipIf(skip_reason(), skip_reason())
class TestAfpacketRig(unittest.TestCase):
    def test_one_io_cell(self):
        out = tempfile.mkdtemp(prefix="perf-afpacket-")
        self.addCleanup(shutil.rmtree, out, True)
        cmd = [sys.executable, PERF, "run", "--subject", f"subject:{SUBJECT}", "--rigs", "afpacket",
               "--modes", "io", "--frames", "64", "--layouts", "1Q1C", "--no-huge",
               "-R", "1", "-T", "1", "-W", "1", "--out", out, "-q"]
        r = owned_process.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        with open(os.path.join(out, "results.json")) as f:
            (s,) = json.load(f)["samples"]
        self.assertEqual(s["cell"], "afpacket/io/64B/1Q1C")
        self.assertNotIn("error", s)
        self.assertGreater(s["best_pps"], 0)
        # The namespace went with the forwarder: no pf0 left in ours.
        self.assertFalse(os.path.exists("/sys/class/net/pf0"))


if __name__ == "__main__":
    unittest.main()
