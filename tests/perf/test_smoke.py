"""Smoke test: one real 1-second cell per rig that runs on this machine.

Subject: $PMDFWD_BIN if set (e.g. build/pmdfwd), else Debian's dpdk-testpmd.
Skipped, with the reason, when hugepages or the binary are missing. About
25 s: four cells x (EAL start-up + 1 s warm-up + 1 s measured); memif and
vhost start a generator process first.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import _path  # noqa: F401
from pmdfwd_perf import machine, store

from pmdfwd_dev import owned_process

PERF = os.path.join(_path.SCRIPTS, "perf")
SUBJECT = os.environ.get("PMDFWD_BIN") or shutil.which("dpdk-testpmd")
GENERATOR = shutil.which("dpdk-testpmd") or SUBJECT


def skip_reason():
    if not SUBJECT or not os.access(SUBJECT, os.X_OK):
        return f"no subject binary (PMDFWD_BIN={os.environ.get('PMDFWD_BIN')!r}, dpdk-testpmd not on PATH)"
    ok, why = machine.hugepages_available()
    if not ok:
        return f"hugepages: {why}"
    if len(machine.allowed_cpus()) < 2:
        return "needs 2 CPUs (forwarder and generator on separate cores)"
    return None


@unittest.skipIf(skip_reason(), skip_reason())
class TestSmoke(unittest.TestCase):
    def test_one_cell_per_rig(self):
        out = tempfile.mkdtemp(prefix="perf-smoke-")
        self.addCleanup(shutil.rmtree, out, True)
        cmd = [sys.executable, PERF, "run", "--subject", f"subject:{SUBJECT}", "--generator", GENERATOR,
               "--rigs", "null,ring,memif,vhost", "--frames", "64", "--layouts", "1Q1C", "--ring-tiers", "warm",
               "-R", "1", "-T", "1", "-W", "1", "--out", out, "-q", "--store", os.path.join(out, "store.sqlite")]
        r = owned_process.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        with open(os.path.join(out, "results.json")) as f:
            res = json.load(f)
        by_cell = {s["cell"]: s for s in res["samples"]}
        self.assertEqual(sorted(by_cell), ["memif/macswap/64B/1Q1C", "null/macswap/64B/1Q1C",
                                           "ring-warm/macswap/64B/1Q1C", "vhost/macswap/64B/1Q1C"])
        for key, s in by_cell.items():
            self.assertNotIn("error", s, key)
            self.assertGreater(s["best_pps"], 0, key)
            self.assertEqual(len(s["used_pps"]), 1, key)
        self.assertGreater(by_cell["memif/macswap/64B/1Q1C"]["generator_tx_pps"], 0)
        self.assertGreater(by_cell["vhost/macswap/64B/1Q1C"]["generator_tx_pps"], 0)
        for name in ("report.md", "samples.csv", "summary.csv"):
            self.assertTrue(os.path.getsize(os.path.join(out, name)) > 0, name)
        db = store.connect(os.path.join(out, "store.sqlite"))  # the run was appended to the store
        self.assertEqual(store.cells(db), sorted(by_cell))
        self.assertEqual(db.execute("SELECT kind FROM runs").fetchall()[0][0], "run")


if __name__ == "__main__":
    unittest.main()
