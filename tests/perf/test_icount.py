"""scripts/perf icount: callgrind_annotate's text split into stages, and the
per-packet table with the memory operations the cache simulation counts
(synthetic annotate output here; the real run needs valgrind and hugepages)."""
import unittest

import _path  # noqa: F401
from pmdfwd_tools.perf import icount

BIN = "/b/pmdfwd"
RING = "/usr/lib/dpdk/librte_net_ring.so.23.0"
ANNOTATE = f"""\
--------------------------------------------------------------------------------
Ir              Dr              Dw            D1mr  D1mw  DLmr  DLmw  file:function
--------------------------------------------------------------------------------
4,000 (40.00%)  1,000 (40.00%)  500 (40.00%)  10    5     .     .     ???:eth_ring_rx [{RING}]
3,000 (30.00%)  900             300           20    10    2     1     ???:macswap_burst_avx2 [/b/pmdfwd]
2,000 (20.00%)  400             200           .     .     .     .     ???:pmdfwd::lcore_main [/b/pmdfwd]
1,000 (10.00%)  100             100           1     .     .     .     ???:memcpy [/usr/lib/libc.so.6]
"""


class TestStages(unittest.TestCase):
    def test_functions_split_by_stage_with_every_event(self):
        rows = icount.function_costs(ANNOTATE)
        self.assertEqual(len(rows), 4)
        self.assertEqual(rows[1][:2], ("???:macswap_burst_avx2", "/b/pmdfwd"))
        self.assertEqual(rows[1][2], [3000, 900, 300, 20, 10, 2, 1])
        self.assertEqual(rows[2][2], [2000, 400, 200, 0, 0, 0, 0])  # "." is zero
        stages = icount.stage_costs(rows, BIN, len(icount.EVENTS_CACHE))
        self.assertEqual(stages["pmd"][0], 4000)
        self.assertEqual(stages["engine"][:3], [3000, 900, 300])
        self.assertEqual(stages["loop"][0], 2000)
        self.assertEqual(stages["other"][0], 1000)


def row(subject, mode, per_packet, cell="ring-hot/macswap+avx2/64B/1Q1C"):
    pp = {s: dict(zip(icount.EVENTS_CACHE, v)) for s, v in per_packet.items()}
    total = {e: sum(pp[s][e] for s in pp) for e in icount.EVENTS_CACHE}
    return {"cell": cell, "variant": "ring-hot", "mode": mode, "subject": subject, "per_packet": pp,
            "total": total}


class TestCacheGeometry(unittest.TestCase):
    def test_set_counts_are_powers_of_two_as_valgrind_needs(self):
        self.assertEqual(icount.cache_geometry(48 * 1024), "49152,12,64")  # 64 sets, not 96 of 8 ways
        self.assertEqual(icount.cache_geometry(32 * 1024), "32768,8,64")
        self.assertEqual(icount.cache_geometry(2 * 1024 * 1024), "2097152,8,64")
        self.assertEqual(icount.cache_geometry(1280 * 1024), "1310720,10,64")
        argv = icount.callgrind_argv(["fwd"], "/o", cache_sim=True, caches={"L1d": 49152, "L2": 2097152})
        self.assertIn("--D1=49152,12,64", argv)


class TestMarkdown(unittest.TestCase):
    def test_memory_operations_per_packet_and_in_the_engine(self):
        zero = [0] * 7
        io = row("pmdfwd", "io", {"pmd": [20, 6, 4, 0, 0, 0, 0], "loop": [5, 1, 1, 0, 0, 0, 0],
                                  "engine": zero, "other": zero}, cell="ring-hot/io/64B/1Q1C")
        ms = row("pmdfwd", "macswap", {"pmd": [20, 6, 4, 0, 0, 0, 0], "loop": [5, 1, 1, 0, 0, 0, 0],
                                       "engine": [8, 3, 2, 0.5, 0.25, 0, 0], "other": zero})
        table = icount.markdown([io, ms])
        self.assertIn("| Ir - io | mem ops/pkt | engine mem ops | D1 miss/pkt | LL miss/pkt |", table)
        # 33 instructions, 8 more than io; 7 + 2 + 3 + 2 = 17 reads and
        # writes, 5 of them the engine's; 0.75 L1 misses.
        self.assertIn("| ring-hot/macswap+avx2/64B/1Q1C | pmdfwd | 33.00 | 20.00 | 5.00 | 8.00 | 0.00 | +8.00 | "
                      "17.00 | 5.00 | 0.750 | 0.000 |", table)

    def test_without_the_cache_simulation_no_memory_columns(self):
        r = {"cell": "ring-hot/io/64B/1Q1C", "variant": "ring-hot", "mode": "io", "subject": "testpmd",
             "per_packet": {s: {"Ir": 1.0} for s in ("pmd", "loop", "engine", "other")}, "total": {"Ir": 4.0}}
        self.assertNotIn("mem ops", icount.markdown([r]))


if __name__ == "__main__":
    unittest.main()
