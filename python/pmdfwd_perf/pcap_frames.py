"""The pcap rig's frames: one pcap file per frame kind, replayed without end
by net_pcap (infinite_rx=1), so that the engines that read headers (csum,
5tswap) do their work on each kind a link carries: UDP and TCP over IPv4,
UDP over IPv6, and UDP/IPv4 behind an 802.1Q tag. Standard library only;
checksums are right, so a checksum engine computes rather than skips."""

import struct
from typing import Callable, Dict

KINDS = ("udp4", "tcp4", "udp6", "vlan")
SRC_MAC = bytes.fromhex("020000000001")
DST_MAC = bytes.fromhex("020000000002")
ETH_IPV4, ETH_IPV6, ETH_VLAN = 0x0800, 0x86DD, 0x8100
PROTO_TCP, PROTO_UDP = 6, 17
IPV4_SRC, IPV4_DST = bytes([198, 18, 0, 1]), bytes([198, 18, 0, 2])
IPV6_SRC = bytes.fromhex("20010db8000000000000000000000001")
IPV6_DST = bytes.fromhex("20010db8000000000000000000000002")
SPORT, DPORT = 1024, 1025
MIN_FRAME = 64  # the pcap rig's frames are at least an Ethernet minimum


def checksum(data: bytes) -> int:
    """The Internet checksum (RFC 1071) of data."""
    if len(data) % 2:
        data += b"\0"
    total = sum(struct.unpack(f"!{len(data) // 2}H", data))
    while total >> 16:
        total = (total & 0xFFFF) + (total >> 16)
    return ~total & 0xFFFF


def _l4(proto: int, pseudo: bytes, payload: bytes) -> bytes:
    if proto == PROTO_UDP:
        head = struct.pack("!HHHH", SPORT, DPORT, 8 + len(payload), 0)
    else:  # TCP: a data segment, 20-byte header, ACK|PSH
        head = struct.pack("!HHIIBBHHH", SPORT, DPORT, 1, 1, 5 << 4, 0x18, 65535, 0, 0)
    seg = head + payload
    csum = checksum(pseudo + seg) or (0xFFFF if proto == PROTO_UDP else 0)
    at = 6 if proto == PROTO_UDP else 16
    return seg[:at] + struct.pack("!H", csum) + seg[at + 2:]


def _ipv4(proto: int, l4_payload: bytes) -> bytes:
    l4_len = (8 if proto == PROTO_UDP else 20) + len(l4_payload)
    pseudo = IPV4_SRC + IPV4_DST + struct.pack("!BBH", 0, proto, l4_len)
    l4 = _l4(proto, pseudo, l4_payload)
    head = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(l4), 1, 0x4000, 64, proto, 0, IPV4_SRC, IPV4_DST)
    return head[:10] + struct.pack("!H", checksum(head)) + head[12:] + l4


def _ipv6(proto: int, l4_payload: bytes) -> bytes:
    l4_len = (8 if proto == PROTO_UDP else 20) + len(l4_payload)
    pseudo = IPV6_SRC + IPV6_DST + struct.pack("!IxxxB", l4_len, proto)
    l4 = _l4(proto, pseudo, l4_payload)
    return struct.pack("!IHBB", 6 << 28, len(l4), proto, 64) + IPV6_SRC + IPV6_DST + l4


def frame(kind: str, size: int) -> bytes:
    """One frame of `kind`, size bytes in all (the FCS is not in a pcap)."""
    builders: Dict[str, Callable[[bytes], bytes]] = {
        "udp4": lambda p: struct.pack("!H", ETH_IPV4) + _ipv4(PROTO_UDP, p),
        "tcp4": lambda p: struct.pack("!H", ETH_IPV4) + _ipv4(PROTO_TCP, p),
        "udp6": lambda p: struct.pack("!H", ETH_IPV6) + _ipv6(PROTO_UDP, p),
        "vlan": lambda p: struct.pack("!HHH", ETH_VLAN, 100, ETH_IPV4) + _ipv4(PROTO_UDP, p),
    }
    if kind not in builders:
        raise ValueError(f"unknown frame kind {kind!r}: use {', '.join(KINDS)}")
    empty = len(DST_MAC + SRC_MAC + builders[kind](b""))
    if size < max(empty, MIN_FRAME):
        raise ValueError(f"a {kind} frame needs at least {max(empty, MIN_FRAME)} bytes, not {size}")
    payload = bytes(i & 0xFF for i in range(size - empty))
    return DST_MAC + SRC_MAC + builders[kind](payload)


def pcap(kind: str, size: int, count: int = 32) -> bytes:
    """A pcap file (microsecond, Ethernet) of count copies of frame()."""
    data = frame(kind, size)
    out = [struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1)]
    for i in range(count):
        out.append(struct.pack("<IIII", 0, i, len(data), len(data)) + data)
    return b"".join(out)
