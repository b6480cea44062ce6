"""An interleaved subject inside a Debian root (root=): its telemetry socket is
looked for under the root's /run, where the chrooted forwarder makes it, and
not through the root's /var/run link, which on this host leads to the host's
/run. A forwarder of this host keeps EAL's own path."""
import os
import shutil
import tempfile
import unittest

import _path  # noqa: F401
from pmdfwd_dev import eal
from pmdfwd_dev.roots import enter as roots
from pmdfwd_perf import interleave


class InterleaveRoot(unittest.TestCase):
    def setUp(self):
        # A root as Debian makes it: its var/run is a link to /run.
        self.root = tempfile.mkdtemp(prefix="pmdfwd-fake-root-")
        self.addCleanup(shutil.rmtree, self.root)
        os.makedirs(os.path.join(self.root, "var"))
        os.symlink("/run", os.path.join(self.root, "var", "run"))
        roots._active[self.root] = object()
        self.addCleanup(roots._active.pop, self.root)

    def test_a_root_subjects_socket_is_under_the_roots_run(self):
        argv = [f"{self.root}/opt/seed/bin/dpdk-testpmd", "--file-prefix", "p1", "--", "-i"]
        base = eal.runtime_base()
        want = f"{self.root}/run/dpdk/p1/dpdk_telemetry.v2" if base == "/var/run/dpdk" else \
            self.root + eal.telemetry_socket("p1")
        self.assertEqual(interleave.telemetry_socket(argv), want)

    def test_a_host_subjects_socket_is_eals(self):
        argv = ["/usr/bin/dpdk-testpmd", "--file-prefix=p2"]
        self.assertEqual(interleave.telemetry_socket(argv), eal.telemetry_socket("p2"))


if __name__ == "__main__":
    unittest.main()
