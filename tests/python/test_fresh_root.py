"""pmdfwd_dev.roots.fresh with a fake runner (nothing is mounted, no
debootstrap): the minbase tarball made once, under its lock, with the
suite's sources and without the root's marker; a fresh root unpacked into a
new directory, prepared, mounted with roots' table and, on leaving the with
block (normally, by an exception, on SIGTERM/SIGINT in a child process),
unmounted in reverse order and removed; KEEP leaves it unmounted and says
where; a suite name that is not one is refused."""
import os
import signal
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from pmdfwd_dev import owned_process, roots
from pmdfwd_dev.roots import fresh as fresh_root
from test_roots import FakeMounts, assert_unmounted_in_reverse

HERE = Path(__file__).resolve().parent


class FakeDebian(FakeMounts):
    """FakeMounts that also plays debootstrap (makes a tree) and tar (-cf
    writes the tarball, -xf makes the tree of a minbase root)."""

    def __call__(self, argv, **kwargs):
        argv = [str(a) for a in argv]
        if argv[0] == "debootstrap":
            os.makedirs(os.path.join(argv[3], "etc/apt"))
            Path(argv[3], "etc/apt/sources.list").write_text("deb http://old/debian bookworm main\n")
        elif argv[0] == "tar" and "-cf" in argv:
            Path(argv[argv.index("-cf") + 1]).write_text("tarball\n")
        elif argv[0] == "tar" and "-xf" in argv:
            for d in ("etc/apt", "usr/sbin", "proc", "sys", "dev"):
                os.makedirs(os.path.join(argv[2], d), exist_ok=True)
        elif argv[0] == "rm":  # the removal is real (of a directory the test made)
            self.calls.append(argv)
            return subprocess.run(argv, **kwargs)
        return super().__call__(argv, **kwargs)

    def of(self, name):
        return [c for c in self.calls if c[0] == name]


class FreshTest(unittest.TestCase):
    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.dir = os.path.realpath(tmp.name)
        self.logs = []

    def tarball(self, suite="bookworm"):
        Path(self.dir, f"{suite}-minbase.tar").write_text("tarball\n")

    def fresh(self, fake, **kwargs):
        kwargs.setdefault("is_mount", getattr(fake, "is_mount", None))
        return fresh_root.fresh_root(kwargs.pop("suite", "bookworm"), directory=self.dir, runner=fake,
                                     log=self.logs.append, **kwargs)

    def left(self):
        return sorted(n for n in os.listdir(self.dir) if n != "bookworm-minbase.tar")


class Base(FreshTest):
    def test_made_once_with_the_suites_sources_and_without_the_marker(self):
        fake = FakeDebian()
        tar = fresh_root.base_tarball("trixie", directory=self.dir, mirror_url="http://deb.example/debian",
                                      runner=fake, log=self.logs.append)
        self.assertEqual(tar, os.path.join(self.dir, "trixie-minbase.tar"))
        self.assertEqual(fake.of("debootstrap"), [["debootstrap", "--variant=minbase", "trixie",
                                                   os.path.join(self.dir, "trixie-minbase.partial"),
                                                   "http://deb.example/debian"]])
        base = os.path.join(self.dir, "trixie-minbase")
        self.assertEqual(fake.of("tar"), [["tar", "-C", base, "--exclude=./.pmdfwd-root", "-cf", tar + ".tmp", "."]])
        self.assertTrue(os.path.isfile(tar))
        # The tree it was made from is gone; its lock stays (as a root's does).
        self.assertEqual(sorted(os.listdir(self.dir)), ["trixie-minbase.debootstrap.log", "trixie-minbase.lock",
                                                        "trixie-minbase.tar"])
        again = FakeDebian()
        fresh_root.base_tarball("trixie", directory=self.dir, runner=again, log=self.logs.append)
        self.assertEqual(again.calls, [])

    def test_the_sources_a_fresh_install_has(self):
        text = fresh_root.sources_text("trixie", "http://deb.example/debian")
        self.assertEqual(text, "Types: deb\nURIs: http://deb.example/debian\nSuites: trixie trixie-updates\n"
                         "Components: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n\n"
                         "Types: deb\nURIs: http://deb.example/debian-security\nSuites: trixie-security\n"
                         "Components: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n")
        self.assertIn("URIs: http://deb.example/debian-security\n",
                      fresh_root.sources_text("sid", "http://deb.example/debian/"))
        # The host's suite gets the host's file as it is; sources.list goes.
        host = Path(self.dir, "host.sources")
        host.write_text("Types: deb\nURIs: http://host.example/debian\n")
        tree = Path(self.dir, "tree")
        (tree / "etc/apt").mkdir(parents=True)
        (tree / "etc/apt/sources.list").write_text("deb x\n")
        fresh_root.write_sources(str(tree), "bookworm", "http://deb.example/debian", str(host))
        self.assertEqual((tree / "etc/apt/sources.list.d/debian.sources").read_text(), host.read_text())
        self.assertFalse((tree / "etc/apt/sources.list").exists())
        fresh_root.write_sources(str(tree), "trixie", "http://deb.example/debian", str(host))
        self.assertIn("Suites: trixie trixie-updates", (tree / "etc/apt/sources.list.d/debian.sources").read_text())

    def test_no_mirror_is_said_and_leaves_no_tarball(self):
        with self.assertRaisesRegex(roots.RootError, "no Debian mirror .*set PMDFWD_MIRROR"):
            fresh_root.base_tarball("sid", directory=self.dir, mirror_url="", runner=FakeDebian(),
                                    log=self.logs.append)
        self.assertFalse(os.path.exists(os.path.join(self.dir, "sid-minbase.tar")))

    def test_a_suite_name_that_is_not_one(self):
        for bad in ("", "Bookworm", "a b", "../roots/trixie", "sid;rm"):
            with self.assertRaisesRegex(roots.RootError, "is not a Debian suite name .*bookworm, trixie or sid"):
                fresh_root.check_suite(bad)
        self.assertEqual(fresh_root.check_suite("bookworm-backports"), "bookworm-backports")

    def test_pkgroots_from_the_environment(self):
        self.assertEqual(fresh_root.pkgroots({}), "/var/cache/pmdfwd/pkgroots")
        self.assertEqual(fresh_root.pkgroots({"PMDFWD_PKGROOTS": "/x"}), "/x")


class Fresh(FreshTest):
    def test_unpacked_prepared_mounted_then_unmounted_in_reverse_and_removed(self):
        self.tarball()
        fake = FakeDebian()
        with self.fresh(fake) as root:
            self.assertTrue(root.path.startswith(os.path.join(self.dir, "fresh-bookworm.")))
            self.assertEqual(fake.of("tar"), [["tar", "-C", root.path, "-xf",
                                               os.path.join(self.dir, "bookworm-minbase.tar")]])
            self.assertEqual(Path(root.path, "usr/sbin/policy-rc.d").read_text(), "#!/bin/sh\nexit 101\n")
            self.assertEqual(os.stat(os.path.join(root.path, "usr/sbin/policy-rc.d")).st_mode & 0o777, 0o755)
            self.assertEqual(os.stat(root.path).st_mode & 0o777, 0o755)
            # roots' one mount table, in its order.
            self.assertEqual(fake.mounts()[:3], [os.path.join(root.path, d) for d in ("proc", "sys", "dev")])
            self.assertEqual(fake.umounts(), [])
            self.assertEqual(root.argv(["true"])[:4], ["chroot", root.path, "/usr/bin/env", "-i"])
        self.assertEqual(fake.umounts(), fake.mounts()[::-1])
        self.assertEqual(fake.mounted, set())
        # rm never leaves the root's file system (a mount nobody recorded).
        self.assertEqual(fake.of("rm"), [["rm", "-rf", "--one-file-system", os.path.dirname(root.path)]])
        self.assertEqual(self.left(), [])

    def test_an_exception_in_the_block_unmounts_and_removes(self):
        self.tarball()
        fake = FakeDebian()
        with self.assertRaises(KeyError), self.fresh(fake):
            raise KeyError("a check failed")
        self.assertEqual(fake.umounts(), fake.mounts()[::-1])
        self.assertEqual(self.left(), [])

    def test_a_failed_unpack_is_said_and_leaves_nothing(self):
        self.tarball()

        def broken_tar(argv, **kwargs):
            if argv[0] != "tar":
                return subprocess.run(argv, **kwargs)
            return subprocess.CompletedProcess(argv, 2, "tar: short read\n", None)
        with self.assertRaisesRegex(roots.RootError, r"a fresh bookworm root: tar -C .* -xf .* failed \(exit 2\): "
                                    r"tar: short read"):
            with self.fresh(broken_tar, is_mount=lambda p: False):
                self.fail("the block must not run")
        self.assertEqual(self.left(), [])

    def test_a_signal_inside_the_unpack_leaves_nothing(self):
        # Issue 29 item 5, tried and held: SIGTERM (SystemExit from
        # exit_on_signals) while tar unpacks, half a tree written.
        self.tarball()

        def stopped_tar(argv, **kwargs):
            if argv[0] != "tar":
                return subprocess.run(argv, **kwargs)
            os.makedirs(os.path.join(argv[2], "etc/apt"))
            raise SystemExit(128 + signal.SIGTERM)
        with self.assertRaises(SystemExit), self.fresh(stopped_tar, is_mount=lambda p: False):
            self.fail("the block must not run")
        self.assertEqual(self.left(), [])

    def test_keep_unmounts_and_says_where(self):
        self.tarball()
        fake = FakeDebian()
        with self.fresh(fake, keep=True) as root:
            pass
        self.assertEqual(fake.mounted, set())
        self.assertTrue(os.path.isdir(os.path.join(root.path, "usr/sbin")))
        self.assertIn(f"kept the bookworm root in {root.path} (unmounted)", self.logs)

    def test_a_mount_that_stays_keeps_the_directory_and_says_so(self):
        self.tarball()
        fake = FakeDebian()
        stays = []

        def mounted_under(path):
            return [os.path.join(path, "dev")] if stays else []
        real = roots.mounts_under
        roots.mounts_under = mounted_under
        self.addCleanup(setattr, roots, "mounts_under", real)
        with self.fresh(fake) as root:
            stays.append(True)
        self.assertTrue(os.path.isdir(root.path))
        self.assertIn(f"{root.path} still has mounts inside; not removing it", self.logs)


# In a child: a fresh root with the fake runner, say so, and wait for a signal.
CHILD = """
import signal, sys, time
# The signals under test act as they do for a user at a terminal, also when
# this test runs under nohup or in a background job (which ignore them).
for s in (signal.SIGHUP, signal.SIGINT):
    signal.signal(s, signal.SIG_DFL)
from pmdfwd_dev.roots import fresh as fresh_root
from test_fresh_root import FakeDebian
fake = FakeDebian(record=sys.argv[2])
with fresh_root.fresh_root("bookworm", directory=sys.argv[1], runner=fake, is_mount=fake.is_mount) as root:
    print(root.path, flush=True)
    time.sleep(60)
"""


class Signals(FreshTest):
    def stopped_by(self, sig):
        self.tarball()
        record = os.path.join(self.tmp_record(), "commands")
        with owned_process.OwnedProcess([sys.executable, "-c", CHILD, self.dir, record], cwd=HERE,
                                        stdout=subprocess.PIPE, text=True, deadline=60) as child:
            path = child.proc.stdout.readline().strip()
            self.assertTrue(os.path.isdir(path))
            os.kill(child.pid, sig)
            rc = child.proc.wait(30)
        assert_unmounted_in_reverse(self, record, rc, sig)
        self.assertEqual(self.left(), [])

    def tmp_record(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        return tmp.name

    def test_sigterm_unmounts_and_removes(self):
        self.stopped_by(signal.SIGTERM)

    def test_sigint_unmounts_and_removes(self):
        self.stopped_by(signal.SIGINT)


if __name__ == "__main__":
    unittest.main()
