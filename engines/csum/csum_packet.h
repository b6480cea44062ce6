// What the csum engine does to one packet, as testpmd's csumonly.c does it
// for untunnelled packets: parse Ethernet (VLAN/QinQ tags too), IPv4 or
// IPv6, then UDP, TCP or SCTP; then recompute each checksum in software, or
// leave it to the NIC (mbuf ol_flags and header lengths) where the TX port
// has that offload enabled (`csum set ... hw`).
//
// Unlike testpmd, every header is checked to lie inside the packet before it
// is read or written: of a packet too short for its headers the engine does
// what fits (parse_packet's levels), and an L4 checksum is only computed
// over bytes the IP header says are there and the packet holds. SCTP checksums
// are computed (CRC32c) where testpmd writes 0.
#pragma once

#include "common/ether_header.h"
#include "ones_complement.h"

#include <rte_byteorder.h>
#include <rte_ethdev.h>
#include <rte_ether.h>
#include <rte_hash_crc.h>
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_sctp.h>
#include <rte_tcp.h>
#include <rte_udp.h>

#include <netinet/in.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace pmdfwd::engines::csum {

// testpmd's testpmd_offload_info for an untunnelled packet.
struct PacketInfo {
    rte_be16_t ethertype; // of the L3 header, after any VLAN tags
    uint16_t l2_len;
    uint16_t l3_len;
    uint16_t l4_len; // TCP's header length, UDP's 8, 0 otherwise
    uint8_t l4_proto;
};

// The mbuf's header length fields' widths: a length is cut to its field as
// testpmd's bit-field assignments cut it.
inline constexpr uint64_t kL2Mask = (uint64_t{1} << RTE_MBUF_L2_LEN_BITS) - 1;
inline constexpr uint64_t kL3Mask = (uint64_t{1} << RTE_MBUF_L3_LEN_BITS) - 1;
inline constexpr uint64_t kL4Mask = (uint64_t{1} << RTE_MBUF_L4_LEN_BITS) - 1;

inline constexpr uint64_t kChecksumOffloads =
    RTE_ETH_TX_OFFLOAD_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_UDP_CKSUM | RTE_ETH_TX_OFFLOAD_TCP_CKSUM |
    RTE_ETH_TX_OFFLOAD_SCTP_CKSUM;

// The L4 header of proto at l4 (within data_len): its length, or -1 when
// the part the engine reads or writes is not there.
inline int l4_header_len(const uint8_t *l4, uint32_t room, uint8_t proto) {
    switch (proto) {
    case IPPROTO_TCP:
        if (room < sizeof(rte_tcp_hdr)) return -1;
        return (reinterpret_cast<const rte_tcp_hdr *>(l4)->data_off & 0xf0) >> 2;
    case IPPROTO_UDP:
        return room < sizeof(rte_udp_hdr) ? -1 : static_cast<int>(sizeof(rte_udp_hdr));
    case IPPROTO_SCTP:
        return room < sizeof(rte_sctp_hdr) ? -1 : 0;
    default:
        return 0;
    }
}

// How far the first segment holds the headers it announces; each level
// includes the ones before. The engine does what fits, as testpmd does, and
// nothing that would read or write past the data: new MACs from 12 bytes on,
// the IPv4 checksum once the whole IPv4 header (IHL of 5 or more) is there,
// the L4 checksum once the L4 header is.
enum class Parsed { nothing, macs, l3, whole };

// The L3 header at l3 (l3_room bytes left): fills l3_len and l4_proto;
// false when it is cut or (IPv4) its IHL is below 5.
inline bool parse_l3(const uint8_t *l3, uint32_t l3_room, PacketInfo *info) {
    if (info->ethertype == RTE_BE16(RTE_ETHER_TYPE_IPV4)) {
        if (l3_room < sizeof(rte_ipv4_hdr)) return false;
        const auto *ip = reinterpret_cast<const rte_ipv4_hdr *>(l3);
        const auto len = static_cast<uint16_t>(rte_ipv4_hdr_len(ip));
        if (len < sizeof(rte_ipv4_hdr) || l3_room < len) return false;
        info->l3_len = len;
        info->l4_proto = ip->next_proto_id;
    } else {
        if (l3_room < sizeof(rte_ipv6_hdr)) return false;
        info->l3_len = sizeof(rte_ipv6_hdr);
        info->l4_proto = reinterpret_cast<const rte_ipv6_hdr *>(l3)->proto;
    }
    return true;
}

// Fills *info from the first segment, as far as its headers fit in it; an
// L4 header that does not fit leaves l4_proto 0 (no L4 checksum).
inline Parsed parse_packet(const rte_mbuf *m, PacketInfo *info) {
    const uint8_t *p = rte_pktmbuf_mtod(m, const uint8_t *);
    const uint32_t len = m->data_len;
    *info = PacketInfo{};
    if (len < 2 * RTE_ETHER_ADDR_LEN) return Parsed::nothing;
    if (len < sizeof(rte_ether_hdr)) return Parsed::macs;
    uint32_t l2_len;
    const bool tags_whole = walk_vlan_tags(p, len, &info->ethertype, &l2_len);
    info->l2_len = static_cast<uint16_t>(l2_len);
    if (!tags_whole) return Parsed::macs;
    if (info->ethertype != RTE_BE16(RTE_ETHER_TYPE_IPV4) &&
        info->ethertype != RTE_BE16(RTE_ETHER_TYPE_IPV6))
        return Parsed::whole; // not IP: nothing to checksum
    const uint8_t *l3 = p + info->l2_len;
    const uint32_t l3_room = len - info->l2_len;
    if (!parse_l3(l3, l3_room, info)) {
        info->ethertype = 0; // no IP header to checksum
        return Parsed::macs;
    }
    const int l4_len = l4_header_len(l3 + info->l3_len, l3_room - info->l3_len, info->l4_proto);
    if (l4_len < 0) {
        info->l4_proto = 0;
        return Parsed::l3;
    }
    info->l4_len = static_cast<uint16_t>(l4_len);
    return Parsed::whole;
}

// Bytes of L4 header and payload the IP header declares, or -1 when the
// packet does not hold them all (a truncated or lying header).
inline int64_t l4_bytes(const rte_mbuf *m, const PacketInfo &info, const void *l3) {
    int64_t n;
    if (info.ethertype == RTE_BE16(RTE_ETHER_TYPE_IPV4))
        n = int64_t{rte_be_to_cpu_16(static_cast<const rte_ipv4_hdr *>(l3)->total_length)} -
            info.l3_len;
    else
        n = rte_be_to_cpu_16(static_cast<const rte_ipv6_hdr *>(l3)->payload_len);
    const int64_t end = int64_t{info.l2_len} + info.l3_len + n;
    return n < 0 || end > int64_t{m->pkt_len} ? -1 : n;
}

// rte_hash_crc reads whole 8-, 4- and 2-byte words: bytes up to an 8-byte
// boundary go one at a time so that every wider load is aligned.
inline uint32_t crc32c_bytes(const uint8_t *p, uint32_t n, uint32_t crc) {
    for (; n > 0 && (reinterpret_cast<uintptr_t>(p) & 7) != 0; p++, n--)
        crc = rte_hash_crc_1byte(*p, crc);
    return n > 0 ? rte_hash_crc(p, n, crc) : crc;
}

// CRC32c from crc on over n bytes from off, across segments.
inline uint32_t crc32c_mbuf(const rte_mbuf *m, uint32_t off, uint32_t n, uint32_t crc) {
    for (const rte_mbuf *s = m; s != nullptr && n > 0; s = s->next) {
        if (off >= s->data_len) {
            off -= s->data_len;
            continue;
        }
        const uint32_t chunk = std::min<uint32_t>(n, s->data_len - off);
        crc = crc32c_bytes(rte_pktmbuf_mtod_offset(s, const uint8_t *, off), chunk, crc);
        n -= chunk;
        off = 0;
    }
    return crc;
}

// SCTP's CRC32c (RFC 4960 appendix B) over its n bytes (12 or more) from
// off, across segments, the checksum field taken as zero where it lies (not
// stored first: ones_complement.h says why).
inline uint32_t sctp_crc32c(const rte_mbuf *m, uint32_t off, uint32_t n) {
    constexpr uint32_t kField = offsetof(rte_sctp_hdr, cksum);
    constexpr uint32_t kAfter = kField + sizeof(rte_sctp_hdr::cksum);
    uint32_t crc = crc32c_mbuf(m, off, kField, 0xffffffff);
    crc = rte_hash_crc_4byte(0, crc);
    crc = crc32c_mbuf(m, off + kAfter, n - kAfter, crc);
    return rte_cpu_to_le_32(~crc);
}

// DPDK's rte_ipv4_udptcp_cksum_mbuf (or IPv6's) of the n L4 bytes
// (l4_bytes's) whose checksum field holds old, without zeroing it first
// (ones_complement.h): the raw sum of the segment, the pseudo-header's, and
// a computed 0 sent as 0xffff for UDP (RFC 768), as 0 for TCP.
inline uint16_t udptcp_cksum(const rte_mbuf *m, const PacketInfo &info, const void *l3,
                             uint16_t old, uint32_t n) {
    uint16_t raw = 0;
    // Cannot fail: l4_bytes checked the n bytes are in the packet.
    (void)rte_raw_cksum_mbuf(m, info.l2_len + info.l3_len, n, &raw);
    const uint16_t pseudo = info.ethertype == RTE_BE16(RTE_ETHER_TYPE_IPV4)
                                ? rte_ipv4_phdr_cksum(static_cast<const rte_ipv4_hdr *>(l3), 0)
                                : rte_ipv6_phdr_cksum(static_cast<const rte_ipv6_hdr *>(l3), 0);
    const auto ck = static_cast<uint16_t>(~ones_fold(ones_without(uint64_t{raw} + pseudo, old)));
    return ck == 0 && info.l4_proto == IPPROTO_UDP ? 0xffff : ck;
}

// What testpmd's process_inner_cksums does to one packet, in two steps:
// plan_checksums decides (the TX ol_flags, the checksums to compute here),
// write_checksums computes them over the fields as they came and stores
// them, each checksum's loads before its one store (ones_complement.h).
struct Checksums {
    uint64_t ol = 0;   // TX flags: the NIC's part
    bool ip = false;   // the IPv4 header checksum, here
    uint8_t l4 = 0;    // IPPROTO_UDP, _TCP or _SCTP: that checksum, here
    uint32_t l4_n = 0; // the L4 bytes (header and payload) it covers
};

// The flags and the software part for this packet. UDP checksums of 0
// (none) stay 0.
inline Checksums plan_checksums(const rte_mbuf *m, const PacketInfo &info, uint64_t tx_offloads) {
    const uint8_t *l3 = rte_pktmbuf_mtod_offset(m, const uint8_t *, info.l2_len);
    Checksums c;
    if (info.ethertype == RTE_BE16(RTE_ETHER_TYPE_IPV4)) {
        c.ol |= RTE_MBUF_F_TX_IPV4;
        if (tx_offloads & RTE_ETH_TX_OFFLOAD_IPV4_CKSUM)
            c.ol |= RTE_MBUF_F_TX_IP_CKSUM;
        else
            c.ip = true;
    } else if (info.ethertype == RTE_BE16(RTE_ETHER_TYPE_IPV6)) {
        c.ol |= RTE_MBUF_F_TX_IPV6;
    } else {
        return c;
    }
    const uint8_t *l4 = l3 + info.l3_len;
    const int64_t n = l4_bytes(m, info, l3);
    if (info.l4_proto == IPPROTO_UDP) {
        const auto *udp = reinterpret_cast<const rte_udp_hdr *>(l4);
        if (udp->dgram_cksum == 0) return c;
        if (tx_offloads & RTE_ETH_TX_OFFLOAD_UDP_CKSUM) {
            c.ol |= RTE_MBUF_F_TX_UDP_CKSUM;
            return c;
        }
        if (n < int64_t{sizeof(rte_udp_hdr)}) return c;
    } else if (info.l4_proto == IPPROTO_TCP) {
        if (tx_offloads & RTE_ETH_TX_OFFLOAD_TCP_CKSUM) {
            c.ol |= RTE_MBUF_F_TX_TCP_CKSUM;
            return c;
        }
        if (n < int64_t{sizeof(rte_tcp_hdr)}) return c;
    } else if (info.l4_proto == IPPROTO_SCTP) {
        // A NIC computes SCTP checksums over whole 32-bit words only.
        if ((tx_offloads & RTE_ETH_TX_OFFLOAD_SCTP_CKSUM) && n >= 0 && n % 4 == 0) {
            c.ol |= RTE_MBUF_F_TX_SCTP_CKSUM;
            return c;
        }
        if (n < int64_t{sizeof(rte_sctp_hdr)}) return c;
    } else {
        return c;
    }
    c.l4 = info.l4_proto;
    c.l4_n = static_cast<uint32_t>(n);
    return c;
}

// rte_ipv4_cksum of a header without options: five 32-bit words summed and
// folded give the one's-complement sum DPDK's 16-bit loop gives (a 32-bit
// word is its two halves, mod 0xffff), both in 1..0xffff, in a dozen
// instructions where the generic loop spends several times that on its
// vector steps and tails for 20 bytes.
inline uint64_t ipv4_sum_20(const rte_ipv4_hdr *ip) {
    static_assert(sizeof(rte_ipv4_hdr) == 20);
    // Three loads into registers (a 20-byte array went through the stack).
    uint64_t a, b;
    uint32_t c;
    std::memcpy(&a, ip, 8);
    std::memcpy(&b, reinterpret_cast<const uint8_t *>(ip) + 8, 8);
    std::memcpy(&c, reinterpret_cast<const uint8_t *>(ip) + 16, 4);
    return (a & 0xffffffff) + (a >> 32) + (b & 0xffffffff) + (b >> 32) + c;
}

// rte_ipv4_cksum of a header without options whose checksum field is zero.
inline uint16_t ipv4_cksum_20(const rte_ipv4_hdr *ip) {
    return static_cast<uint16_t>(~ones_fold(ipv4_sum_20(ip)));
}

// rte_ipv4_cksum of the header as if its checksum field were zero, the
// field left as it is (ones_complement.h).
inline uint16_t ipv4_cksum(const rte_ipv4_hdr *ip, uint16_t l3_len) {
    const uint64_t sum =
        l3_len == sizeof(rte_ipv4_hdr) ? ipv4_sum_20(ip) : rte_raw_cksum(ip, l3_len);
    return static_cast<uint16_t>(~ones_fold(ones_without(sum, ip->hdr_checksum)));
}

// Computes and stores what plan_checksums left to software.
inline void write_checksums(rte_mbuf *m, const PacketInfo &info, const Checksums &c) {
    uint8_t *l3 = rte_pktmbuf_mtod_offset(m, uint8_t *, info.l2_len);
    if (c.ip) {
        auto *ip = reinterpret_cast<rte_ipv4_hdr *>(l3);
        ip->hdr_checksum = ipv4_cksum(ip, info.l3_len);
    }
    uint8_t *l4 = l3 + info.l3_len;
    if (c.l4 == IPPROTO_UDP) {
        auto *udp = reinterpret_cast<rte_udp_hdr *>(l4);
        udp->dgram_cksum = udptcp_cksum(m, info, l3, udp->dgram_cksum, c.l4_n);
    } else if (c.l4 == IPPROTO_TCP) {
        auto *tcp = reinterpret_cast<rte_tcp_hdr *>(l4);
        tcp->cksum = udptcp_cksum(m, info, l3, tcp->cksum, c.l4_n);
    } else if (c.l4 == IPPROTO_SCTP) {
        reinterpret_cast<rte_sctp_hdr *>(l4)->cksum =
            sctp_crc32c(m, info.l2_len + info.l3_len, c.l4_n);
    }
}

// The RX checksum verdicts the PMD left in ol_flags, counted as testpmd's
// csum engine counts them.
struct BadChecksums {
    uint64_t ip = 0, l4 = 0, outer_l4 = 0, outer_ip = 0;

    // Every verdict counted has its BAD bit set (the masked ones too): most
    // packets cost this one test.
    static constexpr uint64_t kAnyBad = RTE_MBUF_F_RX_IP_CKSUM_BAD | RTE_MBUF_F_RX_L4_CKSUM_BAD |
                                        RTE_MBUF_F_RX_OUTER_L4_CKSUM_BAD |
                                        RTE_MBUF_F_RX_OUTER_IP_CKSUM_BAD;

    void count(uint64_t rx_flags) {
        if (!(rx_flags & kAnyBad)) [[likely]]
            return;
        ip += (rx_flags & RTE_MBUF_F_RX_IP_CKSUM_MASK) == RTE_MBUF_F_RX_IP_CKSUM_BAD;
        l4 += (rx_flags & RTE_MBUF_F_RX_L4_CKSUM_MASK) == RTE_MBUF_F_RX_L4_CKSUM_BAD;
        // A bit test, as testpmd's: "invalid" (both bits) counts too.
        outer_l4 += (rx_flags & RTE_MBUF_F_RX_OUTER_L4_CKSUM_BAD) != 0;
        outer_ip += (rx_flags & RTE_MBUF_F_RX_OUTER_IP_CKSUM_BAD) != 0;
    }
};

} // namespace pmdfwd::engines::csum
