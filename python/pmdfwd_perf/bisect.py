"""`scripts/perf bisect GOOD BAD --cell C`: the first commit that moved a cell.

git bisect asks a yes/no question per commit; a speed change has no yes/no
test, only evidence. So every question here is a verdict (perf/stats:
bootstrap CI and Mann-Whitney, minimum effect) between measured runs:

1. GOOD and BAD are measured, alternated, until their verdict says they
   differ (or the runs allowed are spent: then there is nothing to find);
   the verdict's direction is the step being looked for.
2. Binary search between the bracket's ends lo (like GOOD) and hi (like
   BAD): the middle commit is measured alternated with both ends, which are
   measured again each time, so the search re-measures only where the
   boundary is and every comparison is between runs minutes apart. The
   middle is like BAD when it differs from lo in the step's direction and
   not from hi, like GOOD in the mirror case; when the verdicts are not
   clear, all three are measured again, up to --rounds times, and if it is
   still unclear the nearer median decides and the log says so.
3. The boundary pair (last like GOOD, first like BAD) is measured until its
   verdict is clear: the result is that commit, the ratio of its median to
   its parent's and the interval of that ratio; if the pair stays "within
   noise" the result says the boundary is not confirmed.

A pair looked at up to R rounds is tested at the confidence level divided
by R (Bonferroni over the looks): stopping at the first clear verdict of
several would otherwise find steps in noise.

The measuring is a callable, measure(shas, reps) -> {sha: [figures]}, so the
same search runs on a forwarder's cell (CellMeasure) or on any command that
prints a figure (CommandMeasure, used by the tests on a synthetic repo).
"""

import math
import os
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Dict, List, Optional

from pmdfwd_dev import owned_process

from . import stats


@dataclass
class Result:
    first_bad: Optional[str] = None
    last_good: Optional[str] = None
    verdict: Optional[stats.Verdict] = None  # of first_bad against last_good
    step: Optional[stats.Verdict] = None  # of BAD against GOOD
    measured: dict = field(default_factory=dict)  # sha -> figures
    log: list = field(default_factory=list)


def _opposite(verdict):
    return stats.SLOWER if verdict == stats.FASTER else stats.FASTER


class Search:
    def __init__(self, commits, measure, reps=3, rounds=3, confidence=0.95, min_effect=0.02, stream=sys.stderr,
                 name=None):
        if len(commits) < 2:
            raise ValueError("bisect needs GOOD and BAD to be different commits, GOOD an ancestor of BAD")
        self.commits, self.measure, self.reps, self.rounds = commits, measure, reps, rounds
        self.confidence, self.min_effect = confidence, min_effect
        self.stream = stream
        self.name = name or (lambda sha: sha[:10])
        self.res = Result()

    def say(self, text):
        self.res.log.append(text)
        self.stream.write(f"[perf] bisect: {text}\n")
        self.stream.flush()

    def more(self, shas):
        got = self.measure(shas, self.reps)
        for sha in shas:
            self.res.measured.setdefault(sha, []).extend(got.get(sha, []))
            if not got.get(sha):
                raise RuntimeError(f"no figure measured for {self.name(sha)}")

    def verdict(self, a, b):
        # Up to `rounds` looks at the same pair, stopping at the first clear
        # one: each look is tested at the level divided by the looks
        # (Bonferroni), or re-measuring would find steps in noise.
        level = 1.0 - (1.0 - self.confidence) / self.rounds
        return stats.compare(self.res.measured[a], self.res.measured[b], level, self.min_effect)

    def clear_pair(self, a, b):
        """Measure a and b until their verdict is not noise, or rounds run out."""
        v = None
        for _ in range(self.rounds):
            self.more([a, b])
            v = self.verdict(a, b)
            if v.verdict != stats.NOISE:
                break
        return v

    def classify(self, lo, mid, hi, step):
        """'bad' when mid is like hi, 'good' when like lo."""
        for r in range(self.rounds):
            self.more([lo, mid, hi])
            v_lo, v_hi = self.verdict(lo, mid), self.verdict(hi, mid)
            if v_lo.verdict == step and v_hi.verdict == stats.NOISE:
                return "bad", v_lo
            if v_lo.verdict == stats.NOISE and v_hi.verdict == _opposite(step):
                return "good", v_lo
        m = stats.median(self.res.measured[mid])
        d_lo = abs(math.log(m / stats.median(self.res.measured[lo])))
        d_hi = abs(math.log(m / stats.median(self.res.measured[hi])))
        side = "bad" if d_hi < d_lo else "good"
        self.say(f"{self.name(mid)}: verdicts unclear after {self.rounds} rounds "
                 f"({v_lo.verdict} vs lo, {v_hi.verdict} vs hi); the nearer median says {side}")
        return side, v_lo

    def run(self):
        good, bad = self.commits[0], self.commits[-1]
        step = self.clear_pair(good, bad)
        self.res.step = step
        self.say(f"{self.name(bad)} against {self.name(good)}: {step.verdict}, ratio {step.ratio:.3f} "
                 f"[{step.ci_low:.3f}, {step.ci_high:.3f}]")
        if step.verdict == stats.NOISE:
            return self.res
        lo, hi = 0, len(self.commits) - 1
        while hi - lo > 1:
            mid = (lo + hi) // 2
            side, v = self.classify(self.commits[lo], self.commits[mid], self.commits[hi], step.verdict)
            self.say(f"{self.name(self.commits[mid])} ({mid} of {len(self.commits) - 1}) is like "
                     f"{'BAD' if side == 'bad' else 'GOOD'}: ratio to lo {v.ratio:.3f}")
            if side == "bad":
                hi = mid
            else:
                lo = mid
        a, b = self.commits[lo], self.commits[hi]
        self.res.last_good, self.res.first_bad = a, b
        self.res.verdict = self.clear_pair(a, b)
        return self.res


class CommandMeasure:
    """Figures from a command run in each commit's tree (the cache's):
    its last line of output is the figure, higher is better."""

    def __init__(self, cache, command):
        self.cache, self.command = cache, command

    def __call__(self, shas, reps):
        for sha in shas:
            st = self.cache.build(sha)
            if not st["ok"]:
                raise RuntimeError(f"{sha[:10]} does not build: {st['error'][-300:]}")
        out: Dict[str, List[float]] = {sha: [] for sha in shas}
        for _ in range(reps):
            for sha in shas:  # alternated, as matrix.execute does
                res = owned_process.run(["sh", "-c", self.command], cwd=self.cache.tree(sha), stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True, timeout=600)
                lines = res.stdout.strip().splitlines()
                try:
                    out[sha].append(float(lines[-1].split()[-1]))
                except (IndexError, ValueError):
                    raise RuntimeError(f"{self.command!r} in {sha[:10]} printed no figure on its last line "
                                       f"(rc {res.returncode}): {res.stdout[-300:]}") from None
        return out


class CellMeasure:
    """Figures (Mpps, each run's best interval) of one matrix cell, every
    commit's pmdfwd built in the cache and run alternated with the others."""

    def __init__(self, cache, cell, ctx, cpus, logdir, figure="best"):
        self.cache, self.cell, self.ctx, self.cpus, self.logdir = cache, cell, ctx, cpus, logdir
        self.key = "best_pps" if figure == "best" else "median_pps"

    def __call__(self, shas, reps):
        from . import matrix, subjects

        subs = []
        for sha in shas:
            if self.cache.status(sha) is None:
                sys.stderr.write(f"[perf] bisect: building {sha[:10]} in {self.cache.dir(sha)}\n")
            st = self.cache.build(sha)
            if not st["ok"]:
                raise RuntimeError(f"{sha[:10]} does not build; see {self.cache.dir(sha)}/build.json")
            s = subjects.parse_spec(f"{sha[:10]}:bin={self.cache.binary(sha)}")
            subs.append(subjects.probe(s, f"pmdfwd-perf-{os.getpid()}-bisect"))
        samples = matrix.execute([self.cell], subs, self.ctx, reps, self.cpus, self.logdir, progress=False)
        out: Dict[str, List[float]] = {sha: [] for sha in shas}
        for sha, s in zip(shas, subs):
            out[sha] = [x[self.key] / 1e6 for x in samples if x["subject"] == s.label and x.get(self.key)]
        return out
