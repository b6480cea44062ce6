"""scripts/ccache.sh: a second clone in another directory hits the cache the
first one filled, also for -g (debug) builds; each build prints its hit/miss
line and adds its counts to the caller's (a scripts/test.sh stage);
PMDFWD_CCACHE=0 turns the cache off."""
import os
import pathlib
import shutil
import subprocess
import tempfile
import unittest

from pmdfwd_dev import owned_process

HELPER = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "ccache.sh"
SOURCE = "#include <stdio.h>\nint main(void) { puts(\"x\"); return 0; }\n"


@unittest.skipUnless(shutil.which("ccache") and shutil.which("cc"), "needs ccache and cc")
class CcacheTest(unittest.TestCase):
    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.tmp = pathlib.Path(os.path.realpath(tmp.name))
        self.env = {"PATH": os.environ["PATH"], "HOME": str(self.tmp),
                    "PMDFWD_CCACHE_DIR": str(self.tmp / "cache")}

    def clone(self, name):
        top = self.tmp / name
        (top / "src").mkdir(parents=True)
        (top / "build").mkdir()
        (top / "src" / "x.c").write_text(SOURCE)
        return top

    def bash(self, body, top, **env):
        script = f'set -euo pipefail\n. "{HELPER}"\nccache_setup "{top}"\n{body}\n'
        return owned_process.run(["bash", "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True, timeout=60, cwd=top, env={**self.env, **env})

    def build(self, top, **env):
        """One -g compile as meson writes it (relative paths, from the
        build directory), counted by ccache_build_begin/end."""
        p = self.bash('ccache_build_begin\n(cd build && ccache cc -g -O1 -I../src -c ../src/x.c -o x.o)\n'
                      'ccache_build_end "build"', top, **env)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        return p.stdout

    def test_a_second_clone_elsewhere_hits(self):
        self.assertIn("build: ccache 0 hits (0 direct), 1 misses of 1 compilations", self.build(self.clone("a")))
        self.assertIn("build: ccache 1 hits (1 direct), 0 misses of 1 compilations", self.build(self.clone("b")))
        self.assertTrue(list((self.tmp / "cache").iterdir()), "one cache folder per distribution")

    def unity_build(self, top, mapped):
        """A unity chunk as meson writes it: the source included by absolute
        path, so __FILE__ names the clone unless the top meson.build's
        -fmacro-prefix-map (unity builds) maps it away."""
        (top / "src" / "y.c").write_text('const char *where(void) { return __FILE__; }\n')
        (top / "build" / "unity.c").write_text(f'#include "{top}/src/y.c"\n')
        flag = f"-fmacro-prefix-map={top}/=" if mapped else ""
        p = self.bash(f'ccache_build_begin\n(cd build && ccache cc -g -O1 {flag} -c unity.c -o u.o)\n'
                      'ccache_build_end "unity"', top)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        return p.stdout

    def test_a_unity_chunk_hits_in_a_second_clone_only_with_the_tree_mapped(self):
        self.assertIn("0 hits", self.unity_build(self.clone("a"), mapped=False))
        self.assertIn("0 hits", self.unity_build(self.clone("b"), mapped=False))
        self.assertIn("0 hits", self.unity_build(self.clone("c"), mapped=True))
        self.assertIn("unity: ccache 1 hits", self.unity_build(self.clone("d"), mapped=True))
        # __FILE__ is the tree's own path, the same in every clone.
        self.assertRegex((self.tmp / "d" / "build" / "u.o").read_bytes(), rb"(?<![/\w])src/y\.c\0")

    def test_the_unity_builds_map_the_tree_away(self):
        meson = (HELPER.parents[1] / "meson.build").read_text()
        unity = meson[meson.index("if get_option('unity') != 'off'"):]
        self.assertIn("'-fmacro-prefix-map=' + meson.project_source_root() + '/='",
                      unity[:unity.index("endif")])

    def test_a_build_adds_its_counts_to_the_stage(self):
        stage = self.tmp / "stage.log"
        stage.write_text("")
        self.build(self.clone("a"), CCACHE_STATSLOG=str(stage))
        p = self.bash(f'ccache_log_line "--- stage" "{stage}"', self.tmp)
        self.assertIn("--- stage: ccache 0 hits (0 direct), 1 misses of 1 compilations", p.stdout)

    def test_pmdfwd_ccache_0_turns_it_off(self):
        p = self.bash('echo "disable=${CCACHE_DISABLE:-}"; ccache_on || echo off', self.clone("a"),
                      PMDFWD_CCACHE="0")
        self.assertIn("disable=1\noff\n", p.stdout)
        self.build(self.tmp / "a", PMDFWD_CCACHE="0")
        self.assertFalse((self.tmp / "cache").exists(), "no cache made")


if __name__ == "__main__":
    unittest.main()
