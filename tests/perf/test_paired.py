"""perf/paired.py on synthetic window series with known answers: drift,
a step change and outlier windows move the unpaired (sequential) estimate
but not the paired one."""
import random
import unittest

import _path  # noqa: F401
from pmdfwd_perf import paired, stats


def series(n, effect, level=lambda i: 100.0, noise=0.003, seed=3):
    """A and B window rates of n pairs: B = A x effect, both on the
    machine's level at pair i, with independent multiplicative noise."""
    rng = random.Random(seed)
    a = [level(i) * (1 + rng.gauss(0, noise)) for i in range(n)]
    b = [level(i) * effect * (1 + rng.gauss(0, noise)) for i in range(n)]
    return a, b


class PairedStatistics(unittest.TestCase):
    def test_aa_contains_one_and_is_narrow(self):
        a, b = series(300, 1.0)
        r = paired.paired(a, b)
        self.assertLessEqual(r["ci"][0], 1.0)
        self.assertGreaterEqual(r["ci"][1], 1.0)
        self.assertLess(r["ci_half_width"], 0.002)
        self.assertEqual(r["verdict"], stats.NOISE)

    def test_drift_biases_sequential_not_paired(self):
        # The machine slows 20 % over the run, A and B alike.
        a, b = series(300, 1.0, level=lambda i: 100.0 * (1 - 0.2 * i / 300))
        r = paired.paired(a, b)
        s = paired.sequential(a[:150], b[150:])
        self.assertEqual(r["verdict"], stats.NOISE)
        self.assertLess(abs(r["median_ratio"] - 1), 0.002)
        self.assertEqual(s["verdict"], stats.SLOWER)  # drift booked as a difference

    def test_step_change_hides_a_real_effect_sequentially(self):
        # B is 3 % faster; halfway through a neighbour takes 10 % away.
        a, b = series(300, 1.03, level=lambda i: 100.0 if i < 150 else 90.0)
        r = paired.paired(a, b)
        s = paired.sequential(a[:150], b[150:])
        self.assertEqual(r["verdict"], stats.FASTER)
        self.assertAlmostEqual(r["median_ratio"], 1.03, delta=0.002)
        self.assertEqual(s["verdict"], stats.SLOWER)

    def test_outlier_windows_move_one_ratio_not_the_median(self):
        a, b = series(300, 1.03)
        rng = random.Random(5)
        for i in rng.sample(range(300), 15):  # 5 % of B's windows lose the core
            b[i] *= 0.3
        r = paired.paired(a, b)
        self.assertEqual(r["verdict"], stats.FASTER)
        self.assertAlmostEqual(r["median_ratio"], 1.03, delta=0.003)
        self.assertLess(r["mean_ratio"], 1.0)  # the mean would have said slower

    def test_sign_test_exact(self):
        self.assertEqual(paired.sign_test_p([1.0, 1.0]), 1.0)
        self.assertAlmostEqual(paired.sign_test_p([2.0] * 10), 2 / 1024)
        self.assertAlmostEqual(paired.sign_test_p([2.0] * 9 + [0.5]), 2 * 11 / 1024)

    def test_bad_input_refused(self):
        with self.assertRaisesRegex(ValueError, "equal lengths"):
            paired.ratios([1, 2], [1])
        with self.assertRaisesRegex(ValueError, "forwarded nothing"):
            paired.ratios([0, 2], [1, 1])


if __name__ == "__main__":
    unittest.main()
