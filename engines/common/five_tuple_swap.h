// testpmd's 5tswap swap of one packet, for the 5tswap engine and for
// noisy's --noisy-forward-mode=5tswap: the Ethernet addresses, then (behind
// any number of VLAN/QinQ tags) the IPv4 or IPv6 addresses, then the UDP or
// TCP ports, and the mbuf's TX fields with the header lengths found (l2_len
// with the tags, l3_len with IPv4 options, l4_len from the TCP data
// offset). Headers are read only inside the first segment: of a packet too
// short for the layers its headers announce, every field the first segment
// holds whole is swapped (the MACs from 12 bytes on, the ports from their 4
// bytes on), the packet is reported cut short, and nothing is read or
// written past the data. Static inline, as tx_fields.h: the burst loops
// inline it.
#pragma once

#include "common/ether_header.h"
#include "common/tx_fields.h"

#include <rte_ether.h>
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_tcp.h>
#include <rte_udp.h>

#include <algorithm>
#include <cstring>

#if defined(__SSSE3__)
#include <tmmintrin.h>
#elif defined(__aarch64__)
#include <arm_neon.h>
#endif

namespace pmdfwd::engines::five_tuple {

static_assert(offsetof(rte_ipv4_hdr, dst_addr) == offsetof(rte_ipv4_hdr, src_addr) + 4);
static_assert(offsetof(rte_ipv6_hdr, dst_addr) == offsetof(rte_ipv6_hdr, src_addr) + 16);
static_assert(offsetof(rte_udp_hdr, dst_port) == 2 && offsetof(rte_tcp_hdr, dst_port) == 2);
static_assert(RTE_BYTE_ORDER == RTE_LITTLE_ENDIAN);

// The two addresses of 12 bytes, in registers: bytes d0..d5 s0..s5 become
// s0..s5 d0..d5 (a: bytes 0-7, b: bytes 8-11, little-endian).
static inline void swap_macs(uint8_t *p) {
    uint64_t a;
    uint32_t b;
    std::memcpy(&a, p, 8);
    std::memcpy(&b, p + 8, 4);
    const uint64_t na = a >> 48 | uint64_t{b} << 16 | a << 48;
    const auto nb = static_cast<uint32_t>(a >> 16);
    std::memcpy(p, &na, 8);
    std::memcpy(p + 8, &nb, 4);
}

// The same swap for a frame of 16 bytes or more: one shuffle of the first
// 16 bytes (bytes 12-15 written back as they were), where the scalar swap
// takes four loads and stores and six shifts.
static inline void swap_macs_wide(uint8_t *p) {
#if defined(__SSSE3__)
    const __m128i order = _mm_setr_epi8(6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 12, 13, 14, 15);
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
    _mm_storeu_si128(reinterpret_cast<__m128i *>(p), _mm_shuffle_epi8(v, order));
#elif defined(__aarch64__)
    static constexpr uint8_t kOrder[16] = {6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 12, 13, 14, 15};
    vst1q_u8(p, vqtbl1q_u8(vld1q_u8(p), vld1q_u8(kOrder)));
#else
    swap_macs(p);
#endif
}

// Two adjacent fields of N bytes exchanged (IPv4 addresses, L4 ports) as
// one word rotated by half its width.
template <typename Word>
static inline void swap_halves(uint8_t *p) {
    Word w;
    std::memcpy(&w, p, sizeof w);
    w = static_cast<Word>(w >> (4 * sizeof w) | w << (4 * sizeof w));
    std::memcpy(p, &w, sizeof w);
}

static inline void swap_ipv6_addrs(uint8_t *p) {
    uint8_t src[16], dst[16];
    std::memcpy(src, p, 16);
    std::memcpy(dst, p + 16, 16);
    std::memcpy(p, dst, 16);
    std::memcpy(p + 16, src, 16);
}

// The header lengths testpmd's mode writes: l2 and l3 as the contract's
// 14 and 20 until a header says otherwise, l4 as the mbuf had it (-1) until
// an L4 header is found. Written to the mbuf in one store.
struct Lengths {
    uint32_t l2 = sizeof(rte_ether_hdr), l3 = sizeof(rte_ipv4_hdr);
    int32_t l4 = -1;
};

// Swaps the L3 addresses at off, sets l3 and *proto (the L4 protocol);
// false when the header does not fit in len bytes. Protocol 0 is a protocol
// (IPv6 Hop-by-Hop: every MLD packet), not a failure.
static inline bool swap_l3(uint8_t *p, uint32_t off, uint32_t len, bool ipv4, Lengths *n,
                           uint8_t *proto) {
    if (ipv4) {
        if (off + sizeof(rte_ipv4_hdr) > len) return false;
        const auto *ip = reinterpret_cast<const rte_ipv4_hdr *>(p + off);
        n->l3 = (ip->version_ihl & RTE_IPV4_HDR_IHL_MASK) * 4u;
        *proto = ip->next_proto_id;
        swap_halves<uint64_t>(p + off + offsetof(rte_ipv4_hdr, src_addr));
        return true;
    }
    if (off + sizeof(rte_ipv6_hdr) > len) return false;
    n->l3 = sizeof(rte_ipv6_hdr);
    *proto = reinterpret_cast<const rte_ipv6_hdr *>(p + off)->proto;
    swap_ipv6_addrs(p + off + offsetof(rte_ipv6_hdr, src_addr));
    return true;
}

// Swaps the UDP or TCP ports at off when the frame holds them (testpmd's
// mode swaps them in a fragment, or a header cut after them, too) and sets
// l4; false when the L4 header is not whole.
static inline bool swap_l4(uint8_t *p, uint32_t off, uint32_t len, uint8_t proto, Lengths *n) {
    if (off + 2 * sizeof(rte_be16_t) > len) return false;
    swap_halves<uint32_t>(p + off);
    if (proto == IPPROTO_UDP) {
        n->l4 = sizeof(rte_udp_hdr);
        return off + sizeof(rte_udp_hdr) <= len;
    }
    if (off + offsetof(rte_tcp_hdr, data_off) >= len) return false;
    n->l4 = (reinterpret_cast<const rte_tcp_hdr *>(p + off)->data_off & 0xf0) >> 2;
    return off + sizeof(rte_tcp_hdr) <= len;
}

// Swaps every field the first segment holds whole; false when a layer the
// headers announce is cut short. Each layer tests its own bounds.
[[gnu::always_inline]] static inline bool swap_checked(uint8_t *p, uint32_t len, Lengths *n) {
    if (len < 2 * RTE_ETHER_ADDR_LEN) return false;
    swap_macs(p);
    if (len < sizeof(rte_ether_hdr)) return false;
    uint32_t off;
    rte_be16_t type;
    if (!walk_vlan_tags(p, len, &type, &off)) return false;
    n->l2 = std::min<uint32_t>(off, 127);
    const bool ipv4 = type == RTE_BE16(RTE_ETHER_TYPE_IPV4);
    if (!ipv4 && type != RTE_BE16(RTE_ETHER_TYPE_IPV6)) return true;
    uint8_t proto;
    if (!swap_l3(p, off, len, ipv4, n, &proto)) return false;
    off += n->l3;
    return (proto != IPPROTO_UDP && proto != IPPROTO_TCP) || swap_l4(p, off, len, proto, n);
}

// The frames a flow is made of: IPv4 without options or IPv6 at kL3 (no
// tag or one 802.1Q tag), the L4 header whole. One length test a layer 3
// covers every layer, where the checked walk tests each, and the offsets
// are constants. False, with
// nothing written, for any other frame; *n as swap_checked would set it.
template <uint32_t kL3>
[[gnu::always_inline]] static inline bool swap_plain_at(uint8_t *p, uint32_t len, rte_be16_t type,
                                                        Lengths *n) {
    uint8_t proto;
    uint32_t l3;
    if (type == RTE_BE16(RTE_ETHER_TYPE_IPV4)) {
        if (len < kL3 + sizeof(rte_ipv4_hdr) + sizeof(rte_tcp_hdr)) return false;
        const auto *ip = reinterpret_cast<const rte_ipv4_hdr *>(p + kL3);
        if (ip->version_ihl != RTE_IPV4_VHL_DEF) return false;
        l3 = sizeof(rte_ipv4_hdr);
        proto = ip->next_proto_id;
    } else if (type == RTE_BE16(RTE_ETHER_TYPE_IPV6)) {
        if (len < kL3 + sizeof(rte_ipv6_hdr) + sizeof(rte_udp_hdr)) return false;
        l3 = sizeof(rte_ipv6_hdr);
        proto = reinterpret_cast<const rte_ipv6_hdr *>(p + kL3)->proto;
        if (proto == IPPROTO_TCP && len < kL3 + l3 + sizeof(rte_tcp_hdr)) return false;
    } else if (type == RTE_BE16(RTE_ETHER_TYPE_VLAN) || type == RTE_BE16(RTE_ETHER_TYPE_QINQ)) {
        return false;
    } else {
        swap_macs_wide(p);
        n->l2 = kL3;
        return true;
    }
    swap_macs_wide(p);
    n->l2 = kL3;
    n->l3 = l3;
    if (l3 == sizeof(rte_ipv4_hdr))
        swap_halves<uint64_t>(p + kL3 + offsetof(rte_ipv4_hdr, src_addr));
    else
        swap_ipv6_addrs(p + kL3 + offsetof(rte_ipv6_hdr, src_addr));
    uint8_t *l4 = p + kL3 + l3;
    if (proto == IPPROTO_UDP) {
        swap_halves<uint32_t>(l4);
        n->l4 = sizeof(rte_udp_hdr);
    } else if (proto == IPPROTO_TCP) {
        swap_halves<uint32_t>(l4);
        n->l4 = (reinterpret_cast<const rte_tcp_hdr *>(l4)->data_off & 0xf0) >> 2;
    }
    return true;
}

[[gnu::always_inline]] static inline bool swap_plain(uint8_t *p, uint32_t len, Lengths *n) {
    constexpr uint32_t kUntagged = sizeof(rte_ether_hdr);
    constexpr uint32_t kTagged = kUntagged + sizeof(rte_vlan_hdr);
    if (len < kTagged) return false;
    rte_be16_t type;
    std::memcpy(&type, p + offsetof(rte_ether_hdr, ether_type), sizeof(type));
    if (type != RTE_BE16(RTE_ETHER_TYPE_VLAN)) return swap_plain_at<kUntagged>(p, len, type, n);
    std::memcpy(&type, p + kUntagged + offsetof(rte_vlan_hdr, eth_proto), sizeof(type));
    return swap_plain_at<kTagged>(p, len, type, n);
}

// What swap_checked found, returned in two registers: a call that wrote
// the lengths through a pointer would keep them in memory for every frame.
struct Swapped {
    Lengths n;
    bool whole;
};
static_assert(sizeof(Swapped) <= 16);

// Out of line: inlined, GCC merges its walk into swap_plain's path and the
// common frame pays for both; only the frames swap_plain does not take pay
// for the call.
[[gnu::noinline]] static inline Swapped swap_other(uint8_t *p, uint32_t len) {
    Swapped r;
    r.whole = swap_checked(p, len, &r.n);
    return r;
}

[[gnu::always_inline]] static inline bool swap_headers(uint8_t *p, uint32_t len, Lengths *n) {
    if (swap_plain(p, len, n)) return true;
    const Swapped r = swap_other(p, len);
    *n = r.n;
    return r.whole;
}

// l2_len, l3_len and l4_len: the low 24 bits of tx_offload.
static_assert(RTE_MBUF_L2_LEN_OFS == 0 && RTE_MBUF_L3_LEN_OFS == 7 && RTE_MBUF_L4_LEN_OFS == 16 &&
              RTE_MBUF_L4_LEN_BITS == 8);
constexpr uint64_t kL2L3Bits = 0xffff;
constexpr uint64_t kL4Bits = 0xff0000;

// One packet: the contract's TX fields (Req: what the port asks for, known
// per burst) and the lengths its headers give, tx_offload written once.
template <class Req>
static inline bool swap_packet(rte_mbuf *m, const TxFields &f, Req req) {
    Lengths n;
    const bool whole = swap_headers(rte_pktmbuf_mtod(m, uint8_t *), m->data_len, &n);
    const uint64_t ol = m->ol_flags;
    m->ol_flags = req.flags() ? (ol & kKeptOlFlags) | f.ol_flags : ol & kKeptOlFlags;
    if (req.vlan()) m->vlan_tci = f.vlan_tci;
    if (req.qinq()) m->vlan_tci_outer = f.vlan_tci_outer;
    const uint64_t keep = n.l4 < 0 ? ~kL2L3Bits : ~(kL2L3Bits | kL4Bits);
    const uint64_t l4 = n.l4 < 0 ? 0 : uint64_t(n.l4) << RTE_MBUF_L4_LEN_OFS;
    m->tx_offload = (m->tx_offload & keep) | n.l2 | uint64_t{n.l3} << RTE_MBUF_L3_LEN_OFS | l4;
    return whole;
}
} // namespace pmdfwd::engines::five_tuple
