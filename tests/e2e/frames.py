# The frames of the end-to-end tests (the one module): every kind a forwarder meets
# on a real link, plus runts around the 12-byte limit below which an engine
# cannot hold two MAC addresses (engine.h: engine_untouched).
import random

from scapy.layers.inet import ICMP, IP, TCP, UDP
from scapy.layers.inet6 import (ICMPv6EchoRequest, IPv6, IPv6ExtHdrDestOpt, IPv6ExtHdrFragment,
                                IPv6ExtHdrHopByHop, IPv6ExtHdrRouting, RouterAlert)
from scapy.layers.l2 import ARP, Dot1AD, Dot1Q, Ether
from scapy.packet import Raw

# A MAC-swapping engine cannot touch a first segment shorter than this.
MIN_SWAP_LEN = 12

# net_pcap takes frames larger than one mbuf (2048 bytes of data room) into a
# chain of segments, so a 9000-byte-payload jumbo crosses five mbufs.
JUMBO_LEN = 9018

UNICAST_A = "00:11:22:33:44:55"
UNICAST_B = "66:77:88:99:aa:bb"


def _payload(rng, n):
    return Raw(bytes(rng.getrandbits(8) for _ in range(n)))


def _sized(frame, size, rng):
    """Pads frame with random bytes to size bytes in all."""
    raw = bytes(frame)
    if len(raw) > size:
        raise ValueError(f"{frame.summary()} is {len(raw)} bytes, more than {size}")
    return raw + bytes(rng.getrandbits(8) for _ in range(size - len(raw)))


def varied_frames(seed):
    """A few dozen frames covering sizes, tags, destinations and protocols."""
    rng = random.Random(seed)
    ip_udp = Ether(dst=UNICAST_A, src=UNICAST_B) / IP(src="10.0.0.1", dst="10.0.0.2") / UDP(
        sport=1024, dport=4791)
    frames = [_sized(ip_udp, n, rng) for n in (60, 64, 65, 127, 128, 256, 512, 1000, 1024,
                                               1500, 1514)]
    frames.append(_sized(ip_udp, JUMBO_LEN, rng))
    frames += [
        # 802.1Q, priority-tagged, and QinQ (802.1ad outer, 802.1Q inner).
        bytes(Ether(dst=UNICAST_B, src=UNICAST_A) / Dot1Q(vlan=100, prio=5) / IP() / UDP()
              / _payload(rng, 40)),
        bytes(Ether(dst=UNICAST_B, src=UNICAST_A) / Dot1Q(vlan=0, prio=7) / IP() / TCP()
              / _payload(rng, 100)),
        bytes(Ether(dst=UNICAST_A, src=UNICAST_B) / Dot1AD(vlan=10) / Dot1Q(vlan=20) / IP()
              / UDP() / _payload(rng, 200)),
        # Broadcast, IPv4 and IPv6 multicast destinations.
        bytes(Ether(dst="ff:ff:ff:ff:ff:ff", src=UNICAST_A) / IP(dst="255.255.255.255")
              / UDP(sport=68, dport=67) / _payload(rng, 300)),
        bytes(Ether(dst="01:00:5e:00:00:fb", src=UNICAST_A) / IP(dst="224.0.0.251")
              / UDP(sport=5353, dport=5353) / _payload(rng, 50)),
        bytes(Ether(dst="33:33:00:00:00:01", src=UNICAST_B) / IPv6(dst="ff02::1")
              / ICMPv6EchoRequest(data=b"ping6")),
        # IPv6 unicast, ARP request and reply, ICMP.
        bytes(Ether(dst=UNICAST_A, src=UNICAST_B) / IPv6(src="2001:db8::1", dst="2001:db8::2")
              / TCP(sport=443, dport=50000, flags="SA") / _payload(rng, 700)),
        bytes(Ether(dst="ff:ff:ff:ff:ff:ff", src=UNICAST_A)
              / ARP(op=1, hwsrc=UNICAST_A, psrc="10.0.0.1", pdst="10.0.0.2")),
        bytes(Ether(dst=UNICAST_A, src=UNICAST_B)
              / ARP(op=2, hwsrc=UNICAST_B, psrc="10.0.0.2", hwdst=UNICAST_A, pdst="10.0.0.1")),
        bytes(Ether(dst=UNICAST_B, src=UNICAST_A) / IP() / ICMP() / _payload(rng, 56)),
        # Same source and destination: a swap leaves it as it was.
        bytes(Ether(dst=UNICAST_A, src=UNICAST_A) / IP() / UDP() / _payload(rng, 30)),
    ]
    # Runts: net_pcap hands them over as they are (no padding, no drop), so
    # 0..11 bytes must come out untouched and 12..15 swapped (16 is where a
    # 16-byte vector kernel may take over).
    frames += [bytes(rng.getrandbits(8) for _ in range(n))
               for n in (0, 1, 5, 11, 12, 13, 14, 15, 16, 17)]
    return frames


def traffic(seed, random_count=300):
    """varied_frames() twice (so runts and tags sit at different offsets in a
    burst) plus frames of random size and content, shuffled by seed."""
    rng = random.Random(seed)
    frames = varied_frames(seed) + varied_frames(seed + 1)
    frames += [bytes(rng.getrandbits(8) for _ in range(rng.choice((rng.randint(0, 20),
                                                                   rng.randint(60, 1514)))))
               for _ in range(random_count)]
    rng.shuffle(frames)
    return frames


def swapped(frame):
    """What macswap makes of frame."""
    if len(frame) < MIN_SWAP_LEN:
        return frame
    return frame[6:12] + frame[0:6] + frame[12:]


def runts(frames):
    return sum(1 for f in frames if len(f) < MIN_SWAP_LEN)


# Hostile frames for the engines (issue 29 item 2): runts, jumbos, tag stacks,
# IPv6 extension headers, headers cut mid-way, bad IPv4 header lengths and
# fragments. Each is named, and says whether it is malformed: its headers
# announce more than it holds, or an IPv4 header length below 20 bytes. The
# user guide ("Malformed frames") says where pmdfwd's engines treat those
# differently from dpdk-testpmd's.
# Mid-way cuts below land inside these fields: the swap or checksum of a cut
# field is where testpmd reads past the end.
ETH = Ether(dst=UNICAST_A, src=UNICAST_B)
V4 = IP(src="10.1.2.3", dst="10.4.5.6")
V6 = IPv6(src="2001:db8::1", dst="2001:db8::2")
JUMBO_FRAME = 9000


class Frame:
    def __init__(self, name, data, malformed=False):
        self.name, self.data, self.malformed = name, bytes(data), malformed


def _pattern(n, seed):
    return bytes((seed * 37 + i * 11) & 0xFF for i in range(n))


def _patterned(n, seed=1):
    return Raw(_pattern(n, seed))


def _pattern_sized(packet, size):
    raw = bytes(packet)
    return raw + _pattern(size - len(raw), 7)


def named_runts():
    """Shorter than an Ethernet header (14) and than the 60-byte minimum."""
    udp = bytes(ETH / V4 / UDP(sport=1, dport=2))
    arp = ETH / ARP(op=1, hwsrc=UNICAST_B, psrc="10.4.5.6", pdst="10.1.2.3")
    return [
        *(Frame(f"runt {n} B", _pattern(n, n), malformed=True) for n in (1, 6, 11, 12, 13)),
        Frame("Ethernet header alone, IPv4 type", udp[:14], malformed=True),
        Frame("ARP request, 42 B unpadded", arp),
        Frame("IPv4/UDP, 59 B", _pattern_sized(ETH / V4 / UDP(sport=1, dport=2), 59)),
        Frame("ICMP echo request, 42 B", ETH / V4 / ICMP(type=8, id=1, seq=1)),
    ]


def jumbos():
    """9000 bytes: more than one mbuf's 2048 bytes of data room."""
    return [
        Frame("jumbo IPv4/UDP", _pattern_sized(ETH / V4 / UDP(sport=3, dport=4), JUMBO_FRAME)),
        Frame("jumbo IPv4/TCP", _pattern_sized(ETH / V4 / TCP(sport=5, dport=6), JUMBO_FRAME)),
        Frame("jumbo IPv6/UDP", _pattern_sized(ETH / V6 / UDP(sport=7, dport=8), JUMBO_FRAME)),
        Frame("jumbo ICMP echo", _pattern_sized(ETH / V4 / ICMP(type=8), JUMBO_FRAME)),
        Frame("jumbo, no IP", _pattern_sized(Ether(dst=UNICAST_A, src=UNICAST_B, type=0x88B5), JUMBO_FRAME)),
    ]


def tag_stacks():
    """802.1Q, 802.1ad (QinQ) and three-tag stacks; a stack cut after a tag."""
    return [
        Frame("802.1Q IPv4/UDP", ETH / Dot1Q(vlan=1) / V4 / UDP(sport=9, dport=10)
              / _patterned(20)),
        Frame("QinQ IPv4/TCP", ETH / Dot1AD(vlan=2) / Dot1Q(vlan=3) / V4 / TCP(sport=11)
              / _patterned(20)),
        Frame("802.1Q x2 IPv6/UDP", ETH / Dot1Q(vlan=4) / Dot1Q(vlan=5) / V6 / UDP(sport=12)
              / _patterned(20)),
        Frame("three tags IPv4/UDP", ETH / Dot1AD(vlan=6) / Dot1Q(vlan=7) / Dot1Q(vlan=8) / V4
              / UDP(sport=13, dport=14) / _patterned(20)),
        Frame("QinQ ICMP echo", ETH / Dot1AD(vlan=9) / Dot1Q(vlan=10) / V4 / ICMP(type=8)
              / _patterned(20)),
        Frame("802.1Q ICMP echo", ETH / Dot1Q(vlan=11) / V4 / ICMP(type=8) / _patterned(20)),
        Frame("802.1Q ARP request", ETH / Dot1Q(vlan=12) / ARP(op=1, hwsrc=UNICAST_B)),
        Frame("0x9100 tag (not parsed)", Ether(dst=UNICAST_A, src=UNICAST_B, type=0x9100)
              / Dot1Q(vlan=13) / V4 / UDP() / _patterned(20)),
        Frame("802.1Q tag, then nothing", bytes(ETH / Dot1Q(vlan=14) / V4)[:18], malformed=True),
        Frame("QinQ cut inside the second tag",
              bytes(ETH / Dot1AD(vlan=15) / Dot1Q(vlan=16) / V4)[:20], malformed=True),
    ]


def ipv6_extensions():
    """Extension headers: engines see next header 0, 43, 44 or 60, not L4."""
    hbh = IPv6ExtHdrHopByHop(options=[RouterAlert()])
    return [
        Frame("IPv6 hop-by-hop UDP", ETH / V6 / hbh / UDP(sport=15) / _patterned(12)),
        Frame("IPv6 routing TCP", ETH / V6 / IPv6ExtHdrRouting(addresses=["2001:db8::9"])
              / TCP(sport=16) / _patterned(12)),
        Frame("IPv6 fragment UDP", ETH / V6 / IPv6ExtHdrFragment(id=7, m=1) / UDP(sport=17)
              / _patterned(16)),
        Frame("IPv6 chain hbh-dest-routing-fragment TCP",
              ETH / V6 / hbh / IPv6ExtHdrDestOpt() / IPv6ExtHdrRouting(addresses=["::1"])
              / IPv6ExtHdrFragment(id=8) / TCP(sport=18) / _patterned(12)),
        Frame("IPv6 hop-by-hop cut mid-way", bytes(ETH / V6 / hbh / UDP())[:58], malformed=True),
    ]


def truncated():
    """Headers cut mid-way: the frame ends inside a header or a field."""
    udp = bytes(ETH / V4 / UDP(sport=19, dport=20) / _patterned(30))
    tcp = bytes(ETH / V4 / TCP(sport=21, dport=22, options=[("NOP", None)] * 8)
                / _patterned(30))
    icmp = bytes(ETH / V4 / ICMP(type=8, id=3, seq=4) / _patterned(30))
    v6udp = bytes(ETH / V6 / UDP(sport=23, dport=24) / _patterned(30))
    v6tcp = bytes(ETH / V6 / TCP(sport=25, dport=26) / _patterned(30))
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
    udp = ETH / V4 / UDP(sport=27, dport=28) / _patterned(40)
    return [
        Frame("IPv4 IHL 0", _with_ihl(0, udp), malformed=True),
        Frame("IPv4 IHL 4", _with_ihl(4, udp), malformed=True),
        Frame("IPv4 IHL 15 past the end", _with_ihl(15, ETH / V4 / UDP()), malformed=True),
        Frame("IPv4 IHL 6 (options)", ETH / IP(src="10.1.2.3", dst="10.4.5.6",
                                               options=b"\x01\x01\x01\x00")
              / UDP(sport=29, dport=30) / _patterned(20)),
        Frame("ICMP echo behind IP options", ETH / IP(src="10.1.2.3", dst="10.4.5.6",
                                                      options=b"\x01\x01\x01\x00")
              / ICMP(type=8, id=5) / _patterned(20)),
        Frame("IPv4 total length below its header", ETH / IP(len=10) / UDP() / _patterned(10),
              malformed=True),
    ]


def fragments():
    """IPv4 fragments: only the first holds the L4 header."""
    first = IP(src="10.1.2.3", dst="10.4.5.6", id=9, flags="MF", frag=0)
    middle = IP(src="10.1.2.3", dst="10.4.5.6", id=9, flags="MF", frag=4, proto=17)
    last = IP(src="10.1.2.3", dst="10.4.5.6", id=9, frag=8, proto=17)
    return [
        Frame("IPv4 first fragment UDP", ETH / first / UDP(sport=31, dport=32) / _patterned(24)),
        Frame("IPv4 middle fragment", ETH / middle / _patterned(32)),
        Frame("IPv4 last fragment", ETH / last / _patterned(12)),
        Frame("IPv4 first fragment ICMP echo", ETH / IP(src="10.1.2.3", dst="10.4.5.6",
                                                        flags="MF") / ICMP(type=8)
              / _patterned(24)),
        Frame("IPv4 last fragment TCP-numbered", ETH / IP(frag=3, proto=6) / _patterned(8)),
    ]


def hostile():
    """Every hostile frame, named, each saying whether it is malformed."""
    return named_runts() + jumbos() + tag_stacks() + ipv6_extensions() + truncated() + bad_ihl() \
        + fragments()


def marked(mark, n, *, src, dst, first_port=1000):
    """n UDP frames (scapy packets, for sendp) from src to dst whose payload
    carries mark and their index: a sniffer on a shared link keeps only the
    test's own (mark in the payload), and tells them apart (the UDP source
    port, from first_port)."""
    return [Ether(src=src, dst=dst) / IP(src="10.0.0.1", dst="10.0.0.2")
            / UDP(sport=first_port + i, dport=2000) / Raw(mark + bytes([i]) * 32) for i in range(n)]


def numbered(tag, n):
    """n distinct UDP frames (bytes) of varied sizes, each naming its tag
    and index in its payload."""
    frames = []
    for i in range(n):
        payload = f"pmdfwd-capture {tag} {i:04d} ".encode()
        size = 60 + (i * 97) % 1400
        f = bytes(ETH / IP(src="10.0.0.1", dst="10.0.0.2") / UDP(sport=1000 + i, dport=2000)
                  / payload)
        frames.append(f + bytes(max(0, size - len(f))))
    return frames


# Tunnels as testpmd's csum engine parses them (`csum parse-tunnel on`), each
# checksum wrong so that both layers' recomputation shows; the tunnel headers
# are written out byte by byte.
BAD_SUM = 0xBEEF
VXLAN = b"\x08\x00\x00\x00" + b"\x00\x01\x2c\x00"  # flags I, VNI 300


def _gpe(proto):
    return b"\x0c\x00\x00" + bytes([proto]) + b"\x00\x00\x2a\x00"  # flags I|P, VNI 42


def _geneve(proto, options=b""):
    return bytes([len(options) // 4, 0]) + proto.to_bytes(2, "big") + b"\x00\x00\x07\x00" \
        + options


def _gre(proto, flags=0, words=0):
    return flags.to_bytes(2, "big") + proto.to_bytes(2, "big") + _pattern(4 * words, 3)


def _gtp(msg_type, ext=False):
    flags = 0x32 if ext else 0x30  # version 1, PT, S for the optional word
    return bytes([flags, msg_type]) + b"\x00\x00" + b"\x00\x00\x00\x07" \
        + (b"\x00\x01\x00\x00" if ext else b"")


def _outer_udp(dport, sport=49152, chksum=BAD_SUM):
    return ETH / IP(src="10.9.0.1", dst="10.9.0.2", chksum=BAD_SUM) \
        / UDP(sport=sport, dport=dport, chksum=chksum)


def _inner_v4(l4, n=20, seed=1):
    return IP(src="192.168.1.1", dst="192.168.1.2", chksum=BAD_SUM) / l4 / _patterned(n, seed)


def _inner_v6(l4, n=20, seed=2):
    return IPv6(src="2001:db8:1::1", dst="2001:db8:1::2") / l4 / _patterned(n, seed)


INNER_ETH = Ether(dst="02:00:00:00:00:0a", src="02:00:00:00:00:0b")


def tunnels():
    """Well-formed tunnel frames of every kind testpmd's csum engine parses,
    IP-in-IP first: testpmd takes the outer L4 protocol of an IP-in-IP
    packet from the burst's last tunnel before it (csum_tunnel.h)."""
    udp, tcp = UDP(sport=7, dport=8, chksum=BAD_SUM), TCP(sport=9, dport=10, chksum=BAD_SUM)
    outer6 = ETH / IPv6(src="2001:db8::a", dst="2001:db8::b")
    frames = [
        ("IPv4 in IPv4", ETH / IP(chksum=BAD_SUM) / _inner_v4(udp)),
        ("IPv6 in IPv4 (protocol 4)",
         ETH / IP(chksum=BAD_SUM, proto=4) / _inner_v6(tcp)),
        ("IPv4 in IPv6 (protocol 4)", outer6 / IP(chksum=BAD_SUM) / _inner_v4(tcp)),
        ("VXLAN IPv4/UDP", _outer_udp(4789) / Raw(VXLAN) / INNER_ETH / _inner_v4(udp)),
        ("VXLAN IPv4/TCP", _outer_udp(4789) / Raw(VXLAN) / INNER_ETH / _inner_v4(tcp)),
        ("VXLAN inner IPv6/UDP", _outer_udp(4789) / Raw(VXLAN) / INNER_ETH / _inner_v6(udp)),
        ("VXLAN inner VLAN", _outer_udp(4789) / Raw(VXLAN) / INNER_ETH / Dot1Q(vlan=5)
         / _inner_v4(tcp)),
        ("VXLAN inner ARP", _outer_udp(4789) / Raw(VXLAN) / INNER_ETH / ARP()),
        ("VXLAN behind a VLAN tag", ETH / Dot1Q(vlan=7) / IP(chksum=BAD_SUM)
         / UDP(dport=4789, chksum=BAD_SUM) / Raw(VXLAN) / INNER_ETH / _inner_v4(udp)),
        ("VXLAN over IPv6", outer6 / UDP(dport=4789, chksum=BAD_SUM) / Raw(VXLAN) / INNER_ETH
         / _inner_v6(tcp)),
        ("VXLAN outer UDP checksum 0 stays 0",
         _outer_udp(4789, chksum=0) / Raw(VXLAN) / INNER_ETH / _inner_v4(udp)),
        ("VXLAN-GPE IPv4", _outer_udp(4790) / Raw(_gpe(1)) / _inner_v4(udp)),
        ("VXLAN-GPE protocol 0 as IPv4", _outer_udp(4790) / Raw(_gpe(0)) / _inner_v4(tcp)),
        ("VXLAN-GPE IPv6", _outer_udp(4790) / Raw(_gpe(2)) / _inner_v6(udp)),
        ("VXLAN-GPE Ethernet", _outer_udp(4790) / Raw(_gpe(3)) / INNER_ETH / _inner_v4(udp)),
        ("VXLAN-GPE NSH (not parsed)", _outer_udp(4790) / Raw(_gpe(4)) / _patterned(40)),
        ("GENEVE Ethernet", _outer_udp(6081) / Raw(_geneve(0x6558)) / INNER_ETH
         / _inner_v4(tcp)),
        ("GENEVE IPv4 with options", _outer_udp(6081) / Raw(_geneve(0x0800, _pattern(8, 5)))
         / _inner_v4(udp)),
        ("GENEVE IPv6", _outer_udp(6081) / Raw(_geneve(0x86DD)) / _inner_v6(tcp)),
        ("GTP-U IPv4", _outer_udp(2152) / Raw(_gtp(0xFF)) / _inner_v4(udp)),
        ("GTP-U IPv6 with the optional word", _outer_udp(2152) / Raw(_gtp(0xFF, ext=True))
         / _inner_v6(udp)),
        ("GTP-C echo (from 2123)", _outer_udp(40000, sport=2123) / Raw(_gtp(1)) / _patterned(8)),
        ("GRE IPv4", ETH / IP(chksum=BAD_SUM, proto=47) / Raw(_gre(0x0800)) / _inner_v4(tcp)),
        ("GRE key, sequence and checksum, IPv6",
         ETH / IP(chksum=BAD_SUM, proto=47) / Raw(_gre(0x86DD, 0xB000, 3)) / _inner_v6(udp)),
        ("GRE Ethernet (TEB) over IPv6", outer6 / Raw(_gre(0x6558)) / INNER_ETH
         / _inner_v4(udp)),
        ("UDP to another port (not a tunnel)", _outer_udp(4002) / Raw(VXLAN) / INNER_ETH
         / _inner_v4(udp)),
        # Tunnels only with --geneve-parsed-port=4000 --vxlan-gpe-port=4001.
        ("GENEVE on UDP 4000", _outer_udp(4000) / Raw(_geneve(0x0800)) / _inner_v4(tcp)),
        ("VXLAN-GPE on UDP 4001", _outer_udp(4001) / Raw(_gpe(2)) / _inner_v6(udp)),
    ]
    for name, packet in frames:
        if name == "GRE Ethernet (TEB) over IPv6":
            packet[IPv6].nh = 47
    return [Frame(name, packet) for name, packet in frames]


def cut_tunnels():
    """Tunnel frames that end inside a header: the outer UDP, the VXLAN,
    GENEVE or GRE header, the inner Ethernet or IP header."""
    udp = UDP(sport=7, dport=8, chksum=BAD_SUM)
    vxlan = bytes(_outer_udp(4789) / Raw(VXLAN) / INNER_ETH / _inner_v4(udp))
    geneve = bytes(_outer_udp(6081) / Raw(_geneve(0x0800, _pattern(8, 5))) / _inner_v4(udp))
    gre = bytes(ETH / IP(chksum=BAD_SUM, proto=47) / Raw(_gre(0x0800, 0xB000, 3))
                / _inner_v4(udp))
    return [
        Frame("VXLAN cut inside the outer UDP", vxlan[:38], malformed=True),
        Frame("VXLAN cut inside its header", vxlan[:46], malformed=True),
        Frame("VXLAN cut inside the inner Ethernet", vxlan[:56], malformed=True),
        Frame("VXLAN cut inside the inner IPv4", vxlan[:70], malformed=True),
        Frame("VXLAN cut inside the inner UDP", vxlan[:90], malformed=True),
        Frame("GENEVE cut inside its options", geneve[:48], malformed=True),
        Frame("GRE cut inside its words", gre[:42], malformed=True),
    ]


def long_l4():
    """TCP and UDP frames longer than their headers and 100 bytes, plain and
    in VXLAN, each checksum wrong: what `tso set 100` and `tunnel_tso set
    100` mark for segmentation."""
    udp, tcp = UDP(sport=7, dport=8, chksum=BAD_SUM), TCP(sport=9, dport=10, chksum=BAD_SUM)
    vxlan = _outer_udp(4789) / Raw(VXLAN) / INNER_ETH
    frames = [
        ("long IPv4/TCP", ETH / _inner_v4(tcp, 400)),
        ("long IPv4/UDP", ETH / _inner_v4(udp, 400)),
        ("long IPv6/TCP", ETH / _inner_v6(tcp, 400)),
        ("long IPv6/UDP", ETH / _inner_v6(udp, 400)),
        ("long IPv4/UDP without checksum", ETH / _inner_v4(UDP(sport=7, dport=8, chksum=0), 400)),
        ("VXLAN long inner TCP", vxlan / _inner_v4(tcp, 400)),
        ("VXLAN long inner UDP", vxlan / _inner_v4(udp, 400)),
    ]
    return [Frame(name, packet) for name, packet in frames]
