# Hostile frames for the engines (issue 29 item 2): runts, jumbos, tag stacks,
# IPv6 extension headers, headers cut mid-way, bad IPv4 header lengths and
# fragments. Each is named, and says whether it is malformed: its headers
# announce more than it holds, or an IPv4 header length below 20 bytes. The
# user guide ("Malformed frames") says where pmdfwd's engines treat those
# differently from dpdk-testpmd's.
from scapy.layers.inet import ICMP, IP, TCP, UDP
from scapy.layers.inet6 import (IPv6, IPv6ExtHdrDestOpt, IPv6ExtHdrFragment,
                                IPv6ExtHdrHopByHop, IPv6ExtHdrRouting, RouterAlert)
from scapy.layers.l2 import ARP, Dot1AD, Dot1Q, Ether
from scapy.packet import Raw

A = "00:11:22:33:44:55"
B = "66:77:88:99:aa:bb"
# Mid-way cuts below land inside these fields: the swap or checksum of a cut
# field is where testpmd reads past the end.
ETH = Ether(dst=A, src=B)
V4 = IP(src="10.1.2.3", dst="10.4.5.6")
V6 = IPv6(src="2001:db8::1", dst="2001:db8::2")
JUMBO = 9000


class Frame:
    def __init__(self, name, data, malformed=False):
        self.name, self.data, self.malformed = name, bytes(data), malformed


def _pattern(n, seed):
    return bytes((seed * 37 + i * 11) & 0xFF for i in range(n))


def _payload(n, seed=1):
    return Raw(_pattern(n, seed))


def _sized(packet, size):
    raw = bytes(packet)
    return raw + _pattern(size - len(raw), 7)


def runts():
    """Shorter than an Ethernet header (14) and than the 60-byte minimum."""
    udp = bytes(ETH / V4 / UDP(sport=1, dport=2))
    arp = ETH / ARP(op=1, hwsrc=B, psrc="10.4.5.6", pdst="10.1.2.3")
    return [
        *(Frame(f"runt {n} B", _pattern(n, n), malformed=True) for n in (1, 6, 11, 12, 13)),
        Frame("Ethernet header alone, IPv4 type", udp[:14], malformed=True),
        Frame("ARP request, 42 B unpadded", arp),
        Frame("IPv4/UDP, 59 B", _sized(ETH / V4 / UDP(sport=1, dport=2), 59)),
        Frame("ICMP echo request, 42 B", ETH / V4 / ICMP(type=8, id=1, seq=1)),
    ]


def jumbos():
    """9000 bytes: more than one mbuf's 2048 bytes of data room."""
    return [
        Frame("jumbo IPv4/UDP", _sized(ETH / V4 / UDP(sport=3, dport=4), JUMBO)),
        Frame("jumbo IPv4/TCP", _sized(ETH / V4 / TCP(sport=5, dport=6), JUMBO)),
        Frame("jumbo IPv6/UDP", _sized(ETH / V6 / UDP(sport=7, dport=8), JUMBO)),
        Frame("jumbo ICMP echo", _sized(ETH / V4 / ICMP(type=8), JUMBO)),
        Frame("jumbo, no IP", _sized(Ether(dst=A, src=B, type=0x88B5), JUMBO)),
    ]


def tag_stacks():
    """802.1Q, 802.1ad (QinQ) and three-tag stacks; a stack cut after a tag."""
    return [
        Frame("802.1Q IPv4/UDP", ETH / Dot1Q(vlan=1) / V4 / UDP(sport=9, dport=10)
              / _payload(20)),
        Frame("QinQ IPv4/TCP", ETH / Dot1AD(vlan=2) / Dot1Q(vlan=3) / V4 / TCP(sport=11)
              / _payload(20)),
        Frame("802.1Q x2 IPv6/UDP", ETH / Dot1Q(vlan=4) / Dot1Q(vlan=5) / V6 / UDP(sport=12)
              / _payload(20)),
        Frame("three tags IPv4/UDP", ETH / Dot1AD(vlan=6) / Dot1Q(vlan=7) / Dot1Q(vlan=8) / V4
              / UDP(sport=13, dport=14) / _payload(20)),
        Frame("QinQ ICMP echo", ETH / Dot1AD(vlan=9) / Dot1Q(vlan=10) / V4 / ICMP(type=8)
              / _payload(20)),
        Frame("802.1Q ICMP echo", ETH / Dot1Q(vlan=11) / V4 / ICMP(type=8) / _payload(20)),
        Frame("802.1Q ARP request", ETH / Dot1Q(vlan=12) / ARP(op=1, hwsrc=B)),
        Frame("0x9100 tag (not parsed)", Ether(dst=A, src=B, type=0x9100)
              / Dot1Q(vlan=13) / V4 / UDP() / _payload(20)),
        Frame("802.1Q tag, then nothing", bytes(ETH / Dot1Q(vlan=14) / V4)[:18], malformed=True),
        Frame("QinQ cut inside the second tag",
              bytes(ETH / Dot1AD(vlan=15) / Dot1Q(vlan=16) / V4)[:20], malformed=True),
    ]


def ipv6_extensions():
    """Extension headers: engines see next header 0, 43, 44 or 60, not L4."""
    hbh = IPv6ExtHdrHopByHop(options=[RouterAlert()])
    return [
        Frame("IPv6 hop-by-hop UDP", ETH / V6 / hbh / UDP(sport=15) / _payload(12)),
        Frame("IPv6 routing TCP", ETH / V6 / IPv6ExtHdrRouting(addresses=["2001:db8::9"])
              / TCP(sport=16) / _payload(12)),
        Frame("IPv6 fragment UDP", ETH / V6 / IPv6ExtHdrFragment(id=7, m=1) / UDP(sport=17)
              / _payload(16)),
        Frame("IPv6 chain hbh-dest-routing-fragment TCP",
              ETH / V6 / hbh / IPv6ExtHdrDestOpt() / IPv6ExtHdrRouting(addresses=["::1"])
              / IPv6ExtHdrFragment(id=8) / TCP(sport=18) / _payload(12)),
        Frame("IPv6 hop-by-hop cut mid-way", bytes(ETH / V6 / hbh / UDP())[:58], malformed=True),
    ]


def truncated():
    """Headers cut mid-way: the frame ends inside a header or a field."""
    udp = bytes(ETH / V4 / UDP(sport=19, dport=20) / _payload(30))
    tcp = bytes(ETH / V4 / TCP(sport=21, dport=22, options=[("NOP", None)] * 8)
                / _payload(30))
    icmp = bytes(ETH / V4 / ICMP(type=8, id=3, seq=4) / _payload(30))
    v6udp = bytes(ETH / V6 / UDP(sport=23, dport=24) / _payload(30))
    v6tcp = bytes(ETH / V6 / TCP(sport=25, dport=26) / _payload(30))
    return [
        Frame("IPv4 cut before its addresses", udp[:24], malformed=True),
        Frame("IPv4 cut inside the source address", udp[:28], malformed=True),
        Frame("IPv4 cut inside the destination address", udp[:32], malformed=True),
        Frame("UDP cut inside the ports", udp[:37], malformed=True),
        Frame("UDP cut inside the checksum", udp[:41], malformed=True),
        Frame("UDP payload cut (IP length says more)", udp[:50], malformed=True),
        Frame("TCP cut inside the ports", tcp[:36], malformed=True),
        Frame("TCP cut before the checksum", tcp[:48], malformed=True),
        Frame("TCP cut inside its options", tcp[:60], malformed=True),
        Frame("ICMP echo cut inside the header", icmp[:38], malformed=True),
        Frame("IPv6 cut inside the source address", v6udp[:30], malformed=True),
        Frame("IPv6 cut inside the destination address", v6udp[:50], malformed=True),
        Frame("IPv6/UDP cut inside the ports", v6udp[:56], malformed=True),
        Frame("IPv6/TCP cut before the checksum", v6tcp[:68], malformed=True),
    ]


def _with_ihl(ihl, packet):
    raw = bytearray(bytes(packet))
    raw[14] = 0x40 | ihl
    return raw


def bad_ihl():
    """IHL below 5 (header shorter than 20 bytes) or past the frame's end."""
    udp = ETH / V4 / UDP(sport=27, dport=28) / _payload(40)
    return [
        Frame("IPv4 IHL 0", _with_ihl(0, udp), malformed=True),
        Frame("IPv4 IHL 4", _with_ihl(4, udp), malformed=True),
        Frame("IPv4 IHL 15 past the end", _with_ihl(15, ETH / V4 / UDP()), malformed=True),
        Frame("IPv4 IHL 6 (options)", ETH / IP(src="10.1.2.3", dst="10.4.5.6",
                                               options=b"\x01\x01\x01\x00")
              / UDP(sport=29, dport=30) / _payload(20)),
        Frame("ICMP echo behind IP options", ETH / IP(src="10.1.2.3", dst="10.4.5.6",
                                                      options=b"\x01\x01\x01\x00")
              / ICMP(type=8, id=5) / _payload(20)),
        Frame("IPv4 total length below its header", ETH / IP(len=10) / UDP() / _payload(10),
              malformed=True),
    ]


def fragments():
    """IPv4 fragments: only the first holds the L4 header."""
    first = IP(src="10.1.2.3", dst="10.4.5.6", id=9, flags="MF", frag=0)
    middle = IP(src="10.1.2.3", dst="10.4.5.6", id=9, flags="MF", frag=4, proto=17)
    last = IP(src="10.1.2.3", dst="10.4.5.6", id=9, frag=8, proto=17)
    return [
        Frame("IPv4 first fragment UDP", ETH / first / UDP(sport=31, dport=32) / _payload(24)),
        Frame("IPv4 middle fragment", ETH / middle / _payload(32)),
        Frame("IPv4 last fragment", ETH / last / _payload(12)),
        Frame("IPv4 first fragment ICMP echo", ETH / IP(src="10.1.2.3", dst="10.4.5.6",
                                                        flags="MF") / ICMP(type=8)
              / _payload(24)),
        Frame("IPv4 last fragment TCP-numbered", ETH / IP(frag=3, proto=6) / _payload(8)),
    ]


def all_frames():
    return runts() + jumbos() + tag_stacks() + ipv6_extensions() + truncated() + bad_ihl() \
        + fragments()
