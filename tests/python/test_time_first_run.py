"""scripts/time-first-run.sh (pmdfwd_dev.first_run) with a fake root: the
tree copied to /root/pmdfwd, run.sh run there with the user's arguments,
its exit status passed on (128+N for signal N) after the time line; KEEP
asks for the root to stay; not root and a REV that is not a commit are said."""
import contextlib
import io
import os
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

from pmdfwd_dev import first_run, owned_process, roots

TREE = Path(__file__).resolve().parents[2]
NEEDS_GIT = unittest.skipUnless(shutil.which("git"), "no git here (apt-get install git): the copy lists files with it")


class FakeRoot:
    """A directory that stands for a mounted root; run() records its command."""

    def __init__(self, path, rc):
        self.path = path
        self.rc = rc
        self.ran = []

    def run(self, cmd, **kwargs):
        self.ran.append(cmd)
        return subprocess.CompletedProcess(cmd, self.rc)


class Runs(unittest.TestCase):
    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.root = FakeRoot(tmp.name, 0)
        self.asked = []
        self.now = [10.0]

    @contextlib.contextmanager
    def factory(self, suite, **kwargs):
        self.asked.append((suite, kwargs["keep"]))
        yield self.root

    def clock(self):
        self.now[0] += 21.25
        return self.now[0]

    def main(self, argv, environ=None, euid=0):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            rc = first_run.main(argv, str(TREE), environ=environ or {}, euid=lambda: euid,
                                root_factory=self.factory, clock=self.clock)
        return rc, out.getvalue(), err.getvalue()

    @NEEDS_GIT
    def test_the_tree_copied_and_run_sh_run_with_the_arguments(self):
        rc, out, err = self.main(["10", "--forward-mode=io"])
        self.assertEqual(rc, 0)
        self.assertEqual(self.root.ran, [["bash", "/root/pmdfwd/scripts/run.sh", "10", "--forward-mode=io"]])
        self.assertTrue(Path(self.root.path, "root/pmdfwd/scripts/run.sh").is_file())
        self.assertFalse(Path(self.root.path, "root/pmdfwd/build").exists())
        self.assertEqual(out, "time-first-run: run.sh exit 0 after 21.2 s in a fresh Debian 12 root\n")
        self.assertEqual(self.asked, [("bookworm", False)])

    @NEEDS_GIT
    def test_run_shs_exit_status_and_keep(self):
        self.root.rc = 3
        rc, out, _ = self.main([], environ={"KEEP": "1"})
        self.assertEqual(rc, 3)
        self.assertIn("run.sh exit 3 after", out)
        self.assertEqual(self.asked, [("bookworm", True)])
        self.root.rc = -15  # ended by SIGTERM: a shell's 143
        self.assertEqual(self.main([])[0], 143)

    @NEEDS_GIT
    def test_rev_takes_that_commit(self):
        rc, _, _ = self.main([], environ={"REV": "HEAD"})
        self.assertEqual(rc, 0)
        self.assertTrue(Path(self.root.path, "root/pmdfwd/meson.build").is_file())

    @NEEDS_GIT
    def test_a_rev_that_is_not_a_commit(self):
        rc, out, err = self.main([], environ={"REV": "no-such-rev"})
        self.assertEqual((rc, out), (2, ""))
        self.assertIn("time-first-run: REV=no-such-rev is not a commit of", err)
        self.assertEqual(self.root.ran, [])

    def test_not_root(self):
        rc, out, err = self.main([], euid=1000)
        self.assertEqual((rc, out, err), (1, "", "time-first-run: needs root (chroot, mount)\n"))

    def test_a_root_that_cannot_be_made(self):
        @contextlib.contextmanager
        def failing(suite, **kwargs):
            raise roots.RootError("debootstrap is not installed (apt-get install debootstrap)")
            yield
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            rc = first_run.main([], str(TREE), environ={}, euid=lambda: 0, root_factory=failing)
        self.assertEqual(rc, 1)
        self.assertEqual(err.getvalue(), "time-first-run: debootstrap is not installed (apt-get install debootstrap)\n")

    def test_the_wrapper_says_not_a_commit(self):
        r = owned_process.run([str(TREE / "scripts" / "time-first-run.sh")], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, timeout=60,
                              env=dict(os.environ, REV="no-such-rev"))
        if os.geteuid() != 0:
            self.assertEqual(r.returncode, 1)
            self.assertIn("needs root", r.stderr)
        else:
            self.assertEqual(r.returncode, 2)
            self.assertIn("REV=no-such-rev is not a commit", r.stderr)


if __name__ == "__main__":
    unittest.main()
