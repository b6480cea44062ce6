"""history's pieces: cell names, commit ranges, the build cache that builds once
and remembers a failed build, and the store hook of `scripts/perf run`."""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path

import _path  # noqa: F401
from pmdfwd_perf import checkouts, history, store

from pmdfwd_dev import owned_process

from test_bisect import git  # noqa: E402


class TestHistory(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="perf-history-")
        self.addCleanup(shutil.rmtree, self.dir, True)
        self.repo = os.path.join(self.dir, "repo")
        os.makedirs(self.repo)
        git(self.repo, "init", "-q")
        self.shas = []
        for i in range(7):
            with open(os.path.join(self.repo, "build.sh"), "w") as f:
                f.write("exit 1\n" if i == 3 else f"echo built {i} > out\n")
            git(self.repo, "add", "build.sh")
            git(self.repo, "commit", "-q", "-m", f"commit {i}")
            self.shas.append(git(self.repo, "rev-parse", "HEAD"))

    def test_cell_names(self):
        self.assertEqual(history.parse_cell("ring-hot/macswap"), "ring-hot/macswap/64B/1Q1C")
        self.assertEqual(history.parse_cell("null/io/128B/2Q2C"), "null/io/128B/2Q2C")
        with self.assertRaisesRegex(ValueError, "VARIANT/MODE"):
            history.parse_cell("ring-hot")
        with self.assertRaisesRegex(ValueError, "must be bytes"):
            history.parse_cell("null/io/64")

    def test_range_every_nth_keeps_both_ends(self):
        got = checkouts.commit_range(self.repo, f"{self.shas[0]}..{self.shas[6]}", every=4)
        self.assertEqual(got, [self.shas[0], self.shas[4], self.shas[6]])
        self.assertEqual(checkouts.commit_range(self.repo, f"{self.shas[2][:8]},{self.shas[1][:8]}"),
                         [self.shas[2], self.shas[1]])
        with self.assertRaisesRegex(ValueError, "is not a commit"):
            checkouts.commit_range(self.repo, "nosuchrev")

    def test_a_bad_revision_or_range_is_a_clear_error(self):
        # Issue 29 item 5: an unknown end of a range gave git's own "ambiguous
        # argument ... use '--'"; a backwards range, '...' or an empty list
        # went on with one commit or none ("no commit of the list builds: ").
        for spec, why in [("nosuch..HEAD", "'nosuch' is not a commit"),
                          ("HEAD..nosuch", "'nosuch' is not a commit"),
                          (f"{self.shas[5]}..{self.shas[1]}", "no commit after .* up to .*; allowed: OLD..NEW"),
                          (f"{self.shas[1]}...{self.shas[5]}", r"'\.\.\.' .* is no stretch of history"),
                          (",", "names no commit; allowed"), ("", "names no commit"),
                          ("--all", "'--all' is not a commit")]:
            with self.assertRaisesRegex(ValueError, why, msg=spec):
                checkouts.commit_range(self.repo, spec)

    def test_sigterm_in_a_build_stops_it_and_remembers_nothing(self):
        # Issue 29 item 5: tried, held: the build (an owned process group)
        # ends with scripts/perf, which says so, and no build result is
        # written (the next run builds again, not "failed").
        cache = os.path.join(self.dir, "cache")
        pidfile = os.path.join(self.dir, "build.pid")
        argv = [sys.executable, os.path.join(_path.SCRIPTS, "perf"), "bisect", "--repo", self.repo,
                "--cache", cache, "--measure-command", "echo 1",
                "--build-command", f"echo $$ > {pidfile}; exec sleep 60", self.shas[0], self.shas[6]]
        with owned_process.OwnedProcess(argv, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                                        deadline=60) as perf:
            deadline = time.monotonic() + 30
            while not (os.path.exists(pidfile) and Path(pidfile).read_text().strip()):
                self.assertLess(time.monotonic(), deadline, "no build started")
                time.sleep(0.05)
            build = int(Path(pidfile).read_text())
            perf.proc.send_signal(signal.SIGTERM)
            _, err = perf.proc.communicate(timeout=30)
        self.assertEqual(perf.proc.returncode, 128 + signal.SIGTERM, err)
        self.assertIn("perf: stopped by SIGTERM; cleaned up", err)
        with self.assertRaises(ProcessLookupError):
            for _ in range(100):
                os.kill(build, 0)
                time.sleep(0.05)
        self.assertEqual(checkouts.Cache(self.repo, cache, build_cmd="").status(self.shas[0]), None)

    def test_build_once_and_failed_build_is_remembered(self):
        cache = checkouts.Cache(self.repo, os.path.join(self.dir, "cache"), build_cmd="sh build.sh")
        with open(os.devnull, "w") as quiet:
            built, skipped, _ = history.build_all(cache, self.shas[2:5], stream=quiet)
        self.assertEqual(built, [self.shas[2], self.shas[4]])
        self.assertIn("build failed", skipped[self.shas[3]])
        with open(os.path.join(cache.tree(self.shas[4]), "out")) as f:
            self.assertEqual(f.read(), "built 4\n")
        os.remove(os.path.join(cache.tree(self.shas[4]), "out"))
        self.assertTrue(cache.build(self.shas[4])["ok"])  # cached: not run again
        self.assertFalse(os.path.exists(os.path.join(cache.tree(self.shas[4]), "out")))
        self.assertFalse(cache.build(self.shas[3])["ok"])

    def test_rotated_order_moves_every_subject_through_every_place(self):
        from unittest import mock

        from pmdfwd_perf import matrix

        order = []
        subs = [mock.Mock(label=x, mode=None) for x in "abc"]
        cell = mock.Mock(skip=None, key="null/io/64B/1Q1C", mode="io")
        ctx = mock.Mock(warmup=0, duration=1)
        with mock.patch.object(matrix.rigs, "build", lambda c, s, ctx, cpus: s.label), \
                mock.patch.object(matrix.runner, "run", lambda spec, *a: order.append(spec) or {}):
            matrix.execute([cell], subs, ctx, 3, [0, 1], self.dir, progress=False, rotate=True)
            self.assertEqual("".join(order), "abcbcacab")
            order.clear()
            matrix.execute([cell], subs, ctx, 2, [0, 1], self.dir, progress=False)
            self.assertEqual("".join(order), "abcabc")

    def test_trend_needs_a_store(self):
        """(That `scripts/perf run` appends to the store is the smoke test's check.)"""
        path = os.path.join(self.dir, "s.sqlite")
        perf = os.path.join(_path.SCRIPTS, "perf")
        r = owned_process.run([sys.executable, perf, "trend", "-o", os.path.join(self.dir, "p.html"), "--store", path],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
        self.assertEqual(r.returncode, 2)
        self.assertIn("no store at", r.stderr)
        store.connect(path).close()
        r = owned_process.run([sys.executable, perf, "trend", "-o", os.path.join(self.dir, "p.html"), "--store", path],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
        self.assertEqual(r.returncode, 0, r.stderr)


if __name__ == "__main__":
    unittest.main()
