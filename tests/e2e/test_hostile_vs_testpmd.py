"""Issue 29 item 2: hostile frames (frames.hostile(): runts, jumbos, tag
stacks, IPv6 extension headers, headers cut mid-way, bad IHL, fragments)
through every engine pmdfwd and dpdk-testpmd both have, on one net_pcap port
in loop topology, in both forwarders. Port counters must be equal, and the
output frames equal byte for byte except where the user guide ("Malformed
frames") says pmdfwd differs on purpose: it never writes a byte testpmd
computes from bytes past a frame's end, icmpecho answers behind IPv4
options and not a request cut inside its ICMP header, and csum leaves the
UDP or TCP checksum behind IPv6 extension headers where testpmd after 22.11
writes 0xffff.

Run: PMDFWD_BIN=build/pmdfwd /usr/bin/python3 tests/e2e/test_hostile_vs_testpmd.py
"""
import unittest

import frames  # noqa: E402
import rig  # noqa: E402
import vs_testpmd  # noqa: E402

# Engines whose every input frame leaves (in order), those that answer some,
# and one that sends nothing: only its counters are compared. txonly and
# flowgen make their own frames, whatever comes in.
FORWARDING = ["io", "mac", "macswap", "5tswap", "csum"]
COMMON = ["--port-topology=loop", "--no-flush-rx", "--total-num-mbufs=8192"]
CASES = {
    **{e: [f"--forward-mode={e}", *COMMON] for e in FORWARDING + ["icmpecho", "rxonly"]},
    # A jumbo in one mbuf, not a chain of five.
    "io-big-mbufs": ["--forward-mode=io", "--mbuf-size=9300", "--max-pkt-len=9018", *COMMON],
    "csum-big-mbufs": ["--forward-mode=csum", "--mbuf-size=9300", "--max-pkt-len=9018",
                       *COMMON],
    # net_pcap does not enforce the MTU: jumbos still pass.
    "io-mtu-1500": ["--forward-mode=io", "--max-pkt-len=1518", *COMMON],
}
MAC_BYTES = 12
ETH_IPV4 = b"\x08\x00"


def ipv4_icmp(frame):
    """(IHL in bytes, frame length) of an untagged IPv4 ICMP frame, else None."""
    if len(frame) < 34 or frame[12:14] != ETH_IPV4 or frame[23] != 1:
        return None
    return (frame[14] & 0xF) * 4, len(frame)


ETH_IPV6 = b"\x86\xdd"
# IPv6 next headers that are extension headers: hop-by-hop, routing,
# fragment, destination options.
IPV6_EXTENSIONS = (0, 43, 44, 60)


def behind_ipv6_extensions(frame):
    """A whole untagged IPv6 frame whose first next header is an extension
    header (what lies behind it is UDP or TCP in frames.hostile())."""
    data = frame.data
    return (not frame.malformed and len(data) > 20 and data[12:14] == ETH_IPV6
            and data[20] in IPV6_EXTENSIONS)


def behind_options(frame):
    icmp = ipv4_icmp(frame)
    return icmp is not None and icmp[0] > 20


def cut_in_icmp_header(frame):
    icmp = ipv4_icmp(frame)
    return icmp is not None and icmp[1] < 14 + icmp[0] + 8


@unittest.skipUnless(vs_testpmd.TESTPMD, "dpdk-testpmd is not installed")
class HostileFramesAgainstTestpmd(vs_testpmd.Comparison):
    hostile = frames.hostile()

    @classmethod
    def port_frames(cls):
        return [[f.data for f in cls.hostile]]

    @classmethod
    def cases(cls):
        return CASES

    def both(self, case):
        """(our frames, testpmd's) after checking exit and port counters."""
        ours, theirs = self.results[(case, "pmdfwd")], self.results[(case, "testpmd")]
        for name, res in (("pmdfwd", ours), ("testpmd", theirs)):
            self.assertEqual(res.rc, 0, f"{name} {case}:\n{res.text}")
        counters = rig.port_fwd_stats(ours.text)
        self.assertEqual(counters[0]["rx"], len(self.hostile), ours.text)
        self.assertEqual(counters, rig.port_fwd_stats(theirs.text),
                         f"{case}: port counters\n{ours.text}\n{theirs.text}")
        return ours.frames(1)[0], theirs.frames(1)[0]

    def assertDocumentedDifference(self, frame, ours, theirs, what):
        """Where pmdfwd and testpmd differ, pmdfwd left the input's byte,
        and never in the MACs of a frame that holds them."""
        self.assertEqual(len(ours), len(theirs), what)
        differ = [k for k in range(len(ours)) if ours[k] != theirs[k]]
        changed = [k for k in differ if ours[k] != frame.data[k]]
        self.assertEqual(changed, [], f"{what}: pmdfwd wrote bytes testpmd did not")
        if len(ours) >= MAC_BYTES:
            self.assertEqual([k for k in differ if k < MAC_BYTES], [],
                             f"{what}: the MACs are not testpmd's")

    def assertTestpmdWroteFfffChecksum(self, frame, ours, theirs, what):
        """The user guide's difference of testpmd after 22.11: behind IPv6
        extension headers its csum engine writes 0xffff as the UDP or TCP
        checksum, which was valid; pmdfwd leaves it, as 22.11's testpmd."""
        differ = [k for k in range(len(ours)) if ours[k] != theirs[k]]
        if not differ:
            return
        self.assertEqual(len(differ), 2, f"{what}: more than a checksum differs: {differ}")
        at = differ[0]
        self.assertEqual(differ[1], at + 1, what)
        self.assertEqual(theirs[at:at + 2], b"\xff\xff", what)
        self.assertEqual(ours[at:at + 2], frame.data[at:at + 2], f"{what}: pmdfwd changed the checksum")

    def check_forwarded(self, case):
        ours, theirs = self.both(case)
        self.assertEqual(len(ours), len(self.hostile), case)
        self.assertEqual(len(theirs), len(self.hostile), case)
        for frame, a, b in zip(self.hostile, ours, theirs):
            what = f"{case}: {frame.name} ({len(frame.data)} B)"
            with self.subTest(frame=frame.name):
                if frame.malformed:
                    self.assertDocumentedDifference(frame, a, b, what)
                elif (case.startswith("csum") and behind_ipv6_extensions(frame)
                      and rig.dpdk_version() > (22, 11)):
                    self.assertTestpmdWroteFfffChecksum(frame, a, b, what)
                else:
                    self.assertFramesEqual([a], [b], what)

    def test_io(self):
        self.check_forwarded("io")

    def test_mac(self):
        self.check_forwarded("mac")

    def test_macswap(self):
        self.check_forwarded("macswap")

    def test_5tswap(self):
        self.check_forwarded("5tswap")

    def test_csum(self):
        self.check_forwarded("csum")

    def test_jumbo_in_one_mbuf(self):
        self.check_forwarded("io-big-mbufs")
        self.check_forwarded("csum-big-mbufs")

    def test_jumbo_past_the_mtu(self):
        ours, theirs = self.both("io-mtu-1500")
        self.assertFramesEqual(ours, theirs, "io with --max-pkt-len=1518")
        if rig.dpdk_version() == (22, 11):  # the user guide's words are 22.11's
            self.assertEqual(ours, [f.data for f in self.hostile], "net_pcap drops nothing")

    def test_rxonly_counts_every_frame(self):
        ours, theirs = self.both("rxonly")
        self.assertEqual((ours, theirs), ([], []))

    def test_icmpecho(self):
        ours, theirs = self.both("icmpecho")
        # The two documented differences, one frame each way.
        mine_only = [f for f in ours if behind_options(f)]
        theirs_only = [f for f in theirs if cut_in_icmp_header(f)]
        self.assertEqual(len(mine_only), 1, "pmdfwd answers the echo behind IPv4 options")
        self.assertEqual(len(theirs_only), 1, "testpmd answers the cut echo request")
        self.assertFramesEqual([f for f in ours if not behind_options(f)],
                               [f for f in theirs if not cut_in_icmp_header(f)],
                               "icmpecho against dpdk-testpmd")
        self.assertGreater(len(ours), 3, "replies to ARP and ICMP, tagged and not, jumbo too")


if __name__ == "__main__":
    unittest.main()
