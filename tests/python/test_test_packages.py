"""scripts/test-packages.sh (pmdfwd_dev.package_check) without a root:
argument errors say what is allowed (exit 2); not root is a failure with the
summary line; the command lines it runs in a root; the ok/FAIL lines, the
summary and the exit status; what counts as left behind after the purge;
the scripts are thin wrappers and fresh-root.sh is gone."""
import contextlib
import io
import os
import subprocess
import tempfile
import unittest
import unittest.mock
from pathlib import Path

from pmdfwd_dev import owned_process, package_check

TREE = Path(__file__).resolve().parents[2]


def wrapper(*args, env=None):
    return owned_process.run([str(TREE / "scripts" / "test-packages.sh"), *args], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, timeout=60, env=dict(os.environ, **(env or {})))


def printed(fn, *args, **kwargs):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rc = fn(*args, **kwargs)
    return rc, out.getvalue()


class CommandLine(unittest.TestCase):
    USAGE = "usage: scripts/test-packages.sh [OUT_DIR]   (environment: SUITE=bookworm|trixie|..., DEBS_FROM=DIR)"

    def test_two_out_dirs(self):
        r = wrapper("a", "b")
        self.assertEqual(r.returncode, 2)
        self.assertEqual(r.stderr, f"test-packages: one OUT_DIR at most, got 2: a b\n{self.USAGE}\n")
        self.assertEqual(r.stdout, "")

    def test_an_option(self):
        r = wrapper("--keep")
        self.assertEqual(r.returncode, 2)
        self.assertIn("test-packages: unknown option --keep (allowed: OUT_DIR, or --help)", r.stderr)

    def test_a_suite_that_is_not_a_suite_name(self):
        r = wrapper(env={"SUITE": "trixie; rm -rf /"})
        self.assertEqual(r.returncode, 2)
        self.assertIn("test-packages: SUITE='trixie; rm -rf /' is not a Debian suite name (allowed: a codename "
                      "such as bookworm, trixie or sid", r.stderr)

    def test_help(self):
        r = wrapper("--help")
        self.assertEqual(r.returncode, 0)
        self.assertIn("SUITE=trixie scripts/test-packages.sh", r.stdout)

    def test_not_root_is_a_failure(self):
        rc, out = printed(package_check.main, [], str(TREE), environ={}, euid=lambda: 1000)
        self.assertEqual(rc, 1)
        self.assertEqual(out, "test-packages: needs root (chroot, mount, apt in a root)\n"
                         "test-packages: 0 passed, 1 failed (0 s)\n")

    def test_the_version_from_meson_build(self):
        self.assertEqual(package_check.version("project('pmdfwd', 'cpp',\n  version: '1.2.3',\n)\n"), "1.2.3")
        self.assertRegex(package_check.version((TREE / "meson.build").read_text()), r"^\d+\.\d+\.\d+$")
        with self.assertRaisesRegex(package_check.UsageError, "no version"):
            package_check.version("project('pmdfwd')\n")


class CommandsInTheRoot(unittest.TestCase):
    def test_pmdfwd_from_path_on_the_ring_loopback(self):
        script = package_check.forward_script("--forward-mode=macswap")
        self.assertEqual(script, "cd /tmp && timeout 60 pmdfwd -l 0-1 --no-pci --no-huge -m 512 --file-prefix pkgtest "
                         "--vdev net_ring0 --vdev net_ring1 -- --tx-first --stats-period=1 --run-time=3 "
                         "--forward-mode=macswap")
        self.assertTrue(package_check.forwarded("  RX-packets: 1234  RX-dropped: 0"))
        self.assertFalse(package_check.forwarded("  RX-packets: 0  RX-dropped: 0"))

    def test_the_build_in_another_suites_root(self):
        script = package_check.build_in_root_script("0.1.0")
        self.assertIn("apt-get install -y -q --no-install-recommends dpkg-dev lintian", script)
        self.assertIn("cd /build/pmdfwd-0.1.0 && apt-get build-dep -y -q --no-install-recommends ./", script)
        self.assertTrue(script.endswith("dpkg-buildpackage -us -uc -b"))
        self.assertEqual(package_check.lintian_argv(["/b/p.changes"]),
                         ["lintian", "--fail-on", "error,warning", "/b/p.changes"])

    def test_the_two_debs_or_none(self):
        with tempfile.TemporaryDirectory() as out:
            Path(out, "pmdfwd_0.1.0_amd64.deb").write_text("")
            self.assertIsNone(package_check.package_debs(out, "0.1.0"))
            Path(out, "pmdfwd-dev_0.1.0_amd64.deb").write_text("")
            Path(out, "pmdfwd_0.0.9_amd64.deb").write_text("")
            self.assertEqual(package_check.package_debs(out, "0.1.0"),
                             [f"{out}/pmdfwd_0.1.0_amd64.deb", f"{out}/pmdfwd-dev_0.1.0_amd64.deb"])


class HostBuild(unittest.TestCase):
    def test_the_compiler_cache_is_keyed_on_the_copy_being_built(self):
        env = package_check.build_env("/out/pmdfwd-0.1.0", {"CCACHE_BASEDIR": "/clone", "PATH": "/bin"})
        self.assertEqual(env, {"CCACHE_BASEDIR": "/out/pmdfwd-0.1.0", "PATH": "/bin"})

    def test_no_compiler_cache_set_up_is_left_so(self):
        self.assertEqual(package_check.build_env("/out/t", {"PATH": "/bin"}), {"PATH": "/bin"})

    def test_dpkg_buildpackage_gets_that_environment(self):
        ran = []
        real = package_check.roots.run_command

        def run_command(argv, **kw):
            ran.append((argv, kw))
            return subprocess.CompletedProcess(argv, 0)
        package_check.roots.run_command = run_command
        self.addCleanup(setattr, package_check.roots, "run_command", real)
        with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack, \
                unittest.mock.patch.dict(os.environ, {"CCACHE_BASEDIR": "/clone"}):
            Path(tmp, "src").mkdir()
            Path(tmp, "src/meson.build").write_text("project('pmdfwd', 'cpp',\n  version: '0.1.0',\n)\n")
            test = package_check.PackageTest(str(Path(tmp, "src")), tmp, package_check.HOST_SUITE, None, stack)
            with open(Path(tmp, "log"), "w") as log:
                self.assertTrue(test.build_debs(log))
        self.assertEqual(ran[0][0], ["dpkg-buildpackage", "-us", "-uc", "-b"])
        self.assertEqual(ran[0][1]["env"]["CCACHE_BASEDIR"], str(Path(tmp, "pmdfwd-0.1.0")))


class FakeRoot:
    """A directory standing for a mounted root; run() records the command
    and plays dpkg-buildpackage (the packages appear in /build)."""

    def __init__(self, path):
        self.path = path
        self.ran = []

    def run(self, cmd, **kwargs):
        self.ran.append(cmd)
        if "dpkg-buildpackage" in cmd[-1]:
            for name in ("pmdfwd_0.1.0_amd64.deb", "pmdfwd-dev_0.1.0_amd64.deb", "pmdfwd_0.1.0_amd64.changes"):
                Path(self.path, "build", name).write_text("")
        return subprocess.CompletedProcess(cmd, 0)


class AnotherSuite(unittest.TestCase):
    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.src, self.out = Path(tmp.name, "src"), Path(tmp.name, "out")
        self.src.mkdir()
        (self.src / "meson.build").write_text("project('pmdfwd', 'cpp',\n  version: '0.1.0',\n)\n")
        (self.out / "pmdfwd-0.1.0/debian").mkdir(parents=True)
        (self.out / "pmdfwd-0.1.0/debian/control").write_text("Source: pmdfwd\n")
        self.root = FakeRoot(Path(tmp.name, "root"))
        self.root.path.mkdir()
        self.asked = []
        real = package_check.fresh_root
        package_check.fresh_root = self.fresh_root
        self.addCleanup(setattr, package_check, "fresh_root", real)

    @contextlib.contextmanager
    def fresh_root(self, suite, **kwargs):
        self.asked.append(suite)
        yield self.root

    def test_built_and_linted_in_a_root_of_that_suite(self):
        with contextlib.ExitStack() as stack:
            test = package_check.PackageTest(str(self.src), str(self.out), "trixie", None, stack)
            with open(self.out / "log", "w") as log:
                self.assertTrue(test.build_debs(log))
                self.assertTrue(test.lint(log))
            test.build_stack.close()
        self.assertEqual(self.asked, ["trixie"])
        # The tree copied to /build, the build tools and build-dep, the build.
        self.assertEqual((self.root.path / "build/pmdfwd-0.1.0/debian/control").read_text(), "Source: pmdfwd\n")
        self.assertEqual(self.root.ran[0], ["bash", "-c", package_check.build_in_root_script("0.1.0")])
        self.assertEqual(sorted(os.listdir(self.out)), ["log", "pmdfwd-0.1.0", "pmdfwd-dev_0.1.0_amd64.deb",
                                                        "pmdfwd_0.1.0_amd64.changes", "pmdfwd_0.1.0_amd64.deb"])
        # lintian of that suite, in that root, on what was built there.
        self.assertEqual(self.root.ran[1], ["bash", "-c", "lintian --fail-on error,warning "
                                            "/build/pmdfwd_0.1.0_amd64.changes"])

    def test_lintian_without_a_build_root_says_why(self):
        test = package_check.PackageTest(str(self.src), str(self.out), "trixie", "/debs", contextlib.ExitStack())
        with open(self.out / "log", "w") as log:
            self.assertFalse(test.lint(log))
        self.assertIn("no trixie build root: lintian runs there", (self.out / "log").read_text())


class Purge(unittest.TestCase):
    LISTED = ["/.", "/usr", "/usr/bin", "/usr/bin/pmdfwd", "/usr/share/man/man1",
              "/usr/share/man/man1/pmdfwd.1.gz", "/usr/share/pmdfwd", "/usr/lib/x86_64-linux-gnu/pmdfwd", ""]

    def test_what_stays_of_the_packages(self):
        present = {"/usr", "/usr/bin", "/usr/share/man/man1", "/usr/share/pmdfwd", "/usr/bin/pmdfwd"}
        others_dirs = {"/usr", "/usr/bin", "/usr/share/man/man1"}
        left = package_check.left_behind(self.LISTED, present.__contains__, others_dirs.__contains__,
                                         ["/usr/share/pmdfwd", "/usr/include/pmdfwd"])
        # A directory another package owns stays; a file or a directory of
        # our own does not, and each is said once.
        self.assertEqual(left, ["/usr/bin/pmdfwd", "/usr/share/pmdfwd", "/usr/include/pmdfwd"])

    def test_a_clean_purge(self):
        self.assertEqual(package_check.left_behind(self.LISTED, {"/usr", "/usr/bin"}.__contains__,
                                                   lambda p: True, []), [])

    def test_one_of_the_packages_directories_is_enough(self):
        # The bash check ran `ls -d` over all five and failed only when all
        # were there (ls exits 2 when any is missing).
        self.assertEqual(package_check.left_behind([], lambda p: False, lambda p: False, ["/usr/include/pmdfwd"]),
                         ["/usr/include/pmdfwd"])
        self.assertIn("/usr/include/pmdfwd", package_check.PACKAGE_DIRS)


class Checks(unittest.TestCase):
    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.out = tmp.name
        self.now = [100.0]
        self.checks = package_check.Checks(self.out, clock=lambda: self.now[0])

    def step(self, ok, lines, seconds=2):
        def run(log):
            log.write("".join(f"line {i}\n" for i in range(lines)))
            self.now[0] += seconds
            return ok
        return run

    def test_lines_summary_and_exit_status(self):
        rc, out = printed(self.checks.check, "builds", self.step(True, 3))
        self.assertTrue(rc)
        self.assertEqual(out, "ok    builds (2 s)\n")
        rc, out = printed(self.checks.check, "lints", self.step(False, 40, seconds=5))
        self.assertFalse(rc)
        # The last 25 lines of its output, indented.
        self.assertEqual(out.splitlines(), ["FAIL  lints (5 s):", *(f"      line {i}" for i in range(15, 40))])
        rc, out = printed(self.checks.finish)
        self.assertEqual((rc, out), (1, "test-packages: 1 passed, 1 failed (7 s)\n"))

    def test_all_passed_is_exit_0(self):
        printed(self.checks.check, "a", self.step(True, 0))
        self.assertEqual(printed(self.checks.finish), (0, "test-packages: 1 passed, 0 failed (2 s)\n"))

    def test_an_error_in_a_check_is_a_failure_that_says_why(self):
        def broken(log):
            raise OSError("no space left")
        rc, out = printed(self.checks.check, "copies", broken)
        self.assertFalse(rc)
        self.assertEqual(out, "FAIL  copies (0 s):\n      no space left\n")

    def test_a_roots_messages_go_to_the_check_then_to_stderr(self):
        log = open(os.path.join(self.out, "log"), "w")
        messages = package_check.Messages(log)
        messages("creating")
        log.close()
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            messages("still has mounts")
        self.assertEqual(Path(self.out, "log").read_text(), "creating\n")
        self.assertEqual(err.getvalue(), "test-packages.sh: still has mounts\n")


class Wrappers(unittest.TestCase):
    def test_the_scripts_only_start_the_modules(self):
        for script, module in (("test-packages.sh", "package_check"), ("time-first-run.sh", "first_run")):
            text = (TREE / "scripts" / script).read_text()
            self.assertIn(f"exec /usr/bin/python3 -m pmdfwd_dev.{module} \"$@\"", text)
            self.assertLess(len(text.splitlines()), 12, script)
        self.assertFalse((TREE / "scripts" / "fresh-root.sh").exists())


if __name__ == "__main__":
    unittest.main()
