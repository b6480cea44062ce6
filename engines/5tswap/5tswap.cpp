// The 5tswap forwarding engine (testpmd's "5tswap" mode): sends every packet
// back where it came from at every layer it understands, by swapping the
// Ethernet addresses, then (behind up to any number of VLAN/QinQ tags) the
// IPv4 or IPv6 addresses, then the UDP or TCP ports. The mbuf gets
// testpmd's TX fields with the header lengths it found (l2_len with the
// tags, l3_len with IPv4 options, l4_len from the TCP data offset). Headers
// are read only inside the first segment: of a packet too short for the
// layers its headers announce, every field the first segment holds whole is
// swapped (the MACs from 12 bytes on, the ports from their 4 bytes on), the
// packet is counted untouched, and nothing is read or written past the data.
#include <pmdfwd/engine_register.h>

#include "common/tx_fields.h"

#include <rte_ether.h>
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_prefetch.h>
#include <rte_tcp.h>
#include <rte_udp.h>

#include <algorithm>
#include <cstring>

namespace pmdfwd::engines {
namespace {

// Exchanges two equal-length fields in place.
template <size_t N>
inline void swap_bytes(uint8_t *a, uint8_t *b) {
    uint8_t t[N];
    std::memcpy(t, a, N);
    std::memcpy(a, b, N);
    std::memcpy(b, t, N);
}

static_assert(offsetof(rte_ether_hdr, src_addr) == RTE_ETHER_ADDR_LEN);
static_assert(offsetof(rte_ipv4_hdr, dst_addr) == offsetof(rte_ipv4_hdr, src_addr) + 4);
static_assert(offsetof(rte_ipv6_hdr, dst_addr) == offsetof(rte_ipv6_hdr, src_addr) + 16);
static_assert(offsetof(rte_udp_hdr, dst_port) == 2 && offsetof(rte_tcp_hdr, dst_port) == 2);

// Swaps the L3 addresses at off, sets l3_len and *proto (the L4 protocol);
// false when the header does not fit in len bytes. Protocol 0 is a protocol
// (IPv6 Hop-by-Hop: every MLD packet), not a failure.
bool swap_l3(uint8_t *p, uint32_t off, uint32_t len, uint16_t ethertype, rte_mbuf *m,
             uint8_t *proto) {
    if (ethertype == RTE_ETHER_TYPE_IPV4) {
        if (off + sizeof(rte_ipv4_hdr) > len) return false;
        auto *ip = reinterpret_cast<rte_ipv4_hdr *>(p + off);
        swap_bytes<4>(p + off + offsetof(rte_ipv4_hdr, src_addr),
                      p + off + offsetof(rte_ipv4_hdr, dst_addr));
        m->l3_len = static_cast<uint16_t>((ip->version_ihl & RTE_IPV4_HDR_IHL_MASK) * 4);
        *proto = ip->next_proto_id;
        return true;
    }
    if (off + sizeof(rte_ipv6_hdr) > len) return false;
    swap_bytes<16>(p + off + offsetof(rte_ipv6_hdr, src_addr),
                   p + off + offsetof(rte_ipv6_hdr, dst_addr));
    m->l3_len = sizeof(rte_ipv6_hdr);
    *proto = reinterpret_cast<rte_ipv6_hdr *>(p + off)->proto;
    return true;
}

// Swaps the UDP or TCP ports at off when the frame holds them (testpmd's
// mode swaps them in a fragment, or a header cut after them, too) and sets
// l4_len; false when the L4 header is not whole.
bool swap_l4(uint8_t *p, uint32_t off, uint32_t len, uint8_t proto, rte_mbuf *m) {
    if (off + 2 * sizeof(rte_be16_t) > len) return false;
    swap_bytes<2>(p + off, p + off + 2);
    if (proto == IPPROTO_UDP) {
        m->l4_len = sizeof(rte_udp_hdr);
        return off + sizeof(rte_udp_hdr) <= len;
    }
    if (off + offsetof(rte_tcp_hdr, data_off) >= len) return false;
    m->l4_len =
        static_cast<uint8_t>((reinterpret_cast<rte_tcp_hdr *>(p + off)->data_off & 0xf0) >> 2);
    return off + sizeof(rte_tcp_hdr) <= len;
}

// Returns false when a layer the headers announce is cut short.
bool swap_packet(rte_mbuf *m, const TxFields &f) {
    uint8_t *p = rte_pktmbuf_mtod(m, uint8_t *);
    const uint32_t len = m->data_len;
    set_tx_fields(m, f);
    if (len < 2 * RTE_ETHER_ADDR_LEN) return false;
    swap_bytes<RTE_ETHER_ADDR_LEN>(p, p + RTE_ETHER_ADDR_LEN);
    if (len < sizeof(rte_ether_hdr)) return false;
    uint32_t off = sizeof(rte_ether_hdr);
    uint16_t type = rte_be_to_cpu_16(reinterpret_cast<rte_ether_hdr *>(p)->ether_type);
    while (type == RTE_ETHER_TYPE_VLAN || type == RTE_ETHER_TYPE_QINQ) {
        if (off + sizeof(rte_vlan_hdr) > len) return false;
        type = rte_be_to_cpu_16(reinterpret_cast<rte_vlan_hdr *>(p + off)->eth_proto);
        off += sizeof(rte_vlan_hdr);
    }
    m->l2_len = static_cast<uint8_t>(std::min<uint32_t>(off, 127));
    if (type != RTE_ETHER_TYPE_IPV4 && type != RTE_ETHER_TYPE_IPV6) return true;
    uint8_t proto;
    if (!swap_l3(p, off, len, type, m, &proto)) return false;
    off += m->l3_len;
    return (proto != IPPROTO_UDP && proto != IPPROTO_TCP) || swap_l4(p, off, len, proto, m);
}

uint16_t burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb, uint16_t) {
    const TxFields f = tx_fields_for(*s->tx);
    uint16_t untouched = 0;
    for (uint16_t i = 0; i < nb; i++) {
        if (i + 1 < nb) rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 1], void *));
        untouched += !swap_packet(pkts[i], f);
    }
    s->engine_untouched += untouched;
    return nb;
}

const pmdfwd_engine engine = pmdfwd::engine_descriptor(
    "5tswap", "swap MAC, IPv4/IPv6 addresses and UDP/TCP ports (behind VLAN/QinQ tags)", burst);

} // namespace
} // namespace pmdfwd::engines

PMDFWD_REGISTER_ENGINE(pmdfwd::engines::engine);
