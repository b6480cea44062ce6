"""Parsing of captured dpdk-testpmd output (tests/perf/data/*.txt)."""
import os
import unittest

import _path  # noqa: F401
from pmdfwd_perf import parse


def sample(name):
    with open(os.path.join(_path.DATA, name)) as f:
        return f.read()


class TestTextStats(unittest.TestCase):
    def test_ring_intervals_and_rates(self):
        # testpmd -- --tx-first --stats-period=1 --forward-mode=macswap on two net_ring ports
        ivs = parse.parse_intervals(sample("testpmd_ring_macswap.txt"))
        self.assertEqual(len(ivs), 4)
        self.assertEqual(sorted(ivs[1].ports), [0, 1])
        self.assertEqual(ivs[1].ports[0].rx_pps, 123312254)
        self.assertEqual(ivs[1].ports[1].rx_pps, 123313083)
        self.assertEqual(ivs[1].rate("rx"), 123312254 + 123313083)
        self.assertEqual(ivs[1].ports[1].tx_packets, 123339552)
        self.assertEqual(ivs[0].rate(), 0)  # testpmd's first print has no "last show"

    def test_final_forward_statistics_are_not_an_interval(self):
        # The log ends with "Forward statistics" totals after SIGINT.
        text = sample("testpmd_ring_macswap.txt")
        self.assertIn("Forward statistics for port 0", text)
        last = parse.parse_intervals(text)[-1]
        self.assertEqual(last.ports[0].rx_packets, 392738528)

    def test_screen_clear_escape_is_stripped(self):
        text = sample("testpmd_ring_macswap.txt")
        self.assertIn("\x1b[2J", text)
        self.assertNotIn("\x1b", parse.strip_ansi(text))

    def test_two_queue_run(self):
        ivs = parse.parse_intervals(sample("testpmd_ring_2q2c.txt"))
        self.assertEqual([iv.rate() for iv in ivs], [0, 76669896 + 76670078, 78553913 + 78553847,
                                                     66487005 + 66486519])

    def test_generator_tx_rate(self):
        ivs = parse.parse_intervals(sample("testpmd_memif_flowgen.txt"))
        self.assertEqual(ivs[2].ports[0].tx_pps, 3828751)
        self.assertEqual(ivs[2].rate("tx"), 3828751 + 3828718)

    def test_truncated_block_is_incomplete(self):
        text = sample("testpmd_ring_macswap.txt")
        cut = text[: text.rindex("Tx-pps")]  # killed in the middle of the last port block
        self.assertEqual(len(parse.parse_intervals(cut)), 4)
        self.assertEqual(len(parse.complete_intervals(cut, 2)), 3)

    def test_headerless_show_port_stats(self):
        # Interactive `show port stats all` prints no "Port statistics ====" line:
        # a port seen twice starts the next interval.
        block = ("  ######################## NIC statistics for port {p}  ####\n"
                 "  RX-packets: 10 RX-missed: 0 RX-bytes: 0\n"
                 "  Rx-pps: {r} Rx-bps: 0\n  Tx-pps: {r} Tx-bps: 0\n")
        text = "".join(block.format(p=p, r=r) for r, p in [(1, 0), (2, 1), (3, 0), (4, 1)])
        self.assertEqual([iv.rate() for iv in parse.parse_intervals(text)], [3, 7])

    def test_json_lines(self):
        text = ('noise\n{"ports": [{"port": 0, "rx_pps": 5, "tx_pps": 6}, {"port": 1, "rx_pps": 7, "tx_pps": 8}]}\n'
                '{"not": "stats"}\n{"ports": {"0": {"Rx-pps": 1, "Tx-pps": 1}, "1": {"rx-pps": 2, "tx-pps": 2}}}\n')
        ivs = parse.complete_intervals(text, 2)
        self.assertEqual([iv.rate("rx") for iv in ivs], [12, 3])
        self.assertEqual(ivs[0].rate("tx"), 14)


class TestHelp(unittest.TestCase):
    def test_testpmd_features(self):
        info = parse.parse_help(sample("testpmd_help.txt"))
        self.assertFalse(info["features"]["run-time"])
        self.assertFalse(info["features"]["macswap-kernel"])
        self.assertFalse(info["features"]["mac-tx-store"])
        self.assertTrue(info["features"]["cmdline-file"])
        self.assertTrue(info["features"]["total-num-mbufs"])
        self.assertIn("macswap", info["modes"])
        self.assertIn("flowgen", info["modes"])

    def test_pmdfwd_style_features(self):
        text = ("  --run-time=SECONDS: stop after SECONDS\n  --stats-format=text|json\n"
                "  --macswap-kernel=NAME: macswap kernel (NAME: scalar|sse|avx2|avx512)\n"
                "  --mac-tx-store=MODE  how the TX fields are stored (MODE: auto|always|if-changed)\n"
                "  --forward-mode=N: set forwarding mode (N: io|macswap)\n  --stats-period=PERIOD\n")
        info = parse.parse_help(text)
        self.assertTrue(info["features"]["run-time"])
        self.assertTrue(info["features"]["stats-format"])
        self.assertTrue(info["features"]["mac-tx-store"])
        self.assertEqual(info["kernels"], ["scalar", "sse", "avx2", "avx512"])
        self.assertEqual(info["modes"], ["io", "macswap"])


if __name__ == "__main__":
    unittest.main()
