"""scripts/perf icount: callgrind_annotate's text split into stages, and the
per-packet table with the memory operations the cache simulation counts
(synthetic annotate output here; the real run needs valgrind and hugepages)."""
import os
import shutil
import tempfile
import unittest

import _path  # noqa: F401
from pmdfwd_perf import icount, subjects

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


class TestCountable(unittest.TestCase):
    def test_the_one_process_rigs_pcap_kinds_included(self):
        for rig in ("ring", "null", "pcap", "pcap-tcp4"):
            self.assertTrue(icount.countable(rig), rig)
        for rig in ("memif", "vhost", "afpacket", "pci"):
            self.assertFalse(icount.countable(rig), rig)


class TestCacheGeometry(unittest.TestCase):
    def test_set_counts_are_powers_of_two_as_valgrind_needs(self):
        self.assertEqual(icount.cache_geometry(48 * 1024), "49152,12,64")  # 64 sets, not 96 of 8 ways
        self.assertEqual(icount.cache_geometry(32 * 1024), "32768,8,64")
        self.assertEqual(icount.cache_geometry(2 * 1024 * 1024), "2097152,8,64")
        self.assertEqual(icount.cache_geometry(1280 * 1024), "1310720,10,64")
        argv = icount.callgrind_argv(["fwd"], "/o", cache_sim=True, caches={"L1d": 49152, "L2": 2097152})
        self.assertIn("--D1=49152,12,64", argv)

    def test_threads_take_turns_under_valgrind(self):
        # The main thread prints the stats and answers SIGINT: with valgrind's
        # default lock the busy-polling lcore starved it.
        argv = icount.callgrind_argv(["fwd"], "/o")
        self.assertIn("--fair-sched=yes", argv)
        self.assertEqual(argv[-1], "fwd")


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


def thread_text(main_like, driver, other):
    """callgrind_annotate's text for one thread."""
    return f"""\
--------------------------------------------------------------------------------
Ir              file:function
--------------------------------------------------------------------------------
{other:,}  ???:rte_eal_init [/usr/lib/librte_eal.so.23]
{main_like:,}  ???:rte_pktmbuf_init [/usr/lib/librte_mbuf.so.23]
{driver:,}  ???:eth_null_rx [/usr/lib/dpdk/pmds-23/librte_net_null.so.23]
"""


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


class TestForwardedPackets(unittest.TestCase):
    STOP = ("  +++++++++++++++ Accumulated forward statistics for all ports+++++++++++++++\n"
            "  RX-packets: 0              RX-dropped: 0             RX-total: 0\n"
            "  TX-packets: 4096           TX-dropped: 12            TX-total: 4108\n")

    def test_a_generator_is_counted_by_what_it_sends(self):
        # txonly receives nothing: its cells were "nothing was forwarded".
        self.assertEqual(icount.forwarded_packets(self.STOP, "tx"), 4096)
        self.assertEqual(icount.forwarded_packets(self.STOP.replace("RX-packets: 0", "RX-packets: 7")), 7)


class TestForwardingThread(unittest.TestCase):
    """The thread counted is the one that forwarded, not the busiest: in a
    doc run under load the main thread's start-up outweighed the forwarding
    thread's seconds and was divided by the packets (pmdfwd's null row
    came out mostly "other", its PMD share a small fraction of the real)."""

    def threads(self, texts):
        d = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, d)
        out = os.path.join(d, "callgrind.1.out")
        write(out, "# no events line: the file before threads were separated\n")
        annotated = {}
        for i, (total, text) in enumerate(texts, 1):
            path = f"{out}-{i:02d}"
            write(path, f"version: 1\ntotals: {total}\n")
            annotated[path] = text
        return out, annotated.__getitem__

    def test_the_thread_in_the_pmd_not_the_busiest(self):
        main = thread_text(main_like=59_000_000, driver=24_000_000, other=200_000_000)
        fwd = thread_text(main_like=0, driver=110_000_000, other=10_000_000)
        out, annotate = self.threads([(283_000_000, main), (120_000_000, fwd), (140, thread_text(0, 0, 140))])
        path, rows = icount.forwarding_thread(out, annotate)
        self.assertTrue(path.endswith("-02"))
        self.assertEqual(icount.driver_ir(rows), 110_000_000)

    def test_two_threads_alike_in_the_pmd_are_refused(self):
        a = thread_text(main_like=0, driver=100, other=10)
        b = thread_text(main_like=0, driver=30, other=10)
        out, annotate = self.threads([(110, a), (40, b)])
        with self.assertRaisesRegex(icount.IcountError, "which one forwarded is unclear"):
            icount.forwarding_thread(out, annotate)

    def test_without_driver_objects_the_busiest(self):
        static = "Ir  file:function\n--\n5,000  ???:0x1234 [/usr/bin/dpdk-testpmd]\n"
        small = "Ir  file:function\n--\n50  ???:0x1234 [/usr/bin/dpdk-testpmd]\n"
        out, annotate = self.threads([(50, small), (5000, static)])
        self.assertTrue(icount.forwarding_thread(out, annotate)[0].endswith("-02"))

    def test_no_thread_file(self):
        d = tempfile.mkdtemp()
        self.addCleanup(os.rmdir, d)
        with self.assertRaisesRegex(icount.IcountError, "no callgrind output"):
            icount.forwarding_thread(os.path.join(d, "callgrind.out"), lambda p: "")


class TestPinnedChoices(unittest.TestCase):
    """A choice the forwarder times at start-up is pinned under callgrind."""

    def subject(self, features, args=()):
        return subjects.Subject(label="s", features=dict(features), extra_args=list(args))

    def test_a_subject_with_the_option_gets_it_pinned(self):
        s = self.subject({"mac-tx-store": True}, ["--txd=512"])
        self.assertEqual(icount.pinned(s).extra_args, ["--txd=512", "--mac-tx-store=always"])
        self.assertEqual(s.extra_args, ["--txd=512"], "the timed runs keep the subject's own choice")

    def test_the_subjects_own_choice_wins(self):
        s = self.subject({"mac-tx-store": True}, ["--mac-tx-store=if-changed"])
        self.assertEqual(icount.pinned(s).extra_args, ["--mac-tx-store=if-changed"])

    def test_a_subject_without_the_option_is_left_alone(self):
        s = self.subject({"mac-tx-store": False})
        self.assertEqual(icount.pinned(s).extra_args, [])


if __name__ == "__main__":
    unittest.main()
