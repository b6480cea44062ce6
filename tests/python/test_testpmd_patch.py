"""scripts/testpmd-patch (pmdfwd_dev.seed.testpmd_patch) on a fixture tree of
our own with an app/test-pmd/macswap_sse.h of testpmd's shape: the patch is a
well-formed git format-patch mail, `git am` applies it, the result includes
the kernel and dispatches to it before the SSE loop, the same tree gives the
same bytes, and a tree of the wrong shape is refused saying what is missing.
The kernel itself is compiled against the host's DPDK and checked on mbufs
against a byte-by-byte reference (tests/python/fixtures/check_macswap_avx2.c)."""
import os
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

from pmdfwd_dev import owned_process
from pmdfwd_dev.seed import testpmd_patch

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures" / "testpmd"
GIT_ID = ["-c", "user.name=t", "-c", "user.email=t@localhost"]


def git(repo, *args):
    return owned_process.run(["git", *GIT_ID, "-C", str(repo), *args], check=True, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, timeout=60).stdout


def fixture_tree(dest):
    """A git repository with the fixture's app/test-pmd and one more file."""
    shutil.copytree(FIXTURES, dest / "app" / "test-pmd")
    (dest / "README").write_text("not DPDK\n")
    git(dest, "init", "-q")
    git(dest, "add", "-A")
    git(dest, "commit", "-q", "-m", "fixture")


# The DPDK matrix's Debian roots have no git: there these tool tests, which
# do not depend on the DPDK, say so and skip.
@unittest.skipUnless(shutil.which("git"), "git is not installed (a DPDK matrix root)")
class TestpmdPatch(unittest.TestCase):
    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory(prefix="pmdfwd-test-testpmd-patch-")
        self.tmp = Path(self._tmp.name)
        self.tree = self.tmp / "tree"
        fixture_tree(self.tree)

    def tearDown(self):
        self._tmp.cleanup()

    def test_a_format_patch_mail_of_two_files(self):
        text = testpmd_patch.make_patch(self.tree)
        self.assertRegex(text.splitlines()[0], r"^From [0-9a-f]{40} Mon Sep 17 00:00:00 2001$")
        self.assertIn(f"Subject: [PATCH] {testpmd_patch.SUBJECT}\n", text)
        self.assertIn("diff --git a/app/test-pmd/macswap_avx2.h b/app/test-pmd/macswap_avx2.h\nnew file mode", text)
        self.assertIn("diff --git a/app/test-pmd/macswap_sse.h b/app/test-pmd/macswap_sse.h\n", text)
        self.assertIn(" 2 files changed", text)

    def test_git_am_applies_it(self):
        patch = self.tmp / "p.patch"
        self.assertEqual(testpmd_patch.main(["--dpdk", str(self.tree), "-o", str(patch)]), 0)
        git(self.tree, "am", "-q", str(patch))
        self.assertEqual(git(self.tree, "log", "-1", "--format=%s").strip(), testpmd_patch.SUBJECT)
        self.assertEqual(git(self.tree, "status", "--porcelain"), "")
        sse = (self.tree / testpmd_patch.SSE).read_text()
        self.assertIn('#include "macswap_common.h"\n#include "macswap_avx2.h"\n', sse)
        # The dispatch is do_macswap()'s first statement, before the SSE path.
        self.assertLess(sse.index("if (macswap_avx2_usable())"), sse.index("ol_flags = ol_flags_init("))
        self.assertLess(sse.index("do_macswap(struct rte_mbuf"), sse.index("if (macswap_avx2_usable())"))
        self.assertEqual((self.tree / testpmd_patch.AVX2).read_bytes(), testpmd_patch.KERNEL.read_bytes())

    def test_the_same_tree_gives_the_same_bytes(self):
        self.assertEqual(testpmd_patch.make_patch(self.tree), testpmd_patch.make_patch(self.tree))

    def test_a_tree_without_testpmd_is_refused(self):
        with self.assertRaisesRegex(testpmd_patch.PatchError, "not found; --dpdk takes a DPDK source tree"):
            testpmd_patch.make_patch(self.tmp)

    def test_a_macswap_sse_h_of_another_shape_is_refused(self):
        sse = self.tree / testpmd_patch.SSE
        original = sse.read_text()
        cases = ((original.replace('#include "macswap_common.h"', '#include "other.h"'), "no line"),
                 (original.replace("struct rte_port *txp)", "struct rte_port *port)"), "no do_macswap"),
                 (original.replace("ol_flags = ol_flags_init(", "ol_flags = flags_of("), "no 'ol_flags = "))
        for text, message in cases:
            with self.subTest(message):
                sse.write_text(text)
                with self.assertRaisesRegex(testpmd_patch.PatchError, message):
                    testpmd_patch.make_patch(self.tree)

    @unittest.skipUnless(shutil.which("pkg-config") and shutil.which("cc"), "no C compiler or pkg-config")
    def test_the_kernel_swaps_and_sets_testpmds_fields(self):
        cflags = owned_process.run(["pkg-config", "--cflags", "--libs", "libdpdk"], stdout=subprocess.PIPE,
                                   text=True, timeout=60)
        if cflags.returncode:
            self.skipTest("no libdpdk-dev")
        exe = self.tmp / "check"
        # testpmd is built with experimental API allowed (rte_vect_get_max_simd_bitwidth is in 22.11).
        cmd = ["cc", "-O2", "-Wall", "-Wextra", "-Werror", "-DALLOW_EXPERIMENTAL_API", "-I", str(FIXTURES), "-I",
               str(testpmd_patch.KERNEL.parent), str(HERE / "fixtures" / "check_macswap_avx2.c"), "-o", str(exe),
               *cflags.stdout.split()]
        owned_process.run(cmd, check=True, timeout=None)  # a compile takes what it takes
        if not os.access(exe, os.X_OK):
            self.fail("no executable")
        res = owned_process.run([str(exe)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                timeout=60)
        if res.returncode == 77:
            self.skipTest(res.stdout.strip())
        self.assertEqual(res.returncode, 0, res.stdout)


if __name__ == "__main__":
    unittest.main()
