"""The perf tool's statistics cross-checked against scipy.stats (Debian's
python3-scipy): the Mann-Whitney U and its p-value, exact for small samples
without ties and asymptotic with the tie correction otherwise, and the
percentile bootstrap of the ratio of medians. pmdfwd_tools.perf computes them itself
(standard library only, so that `scripts/perf` runs on a bare DPDK machine);
this test says that what it computes is what a statistics library computes.
Skips, saying why, without scipy."""
import random
import unittest

import _path  # noqa: F401
from pmdfwd_tools.perf import stats

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


if __name__ == "__main__":
    unittest.main()
