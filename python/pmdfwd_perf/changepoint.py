"""Change points in a series of commits, each measured by several runs.

Binary segmentation with the verdicts scripts/perf already gives A/B pairs
(perf/stats.compare: bootstrap CI of the ratio of medians AND
Mann-Whitney U, AND a minimum effect):

1. in a stretch of commits, pool the runs left and right of every possible
   boundary and take the boundary whose two sides separate best (largest
   Mann-Whitney |z|, cheap to compute for all of them);
2. ask for a verdict between the two sides at that one boundary. The
   boundary was picked as the best of m candidates, so the test's level is
   divided by m (Bonferroni): without that, the best of 10 boundaries in
   pure noise passes a 95 % test far more often than 5 % of the time;
3. a "faster"/"slower" verdict splits the stretch there and both halves
   are searched again; "within noise" ends the search in that stretch.

Every change found is then described against its neighbours: the ratio of
the medians of the stretch after it to the stretch before it, the
bootstrap interval of that ratio and the Bonferroni-adjusted p-value, so
its confidence is 1 - p. Pure noise yields no change at the chosen level
(tests/perf/test_changepoint.py checks that over many seeds) and a step
larger than both the noise and the minimum effect is found at its commit.
"""

import math
from dataclasses import dataclass

from . import stats

# The trend page's level: a history run on a shared machine has run-to-run
# spreads of several percent, and a change point is a claim about a commit.
CONFIDENCE, MIN_EFFECT = 0.99, 0.03


@dataclass
class Change:
    index: int  # first point of the new level
    ratio: float  # median after / median before
    ci_low: float
    ci_high: float
    p_value: float  # Bonferroni-adjusted Mann-Whitney p
    verdict: str
    candidates: int

    @property
    def confidence(self):
        return max(0.0, 1.0 - self.p_value)

    def as_dict(self):
        return dict(self.__dict__, confidence=self.confidence)


def _mwu_z(a, b):
    """|z| of the Mann-Whitney U of b against a (normal approximation)."""
    na, nb = len(a), len(b)
    pooled = sorted([(x, 0) for x in a] + [(x, 1) for x in b])
    rank_sum, i = 0.0, 0
    while i < len(pooled):
        j = i
        while j + 1 < len(pooled) and pooled[j + 1][0] == pooled[i][0]:
            j += 1
        r = (i + j) / 2.0 + 1.0
        rank_sum += r * sum(1 for k in range(i, j + 1) if pooled[k][1] == 1)
        i = j + 1
    u = rank_sum - nb * (nb + 1) / 2.0
    sd = math.sqrt(na * nb * (na + nb + 1) / 12.0)
    return abs(u - na * nb / 2.0) / sd if sd else 0.0


def _pool(points, lo, hi):
    return [x for p in points[lo:hi] for x in p]


def _best_split(points, lo, hi):
    best, best_z = None, -1.0
    for k in range(lo + 1, hi):
        z = _mwu_z(_pool(points, lo, k), _pool(points, k, hi))
        if z > best_z:
            best, best_z = k, z
    return best


def _verdict(points, lo, k, hi, confidence, min_effect, iterations):
    m = hi - lo - 1
    level = 1.0 - (1.0 - confidence) / m
    v = stats.compare(_pool(points, lo, k), _pool(points, k, hi), level, min_effect, "both", iterations)
    return v, m


def detect(points, confidence=0.95, min_effect=0.02, iterations=4000):
    """Change points of `points` (one list of run figures per commit, in
    commit order; empty lists are not allowed: leave unmeasured commits out).
    Returns Changes sorted by index."""
    if any(not p for p in points):
        raise ValueError("every point needs at least one run figure")
    cuts = []
    todo = [(0, len(points))]
    while todo:
        lo, hi = todo.pop()
        if hi - lo < 2:
            continue
        k = _best_split(points, lo, hi)
        v, _ = _verdict(points, lo, k, hi, confidence, min_effect, iterations)
        if v.verdict in (stats.FASTER, stats.SLOWER):
            cuts.append(k)
            todo += [(lo, k), (k, hi)]
    cuts.sort()
    bounds = [0] + cuts + [len(points)]
    changes = []
    for i, k in enumerate(cuts):
        lo, hi = bounds[i], bounds[i + 2]
        v, m = _verdict(points, lo, k, hi, confidence, min_effect, iterations)
        changes.append(Change(k, v.ratio, v.ci_low, v.ci_high, min(1.0, v.p_value * m), v.verdict, m))
    return changes


def levels(points, changes):
    """(start, end, median) of each stretch between changes, for drawing."""
    bounds = [0] + [c.index for c in changes] + [len(points)]
    return [(lo, hi, stats.median(_pool(points, lo, hi))) for lo, hi in zip(bounds, bounds[1:])]
