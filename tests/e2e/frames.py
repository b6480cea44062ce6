# The traffic of the end-to-end tests: every kind of frame a forwarder meets
# on a real link, plus runts around the 12-byte limit below which an engine
# cannot hold two MAC addresses (engine.h: engine_untouched).
import random

from scapy.layers.inet import ICMP, IP, TCP, UDP
from scapy.layers.inet6 import ICMPv6EchoRequest, IPv6
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
