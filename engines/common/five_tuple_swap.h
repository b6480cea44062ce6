// testpmd's 5tswap header swap for engines other than 5tswap itself (noisy's
// --noisy-forward-mode=5tswap): the Ethernet addresses, then (behind any
// number of VLAN/QinQ tags) the IPv4 or IPv6 addresses, then the UDP or TCP
// ports, and the mbuf's TX fields with the header lengths found. Only the
// first segment is read; a field it does not hold whole is left alone and
// the packet reported cut short. engines/5tswap/5tswap.cpp holds its own
// copy, tuned for its burst loop (the two may share this one later).
#pragma once

#include "common/ether_header.h"
#include "common/tx_fields.h"

#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_tcp.h>
#include <rte_udp.h>

#include <algorithm>
#include <cstring>

namespace pmdfwd::engines::five_tuple {

static_assert(offsetof(rte_ipv4_hdr, dst_addr) == offsetof(rte_ipv4_hdr, src_addr) + 4);
static_assert(offsetof(rte_ipv6_hdr, dst_addr) == offsetof(rte_ipv6_hdr, src_addr) + 16);
static_assert(offsetof(rte_udp_hdr, dst_port) == 2 && offsetof(rte_tcp_hdr, dst_port) == 2);

// Two adjacent fields of n bytes each exchanged.
static inline void swap_adjacent(uint8_t *p, size_t n) {
    uint8_t first[16];
    std::memcpy(first, p, n);
    std::memmove(p, p + n, n);
    std::memcpy(p + n, first, n);
}

// The lengths the mbuf gets: l2 and l3 as the forwarding contract's 14 and
// 20 until a header says otherwise, l4 as it was (-1) until an L4 header is
// found.
struct Lengths {
    uint32_t l2 = sizeof(rte_ether_hdr), l3 = sizeof(rte_ipv4_hdr);
    int32_t l4 = -1;
};

// The L3 addresses at off swapped, l3 and *proto set; false when the header
// does not fit in len bytes.
static inline bool swap_l3(uint8_t *p, uint32_t off, uint32_t len, bool ipv4, Lengths *n,
                           uint8_t *proto) {
    if (ipv4) {
        if (off + sizeof(rte_ipv4_hdr) > len) return false;
        const auto *ip = reinterpret_cast<const rte_ipv4_hdr *>(p + off);
        n->l3 = (ip->version_ihl & RTE_IPV4_HDR_IHL_MASK) * 4u;
        *proto = ip->next_proto_id;
        swap_adjacent(p + off + offsetof(rte_ipv4_hdr, src_addr), 4);
        return true;
    }
    if (off + sizeof(rte_ipv6_hdr) > len) return false;
    n->l3 = sizeof(rte_ipv6_hdr);
    *proto = reinterpret_cast<const rte_ipv6_hdr *>(p + off)->proto;
    swap_adjacent(p + off + offsetof(rte_ipv6_hdr, src_addr), 16);
    return true;
}

// The UDP or TCP ports at off swapped when the frame holds them, l4 set;
// false when the L4 header is not whole.
static inline bool swap_l4(uint8_t *p, uint32_t off, uint32_t len, uint8_t proto, Lengths *n) {
    if (off + 2 * sizeof(rte_be16_t) > len) return false;
    swap_adjacent(p + off, sizeof(rte_be16_t));
    if (proto == IPPROTO_UDP) {
        n->l4 = sizeof(rte_udp_hdr);
        return off + sizeof(rte_udp_hdr) <= len;
    }
    if (off + offsetof(rte_tcp_hdr, data_off) >= len) return false;
    n->l4 = (reinterpret_cast<const rte_tcp_hdr *>(p + off)->data_off & 0xf0) >> 2;
    return off + sizeof(rte_tcp_hdr) <= len;
}

static inline bool swap_headers(uint8_t *p, uint32_t len, Lengths *n) {
    if (len < kMacPairLen) return false;
    swap_adjacent(p, RTE_ETHER_ADDR_LEN);
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

// One packet swapped and given the TX fields; false when cut short.
static inline bool swap_packet(rte_mbuf *m, const TxFields &f) {
    Lengths n;
    const bool whole = swap_headers(rte_pktmbuf_mtod(m, uint8_t *), m->data_len, &n);
    set_tx_fields(m, f);
    m->l2_len = n.l2;
    m->l3_len = n.l3;
    if (n.l4 >= 0) m->l4_len = static_cast<uint64_t>(n.l4);
    return whole;
}

} // namespace pmdfwd::engines::five_tuple
