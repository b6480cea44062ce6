"""compare --interleave on a loaded shared VM (issue 28 item 2): blocks of
fresh instances with alternating start order and an interval that
resamples blocks, and the on-CPU rate of the forwarding threads (schedstat)
that leaves out the time the neighbours take. Synthetic windows and a fake
/proc here; the live A/A runs are in doc/perf-tool.md."""
import os
import random
import statistics
import tempfile
import unittest
from unittest import mock

import _path  # noqa: F401
from pmdfwd_perf import arguments, interleave, paired, stats
from pmdfwd_perf.commands import interleave as interleave_command


def block_series(levels, pairs_per_block, noise=0.01, seed=11):
    """Ratios b/a of pairs in blocks whose instances differ by levels[k]."""
    rng = random.Random(seed)
    a, b, blocks = [], [], []
    for k, level in enumerate(levels):
        for _ in range(pairs_per_block):
            x = 100.0 * (1 + rng.gauss(0, noise))
            a.append(x)
            b.append(100.0 * level * (1 + rng.gauss(0, noise)))
            blocks.append(k)
    return a, b, blocks


class Blocks(unittest.TestCase):
    def test_an_instance_effect_widens_the_interval_instead_of_passing_for_a_difference(self):
        # A/A whose instances differ by a few percent per block, as on the VM.
        a, b, blocks = block_series([1.04, 0.98, 1.03, 0.97], 75)
        pooled = paired.paired(a, b)
        by_block = paired.paired(a, b, blocks=blocks)
        self.assertGreater(by_block["ci_half_width"], 2 * pooled["ci_half_width"])
        self.assertLessEqual(by_block["ci"][0], 1.0)
        self.assertGreaterEqual(by_block["ci"][1], 1.0)
        self.assertEqual(by_block["verdict"], stats.NOISE)
        self.assertEqual(by_block["blocks"], 4)

    def test_without_an_instance_effect_blocks_cost_little_width(self):
        a, b, blocks = block_series([1.0] * 4, 75)
        self.assertLess(paired.paired(a, b, blocks=blocks)["ci_half_width"],
                        1.5 * paired.paired(a, b)["ci_half_width"])

    def test_a_real_effect_survives_the_blocks(self):
        a, b, blocks = block_series([1.05, 1.06, 1.05, 1.04], 75)
        self.assertEqual(paired.paired(a, b, blocks=blocks)["verdict"], stats.FASTER)

    def test_blocks_alternate_the_start_order_and_share_the_pairs(self):
        calls = []

        def fake_block(cell, subs, ctx, cpus, pairs, warmup, window_s, settle_s, log_dir, block, seed, progress):
            calls.append((interleave.start_order(subs, block)[0], pairs, seed))
            return [{"pair": i, "warmup": i < warmup, "block": block} for i in range(warmup + pairs)]

        with mock.patch.object(interleave, "run_block", fake_block):
            windows = interleave.run_cell("cell", ["A", "B"], None, [], 301, 2, 0.2, 0.02, "/l", seed=5, blocks=4)
        self.assertEqual(calls, [("A", 76, 5), ("B", 75, 1005), ("A", 75, 2005), ("B", 75, 3005)])
        self.assertEqual([w["pair"] for w in windows], list(range(len(windows))))
        self.assertEqual(sum(not w["warmup"] for w in windows), 301)


class EmptyWindows(unittest.TestCase):
    def test_a_window_that_counted_nothing_is_left_out_and_counted(self):
        a, b, _ = block_series([1.0], 40)
        windows = [{"warmup": False, "a": {"rate_pps": x}, "b": {"rate_pps": y}} for x, y in zip(a, b)]
        windows[3]["b"]["rate_pps"] = 0.0  # B got no CPU, or stopped forwarding
        windows[7]["a"]["rate_pps"] = 0.0
        res = interleave.analyse(windows, 0.95, 0.02, 2.3e9)
        self.assertEqual(res["empty_pairs"], 2)
        self.assertEqual(res["paired"]["pairs"], 38)
        self.assertEqual(res["tsc_cycles_per_packet"]["pairs"], 38)


class DefaultBlocks(unittest.TestCase):
    def blocks(self, pairs, blocks=None):
        args = arguments.build_parser(_path.ROOT).parse_args(
            ["compare", "--interleave", "--a", "x", "--b", "y", "--rigs", "null", "--pairs", str(pairs)]
            + (["--blocks", str(blocks)] if blocks else []))
        interleave_command.check_interleave_args(args)
        return args.blocks

    def test_one_block_per_30_pairs_from_one_to_ten(self):
        self.assertEqual([self.blocks(n) for n in (10, 59, 60, 300, 1000)], [1, 1, 2, 10, 10])
        self.assertEqual(self.blocks(300, blocks=6), 6)
        with self.assertRaisesRegex(ValueError, "at least 10 pairs per block"):
            self.blocks(30, blocks=4)


class OnCpuRate(unittest.TestCase):
    def fake_proc(self, threads):
        root = tempfile.mkdtemp()
        self.addCleanup(lambda: __import__("shutil").rmtree(root))
        for tid, (comm, ns) in threads.items():
            d = os.path.join(root, "7", "task", str(tid))
            os.makedirs(d)
            with open(os.path.join(d, "comm"), "w") as f:
                f.write(comm + "\n")
            with open(os.path.join(d, "schedstat"), "w") as f:
                f.write(f"{ns} 5 9\n")
        return root

    def test_only_the_eal_workers_time_counts(self):
        proc = self.fake_proc({7: ("dpdk-testpmd", 9_000_000_000), 8: ("eal-intr-thread", 1),
                               9: ("rte-worker-1", 1_500_000_000), 10: ("dpdk-worker2", 500_000_000),
                               11: ("telemetry-v2", 3)})
        self.assertAlmostEqual(interleave.worker_cpu_seconds(7, proc), 2.0)
        self.assertIsNone(interleave.worker_cpu_seconds(8, proc), "no such process")
        self.assertIsNone(interleave.worker_cpu_seconds(7, self.fake_proc({7: ("main", 1)})), "no worker")

    def test_the_on_cpu_rate_is_judged_where_every_window_has_it(self):
        def w(rate, cpu_rate=None):
            d = {"rate_pps": rate}
            if cpu_rate:
                d["cpu_rate_pps"] = cpu_rate
            return d
        # The neighbours took half of B's second window: per wall second it
        # looks slower, per second on a CPU it is not.
        windows = [{"warmup": False, "a": w(10.0, 10.0), "b": w(10.0, 10.0)},
                   {"warmup": False, "a": w(10.0, 10.0), "b": w(5.0, 10.0)},
                   {"warmup": False, "a": w(10.0, 10.0), "b": w(10.0, 10.0)}]
        self.assertEqual(interleave.rate_key(windows), "cpu_rate_pps")
        self.assertEqual(interleave.rate_key(windows, "wall"), "rate_pps")
        self.assertEqual(interleave.analyse(windows, 0.95, 0.02)["paired"]["median_ratio"], 1.0)
        self.assertEqual(statistics.median(x["b"]["rate_pps"] for x in windows), 10.0)
        del windows[1]["b"]["cpu_rate_pps"]
        self.assertEqual(interleave.rate_key(windows), "rate_pps", "one window without it: wall for all")


if __name__ == "__main__":
    unittest.main()
