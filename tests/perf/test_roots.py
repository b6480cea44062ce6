"""Subjects inside a Debian root (root=PATH): spec parsing, finding the
binary inside the root (links followed as chroot would), and the command
line that runs it there. Fake roots in a temp dir; nothing is mounted."""
import os
import tempfile
import unittest

from pmdfwd_dev.roots import enter as roots
from pmdfwd_perf import subjects


def fake_root(tmp, *, stdbuf=True):
    os.makedirs(os.path.join(tmp, "etc"))
    with open(os.path.join(tmp, "etc", "debian_version"), "w") as f:
        f.write("13.0\n")
    ubin = os.path.join(tmp, "usr", "bin")
    os.makedirs(ubin)
    names = ["dpdk-testpmd"] + (["stdbuf"] if stdbuf else [])
    for name in names:
        path = os.path.join(ubin, name)
        with open(path, "w") as f:
            f.write("#!/bin/sh\n")
        os.chmod(path, 0o755)
    os.symlink("usr/bin", os.path.join(tmp, "bin"))
    os.makedirs(os.path.join(tmp, "opt", "links"))
    # Absolute links mean the root's /, not the host's.
    os.symlink("/usr/bin/dpdk-testpmd", os.path.join(tmp, "opt", "links", "testpmd"))
    os.symlink("/nonexistent/pmdfwd", os.path.join(tmp, "opt", "links", "dangling"))
    return os.path.realpath(tmp)


class TestRootSpecs(unittest.TestCase):
    def test_root_key_and_label(self):
        s = subjects.parse_spec("root=/var/cache/pmdfwd/roots/trixie,bin=/opt/pmdfwd/build/pmdfwd")
        self.assertEqual(s.root, "/var/cache/pmdfwd/roots/trixie")
        self.assertEqual(s.binary, "/opt/pmdfwd/build/pmdfwd")
        self.assertEqual(s.label, "pmdfwd@trixie")
        self.assertEqual(subjects.parse_spec("root=/r/sid/").label, "dpdk-testpmd@sid")
        self.assertEqual(subjects.parse_spec("t:root=/r/sid").label, "t")
        self.assertEqual(subjects.parse_spec("root=/r/sid,mode=io").describe()["root"], "/r/sid")

    def test_root_with_rev_is_refused(self):
        with self.assertRaisesRegex(ValueError, "rev= builds on this host"):
            subjects.parse_spec("root=/r/sid,rev=HEAD")

    def test_unknown_key_lists_root(self):
        with self.assertRaisesRegex(ValueError, "root"):
            subjects.parse_spec("a:bin=x,chroot=/r")


class TestRootPaths(unittest.TestCase):
    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self._tmp.cleanup)
        self.root = fake_root(self._tmp.name)

    def test_not_a_root(self):
        with tempfile.TemporaryDirectory() as d, self.assertRaisesRegex(ValueError, "dpdk-matrix"):
            roots.check_root(d)
        self.assertEqual(roots.check_root(self.root + "/"), self.root)

    def test_name_on_the_roots_path(self):
        self.assertEqual(roots.resolve(self.root, "dpdk-testpmd"),
                         os.path.join(self.root, "usr/bin/dpdk-testpmd"))
        self.assertIsNone(roots.resolve(self.root, "no-such-binary"))

    def test_absolute_links_stay_inside_the_root(self):
        self.assertEqual(roots.resolve(self.root, "/opt/links/testpmd"),
                         os.path.join(self.root, "opt/links/testpmd"))
        self.assertEqual(roots.resolve(self.root, "/bin/dpdk-testpmd"),
                         os.path.join(self.root, "bin/dpdk-testpmd"))
        self.assertIsNone(roots.resolve(self.root, "/opt/links/dangling"))
        # A host binary is not a root's binary.
        self.assertIsNone(roots.resolve(self.root, "/bin/sh"))

    def test_relative_bin_is_refused(self):
        with self.assertRaisesRegex(ValueError, "absolute path inside the root"):
            roots.resolve(self.root, "build/pmdfwd")

    def test_command_lines(self):
        roots._active[self.root] = roots.Root(self.root)  # as if entered
        self.addCleanup(roots._active.pop, self.root)
        inside = os.path.join(self.root, "usr/bin/dpdk-testpmd")
        self.assertEqual(roots.root_of(inside), self.root)
        # The root's own clean environment (pmdfwd_dev.roots), the same
        # as the matrix built the forwarder in.
        chroot = ["chroot", self.root, "/usr/bin/env", "-i", "HOME=/root", "LANG=C.UTF-8",
                  "TERM=" + (os.environ.get("TERM") or "dumb"),
                  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                  "DEBIAN_FRONTEND=noninteractive"]
        self.assertEqual(roots.host_argv([inside, "-l", "0-1"], stdbuf="/usr/bin/stdbuf"),
                         chroot + ["/usr/bin/stdbuf", "-oL", "-eL", "/usr/bin/dpdk-testpmd", "-l", "0-1"])
        self.assertEqual(roots.host_argv([inside]), chroot + ["/usr/bin/dpdk-testpmd"])
        self.assertEqual(roots.host_argv(["/usr/bin/dpdk-testpmd", "-l", "0"], stdbuf="/usr/bin/stdbuf"),
                         ["/usr/bin/stdbuf", "-oL", "-eL", "/usr/bin/dpdk-testpmd", "-l", "0"])
        self.assertIsNone(roots.root_of(self.root + "-other/usr/bin/x"))

    def test_runtime_dirs_are_found_under_run(self):
        roots._active[self.root] = roots.Root(self.root)
        self.addCleanup(roots._active.pop, self.root)
        os.makedirs(os.path.join(self.root, "run", "dpdk", "pmdfwd-perf-1-2-fwd"))
        os.makedirs(os.path.join(self.root, "run", "dpdk", "someone-else"))
        self.assertEqual(roots.runtime_dirs("pmdfwd-perf-1-"),
                         [os.path.join(self.root, "run", "dpdk", "pmdfwd-perf-1-2-fwd")])


if __name__ == "__main__":
    unittest.main()
