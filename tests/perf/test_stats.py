"""Statistics and verdicts on synthetic samples with known answers."""
import random
import unittest

from pmdfwd_perf import stats


def draw(mean, spread, n, seed):
    """n run figures around `mean` with relative standard deviation `spread`."""
    rng = random.Random(seed)
    return [rng.gauss(mean, mean * spread) for _ in range(n)]


class TestSummary(unittest.TestCase):
    def test_median_and_cv(self):
        s = stats.summarize([10.0, 12.0, 11.0, 9.0, 13.0])
        self.assertEqual(s["median"], 11.0)
        self.assertEqual((s["min"], s["max"], s["n"]), (9.0, 13.0, 5))
        # stdev of 9..13 = sqrt(2.5); mean 11
        self.assertAlmostEqual(s["cv"], 2.5 ** 0.5 / 11.0)

    def test_single_run_has_zero_cv(self):
        self.assertEqual(stats.cv([5.0]), 0.0)

    def test_run_figures_drop_warmup_and_take_best_and_median(self):
        best, med, used = stats.run_figures([1, 50, 9, 10, 11, 99], warmup=2, count=3)
        self.assertEqual(used, [9, 10, 11])
        self.assertEqual((best, med), (11, 10))

    def test_run_figures_with_too_few_intervals(self):
        self.assertEqual(stats.run_figures([1, 2], warmup=2, count=3), (None, None, []))


class TestMannWhitney(unittest.TestCase):
    def test_exact_p_full_separation(self):
        self.assertAlmostEqual(stats.mann_whitney_u([1, 2, 3], [4, 5, 6])[1], 2 / 20)
        self.assertAlmostEqual(stats.mann_whitney_u([1, 2, 3, 4], [5, 6, 7, 8])[1], 2 / 70)

    def test_u_counts_pairs_where_b_wins(self):
        self.assertEqual(stats.mann_whitney_u([1, 2, 3], [4, 5, 6])[0], 9)
        self.assertEqual(stats.mann_whitney_u([4, 5, 6], [1, 2, 3])[0], 0)

    def test_identical_samples_are_not_significant(self):
        self.assertEqual(stats.mann_whitney_u([5, 5, 5, 5], [5, 5, 5, 5])[1], 1.0)

    def test_normal_approximation_for_large_samples(self):
        a, b = draw(100, 0.01, 30, 1), draw(110, 0.01, 30, 2)
        self.assertLess(stats.mann_whitney_u(a, b)[1], 1e-6)


class TestVerdict(unittest.TestCase):
    def test_equal_distributions_are_within_noise(self):
        a, b = draw(60.0, 0.02, 10, 11), draw(60.0, 0.02, 10, 12)
        v = stats.compare(a, b)
        self.assertEqual(v.verdict, stats.NOISE)
        self.assertLessEqual(v.ci_low, 1.0)
        self.assertGreaterEqual(v.ci_high, 1.0)

    def test_identical_samples_are_within_noise(self):
        a = draw(60.0, 0.02, 5, 3)
        self.assertEqual(stats.compare(a, list(a)).verdict, stats.NOISE)

    def test_clear_speed_up_is_faster(self):
        a, b = draw(60.0, 0.01, 5, 21), draw(66.0, 0.01, 5, 22)
        v = stats.compare(a, b)
        self.assertEqual(v.verdict, stats.FASTER)
        self.assertGreater(v.ci_low, 1.0)
        self.assertAlmostEqual(v.ratio, 1.1, delta=0.02)

    def test_clear_slow_down_is_slower(self):
        a, b = draw(60.0, 0.01, 5, 31), draw(54.0, 0.01, 5, 32)
        v = stats.compare(a, b)
        self.assertEqual(v.verdict, stats.SLOWER)
        self.assertLess(v.ci_high, 1.0)

    def test_one_percent_shift_with_five_percent_spread_is_noise(self):
        # The DPDK-thread situation: a 1% "gain" measured with 5% run-to-run spread.
        a, b = draw(60.0, 0.05, 5, 41), draw(60.6, 0.05, 5, 42)
        for method in ("both", "bootstrap", "mwu"):
            self.assertEqual(stats.compare(a, b, method=method).verdict, stats.NOISE, method)

    def test_significant_but_tiny_effect_is_held_back_by_min_effect(self):
        a, b = draw(60.0, 0.001, 8, 51), draw(60.6, 0.001, 8, 52)  # +1%, spread 0.1%
        v = stats.compare(a, b, min_effect=0.02)
        self.assertEqual(v.verdict, stats.NOISE)
        self.assertIn("minimum effect", v.reason)
        self.assertEqual(stats.compare(a, b, min_effect=0.005).verdict, stats.FASTER)

    def test_three_runs_cannot_decide_by_default(self):
        # Smallest two-sided exact MWU p for 3 vs 3 is 0.1 > 0.05; bootstrap alone
        # would call it (and calls chance separations in A/A runs too).
        a, b = [60.0, 60.1, 60.2], [70.0, 70.1, 70.2]
        v = stats.compare(a, b)
        self.assertEqual(v.verdict, stats.NOISE)
        self.assertIn("use R >= 4", v.reason)
        self.assertEqual(stats.compare(a, b, method="mwu").verdict, stats.NOISE)
        self.assertEqual(stats.compare(a, b, method="bootstrap").verdict, stats.FASTER)
        self.assertEqual(stats.compare(a + [60.3], b + [70.3]).verdict, stats.FASTER)

    def test_a_a_chance_separation_is_not_a_verdict(self):
        # Measured A/A run (same dpdk-testpmd twice, ring-cold 2Q2C, R=3, busy machine):
        # full separation by chance; bootstrap alone says "slower".
        a, b = [77.3286, 100.5955, 91.862], [74.0586, 61.1993, 74.6218]  # Mpps, best intervals
        self.assertEqual(stats.compare(a, b, method="bootstrap").verdict, stats.SLOWER)
        self.assertEqual(stats.compare(a, b).verdict, stats.NOISE)

    def test_bootstrap_is_reproducible(self):
        a, b = draw(60, 0.03, 6, 61), draw(61, 0.03, 6, 62)
        self.assertEqual(stats.bootstrap_ratio_ci(a, b), stats.bootstrap_ratio_ci(a, b))

    def test_bad_arguments_are_rejected_with_a_reason(self):
        with self.assertRaisesRegex(ValueError, "both, bootstrap, mwu"):
            stats.compare([1.0], [1.0], method="t-test")
        with self.assertRaisesRegex(ValueError, "between 0.5 and 1"):
            stats.compare([1.0], [1.0], confidence=95)


if __name__ == "__main__":
    unittest.main()
