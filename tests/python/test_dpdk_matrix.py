"""scripts/dpdk-matrix without a Debian root: argument errors say what is
allowed (exit 2); the host's results from a test log, the summary, exit
status and --json results; a failed version stops the next ones unless
--keep-going; meson's test log and test list read as JSON; the tree copied
into a root incrementally; a root's steps in order, with a fake root."""
import contextlib
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest
from unittest import mock
from pathlib import Path

from pmdfwd_dev import dpdk_matrix, owned_process, roots

TREE = Path(__file__).resolve().parents[2]
MATRIX = TREE / "scripts" / "dpdk-matrix"
# The copy into a root lists the tree with git; the matrix's own roots (where
# the unit suite runs too) have no git.
NEEDS_GIT = unittest.skipUnless(shutil.which("git"), "no git here (apt-get install git): the copy lists files with it")


def matrix(*args, wrapper=False, env=None):
    argv = [str(MATRIX.with_suffix(".sh"))] if wrapper else [sys.executable, str(MATRIX)]
    return owned_process.run([*argv, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             timeout=60, env=dict(os.environ, **(env or {})))


def write_testlog(build, results):
    logs = Path(build, "meson-logs")
    logs.mkdir(parents=True, exist_ok=True)
    (logs / "testlog.json").write_text("".join(json.dumps({"name": f"t{i}", "result": r, "duration": 0.1}) + "\n"
                                               for i, r in enumerate(results)))


def write_test_list(build, suites):
    info = Path(build, "meson-info")
    info.mkdir(parents=True, exist_ok=True)
    (info / "intro-tests.json").write_text(json.dumps([{"name": "t", "suite": [f"pmdfwd:{s}" for s in suites]}]))


class CommandLine(unittest.TestCase):
    def test_unknown_option_says_what_is_allowed(self):
        r = matrix("--bogus")
        self.assertEqual(r.returncode, 2)
        self.assertIn("dpdk-matrix: unrecognized arguments: --bogus (allowed: --versions LIST, --keep-going, "
                      "--host-results DIR, --shell VERSION, --json FILE, --help)", r.stderr)

    def test_unknown_version_says_which_exist(self):
        r = matrix("--versions", "host,23.11")
        self.assertEqual(r.returncode, 2)
        self.assertIn("unknown version '23.11' (allowed: host, 22.11, 24.11, trixie, 25.11, sid)", r.stderr)

    def test_missing_value_and_shell_on_the_host(self):
        r = matrix("--host-results")
        self.assertEqual(r.returncode, 2)
        self.assertIn("--host-results: expected one argument", r.stderr)
        r = matrix("--shell", "host", wrapper=True)  # the .sh name callers use passes it on
        self.assertEqual(r.returncode, 2)
        self.assertIn("--shell: 'host' is not one of 24.11, trixie, 25.11, sid", r.stderr)

    def test_help(self):
        r = matrix("--help")
        self.assertEqual(r.returncode, 0)
        for text in ("--versions LIST", "--keep-going", "--host-results DIR", "--shell VERSION", "PMDFWD_ROOTS",
                     "unit integration engines dpdk-version"):
            self.assertIn(text, r.stdout)


class HostResults(unittest.TestCase):
    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.tmp = tmp.name
        self.build = os.path.join(self.tmp, "build")
        self.json = os.path.join(self.tmp, "matrix.json")

    def test_passed_results_json_and_exit_status(self):
        write_testlog(self.build, ["OK", "OK", "SKIP", "OK"])
        r = matrix("--versions", "host", "--host-results", self.build, "--json", self.json)
        self.assertEqual(r.returncode, 0, r.stderr)
        summary = r.stdout[r.stdout.index("=== DPDK matrix ("):].splitlines()
        self.assertRegex(summary[1], r"^DPDK \S+ \(host\): build ok, tests 3 passed, 0 failed \(host suites, ")
        doc = json.loads(Path(self.json).read_text())
        self.assertTrue(doc["ok"])
        self.assertEqual(doc["suites"], ["unit", "integration", "engines", "dpdk-version"])
        (host,) = doc["results"]
        self.assertEqual((host["where"], host["build"], host["passed"], host["failed"], host["ok"]),
                         ("host", "ok", 3, 0, True))
        self.assertEqual(host["line"], summary[1])

    def test_a_failed_version_stops_the_next_unless_keep_going(self):
        write_testlog(self.build, ["OK", "FAIL", "TIMEOUT"])
        r = matrix("--versions", "host,24.11", "--host-results", self.build, "--json", self.json)
        self.assertEqual(r.returncode, 1)
        summary = r.stdout[r.stdout.index("=== DPDK matrix ("):].splitlines()
        self.assertRegex(summary[1], r"\(host\): build ok, tests 1 passed, 2 failed")
        self.assertEqual(summary[2], "DPDK 24.11: not run (an earlier version failed; --keep-going runs every "
                                     "version)")
        doc = json.loads(Path(self.json).read_text())
        self.assertFalse(doc["ok"])
        self.assertEqual([x["build"] for x in doc["results"]], ["ok", "not run"])

    def test_no_test_log_is_a_failure(self):
        r = matrix("--versions", "host", "--host-results", self.build)
        self.assertEqual(r.returncode, 1)
        self.assertIn(f"(host): build failed, tests 0 passed, 0 failed (no test log in {self.build})", r.stdout)


class MesonJson(unittest.TestCase):
    def test_count_log(self):
        with tempfile.TemporaryDirectory() as build:
            write_testlog(build, ["OK", "SKIP", "EXPECTEDFAIL", "FAIL", "ERROR", "UNEXPECTEDPASS", "INTERRUPT", "OK"])
            with open(os.path.join(build, "meson-logs", "testlog.json"), "a") as f:
                f.write('{"name": "cut short", "resu\n')
            self.assertEqual(dpdk_matrix.count_log(os.path.join(build, "meson-logs", "testlog.json")), (2, 5))
            self.assertEqual(dpdk_matrix.count_log(os.path.join(build, "none.json")), (0, 0))

    def test_missing_suites(self):
        with tempfile.TemporaryDirectory() as build:
            self.assertEqual(dpdk_matrix.missing_suites(build, ["unit"]), ["unit"])
            write_test_list(build, ["unit", "e2e", "dpdk-version"])
            self.assertEqual(dpdk_matrix.missing_suites(build, ["unit", "engines", "dpdk-version"]), ["engines"])


def git(repo, *args):
    owned_process.run(["git", "-C", repo, *args], check=True, stdout=subprocess.DEVNULL, timeout=30)


def small_tree(path):
    os.makedirs(os.path.join(path, "sub"))
    Path(path, "same.txt").write_text("same\n")
    Path(path, "sub", "changed.txt").write_text("new\n")
    Path(path, ".gitignore").write_text("build/\n")
    os.makedirs(os.path.join(path, "build"))
    Path(path, "build", "out.o").write_text("")
    os.symlink("same.txt", os.path.join(path, "link"))
    git(path, "init", "-q")
    git(path, "add", ".")
    Path(path, "untracked.txt").write_text("u\n")


@NEEDS_GIT
class CopySource(unittest.TestCase):
    def test_only_changed_files_are_copied_and_gone_ones_removed(self):
        with tempfile.TemporaryDirectory() as src, tempfile.TemporaryDirectory() as dest:
            small_tree(src)
            Path(dest, "same.txt").write_text("same\n")
            os.utime(os.path.join(dest, "same.txt"), (1, 1))
            os.makedirs(os.path.join(dest, "sub"))
            Path(dest, "sub", "changed.txt").write_text("old\n")
            Path(dest, "gone.c").write_text("")
            os.makedirs(os.path.join(dest, "moved", "away", "__pycache__"))  # a package that moved
            Path(dest, "moved", "away", "__pycache__", "m.pyc").write_text("")
            dpdk_matrix.copy_source(src, dest)
            self.assertEqual(os.stat(os.path.join(dest, "same.txt")).st_mtime, 1)  # kept: stays incremental
            self.assertEqual(Path(dest, "sub", "changed.txt").read_text(), "new\n")
            self.assertEqual(os.readlink(os.path.join(dest, "link")), "same.txt")
            self.assertTrue(os.path.exists(os.path.join(dest, "untracked.txt")))
            self.assertFalse(os.path.exists(os.path.join(dest, "gone.c")))
            self.assertFalse(os.path.exists(os.path.join(dest, "build")))
            self.assertFalse(os.path.exists(os.path.join(dest, "moved")), "a folder the tree lost goes too")
            self.assertTrue(os.path.isdir(os.path.join(dest, "sub")))

    def test_not_a_checkout(self):
        with tempfile.TemporaryDirectory() as src, tempfile.TemporaryDirectory() as dest:
            with self.assertRaisesRegex(OSError, "is not a git checkout"):
                dpdk_matrix.copy_source(src, dest)


class FakeRoot:
    """What test_root asks of a Root, recorded; a build and a test run that
    write meson's files where the root's build would be."""

    def __init__(self, path, log, ccache=None, fail_install=False):
        self.path = path
        self.ccache = ccache
        self.steps = []
        self.fail_install = fail_install
        self.built = path + dpdk_matrix.ROOT_BUILD

    def locked(self, wait):
        self.steps.append("lock")
        return self._block("unlock")

    def mounted(self):
        self.steps.append("mount")
        return self._block("unmount")

    def _block(self, step):
        steps = self.steps

        class Block:
            def __enter__(self):
                return self

            def __exit__(self, *exc):
                steps.append(step)
        return Block()

    def exists(self):
        return True

    def configure_apt(self, suite):
        self.steps.append("apt")

    def install(self, suite, packages, pmds):
        self.steps.append("install")
        if self.fail_install:
            raise roots.RootError("apt-get install failed")

    def output(self, cmd):
        return "24.11.3\n" if cmd[0] == "pkg-config" else None

    def run(self, cmd, timeout=None):
        self.steps.append(cmd[0])
        if cmd[0] == "bash":
            write_test_list(self.built, ["unit", "integration", "engines"])
        elif cmd[:2] == ["meson", "test"]:
            write_testlog(self.built, ["OK"] * 5)
        return subprocess.CompletedProcess(cmd, 0)


@NEEDS_GIT
class RootSteps(unittest.TestCase):
    def run_root(self, **fake):
        made = []
        with tempfile.TemporaryDirectory() as src, tempfile.TemporaryDirectory() as roots_dir:
            small_tree(src)

            def factory(path, log, ccache):
                made.append(FakeRoot(path, log, ccache, **fake))
                return made[0]
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                result = dpdk_matrix.test_root("trixie", roots_dir, src, dpdk_matrix.DEFAULT_SUITES.split(),
                                               root_factory=factory)
            copied = os.path.exists(os.path.join(roots_dir, "trixie", "opt/pmdfwd/src/same.txt"))
        self.ccache = made[0].ccache
        return result, made[0].steps, copied

    def test_the_root_gets_its_suites_compiler_cache(self):
        with mock.patch.dict(os.environ, {"PMDFWD_CCACHE_DIR": "/cache"}):
            self.run_root()
        self.assertEqual(self.ccache, "/cache/trixie")
        with mock.patch.dict(os.environ, {"PMDFWD_CCACHE": "0"}):
            self.run_root()
        self.assertIs(self.ccache, False)

    def test_steps_in_order_and_a_missing_suite_fails(self):
        result, steps, copied = self.run_root()
        self.assertEqual(steps, ["lock", "apt", "mount", "install", "bash", "meson", "unmount", "unlock"])
        self.assertTrue(copied)
        self.assertEqual(result.line(), "DPDK 24.11.3 (trixie): build ok, tests 5 passed, 1 failed "
                                        "(suites missing: dpdk-version)")
        self.assertEqual(list(result.seconds), ["root", "packages", "copy and build", "test run"])

    def test_a_failed_install_is_said_and_still_unmounts(self):
        result, steps, _ = self.run_root(fail_install=True)
        self.assertEqual(steps, ["lock", "apt", "mount", "install", "unmount", "unlock"])
        self.assertEqual(result.line(), "DPDK 24.11 (trixie): build failed, tests 0 passed, 0 failed "
                                        "(installing packages in the trixie root failed)")


# In a child: the matrix of one root version, whose build (a real sleep the
# fake root owns) is where SIGTERM finds it. argv: src, roots dir, record.
STOPPED_CHILD = """
import os, sys
from pmdfwd_dev import owned_process
from test_dpdk_matrix import FakeRoot


class SleepingRoot(FakeRoot):
    def _note(self, step):
        with open(sys.argv[3], "a") as f:
            f.write(step + "\\n")

    def __init__(self, path, log, ccache=None):
        super().__init__(path, log, ccache)
        self.steps = type("Steps", (list,), {"append": lambda lst, step: self._note(step)})()

    def run(self, cmd, timeout=None):
        with owned_process.OwnedProcess(["sleep", "60"], deadline=90) as p:
            self._note(f"sleeping {p.pid}")
            p.proc.wait()
        return super().run(cmd, timeout)


from pmdfwd_dev import dpdk_matrix
dpdk_matrix.test_root.__defaults__ = (SleepingRoot,)
os.environ["PMDFWD_ROOTS"] = sys.argv[2]
sys.exit(dpdk_matrix.main(["--versions", "24.11"], src=sys.argv[1]))
"""


@NEEDS_GIT
class Stopped(unittest.TestCase):
    def test_sigterm_in_a_build_says_so_unmounts_and_leaves_nothing_running(self):
        # Issue 29 item 5: the matrix ended on a signal with no word.
        with tempfile.TemporaryDirectory() as src, tempfile.TemporaryDirectory() as roots_dir:
            small_tree(src)
            record = os.path.join(roots_dir, "steps")
            with owned_process.OwnedProcess([sys.executable, "-c", STOPPED_CHILD, src, roots_dir, record],
                                            cwd=Path(__file__).parent, stderr=subprocess.PIPE, text=True,
                                            stdout=subprocess.DEVNULL, deadline=60) as child:
                deadline = time.monotonic() + 30
                while "sleeping" not in (Path(record).read_text() if os.path.exists(record) else ""):
                    self.assertLess(time.monotonic(), deadline, "the fake build never started")
                    time.sleep(0.05)
                os.kill(child.pid, signal.SIGTERM)
                _, err = child.proc.communicate(timeout=30)
            steps = Path(record).read_text().split("\n")
            sleeper = int(next(s for s in steps if s.startswith("sleeping")).split()[1])
        self.assertEqual(child.proc.returncode, 128 + signal.SIGTERM, err)
        self.assertIn("dpdk-matrix: stopped by SIGTERM; every mount undone, nothing left running", err)
        self.assertEqual([s for s in steps if s in ("mount", "unmount", "unlock")], ["mount", "unmount", "unlock"])
        self.assertFalse(alive(sleeper), f"the build's process {sleeper} still runs")


def alive(pid):
    """Whether pid runs (a zombie waiting for its reaper does not)."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            return False
        if state == "Z":
            return False
        time.sleep(0.05)
    return True


if __name__ == "__main__":
    unittest.main()
