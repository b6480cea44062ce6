"""Statistics that decide whether B is faster than A, or whether it is noise.

The DPDK thread this project grew from (the 2024 review of the testpmd series
"app/testpmd: improve sse based macswap", shipped in DPDK 24.11) is the
cautionary tale: single before/after numbers of +-2% whose run-to-run spread nobody knew,
and a maintainer pointing out that the "regressions" were as large as the
gains. So a comparison here is never one number against one number:

* every cell is measured R times per subject, A and B alternated, and
  summarised by median / min / max / CV;
* the verdict needs both a confidence interval of the ratio of medians that
  excludes 1 (percentile bootstrap, resampling each subject's runs
  independently) and a significant Mann-Whitney U test (either alone on
  request);
* and a difference is only called faster/slower when it is *both* outside
  the interval and at least `min_effect` large, so that a 1% effect measured
  with a 5% spread comes out as "within noise".

Only the standard library is used so that CI images need nothing but python3.
"""

import math
import random
import statistics
from typing import Dict, List, Tuple
from dataclasses import dataclass

FASTER = "faster"
SLOWER = "slower"
NOISE = "within noise"


def median(xs):
    return statistics.median(xs)


def cv(xs):
    """Coefficient of variation (sample stdev / mean); 0 for fewer than 2 runs."""
    if len(xs) < 2:
        return 0.0
    m = statistics.fmean(xs)
    return statistics.stdev(xs) / m if m else 0.0


def summarize(xs):
    """median, min, max, mean, CV and count of a list of run figures."""
    xs = list(xs)
    if not xs:
        return {"n": 0, "median": None, "min": None, "max": None, "mean": None, "cv": None}
    return {
        "n": len(xs),
        "median": median(xs),
        "min": min(xs),
        "max": max(xs),
        "mean": statistics.fmean(xs),
        "cv": cv(xs),
    }


def bootstrap_ratio_ci(a, b, confidence=0.95, iterations=10000, seed=1):
    """Percentile-bootstrap interval of median(b) / median(a).

    A fixed seed makes a report reproducible from its raw samples. With very
    few runs (R <= 3) the bootstrap is optimistic: its interval cannot be wider
    than the samples' own range, so the docs ask for R >= 5.
    """
    if not a or not b:
        raise ValueError("bootstrap needs samples on both sides")
    rng = random.Random(seed)
    na, nb = len(a), len(b)
    ratios = []
    for _ in range(iterations):
        ma = median([a[rng.randrange(na)] for _ in range(na)])
        mb = median([b[rng.randrange(nb)] for _ in range(nb)])
        ratios.append(mb / ma if ma else math.inf)
    ratios.sort()
    alpha = (1.0 - confidence) / 2.0
    lo = ratios[int(math.floor(alpha * (iterations - 1)))]
    hi = ratios[int(math.ceil((1.0 - alpha) * (iterations - 1)))]
    return lo, hi


def mann_whitney_u(a, b):
    """Two-sided Mann-Whitney U test of b against a: (U of b, p-value).

    Exact distribution (by counting) when there are no ties and both sides are
    small, normal approximation with tie correction otherwise. Note that with
    3 runs per side the smallest possible two-sided p is 0.1: MWU can never
    call a difference at 95% from R=3, which is why bootstrap is the default.
    """
    na, nb = len(a), len(b)
    if na == 0 or nb == 0:
        raise ValueError("Mann-Whitney needs samples on both sides")
    pooled = sorted([(x, 0) for x in a] + [(x, 1) for x in b])
    ranks = [0.0] * len(pooled)
    i = 0
    tie_term = 0.0
    while i < len(pooled):
        j = i
        while j + 1 < len(pooled) and pooled[j + 1][0] == pooled[i][0]:
            j += 1
        r = (i + j) / 2.0 + 1.0
        for k in range(i, j + 1):
            ranks[k] = r
        t = j - i + 1
        tie_term += t**3 - t
        i = j + 1
    rb = sum(r for r, (_, side) in zip(ranks, pooled) if side == 1)
    u_b = rb - nb * (nb + 1) / 2.0
    n = na + nb
    if tie_term == 0 and na <= 10 and nb <= 10:
        dist = _u_distribution(na, nb)
        total = sum(dist)
        mean = na * nb / 2.0
        dev = abs(u_b - mean)
        p = sum(c for u, c in enumerate(dist) if abs(u - mean) >= dev - 1e-9) / total
        return u_b, min(1.0, p)
    mean = na * nb / 2.0
    var = na * nb / 12.0 * ((n + 1) - tie_term / (n * (n - 1)))
    if var <= 0:
        return u_b, 1.0
    z = (abs(u_b - mean) - 0.5) / math.sqrt(var)
    p = math.erfc(max(z, 0.0) / math.sqrt(2.0))
    return u_b, min(1.0, p)


def _u_distribution(na, nb):
    """Counts of each U value over all C(na+nb, na) arrangements (no ties)."""
    # f[n][m] = list of counts; recursion f(n,m,u) = f(n-1,m,u-m) + f(n,m-1,u)
    memo: Dict[Tuple[int, int], List[int]] = {}

    def f(n, m):
        if (n, m) in memo:
            return memo[(n, m)]
        if n == 0 or m == 0:
            res = [1]
        else:
            left = f(n - 1, m)  # largest element from the first sample: adds m
            right = f(n, m - 1)
            size = n * m + 1
            res = [0] * size
            for u, c in enumerate(left):
                res[u + m] += c
            for u, c in enumerate(right):
                res[u] += c
        memo[(n, m)] = res
        return res

    return f(nb, na)


@dataclass
class Verdict:
    ratio: float  # median(B) / median(A)
    ci_low: float
    ci_high: float
    p_value: float  # Mann-Whitney two-sided p
    verdict: str
    reason: str
    method: str
    confidence: float
    min_effect: float

    def as_dict(self):
        return dict(self.__dict__)


METHODS = ("both", "bootstrap", "mwu")


def compare(a, b, confidence=0.95, min_effect=0.02, method="both", iterations=10000, seed=1):
    """Verdict on B relative to A from their per-run figures.

    faster: the evidence says B's median is higher at `confidence` AND the
            ratio is at least 1+min_effect;
    slower: the mirror image;
    within noise: anything else, with the reason stated.

    Evidence per method: bootstrap = the CI of the ratio excludes 1; mwu =
    Mann-Whitney p < 1-confidence; both (default) = both of them. "both"
    exists because the bootstrap alone is optimistic for tiny samples: an A/A
    run (same binary twice) with R=3 and a busy machine produced a "slower"
    verdict from bootstrap alone (3 vs 3 samples separate fully by chance in
    10% of cells), while MWU correctly refuses to decide from 3 runs.
    """
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}: use {', '.join(METHODS)}")
    if not 0.5 < confidence < 1.0:
        raise ValueError(f"confidence {confidence} must be between 0.5 and 1 (e.g. 0.95)")
    ma, mb = median(a), median(b)
    ratio = mb / ma if ma else math.inf
    lo, hi = bootstrap_ratio_ci(a, b, confidence, iterations, seed)
    _, p = mann_whitney_u(a, b)
    alpha = 1.0 - confidence
    boot_up, boot_down = lo > 1.0, hi < 1.0
    mwu_up, mwu_down = p < alpha and mb > ma, p < alpha and mb < ma
    ci = f"{confidence:.0%} CI [{lo:.4f}, {hi:.4f}]"
    mw = f"MWU p={p:.3g}"
    if method == "bootstrap":
        up, down, sig = boot_up, boot_down, ci
    elif method == "mwu":
        up, down, sig = mwu_up, mwu_down, mw
    else:
        up, down, sig = boot_up and mwu_up, boot_down and mwu_down, f"{ci}, {mw}"
    effect = ratio - 1.0
    if up and effect >= min_effect:
        verdict, reason = FASTER, f"{sig}: significant and +{effect:.1%} >= {min_effect:.1%}"
    elif down and -effect >= min_effect:
        verdict, reason = SLOWER, f"{sig}: significant and {effect:.1%} <= -{min_effect:.1%}"
    elif up or down:
        verdict, reason = NOISE, f"{sig}: significant but |{effect:+.1%}| < minimum effect {min_effect:.1%}"
    else:
        verdict, reason = NOISE, f"{sig}: not significant ({effect:+.1%})"
        if method != "bootstrap" and min(len(a), len(b)) <= 3 and _min_mwu_p(len(a), len(b)) >= alpha:
            reason += f"; {len(a)} vs {len(b)} runs cannot reach p < {alpha:g} (use R >= 4)"
    return Verdict(ratio, lo, hi, p, verdict, reason, method, confidence, min_effect)


def _min_mwu_p(na, nb):
    """Smallest two-sided exact MWU p-value possible with na vs nb runs."""
    return min(1.0, 2.0 / math.comb(na + nb, na))


def run_figures(intervals_pps, warmup, count):
    """A run's figures from its per-interval rates (pps, first print dropped).

    `intervals_pps` excludes testpmd's first print. The first `warmup`
    intervals are discarded (caches, branch predictors, CPU frequency settle),
    the next `count` are measured. Returns (best, median, used intervals).
    best is the headline (what testpmd users quote); median is kept because a
    best-of is biased upward and hides a run with one lucky second.
    """
    used = list(intervals_pps[warmup : warmup + count])
    if not used:
        return None, None, used
    return max(used), median(used), used
