"""The csum engine on the net_pcap rig, byte for byte: frames with wrong
IPv4, UDP, TCP and SCTP checksums (VLAN and QinQ tagged, IPv6, a jumbo
that spans five mbufs) come out with the checksums scapy computes and the
MACs testpmd's csum engine writes (source = the TX port's, destination =
its peer); UDP checksums of 0 stay 0; frames that are not IP get their MACs
only; runts come out as they went in, frames cut inside their headers
get what fits (new MACs, the IPv4 checksum of a whole header), counted.

Run: PMDFWD_BIN=build/pmdfwd PYTHONPATH=python /usr/bin/python3 tests/e2e/test_csum_forward.py
"""
import shutil
import time
import unittest


from scapy.layers.inet import IP, TCP, UDP  # noqa: E402
from scapy.layers.inet6 import IPv6  # noqa: E402
from scapy.layers.l2 import ARP, Dot1AD, Dot1Q, Ether  # noqa: E402
from scapy.layers.sctp import SCTP, SCTPChunkData  # noqa: E402
from scapy.packet import Raw  # noqa: E402
from scapy.utils import checksum  # noqa: E402

import frames as fr  # noqa: E402
import shell as shells  # noqa: E402
import rig  # noqa: E402
from test_pcap_forward import PcapRig  # noqa: E402

BAD = 0xBEEF
TESTPMD = shutil.which("dpdk-testpmd")


def wrong_checksums(seed):
    """Frames whose every checksum is wrong, and frames the engine must not
    (or cannot) checksum."""
    pay = bytes((seed * 31 + i) & 0xFF for i in range(1400))
    eth = Ether(dst=fr.UNICAST_A, src=fr.UNICAST_B)
    ip = IP(src="192.0.2.1", dst="198.51.100.7", chksum=BAD)
    ip6 = IPv6(src="2001:db8::1", dst="2001:db8::2")
    good = [
        eth / ip / UDP(sport=1, dport=2, chksum=BAD) / Raw(pay[:18]),
        eth / ip / TCP(sport=3, dport=4, chksum=BAD) / Raw(pay[:100]),
        eth / ip / SCTP(sport=5, dport=6, chksum=BAD) / SCTPChunkData(data=pay[:24]),
        eth / ip6 / UDP(chksum=BAD) / Raw(pay[:7]),
        eth / ip6 / TCP(chksum=BAD, flags="S") / Raw(pay[:300]),
        eth / ip6 / SCTP(chksum=BAD) / SCTPChunkData(data=pay[:40]),
        eth / Dot1Q(vlan=100) / ip / UDP(chksum=BAD) / Raw(pay[:64]),
        eth / Dot1AD(vlan=10) / Dot1Q(vlan=20) / ip / TCP(chksum=BAD) / Raw(pay[:5]),
        eth / IP(chksum=BAD, options=b"\x01\x01\x01\x00") / UDP(chksum=BAD) / Raw(pay[:30]),
        eth / ip / UDP(chksum=BAD) / Raw(pay * 6),  # 8.4 KiB: five mbufs
        eth / ip / UDP(chksum=0) / Raw(pay[:10]),  # no checksum: stays 0
    ]
    return [bytes(p) for p in good]


def not_checksummed():
    """Frames csum forwards with new MACs only (not IP) and frames cut
    inside their headers (csum does what fits: cut_forwarded)."""
    arp = bytes(Ether(dst="ff:ff:ff:ff:ff:ff", src=fr.UNICAST_A) / ARP())
    full = bytes(Ether() / IP(chksum=BAD) / TCP(chksum=BAD))
    return [arp], [b"", full[:5], full[:13], full[:30], full[:50]]


def recomputed(frame):
    """The frame with scapy's checksums: IPv4 header, UDP (unless 0), TCP,
    SCTP (CRC32c), inner IPv4 of every layer."""
    p = Ether(frame)
    for layer in (IP, TCP, SCTP):
        if p.haslayer(layer):
            del p[layer].chksum
    if p.haslayer(UDP) and p[UDP].chksum != 0:
        del p[UDP].chksum
    return bytes(p)


def with_macs(frame, dst, src):
    return dst + src + frame[12:]


def cut_forwarded(frame, dst, src):
    """What csum makes of an untagged IPv4 frame cut inside its headers:
    nothing below 12 bytes, new MACs, and the IPv4 checksum once the whole
    IPv4 header is there."""
    if len(frame) < 12:
        return frame
    if len(frame) >= 34:
        ip = bytearray(frame[14:34])
        ip[10:12] = b"\0\0"
        ip[10:12] = checksum(bytes(ip)).to_bytes(2, "big")
        frame = frame[:14] + bytes(ip) + frame[34:]
    return with_macs(frame, dst, src)


class CsumForwardTest(PcapRig):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.good0, cls.good1 = wrong_checksums(1), wrong_checksums(2)
        cls.macs_only, cls.cut = not_checksummed()
        cls.csum_in0 = cls.good0 + cls.macs_only + cls.cut
        cls.csum_in1 = cls.good1
        rig.write_pcap(cls.tmp / "csum0.pcap", cls.csum_in0)
        rig.write_pcap(cls.tmp / "csum1.pcap", cls.csum_in1)

    def test_software_checksums_byte_for_byte(self):
        run, out0, out1 = self.forward(["--forward-mode=csum", "--no-flush-rx"],
                                       rx0=self.tmp / "csum0.pcap", rx1=self.tmp / "csum1.pcap")
        macs = rig.port_macs(run.out)
        peer = {p: bytes([2, 0, 0, 0, 0, p]) for p in (0, 1)}
        # Port 0's frames leave on port 1: its MAC as source, its peer as
        # destination; and the other way round.
        want1 = [with_macs(recomputed(f), peer[1], macs[1]) for f in self.good0]
        want1 += [with_macs(f, peer[1], macs[1]) for f in self.macs_only]
        want1 += [cut_forwarded(f, peer[1], macs[1]) for f in self.cut]
        want0 = [with_macs(recomputed(f), peer[0], macs[0]) for f in self.good1]
        self.assertFramesEqual(out1, want1, "port 0 -> 1")
        self.assertFramesEqual(out0, want0, "port 1 -> 0")
        # Only the cut frames were counted; no PMD here reports RX
        # checksums, so testpmd's bad-checksum counters stay 0 and shown.
        self.assertCounters(run, len(self.cut), 0, sent0=len(self.csum_in0),
                            sent1=len(self.csum_in1))
        self.assertIn("Bad-ipcsum: 0              Bad-l4csum: 0             "
                      "Bad-outer-l4csum: 0", run.out)
        self.assertIn("RX- bad IP checksum: 0", run.out)

    def test_checksums_are_what_scapy_checks(self):
        # An independent reading of the output: scapy's own verdicts.
        _, _, out1 = self.forward(["--forward-mode=csum", "--no-flush-rx"],
                                  rx0=self.tmp / "csum0.pcap", rx1=self.tmp / "csum1.pcap")
        for i, raw in enumerate(out1[:len(self.good0)]):
            self.assertEqual(bytes(Ether(recomputed(raw))), raw, f"frame {i}")
            self.assertNotIn(BAD.to_bytes(2, "big"), raw[12:60], f"frame {i} kept a bad field")

    @unittest.skipUnless(TESTPMD, "dpdk-testpmd is not installed")
    def test_same_frames_as_dpdk_testpmd(self):
        # Where testpmd's csumonly is defined (no SCTP: it writes 0 where
        # pmdfwd computes the CRC32c), both write the same bytes.
        frames = [f for f in self.good0 if not Ether(f).haslayer(SCTP)] + self.macs_only
        rig.write_pcap(self.tmp / "common.pcap", frames)
        rig.write_pcap(self.tmp / "none.pcap", [])
        _, _, ours = self.forward(["--forward-mode=csum", "--no-flush-rx"],
                                  rx0=self.tmp / "common.pcap", rx1=self.tmp / "none.pcap")
        out = self.tmp / "testpmd"
        out.mkdir()
        vdevs, _, tx1 = rig.pcap_vdevs(out, self.tmp / "common.pcap", self.tmp / "none.pcap")
        prefix = rig.unique_prefix()
        p = shells.start(self, [TESTPMD, "-l", "0-1", "--no-pci", "--in-memory", "--file-prefix",
                                prefix, *vdevs, "--", "--forward-mode=csum", "--no-flush-rx",
                                "--total-num-mbufs=8192"], prefix=prefix, cwd=out)
        time.sleep(3)
        p.write_line("")
        run = p.finish()
        self.assertEqual(run.rc, 0, run.describe())
        self.assertFramesEqual(ours, rig.read_pcap(tx1), "pmdfwd against dpdk-testpmd")


if __name__ == "__main__":
    unittest.main()
