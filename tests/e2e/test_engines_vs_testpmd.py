"""Issue 18 item 2: every forwarding engine testpmd also has, under every port
topology, writes the same frames as /usr/bin/dpdk-testpmd on the same net_pcap
input. Three ports, so that paired (0<->1, 2<->2), chained (0->1->2->0) and
loop (i->i) route differently; each port reads its own small pcap. The runs
are independent processes (their own --file-prefix and output folder) and run
a few at a time.

Run: PMDFWD_BIN=build/pmdfwd /usr/bin/python3 tests/e2e/test_engines_vs_testpmd.py
"""
import unittest


from scapy.layers.inet import ICMP, IP, TCP, UDP  # noqa: E402
from scapy.layers.inet6 import IPv6, IPv6ExtHdrHopByHop, RouterAlert  # noqa: E402
from scapy.layers.l2 import ARP, Dot1Q, Ether  # noqa: E402
from scapy.packet import Raw  # noqa: E402

import vs_testpmd  # noqa: E402

ENGINES = ["io", "mac", "macswap", "5tswap", "csum", "icmpecho"]
TOPOLOGIES = ["paired", "chained", "loop"]
NB_PORTS = 3


def port_frames(port):
    """A few frames every engine treats differently, distinct per port."""
    a, b = f"00:11:22:33:44:{port:02x}", f"66:77:88:99:aa:{port:02x}"
    v4 = IP(src=f"10.0.{port}.1", dst=f"10.0.{port}.2")
    frames = [
        Ether(dst=a, src=b) / v4 / UDP(sport=1000 + port, dport=2000) / Raw(b"u" * 18),
        Ether(dst=a, src=b) / v4 / ICMP(type=8, id=port, seq=1) / Raw(b"p" * 32),
        Ether(dst="ff:ff:ff:ff:ff:ff", src=b) / ARP(op=1, hwsrc=b, psrc=f"10.0.{port}.1",
                                                    pdst=f"10.0.{port}.9"),
        Ether(dst=b, src=a) / Dot1Q(vlan=100 + port) / v4 / TCP(sport=5, dport=6, flags="S"),
        Ether(dst=a, src=b) / IPv6(src=f"2001:db8::{port}:1", dst=f"2001:db8::{port}:2")
        / TCP(sport=7, dport=8) / Raw(b"t" * 10),
        # MLD behind Hop-by-Hop (IPv6 next header 0)
        Ether(dst="33:33:00:00:00:16", src=b) / IPv6(src=f"fe80::{port}", dst="ff02::16")
        / IPv6ExtHdrHopByHop(options=[RouterAlert()]) / Raw(b"\x8f\x00" + b"\x00" * 22),
    ]
    return [bytes(f) for f in frames]


def app_args(engine, topology):
    return [f"--forward-mode={engine}", f"--port-topology={topology}", "--no-flush-rx",
            "--total-num-mbufs=8192"]


@unittest.skipUnless(vs_testpmd.TESTPMD, "dpdk-testpmd is not installed")
class EnginesAgainstTestpmd(vs_testpmd.Comparison):
    @classmethod
    def port_frames(cls):
        return [port_frames(p) for p in range(NB_PORTS)]

    @classmethod
    def cases(cls):
        return {f"{engine}-{topology}": app_args(engine, topology)
                for engine in ENGINES for topology in TOPOLOGIES}

    def frames_of(self, engine, topology, name):
        res = self.results[(f"{engine}-{topology}", name)]
        self.assertEqual(res.rc, 0, f"{name} {engine} {topology}:\n{res.text}")
        return res.frames(NB_PORTS)

    def check(self, engine):
        for topology in TOPOLOGIES:
            with self.subTest(topology=topology):
                ours = self.frames_of(engine, topology, "pmdfwd")
                theirs = self.frames_of(engine, topology, "testpmd")
                self.assertGreater(sum(map(len, theirs)), 0, "testpmd sent nothing")
                for p in range(NB_PORTS):
                    self.assertFramesEqual(ours[p], theirs[p],
                                           f"{engine} {topology}: port {p} against dpdk-testpmd")

    def test_io(self):
        self.check("io")

    def test_mac(self):
        self.check("mac")

    def test_macswap(self):
        self.check("macswap")

    def test_5tswap(self):
        self.check("5tswap")

    def test_csum(self):
        self.check("csum")

    def test_icmpecho_replies_on_the_arrival_port(self):
        self.check("icmpecho")
        # The replies of port 0's requests leave by port 0, whatever the topology.
        ours = self.frames_of("icmpecho", "paired", "pmdfwd")
        self.assertEqual(len(ours[0]), 2, "ARP and ICMP echo replies of port 0")


if __name__ == "__main__":
    unittest.main()
