"""The perf tool's statistics cross-checked against scipy.stats (Debian's
python3-scipy): the Mann-Whitney U and its p-value, exact for small samples
without ties and asymptotic with the tie correction otherwise, and the
percentile bootstrap of the ratio of medians, the coefficient of variation,
and the paired estimator of interleaved runs (perf/paired.py): its exact
sign test (scipy's binomtest) and its bootstrap intervals of the median and
the mean of the pair ratios. pmdfwd_perf computes them itself
(standard library only, so that `scripts/perf` runs on a bare DPDK machine);
this test says that what it computes is what a statistics library computes.
Skips, saying why, without scipy."""
import random
import statistics
import unittest

import _path  # noqa: F401
from pmdfwd_perf import paired, stats

try:
    import numpy as np
    from scipy import stats as sp
except ImportError:  # pragma: no cover - the test set installs python3-scipy
    sp = None


def samples(rng, n, centre, spread, ties=False):
    xs = [rng.gauss(centre, spread) for _ in range(n)]
    return [round(x) for x in xs] if ties else xs


@unittest.skipIf(sp is None, "python3-scipy is not installed (scripts/setup.sh installs it with the test set)")
class TestAgainstScipy(unittest.TestCase):
    def test_exact_mann_whitney_without_ties(self):
        rng = random.Random(7)
        for na, nb in ((3, 3), (4, 5), (5, 5), (7, 6), (10, 10)):
            for shift in (0.0, 0.5, 2.0):
                a, b = samples(rng, na, 100, 1), samples(rng, nb, 100 + shift, 1)
                u, p = stats.mann_whitney_u(a, b)
                ref = sp.mannwhitneyu(b, a, alternative="two-sided", method="exact")
                self.assertAlmostEqual(u, ref.statistic, msg=(a, b))
                self.assertAlmostEqual(p, ref.pvalue, places=9, msg=(a, b))

    def test_asymptotic_mann_whitney_with_ties(self):
        rng = random.Random(11)
        for na, nb in ((6, 6), (12, 15), (20, 20)):
            for shift in (0.0, 1.0, 3.0):
                a, b = samples(rng, na, 100, 2, ties=True), samples(rng, nb, 100 + shift, 2, ties=True)
                u, p = stats.mann_whitney_u(a, b)
                ref = sp.mannwhitneyu(b, a, alternative="two-sided", method="asymptotic", use_continuity=True)
                self.assertAlmostEqual(u, ref.statistic, msg=(a, b))
                self.assertAlmostEqual(p, ref.pvalue, places=9, msg=(a, b))

    def test_bootstrap_interval_of_the_ratio_of_medians(self):
        # Different random streams: the intervals agree to the Monte Carlo
        # error of 10000 resamples, not to the digit.
        rng = random.Random(3)
        for n in (5, 8, 12):
            a, b = samples(rng, n, 400, 8), samples(rng, n, 440, 8)
            lo, hi = stats.bootstrap_ratio_ci(a, b, confidence=0.95, iterations=10000)
            ref = sp.bootstrap((np.array(b), np.array(a)),
                               lambda y, x, axis=-1: np.median(y, axis=axis) / np.median(x, axis=axis),
                               confidence_level=0.95, n_resamples=10000, method="percentile",
                               vectorized=True, paired=False, random_state=np.random.default_rng(5))
            width = ref.confidence_interval.high - ref.confidence_interval.low
            self.assertAlmostEqual(lo, ref.confidence_interval.low, delta=0.1 * width, msg=(n, a, b))
            self.assertAlmostEqual(hi, ref.confidence_interval.high, delta=0.1 * width, msg=(n, a, b))

    def test_coefficient_of_variation(self):
        rng = random.Random(13)
        for n in (2, 5, 30):
            xs = samples(rng, n, 50, 3)
            self.assertAlmostEqual(stats.cv(xs), sp.variation(xs, ddof=1), places=12)

    def test_sign_test_is_the_two_sided_binomial_test(self):
        rng = random.Random(17)
        for n in (1, 5, 12, 40, 200):
            for shift in (0.0, 0.01, 0.05):
                xs = [1 + rng.gauss(shift, 0.03) for _ in range(n)] + [1.0] * (n % 3)  # ties at 1 dropped
                above, below = sum(x > 1 for x in xs), sum(x < 1 for x in xs)
                ref = sp.binomtest(above, above + below, 0.5, alternative="two-sided").pvalue
                self.assertAlmostEqual(paired.sign_test_p(xs), ref, places=12, msg=(above, below))

    def test_paired_bootstrap_intervals_of_the_median_and_mean_ratio(self):
        # One-sample percentile bootstrap over the pairs; as above, the two
        # agree to the Monte Carlo error of the resamples.
        rng = random.Random(19)
        for n in (8, 16, 40):
            rs = [1.03 + rng.gauss(0, 0.02) for _ in range(n)]
            for ours, theirs in ((statistics.median, np.median), (statistics.fmean, np.mean)):
                lo, hi = paired.bootstrap_ci(rs, ours, confidence=0.95, iterations=10000)
                ref = sp.bootstrap((np.array(rs),), theirs, confidence_level=0.95, n_resamples=10000,
                                   method="percentile", vectorized=True, random_state=np.random.default_rng(5))
                width = ref.confidence_interval.high - ref.confidence_interval.low
                self.assertAlmostEqual(lo, ref.confidence_interval.low, delta=0.1 * width, msg=(n, theirs))
                self.assertAlmostEqual(hi, ref.confidence_interval.high, delta=0.1 * width, msg=(n, theirs))


if __name__ == "__main__":
    unittest.main()
