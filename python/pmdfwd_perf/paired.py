"""Paired statistics of interleaved windows: is B faster than A?

In the interleaved mode (perf/interleave.py) A and B run in turns of one
short window each, so the two windows of a pair see nearly the same machine
(the neighbours' load, the shared cache, the clock). Whatever drifts slower
than a pair cancels out of the ratio b/a of that pair; what is left is the
difference between the subjects plus window-to-window noise. So:

* one ratio per pair, b_rate / a_rate;
* the estimate is the median of the ratios (an outlier window moves one
  ratio, not the median), with a percentile-bootstrap interval resampling
  the pairs (and the same for the mean, reported beside it);
* with pairs from several blocks of fresh instances, the interval
  resamples blocks and then pairs within them, so that a level one pair of
  instances keeps for its lifetime widens it;
* a two-sided exact sign test on how many ratios are above 1;
* verdict faster/slower when the interval excludes 1, the sign test is
  significant at 1 - confidence, and the median ratio is at least
  min_effect away from 1; otherwise within noise, with the reason.

`sequential` judges the same rates as if they came from back-to-back runs
(all of A, then all of B), for the tests and docs that show why pairing
matters. Standard library only, as perf/stats.py.
"""

import math
import random
import statistics

from . import stats


def ratios(a_rates, b_rates):
    """b/a per pair; a pair with a zero A rate has no ratio and is refused."""
    if len(a_rates) != len(b_rates):
        raise ValueError(f"paired rates need equal lengths ({len(a_rates)} A, {len(b_rates)} B windows)")
    if any(a <= 0 for a in a_rates):
        raise ValueError("a window of A forwarded nothing: no ratio (is A forwarding at all?)")
    return [b / a for a, b in zip(a_rates, b_rates)]


def sign_test_p(xs, centre=1.0):
    """Two-sided exact sign test of xs against centre (ties dropped)."""
    above = sum(1 for x in xs if x > centre)
    below = sum(1 for x in xs if x < centre)
    n = above + below
    if n == 0:
        return 1.0
    k = min(above, below)
    # Sum of the tail in exact integers: no overflow or underflow for big n.
    tail = sum(math.comb(n, i) for i in range(k + 1))
    return min(1.0, 2 * tail / 2 ** n)


def bootstrap_ci(xs, estimator, confidence=0.95, iterations=2000, seed=1):
    """Percentile-bootstrap interval of estimator(xs), resampling xs."""
    if not xs:
        raise ValueError("bootstrap needs at least one pair")
    rng = random.Random(seed)
    n = len(xs)
    est = sorted(estimator([xs[rng.randrange(n)] for _ in range(n)]) for _ in range(iterations))
    alpha = (1.0 - confidence) / 2.0
    return est[int(math.floor(alpha * (iterations - 1)))], est[int(math.ceil((1 - alpha) * (iterations - 1)))]


def block_bootstrap_ci(blocks, estimator, confidence=0.95, iterations=2000, seed=1):
    """Percentile-bootstrap interval of estimator over the pooled values of
    blocks (lists), resampling whole blocks and then values within each: a
    block's own level (fresh instances land their memory elsewhere) widens
    the interval as it should, instead of passing for a difference."""
    blocks = [list(b) for b in blocks if b]
    if not blocks:
        raise ValueError("bootstrap needs at least one pair")
    rng = random.Random(seed)
    nb = len(blocks)
    est = []
    for _ in range(iterations):
        pooled = []
        for _ in range(nb):
            blk = blocks[rng.randrange(nb)]
            pooled += [blk[rng.randrange(len(blk))] for _ in blk]
        est.append(estimator(pooled))
    est.sort()
    alpha = (1.0 - confidence) / 2.0
    return est[int(math.floor(alpha * (iterations - 1)))], est[int(math.ceil((1 - alpha) * (iterations - 1)))]


def judge(estimate, ci, p, confidence, min_effect):
    """(verdict, reason) from an estimate of b/a, its interval and a p-value."""
    alpha = 1.0 - confidence
    lo, hi = ci
    if lo <= 1.0 <= hi:
        return stats.NOISE, f"CI [{lo:.4f}, {hi:.4f}] contains 1"
    if p >= alpha:
        return stats.NOISE, f"sign test p={p:.3g} >= {alpha:.3g}"
    if abs(estimate - 1.0) < min_effect:
        return stats.NOISE, f"effect {estimate - 1:+.2%} below the minimum {min_effect:.0%}"
    return (stats.FASTER if estimate > 1 else stats.SLOWER), f"CI [{lo:.4f}, {hi:.4f}], sign p={p:.3g}"


def paired(a_rates, b_rates, confidence=0.95, min_effect=0.02, iterations=2000, seed=1, blocks=None):
    """The paired comparison of B against A: a dict for results.json.
    blocks: the block of each pair (fresh instances per block); with more
    than one, the intervals resample blocks, then pairs within them."""
    rs = ratios(a_rates, b_rates)
    med = statistics.median(rs)
    if blocks is not None and len(set(blocks)) > 1:
        by_block = [[r for r, k in zip(rs, blocks) if k == blk] for blk in sorted(set(blocks))]
        ci = block_bootstrap_ci(by_block, statistics.median, confidence, iterations, seed)
        mean_ci = block_bootstrap_ci(by_block, statistics.fmean, confidence, iterations, seed)
    else:
        ci = bootstrap_ci(rs, statistics.median, confidence, iterations, seed)
        mean_ci = bootstrap_ci(rs, statistics.fmean, confidence, iterations, seed)
    p = sign_test_p(rs)
    verdict, reason = judge(med, ci, p, confidence, min_effect)
    return {"pairs": len(rs), "median_ratio": med, "ci": list(ci), "ci_half_width": (ci[1] - ci[0]) / 2,
            "mean_ratio": statistics.fmean(rs), "mean_ci": list(mean_ci), "sign_p": p,
            "above": sum(1 for r in rs if r > 1), "below": sum(1 for r in rs if r < 1),
            "ratio_cv": stats.cv(rs), "blocks": len(set(blocks)) if blocks else 1,
            "verdict": verdict, "reason": reason}


def sequential(a_rates, b_rates, confidence=0.95, min_effect=0.02, iterations=2000, seed=1):
    """The unpaired judgement of the same rates: ratio of medians with
    independent bootstrap resampling of each side (what back-to-back runs
    give). Under drift between the A and B halves it is biased."""
    med = statistics.median(b_rates) / statistics.median(a_rates)
    rng = random.Random(seed)
    na, nb = len(a_rates), len(b_rates)
    est = sorted(statistics.median([b_rates[rng.randrange(nb)] for _ in range(nb)])
                 / statistics.median([a_rates[rng.randrange(na)] for _ in range(na)]) for _ in range(iterations))
    alpha = (1.0 - confidence) / 2.0
    ci = est[int(math.floor(alpha * (iterations - 1)))], est[int(math.ceil((1 - alpha) * (iterations - 1)))]
    p = stats.mann_whitney_u(a_rates, b_rates)[1]
    verdict, reason = judge(med, ci, p, confidence, min_effect)
    return {"median_ratio": med, "ci": list(ci), "ci_half_width": (ci[1] - ci[0]) / 2, "p": p,
            "verdict": verdict, "reason": reason}
