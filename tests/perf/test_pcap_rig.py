"""The pcap rig (issue 36): net_pcap replaying one frame kind without end,
so csum and 5tswap are judged on UDP/IPv4, TCP/IPv4, UDP/IPv6 and
VLAN-tagged frames; the frames' headers and checksums are right."""
import os
import struct
import tempfile
import unittest

from pmdfwd_perf import machine, matrix, pcap_frames, rigs, subjects

try:
    from scapy.layers.inet import IP, TCP, UDP
    from scapy.layers.inet6 import IPv6
    from scapy.layers.l2 import Dot1Q, Ether
except ImportError:  # python3-scapy: the e2e tests' dependency
    Ether = None


class Frames(unittest.TestCase):
    def test_each_kind_is_sized_and_its_checksums_verify(self):
        for kind in pcap_frames.KINDS:
            for size in (64, 128, 1518):
                f = pcap_frames.frame(kind, size)
                self.assertEqual(len(f), size, kind)
                l3 = f[18:] if kind == "vlan" else f[14:]
                if kind == "udp6":
                    l4 = l3[40:]
                    pseudo = l3[8:40] + struct.pack("!IxxxB", len(l4), 17)
                else:
                    self.assertEqual(pcap_frames.checksum(l3[:20]), 0, f"{kind} IPv4 header")
                    l4 = l3[20:struct.unpack("!H", l3[2:4])[0]]
                    pseudo = l3[12:20] + struct.pack("!BBH", 0, l3[9], len(l4))
                self.assertEqual(pcap_frames.checksum(pseudo + l4), 0, f"{kind} L4 checksum")

    @unittest.skipIf(Ether is None, "no scapy (apt-get install python3-scapy)")
    def test_scapy_reads_the_layers_each_kind_names(self):
        layers = {"udp4": (IP, UDP), "tcp4": (IP, TCP), "udp6": (IPv6, UDP), "vlan": (Dot1Q, IP, UDP)}
        for kind, want in layers.items():
            p = Ether(pcap_frames.frame(kind, 64))
            for layer in want:
                self.assertTrue(p.haslayer(layer), f"{kind}: {layer.__name__}")

    def test_too_small_or_unknown_is_refused(self):
        with self.assertRaisesRegex(ValueError, "needs at least 64 bytes, not 63"):
            pcap_frames.frame("udp6", 64 - 1)
        with self.assertRaisesRegex(ValueError, "unknown frame kind 'sctp'"):
            pcap_frames.frame("sctp", 64)

    def test_pcap_file_header_and_records(self):
        data = pcap_frames.pcap("tcp4", 64, count=3)
        magic, major, minor, _, _, snaplen, linktype = struct.unpack("<IHHiIII", data[:24])
        self.assertEqual((magic, major, minor, linktype), (0xA1B2C3D4, 2, 4, 1))
        self.assertEqual(len(data), 24 + 3 * (16 + 64))
        self.assertEqual(struct.unpack("<IIII", data[24:40])[2:], (64, 64))


class Cells(unittest.TestCase):
    def cells(self, rig):
        return matrix.build_cells([rig], ["csum"], [], [64], [machine.parse_layout("1Q1C")], ["hot"], [0, 1], {})

    def test_pcap_is_every_kind_and_one_kind_is_one_cell(self):
        self.assertEqual([c.key for c in self.cells("pcap")],
                         [f"pcap-{k}/csum/64B/1Q1C" for k in pcap_frames.KINDS])
        self.assertEqual([c.params for c in self.cells("pcap-udp6")], [{"frames": "udp6"}])

    def test_an_unknown_kind_is_refused_with_the_known_ones(self):
        with self.assertRaisesRegex(ValueError, "unknown pcap frames 'sctp': use pcap .all. or one of pcap-udp4"):
            self.cells("pcap-sctp")

    def test_both_ports_replay_the_file_the_rig_writes(self):
        cell = self.cells("pcap-vlan")[0]
        with tempfile.TemporaryDirectory() as work:
            ctx = rigs.Context(workdir=work, warmup=1, duration=1)
            subject = subjects.Subject(label="t", binary="/usr/bin/dpdk-testpmd")
            spec, = rigs.build(cell, subject, ctx, [0, 1])
            path = os.path.join(work, "vlan-64.pcap")
            self.assertIn(f"net_pcap0,rx_pcap={path},infinite_rx=1", spec.argv)
            self.assertIn(f"net_pcap1,rx_pcap={path},infinite_rx=1", spec.argv)
            self.assertEqual(spec.files, {path: pcap_frames.pcap("vlan", 64)})


if __name__ == "__main__":
    unittest.main()
