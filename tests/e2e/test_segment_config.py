"""Issue 35: the RX offload commands, RX buffer split and the segment
settings, and testpmd's descriptor read, on two net_ring ports, answer for
answer against dpdk-testpmd 22.11 (live, where installed): net_ring lacks
the buffer_split and VLAN strip offloads, so ethdev refuses them at the next
port start and testpmd says so in its start messages; its rings are no
memzone, so `read rxd|txd` says the zone is not found.

Run: PMDFWD_BUILD_DIR=build PYTHONPATH=python /usr/bin/python3 tests/e2e/test_segment_config.py
"""
import shutil
import unittest

from test_command_corpus import classify, masked
from test_testpmd_shell import build_dir, start_shell

SEQUENCE = [
    "show config rxpkts",
    "set rxpkts 64,0",
    "set rxoffs 0,2",
    "set rxhdrs eth,ipv4-udp",
    "show config rxpkts",
    "show config rxoffs",
    "show config rxhdrs",
    "set rxhdrs nosuch",
    "set rxpkts 64,0",
    "set txpkts 40",
    "set txpkts 60,4",
    "set txsplit rand",
    "set txsplit sometimes",
    "show config txpkts",
    "set txtimes 1000,10",
    "show config txtimes",
    "port config 0 rx_offload buffer_split on",
    "port stop all",
    "port config 0 rx_offload buffer_split on",
    "port start 0",
    "port config 0 rx_offload buffer_split off",
    "port 0 rxq 0 rx_offload vlan_strip on",
    "port 0 rxq 1 rx_offload vlan_strip on",
    "port start 0",
    "port 0 rxq 0 rx_offload vlan_strip off",
    "port start all",
    "read rxd 0 0 0",
    "read txd 1 0 4",
    "read rxd 0 0 600",
    "read rxd 0 3 0",
    "read rxd 7 0 0",
    "show port 0 rx_offload configuration",
]


def answers(binary):
    shell = start_shell(binary)
    try:
        return [shell.send(cmd, skip_first_line=True, timeout=20) for cmd in SEQUENCE]
    finally:
        shell.close()


class SegmentConfig(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.got = answers(build_dir() / "app" / "dpdk-testpmd")

    def answer(self, cmd, nth=0):
        return [a for c, a in zip(SEQUENCE, self.got) if c == cmd][nth].replace("\r", "").strip()

    def test_buffer_split_refused_where_the_pmd_lacks_it(self):
        start = self.answer("port start 0")
        # buffer_split (0x100000) against net_ring's scatter (0x2000).
        self.assertIn("Ethdev port_id=0 requested Rx offloads 0x100000 doesn't match Rx offloads "
                      "capabilities 0x2000 in rte_eth_dev_configure()", start)
        self.assertTrue(start.endswith("Fail to configure port 0"), start)
        queue = self.answer("port start 0", 1)
        self.assertIn("Ethdev port_id=0 rx_queue_id=0, new added offloads 0x1 must be within "
                      "per-queue offload capabilities 0x0 in rte_eth_rx_queue_setup()", queue)
        self.assertTrue(queue.endswith("Fail to configure port 0 rx queues"), queue)
        self.assertIn("Port 0: ", self.answer("port start all"))

    def test_segment_settings_read_back(self):
        # rxhdrs made three segments of the two lengths: the new one is 0.
        self.assertEqual(self.answer("show config rxpkts", 1),
                         "Number of segments: 3\nSegment sizes: 64,0,0")
        self.assertIn("Packet segs: eth, ipv4-udp, payload", self.answer("show config rxhdrs"))
        self.assertIn("Split packet: rand", self.answer("show config txpkts"))
        self.assertIn("Interburst gap: 1000", self.answer("show config txtimes"))

    def test_descriptor_read_on_net_ring(self):
        self.assertIn("rx_ring ring memory zoneof (port 0, queue 0) not found "
                      "(zone name = eth_p0_q0_rx_ring", self.answer("read rxd 0 0 0"))
        self.assertIn("Invalid RX descriptor 600 (must be < ring_size=512)",
                      self.answer("read rxd 0 0 600"))

    @unittest.skipUnless(shutil.which("dpdk-testpmd"), "dpdk-testpmd is not installed")
    def test_as_testpmd(self):
        ref = answers(shutil.which("dpdk-testpmd"))
        self.assertEqual(len(ref), len(SEQUENCE))
        for cmd, r, g in zip(SEQUENCE, ref, self.got):
            with self.subTest(cmd=cmd):
                self.assertEqual((classify(g), masked(g)), (classify(r), masked(r)))


if __name__ == "__main__":
    unittest.main()
