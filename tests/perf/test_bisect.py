"""scripts/perf bisect on a synthetic repository whose commits change a
delay by known amounts: rate.py reports the rate of an item that costs DELAY
(1e6 / DELAY), with 2 % Gaussian noise drawn from a seed made of DELAY and
the run's number in its checkout, so every run of the test sees the same
figures whatever the machine's load (a timed delay failed on a loaded CI
machine: speed lives in benchmarks, never in test assertions). Commit 6 raises
DELAY from 200 to 300 (a third slower); the others change a comment. About 5 s.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

import _path  # noqa: F401
from pmdfwd_perf import bisect, stats

from pmdfwd_dev import owned_process

PERF = os.path.join(_path.SCRIPTS, "perf")
# The run counter lives beside rate.py, in the checkout bisect measures.
RATE = """import os, random
DELAY = {delay}  # {note}
n = int(open(".runs").read()) if os.path.exists(".runs") else 0
with open(".runs", "w") as f:
    f.write(str(n + 1))
random.seed(DELAY * 1000 + n)
print(1e6 / DELAY * (1 + random.gauss(0, 0.02)))
"""


def git(repo, *args):
    return owned_process.run(["git", "-C", repo, *args], check=True, stdout=subprocess.PIPE, text=True, timeout=60,
                             env=dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
                                      GIT_COMMITTER_EMAIL="t@t")).stdout.strip()


def synthetic_repo(path, delays):
    """One commit per entry: (DELAY, note); returns the commit hashes."""
    os.makedirs(path)
    git(path, "init", "-q")
    shas = []
    for i, (delay, note) in enumerate(delays):
        with open(os.path.join(path, "rate.py"), "w") as f:
            f.write(RATE.format(delay=delay, note=note))
        git(path, "add", "rate.py")
        git(path, "commit", "-q", "-m", f"commit {i}: {note}")
        shas.append(git(path, "rev-parse", "HEAD"))
    return shas


class TestBisect(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="perf-bisect-")
        self.addCleanup(shutil.rmtree, self.dir, True)
        self.repo = os.path.join(self.dir, "repo")
        delays = [(200, "start")] + [(200, f"comment {i}") for i in range(1, 6)] + [(300, "slower")] + \
                 [(300, f"comment {i}") for i in range(7, 10)]
        self.shas = synthetic_repo(self.repo, delays)

    def perf(self, *args):
        cmd = [sys.executable, PERF, "bisect", *args, "-R", "5", "--repo", self.repo,
               "--cache", os.path.join(self.dir, "c"),
               "--build-command", "", "--measure-command", f"{sys.executable} rate.py"]
        return owned_process.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120)

    def test_finds_the_commit_that_changed_the_delay(self):
        r = self.perf(self.shas[0], self.shas[-1])
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        m = re.search(r"first commit that differs: (\w+) commit 6: slower", r.stdout)
        self.assertTrue(m, r.stdout + r.stderr)
        self.assertTrue(self.shas[6].startswith(m.group(1)))
        ratio = float(re.search(r"ratio ([\d.]+)", r.stdout.split("first commit")[1]).group(1))
        # 200/300 = 0.67 within the 2 % noise
        self.assertGreater(ratio, 0.62)
        self.assertLess(ratio, 0.72)
        self.assertIn("slower", r.stdout)
        # Only the search path and the boundary were measured, never commits 1-3 or 7-8.
        self.assertRegex(r.stdout, r"measured 5 of 10 commits")
        for far in (1, 2, 3, 7, 8):
            self.assertNotIn(self.shas[far][:7], r.stderr)

    def test_no_step_between_equal_commits(self):
        r = self.perf(self.shas[0], self.shas[5])
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertRegex(r.stdout, "no step|not confirmed")


class TestSearchUnclear(unittest.TestCase):
    def test_unclear_middle_is_remeasured_then_decided_by_the_nearer_median(self):
        calls = []
        # m sits between a and b, differing from both: neither "like a" nor "like b"
        figures = {"a": 100.0, "m": 91.0, "b": 80.0}

        def measure(shas, reps):
            calls.append(tuple(shas))
            return {s: [figures[s] * (1 + 0.001 * i) for i in range(reps)] for s in shas}

        with open(os.devnull, "w") as quiet:
            res = bisect.Search(["a", "m", "b"], measure, reps=4, rounds=2, stream=quiet).run()
        self.assertEqual(res.step.verdict, stats.SLOWER)
        self.assertEqual((res.last_good, res.first_bad), ("m", "b"))
        self.assertEqual(calls.count(("a", "m", "b")), 2)
        self.assertTrue(any("unclear after 2 rounds" in x and "says good" in x for x in res.log), res.log)


if __name__ == "__main__":
    unittest.main()
