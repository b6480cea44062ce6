"""pmdfwd_dev.roots with a fake mount runner (nothing is mounted): the mount
table undone in reverse order on an error, on an exception in the block, on
SIGTERM, SIGINT and SIGHUP (in a child process), and whole even when a second signal
comes during the unmount; a mount left by a killed run adopted and undone; a
busy mount detached; the lock refusing a second holder; creation with
debootstrap; the mirror; the chroot environment; the packages."""
import os
import signal
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from pmdfwd_dev import owned_process, roots

HERE = Path(__file__).resolve().parent


class FakeMounts:
    """A runner that records each command (also to a file, for a child
    process) and keeps a mount table of its own. A mount whose target holds
    `fail` fails; an umount of a target in `busy` fails (umount -l works)."""

    def __init__(self, record=None, fail=None, busy=(), mounted=(), on_umount=None):
        self.calls = []
        self.record = record
        self.fail = fail
        self.busy = set(busy)
        self.mounted = set(mounted)
        self.on_umount = on_umount

    def __call__(self, argv, **kwargs):
        argv = [str(a) for a in argv]
        self.calls.append(argv)
        if self.record:
            with open(self.record, "a") as f:
                f.write(" ".join(argv) + "\n")
        rc, target = 0, argv[-1]
        if argv[0] == "mount" and "--make-slave" not in argv:
            if self.fail and self.fail in target:
                rc = 32
            else:
                self.mounted.add(target)
        elif argv[0] == "umount":
            if self.on_umount:
                self.on_umount()
            if "-l" not in argv and target in self.busy:
                rc = 32
            else:
                self.mounted.discard(target)
        return subprocess.CompletedProcess(argv, rc, "fake failure\n" if rc else "", None)

    def is_mount(self, path):
        return path in self.mounted

    def mounts(self):
        return [c[-1] for c in self.calls if c[0] == "mount" and "--make-slave" not in c]

    def umounts(self):
        return [c[-1] for c in self.calls if c[0] == "umount"]


class RootTest(unittest.TestCase):
    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.tmp = os.path.realpath(tmp.name)
        self.path = os.path.join(self.tmp, "trixie")
        for d in ("etc/apt/apt.conf.d", "usr/sbin"):
            os.makedirs(os.path.join(self.path, d))
        self.logs = []

    def root(self, fake, path=None):
        return roots.Root(path or self.path, runner=fake, is_mount=fake.is_mount, log=self.logs.append)

    def inside(self, *names):
        return [os.path.join(self.path, n) for n in names]


class MountTable(RootTest):
    def test_mounts_in_table_order_and_unmounts_in_reverse(self):
        fake = FakeMounts()
        bind = os.path.join(self.tmp, "work")
        os.makedirs(bind)
        with self.root(fake).locked(wait=0) as root, root.mounted(binds=[bind]):
            self.assertEqual(fake.mounts()[:3], self.inside("proc", "sys", "dev"))
            # A bind of the host's directory at the same path inside, last.
            self.assertEqual(fake.mounts()[-1], self.path + bind)
            self.assertEqual(fake.umounts(), [])
        self.assertEqual(fake.umounts(), fake.mounts()[::-1])
        self.assertEqual(fake.mounted, set())
        self.assertIn(["mount", "-t", "proc", "proc", self.path + "/proc"], fake.calls)
        self.assertIn(["mount", "--make-slave", self.path + "/dev"], fake.calls)

    def test_the_compiler_cache_is_bound_after_the_standard_table(self):
        fake = FakeMounts()
        cache = os.path.join(self.tmp, "ccache", "trixie")
        bind = os.path.join(self.tmp, "work")
        os.makedirs(bind)
        root = roots.Root(self.path, runner=fake, is_mount=fake.is_mount, log=self.logs.append, ccache=cache)
        with root.locked(wait=0), root.mounted(binds=[bind]):
            self.assertTrue(os.path.isdir(cache), "the host's cache folder is made")
            self.assertEqual(fake.mounts()[-2:], [self.path + "/" + roots.CCACHE_INSIDE, self.path + bind])
            self.assertIn(["mount", "--bind", cache, self.path + "/" + roots.CCACHE_INSIDE], fake.calls)
        self.assertEqual(fake.umounts(), fake.mounts()[::-1])

    def test_a_failed_mount_undoes_the_ones_before_it_in_reverse(self):
        fake = FakeMounts(fail="dev/pts")
        with self.root(fake).locked(wait=0) as root:
            with self.assertRaisesRegex(roots.RootError, r"mount --bind /dev/pts .*/dev/pts failed: fake failure"):
                root.mount()
        self.assertEqual(fake.umounts(), self.inside("dev", "sys", "proc"))
        self.assertEqual(fake.mounted, set())

    def test_an_exception_in_the_block_unmounts_in_reverse(self):
        fake = FakeMounts()
        with self.assertRaises(KeyError):
            with self.root(fake).locked(wait=0) as root, root.mounted():
                raise KeyError("a step failed")
        self.assertEqual(fake.umounts(), fake.mounts()[::-1])
        self.assertGreaterEqual(len(fake.umounts()), 3)

    def test_a_mount_left_by_a_killed_run_is_adopted_and_undone(self):
        fake = FakeMounts(mounted=self.inside("proc"))
        with self.root(fake).locked(wait=0) as root, root.mounted():
            self.assertNotIn(self.path + "/proc", fake.mounts())
        self.assertEqual(fake.umounts()[-1], self.path + "/proc")
        self.assertEqual(fake.mounted, set())

    def test_a_busy_mount_is_detached(self):
        fake = FakeMounts(busy=self.inside("dev"))
        with self.root(fake).locked(wait=0) as root, root.mounted():
            pass
        dev = self.path + "/dev"
        self.assertEqual([c for c in fake.calls if c[0] == "umount" and c[-1] == dev],
                         [["umount", dev], ["umount", "-l", dev]])
        self.assertEqual(fake.mounted, set())

    def test_a_second_signal_does_not_cut_the_unmount_short(self):
        fake = FakeMounts(on_umount=lambda: os.kill(os.getpid(), signal.SIGTERM))
        with self.assertRaises(SystemExit) as stop:
            with self.root(fake).locked(wait=0) as root, root.mounted():
                os.kill(os.getpid(), signal.SIGTERM)
        self.assertEqual(stop.exception.code, 128 + signal.SIGTERM)
        self.assertEqual(fake.umounts(), fake.mounts()[::-1])
        self.assertEqual(fake.mounted, set())

    def test_mount_needs_the_lock(self):
        with self.assertRaisesRegex(RuntimeError, "without the lock"):
            self.root(FakeMounts()).mount()


# In a child: mount with the fake runner, say so, and wait for a signal.
CHILD = """
import signal, sys, time
# The signals under test act as they do for a user at a terminal, also when
# this test runs under nohup or in a background job (which ignore them).
for s in (signal.SIGHUP, signal.SIGINT):
    signal.signal(s, signal.SIG_DFL)
from pmdfwd_dev import roots
from test_roots import FakeMounts
fake = FakeMounts(record=sys.argv[2])
with roots.Root(sys.argv[1], runner=fake, is_mount=fake.is_mount).locked(wait=0) as root, root.mounted():
    print("mounted", flush=True)
    time.sleep(60)
"""


def assert_unmounted_in_reverse(test, record, rc, sig):
    """A child that FakeMounts recorded into `record` was stopped by `sig`:
    it exited 128+sig after undoing its mounts, last first."""
    lines = Path(record).read_text().splitlines()
    mounts = [ln.split()[-1] for ln in lines if ln.startswith("mount ") and "--make-slave" not in ln]
    umounts = [ln.split()[-1] for ln in lines if ln.startswith("umount ")]
    test.assertEqual(rc, 128 + sig)
    test.assertGreaterEqual(len(mounts), 3)
    test.assertEqual(umounts, mounts[::-1])


class Signals(RootTest):
    def stopped_by(self, sig):
        record = os.path.join(self.tmp, "commands")
        with owned_process.OwnedProcess([sys.executable, "-c", CHILD, self.path, record], cwd=HERE,
                                        stdout=subprocess.PIPE, text=True, deadline=60) as child:
            self.assertEqual(child.proc.stdout.readline().strip(), "mounted")
            os.kill(child.pid, sig)
            rc = child.proc.wait(30)
        assert_unmounted_in_reverse(self, record, rc, sig)

    def test_sigterm_unmounts_in_reverse(self):
        self.stopped_by(signal.SIGTERM)

    def test_sigint_unmounts_in_reverse(self):
        self.stopped_by(signal.SIGINT)

    def test_sighup_unmounts_in_reverse(self):
        self.stopped_by(signal.SIGHUP)

    def test_a_signal_ignored_on_entry_stays_ignored(self):
        """nohup: SIGHUP was ignored before the root was mounted, and it is
        still ignored inside and after (the caller chose so)."""
        old = signal.signal(signal.SIGHUP, signal.SIG_IGN)
        self.addCleanup(signal.signal, signal.SIGHUP, old)
        with roots.exit_on_signals():
            self.assertIs(signal.getsignal(signal.SIGHUP), signal.SIG_IGN)
            self.assertIsNot(signal.getsignal(signal.SIGTERM), signal.SIG_IGN)
        self.assertIs(signal.getsignal(signal.SIGHUP), signal.SIG_IGN)


class Lock(RootTest):
    def test_a_second_holder_is_refused(self):
        first = self.root(FakeMounts())
        first.lock(wait=0)
        second = self.root(FakeMounts())
        with self.assertRaisesRegex(roots.RootBusy, rf"{self.path} is in use: .*holds {self.path}\.lock"):
            second.lock(wait=0)
        with self.assertRaisesRegex(roots.RootBusy, r"waited 0\.2 s for .*trixie\.lock"):
            second.lock(wait=0.2)
        self.assertIn(f"waiting for {self.path}.lock (another dpdk-matrix or perf run holds it)", self.logs)
        first.unlock()
        second.lock(wait=0)
        second.unlock()


class Create(RootTest):
    def debootstrap(self, rc):
        def run(argv, stdout=None, **kwargs):
            self.argv = argv
            os.makedirs(os.path.join(argv[3], "etc"))
            stdout.write("".join(f"line {i}\n" for i in range(20)))
            return subprocess.CompletedProcess(argv, rc)
        return run

    def test_debootstrap_into_a_partial_root_then_moved_and_marked(self):
        path = os.path.join(self.tmp, "sid")
        root = roots.Root(path, runner=self.debootstrap(0), log=self.logs.append)
        self.assertFalse(root.exists())
        with root.locked(wait=0):
            root.create("sid", "http://deb.example/debian")
        self.assertEqual(self.argv, ["debootstrap", "--variant=minbase", "sid", path + ".partial",
                                     "http://deb.example/debian"])
        self.assertTrue(root.exists())
        self.assertFalse(os.path.exists(path + ".partial"))

    def test_failure_says_why_and_leaves_no_partial_root(self):
        path = os.path.join(self.tmp, "sid")
        root = roots.Root(path, runner=self.debootstrap(1), log=self.logs.append)
        with root.locked(wait=0), self.assertRaisesRegex(roots.RootError, r"debootstrap sid failed \(exit 1\); "
                                                         r"last lines of .*sid\.debootstrap\.log:\nline 5\n"):
            root.create("sid", "http://deb.example/debian")
        self.assertFalse(os.path.exists(path + ".partial"))
        self.assertFalse(root.exists())

    def test_a_signal_inside_debootstrap_unmounts_and_removes_the_partial_root(self):
        # Issue 29 item 5: SIGTERM (SystemExit from exit_on_signals) while
        # debootstrap ran left PATH.partial, with the /proc its second stage
        # had mounted there, until a later run.
        path = os.path.join(self.tmp, "sid")
        proc = os.path.join(path + ".partial", "proc")
        fake = FakeMounts()

        def stopped(argv, **kwargs):
            if argv[0] != "debootstrap":
                return fake(argv, **kwargs)
            os.makedirs(proc)
            fake.mounted.add(proc)
            raise SystemExit(128 + signal.SIGTERM)
        real = roots.mounts_under
        roots.mounts_under = lambda top: [m for m in fake.mounted if m.startswith(top + os.sep)]
        self.addCleanup(setattr, roots, "mounts_under", real)
        root = roots.Root(path, runner=stopped, log=self.logs.append)
        with root.locked(wait=0), self.assertRaises(SystemExit):
            root.create("sid", "http://deb.example/debian")
        self.assertEqual(fake.umounts(), [proc])
        self.assertFalse(os.path.exists(path + ".partial"))

    def test_no_mirror_and_no_debootstrap_are_said(self):
        def missing(argv, **kwargs):
            raise FileNotFoundError(argv[0])
        root = roots.Root(os.path.join(self.tmp, "sid"), runner=missing, log=self.logs.append)
        with root.locked(wait=0):
            with self.assertRaisesRegex(roots.RootError, "no Debian mirror .*set PMDFWD_MIRROR"):
                root.create("sid", "")
            with self.assertRaisesRegex(roots.RootError, r"debootstrap is not installed \(apt-get install"):
                root.create("sid", "http://deb.example/debian")


class Mirror(RootTest):
    def test_deb822_then_sources_list_then_none(self):
        deb822, classic = os.path.join(self.tmp, "debian.sources"), os.path.join(self.tmp, "sources.list")
        Path(deb822).write_text("Types: deb\nURIs: http://security.example/debian-security\n\n"
                                "Types: deb\nuris: http://deb.example/debian\nSuites: bookworm\n")
        Path(classic).write_text("deb [arch=amd64] http://security.example/x bookworm-security main\n"
                                 "deb http://classic.example/debian bookworm main\n")
        self.assertEqual(roots.mirror({}, deb822, classic), "http://deb.example/debian")
        self.assertEqual(roots.mirror({}, "/nonexistent", classic), "http://classic.example/debian")
        self.assertEqual(roots.mirror({"PMDFWD_MIRROR": "http://mine/debian"}, deb822, classic),
                         "http://mine/debian")
        self.assertEqual(roots.mirror({}, "/nonexistent", "/nonexistent"), "")


class Inside(RootTest):
    def test_commands_run_in_the_roots_clean_environment(self):
        os.environ["PMDFWD_TEST_LEAK"] = "1"
        self.addCleanup(os.environ.pop, "PMDFWD_TEST_LEAK")
        argv = self.root(FakeMounts()).argv(["meson", "test"])
        self.assertEqual(argv[:4], ["chroot", self.path, "/usr/bin/env", "-i"])
        self.assertEqual(argv[-2:], ["meson", "test"])
        self.assertIn("PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", argv)
        self.assertIn("DEBIAN_FRONTEND=noninteractive", argv)
        self.assertFalse([a for a in argv if "PMDFWD_TEST_LEAK" in a])

    def test_ccache_inside_uses_the_bound_cache_or_is_off(self):
        cached = roots.Root(self.path, runner=FakeMounts(), ccache="/var/cache/pmdfwd/ccache/trixie")
        self.assertEqual(cached.env()["CCACHE_DIR"], "/" + roots.CCACHE_INSIDE)
        self.assertNotIn("CCACHE_DISABLE", cached.env())
        off = roots.Root(self.path, runner=FakeMounts(), ccache=False)
        self.assertEqual(off.env()["CCACHE_DISABLE"], "1")
        self.assertFalse([k for k in self.root(FakeMounts()).env() if k.startswith("CCACHE")],
                         "a root nobody builds in: nothing of ccache")

    def test_ccache_dir_per_suite_and_turned_off(self):
        self.assertEqual(roots.ccache_dir("sid", {}), "/var/cache/pmdfwd/ccache/sid")
        self.assertEqual(roots.ccache_dir("sid", {"PMDFWD_CCACHE_DIR": "/c"}), "/c/sid")
        self.assertIs(roots.ccache_dir("sid", {"PMDFWD_CCACHE": "0"}), False)

    def test_apt_configuration(self):
        root = self.root(FakeMounts())
        root.configure_apt("sid")
        conf = Path(self.path, "etc/apt/apt.conf.d/99pmdfwd").read_text()
        self.assertIn('APT::Install-Recommends "false";', conf)
        self.assertIn('Acquire::Check-Valid-Until "false";', conf)
        self.assertEqual(os.stat(os.path.join(self.path, "usr/sbin/policy-rc.d")).st_mode & 0o777, 0o755)
        root.configure_apt("trixie")
        self.assertNotIn("Valid-Until", Path(self.path, "etc/apt/apt.conf.d/99pmdfwd").read_text())

    def test_install_names_the_suites_pmd_packages_and_installs_what_is_missing(self):
        os.makedirs(os.path.join(self.path, "var/lib/apt/lists"))
        Path(self.path, "var/lib/apt/lists/deb.example_dists_trixie_InRelease").write_text("")
        done = []

        def runner(argv, **kwargs):
            cmd = argv[argv.index("DEBIAN_FRONTEND=noninteractive") + 1:]
            done.append(cmd)
            out = ""
            if cmd[:2] == ["apt-cache", "pkgnames"]:
                out = "librte-net-ring23\nlibrte-net-ring25\nlibrte-net-ring-dev\n"
            elif cmd[0] == "dpkg-query":
                out = "dpdk install ok installed\ng++ deinstall ok config-files\n"
            return subprocess.CompletedProcess(argv, 0, out, None)
        root = roots.Root(self.path, runner=runner, log=self.logs.append)
        self.assertEqual(root.install("trixie", ["dpdk", "g++"], ["net-ring"]), ["g++", "librte-net-ring25"])
        self.assertIn(["apt-get", "install", "-y", "-q", "g++", "librte-net-ring25"], done)
        self.assertEqual(self.logs, ["trixie root: installing g++ librte-net-ring25"])

    def test_a_pmd_this_suite_lacks_is_said(self):
        root = roots.Root(self.path, runner=lambda argv, **kw: subprocess.CompletedProcess(argv, 0, "", None))
        with self.assertRaisesRegex(roots.RootError, "no librte-net-foo package in this suite's lists"):
            root.pmd_package("net-foo")


if __name__ == "__main__":
    unittest.main()
