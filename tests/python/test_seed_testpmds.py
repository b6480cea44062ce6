"""scripts/seed-testpmds' source step (pmdfwd_dev.seed.testpmds.make_tree) on a
made-up upstream repository shaped like DPDK's history (tags v23.11 and
v24.11, a two-commit series changing app/test-pmd/macswap_sse.h and an
unrelated commit between them), with no network and no root: the tree is the
v24.11 release, the reverted branch holds v23.11's file with everything else
of v24.11, the avx2 branch has scripts/testpmd-patch's patch applied; a series
without the series is refused. Also the command a
--with run executes in the root, and the command line's refusals."""
import contextlib
import io
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

from pmdfwd_dev import owned_process
from pmdfwd_dev.seed import testpmd_patch, testpmds

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "testpmd"
SSE = testpmd_patch.SSE
GIT_ID = ["-c", "user.name=t", "-c", "user.email=t@localhost"]


def git(repo, *args):
    return owned_process.run(["git", *GIT_ID, "-C", str(repo), *args], check=True, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, timeout=60).stdout


def commit(repo, path, text, message):
    (repo / path).parent.mkdir(parents=True, exist_ok=True)
    (repo / path).write_text(text)
    git(repo, "add", path)
    git(repo, "commit", "-q", "-m", message)


def upstream(repo):
    """v23.11: the fixture; then the series (two commits) and an unrelated
    one between them; v24.11."""
    repo.mkdir()
    git(repo, "init", "-q")
    before = (FIXTURES / "macswap_sse.h").read_text()
    commit(repo, SSE, before, "testpmd")
    commit(repo, "app/test-pmd/macswap_common.h", (FIXTURES / "macswap_common.h").read_text(), "common")
    git(repo, "tag", "v23.11")
    first = before.replace("uint8_t *p, t;", "uint8_t *p;\n\tuint8_t t;")
    commit(repo, SSE, first, "app/testpmd: split a declaration")
    commit(repo, "lib/other.c", "int x;\n", "lib: unrelated")
    commit(repo, SSE, first.replace("for (int b = 0;", "for (int b = 0; /* swap */"), "app/testpmd: comment")
    git(repo, "tag", "v24.11")
    return before


# The DPDK matrix's Debian roots have no git: there these tool tests, which
# do not depend on the DPDK, say so and skip.
@unittest.skipUnless(shutil.which("git"), "git is not installed (a DPDK matrix root)")
class MakeTree(unittest.TestCase):
    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory(prefix="pmdfwd-test-seed-")
        self.tmp = Path(self._tmp.name)
        self.up = self.tmp / "upstream"
        self.dest = self.tmp / "seed" / "dpdk"

    def tearDown(self):
        self._tmp.cleanup()

    def test_three_variants_from_one_release(self):
        before = upstream(self.up)
        testpmds.make_tree(self.up, self.dest)
        self.assertEqual(git(self.dest, "show", f"shipped:{SSE}"), git(self.up, "show", f"v24.11:{SSE}"))
        self.assertEqual(git(self.dest, "show", f"reverted:{SSE}"), before)
        self.assertEqual(git(self.dest, "show", "reverted:lib/other.c"), "int x;\n")
        self.assertEqual(git(self.dest, "diff", "--name-only", "shipped", "avx2").split(),
                         [testpmd_patch.AVX2, SSE])
        self.assertEqual(git(self.dest, "log", "-1", "--format=%s", "avx2").strip(), testpmd_patch.SUBJECT)
        self.assertEqual(git(self.dest, "rev-parse", "HEAD"), git(self.dest, "rev-parse", "shipped"))
        self.assertTrue((self.dest.parent / Path(testpmds.PATCH).name).is_file())
        # A second run finds the tree made and leaves it as it is.
        head = git(self.dest, "rev-parse", "avx2")
        testpmds.make_tree(self.up, self.dest)
        self.assertEqual(git(self.dest, "rev-parse", "avx2"), head)

    def test_a_release_without_the_series_is_refused(self):
        upstream(self.up)
        git(self.up, "tag", "-f", "v24.11", "v23.11")
        with self.assertRaisesRegex(testpmds.SeedError, "no commit changed app/test-pmd/macswap_sse.h between"):
            testpmds.make_tree(self.up, self.dest)


class CommandLine(unittest.TestCase):
    def test_run_script_puts_the_variant_first_on_path(self):
        script = testpmds.run_script("avx2", ["python3", "a test.py", "-v"])
        self.assertIn("ln -sf /opt/seed/bin/dpdk-testpmd-avx2 /opt/seed/path-avx2/dpdk-testpmd", script)
        self.assertIn("export PATH=/opt/seed/path-avx2:$PATH", script)
        self.assertTrue(script.rstrip().endswith("python3 'a test.py' -v"))

    def test_refusals(self):
        for argv, message in (([], "nothing to do"), (["--with", "avx2"], "go together"),
                              (["--with", "other", "--", "true"], "invalid choice"),
                              (["--publish", "doc.md", "--dpdk-git", "r"], "--publish needs --measure")):
            with self.subTest(argv=argv):
                err = io.StringIO()
                with self.assertRaises(SystemExit) as e, contextlib.redirect_stderr(err):
                    testpmds.main(argv)
                self.assertEqual(e.exception.code, 2)
                self.assertIn(message, err.getvalue())


if __name__ == "__main__":
    unittest.main()
