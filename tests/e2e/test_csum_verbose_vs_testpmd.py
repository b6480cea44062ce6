"""The csum engine's `set verbose` block (engines/csum/csum_verbose.h)
against /usr/bin/dpdk-testpmd on the same net_pcap input: for every frame
testpmd's csumonly.c prints "-----------------", the port, mbuf, length and
segments, the parsed headers and RX flags, and the TX fields and flags it
set; pmdfwd prints the same block, line for line once the mbuf's address is
masked. The frames: plain IPv4, IPv6, TCP, UDP, ICMP, ARP and VLAN-tagged
ones, every well-formed tunnel of frames.tunnels() with and without
`csum parse-tunnel on`, and long TCP and UDP under `tso set` and
`tunnel_tso set` (the lines of tx: lengths and tso_segsz). For runts and
cut headers testpmd prints what it read past the frame's end, so only
their first two lines are compared (doc/testpmd-options.md, "The csum
engine").

At verbose 3 the order of the texts of a burst is testpmd's: its RX dump,
then each packet's block, then its TX dump.

Run: PMDFWD_BIN=build/pmdfwd /usr/bin/python3 tests/e2e/test_csum_verbose_vs_testpmd.py
"""
import re
import unittest

from scapy.layers.inet import ICMP, IP, TCP, UDP
from scapy.layers.inet6 import IPv6
from scapy.layers.l2 import Dot1Q

import frames  # noqa: E402
import rig  # noqa: E402
import vs_testpmd  # noqa: E402

COMMON = ["--forward-mode=csum", "--no-flush-rx", "--total-num-mbufs=8192",
          "--port-topology=loop"]
SEPARATOR = "-----------------"
MBUF = re.compile(r"mbuf=0x[0-9a-f]+")
# The lines of a block after its separator: testpmd's printf formats.
BLOCK_LINE = re.compile(r"^(port=\d+, mbuf=|rx: |tx: )")
HEAD_LINES = 1


def plain():
    """Untunnelled frames of every kind the engine parses or passes."""
    eth = frames.ETH
    udp, tcp = UDP(sport=7, dport=8, chksum=0xBEEF), TCP(sport=9, dport=10, chksum=0xBEEF)
    packets = [
        ("IPv4/UDP", eth / IP(chksum=0xBEEF) / udp / frames._patterned(30)),
        ("IPv4/TCP", eth / IP(chksum=0xBEEF) / tcp / frames._patterned(30)),
        ("IPv4/ICMP", eth / IP(chksum=0xBEEF) / ICMP() / frames._patterned(30)),
        ("IPv6/UDP", eth / IPv6() / udp / frames._patterned(30)),
        ("IPv6/TCP", eth / IPv6() / tcp / frames._patterned(30)),
        ("VLAN IPv4/UDP", eth / Dot1Q(vlan=3) / IP(chksum=0xBEEF) / udp / frames._patterned(30)),
    ]
    return [frames.Frame(name, p) for name, p in packets]


# testpmd's packet dump dereferences the NULL rte_pktmbuf_read gives for a
# frame shorter than an Ethernet header (22.11 to 25.11): RuntsAgainstTestpmd.
ETHER_LEN = 14
SENT = plain() + [f for f in frames.named_runts() if len(f.data) >= ETHER_LEN] \
    + frames.tunnels() + frames.cut_tunnels() + frames.long_l4()


def blocks(text):
    """The csum blocks of a run's output, in order, each a list of lines
    with the mbuf's address masked. Other lines inside a block are left
    out: testpmd's main lcore prints "Press enter to exit" while the
    forwarding one prints its first blocks."""
    found, current = [], None
    for line in text.splitlines():
        if line == SEPARATOR:
            current = []
            found.append(current)
        elif current is not None and BLOCK_LINE.match(line):
            current.append(MBUF.sub("mbuf=0x...", line))
            if line.startswith("tx: flags="):
                current = None
    return found


def texts_in_order(text):
    """What a run printed, one letter a line: R an RX dump's head, B a
    block's separator, T a TX dump's head; runs of one letter collapsed."""
    kinds = []
    for line in text.splitlines():
        kind = "B" if line == SEPARATOR else "R" if re.match(r"port \d+/queue \d+: received", line) \
            else "T" if re.match(r"port \d+/queue \d+: sent", line) else None
        if kind and (not kinds or kinds[-1] != kind):
            kinds.append(kind)
    return "".join(kinds)


def command_file(tmp, name, lines):
    path = tmp / f"{name}.cmd"
    path.write_text("".join(line + "\n" for line in lines))
    return f"--cmdline-file={path}"


@unittest.skipUnless(vs_testpmd.TESTPMD, "dpdk-testpmd is not installed")
class VerboseBlocksAgainstTestpmd(vs_testpmd.Comparison):

    @classmethod
    def port_frames(cls):
        return [[f.data for f in SENT]]

    @classmethod
    def cases(cls):
        def case(name, *lines):
            return [*COMMON, command_file(cls.tmp, name, [*lines, "set verbose 1"])]
        return {
            "plain": case("plain"),
            "parse": case("parse", "csum parse-tunnel on 0"),
            "tso": case("tso", "port stop 0", "tso set 100 0", "tunnel_tso set 100 0",
                        "csum parse-tunnel on 0", "port start 0"),
            "order": [*COMMON, command_file(cls.tmp, "order", ["set verbose 3"])],
        }

    def both(self, case):
        ours, theirs = self.results[(case, "pmdfwd")], self.results[(case, "testpmd")]
        for name, res in (("pmdfwd", ours), ("testpmd", theirs)):
            self.assertEqual(res.rc, 0, f"{name} {case}:\n{res.text}")
        return ours.text, theirs.text

    def compare(self, case):
        ours, theirs = (blocks(t) for t in self.both(case))
        self.assertEqual(len(ours), len(SENT), f"{case}: pmdfwd's blocks")
        self.assertEqual(len(theirs), len(SENT), f"{case}: testpmd's blocks")
        for frame, a, b in zip(SENT, ours, theirs):
            with self.subTest(case=case, frame=frame.name):
                if frame.malformed:
                    a, b = a[:HEAD_LINES], b[:HEAD_LINES]
                self.assertEqual(a, b, f"{case}: {frame.name} ({len(frame.data)} B)")
        return ours

    def test_plain(self):
        ours = self.compare("plain")
        # A frame the engine leaves untouched has its block too.
        self.assertTrue(any(b[0].endswith("pkt_len=14, nb_segs=1:") for b in ours))

    def test_parse_tunnel(self):
        ours = self.compare("parse")
        self.assertGreater(sum(1 for b in ours if b[2].startswith("rx: outer_l2_len=")), 20)

    def test_segment_sizes(self):
        ours = self.compare("tso")
        # The segment size shows where a packet is marked for segmentation:
        # on net_pcap (no TSO offload) by 22.11's testpmd only, which marks
        # long TCP whatever the port offers (23.11 on: none).
        marked = any("tx: m->tso_segsz=100" in b for b in ours)
        self.assertEqual(marked, rig.dpdk_version() < (23, 11))
        # tso_segsz != 0: testpmd prints the lengths of every packet.
        self.assertTrue(all(any(line.startswith("tx: m->l2_len=") for line in b) for b in ours))

    def test_order_in_a_burst(self):
        ours, theirs = self.both("order")
        self.assertEqual(len(blocks(ours)), len(SENT))
        self.assertEqual(texts_in_order(ours), texts_in_order(theirs))
        self.assertTrue(texts_in_order(ours).startswith("RBT"), texts_in_order(ours))


@unittest.skipUnless(vs_testpmd.TESTPMD, "dpdk-testpmd is not installed")
class RuntsAgainstTestpmd(vs_testpmd.Comparison):
    """A runt the engine leaves untouched (shorter than two MAC addresses)
    has its block, in testpmd as in pmdfwd. At verbose 2 testpmd prints the
    blocks of the burst before its TX dump, which then ends it (SIGSEGV, on
    the runt): its blocks are compared, not its exit status."""

    SENT = [plain()[0], *(f for f in frames.named_runts() if len(f.data) == 6)]

    @classmethod
    def port_frames(cls):
        return [[f.data for f in cls.SENT]]

    @classmethod
    def cases(cls):
        return {"runt": [*COMMON, command_file(cls.tmp, "runt", ["set verbose 2"])]}

    def test_a_runt_has_its_block(self):
        ours, theirs = self.results[("runt", "pmdfwd")], self.results[("runt", "testpmd")]
        self.assertEqual(ours.rc, 0, ours.text)
        ours, theirs = blocks(ours.text), blocks(theirs.text)
        self.assertEqual(len(ours), 2)
        self.assertEqual(len(theirs), 2, "testpmd's blocks")
        self.assertEqual(ours[0], theirs[0])
        # What testpmd parsed of the runt it read past its end.
        self.assertEqual(ours[1][:HEAD_LINES], theirs[1][:HEAD_LINES])
        # pmdfwd's: nothing parsed, the mbuf's TX fields as they came.
        self.assertEqual(len(ours[1]), 3, ours[1])
        self.assertTrue(ours[1][1].startswith("rx: l2_len=0 ethertype=0 l3_len=0 l4_proto=0 "
                                              "l4_len=0 flags="), ours[1])
        self.assertEqual(ours[1][2], "tx: flags=RTE_MBUF_F_TX_L4_NO_CKSUM ")


if __name__ == "__main__":
    unittest.main()
