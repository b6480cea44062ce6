// The csum engine's parsing as testpmd 25.03 and later do it: DPDK's
// rte_net_get_ptype finds the headers and their lengths, plain and tunnel
// alike (testpmd's "use packet type parsing API" and its fixes up to 25.11),
// where earlier testpmds walk the headers themselves (csum_packet.h,
// csum_tunnel.h). What changes with it, each as that testpmd does it:
//  - IPv6 extension headers are skipped: l3_len counts them and l4_proto is
//    the protocol behind them;
//  - l4_len is 12 for SCTP and 0 for a fragment;
//  - the tags DPDK's parser knows are one 802.1Q tag or a QinQ pair;
//  - the tunnels are those rte_net_get_ptype knows, on their default ports
//    only (VXLAN 4789, VXLAN-GPE 4790, GENEVE 6081, GTP 2152 and 2123):
//    --vxlan-gpe-port and --geneve-parsed-port are read and unused.
//
// As everywhere in this engine, nothing is read or written outside the
// first segment: lengths DPDK measured past it leave the packet with what
// fits (csum_packet.h's levels). Where DPDK's parser finds no IP header
// behind the tags, testpmd walks the tags itself, two bytes off, and were
// the bytes it lands on to read 0x0800, would checksum what follows DPDK's
// L2 header as IPv4; pmdfwd takes such a packet as not IP.
#pragma once

#include "csum_packet.h"
#include "csum_tunnel.h"

#include <rte_mbuf.h>
#include <rte_mbuf_ptype.h>
#include <rte_net.h>
#include <rte_version.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace pmdfwd::engines::csum {

inline constexpr bool kParseByPtype = RTE_VERSION >= RTE_VERSION_NUM(25, 3, 0, 0);

// What rte_net_get_ptype said of one packet.
struct Ptype {
    uint32_t type = 0;
    rte_net_hdr_lens lens{};
};

namespace ptype_detail {

// testpmd's get_ethertype_by_ptype for a known L3 type (outer or inner
// values): the ethertype in network order, 0 when not IP.
inline rte_be16_t l3_ethertype(uint32_t l3) {
    switch (l3) {
    case RTE_PTYPE_L3_IPV4:
    case RTE_PTYPE_L3_IPV4_EXT:
    case RTE_PTYPE_L3_IPV4_EXT_UNKNOWN:
    case RTE_PTYPE_INNER_L3_IPV4:
    case RTE_PTYPE_INNER_L3_IPV4_EXT:
    case RTE_PTYPE_INNER_L3_IPV4_EXT_UNKNOWN:
        return RTE_BE16(RTE_ETHER_TYPE_IPV4);
    case RTE_PTYPE_L3_IPV6:
    case RTE_PTYPE_L3_IPV6_EXT:
    case RTE_PTYPE_L3_IPV6_EXT_UNKNOWN:
    case RTE_PTYPE_INNER_L3_IPV6:
    case RTE_PTYPE_INNER_L3_IPV6_EXT:
    case RTE_PTYPE_INNER_L3_IPV6_EXT_UNKNOWN:
        return RTE_BE16(RTE_ETHER_TYPE_IPV6);
    default:
        return 0;
    }
}

// testpmd's parse_l4_proto for the IP header at off (in the first segment):
// IPv4's protocol, IPv6's, or with extension headers the one behind them.
inline uint8_t l4_proto(const rte_mbuf *m, uint32_t off, rte_be16_t ethertype, bool ext) {
    const uint8_t *l3 = rte_pktmbuf_mtod_offset(m, const uint8_t *, off);
    if (ethertype == RTE_BE16(RTE_ETHER_TYPE_IPV4))
        return reinterpret_cast<const rte_ipv4_hdr *>(l3)->next_proto_id;
    const uint8_t proto = reinterpret_cast<const rte_ipv6_hdr *>(l3)->proto;
    if (!ext) return proto;
    uint32_t after = off + sizeof(rte_ipv6_hdr);
    int frag = 0;
    const int ret = rte_net_skip_ip6_ext(proto, m, &after, &frag);
    return ret < 0 ? 0 : static_cast<uint8_t>(ret);
}

// The IP header at off (l3_len bytes as DPDK measured them) and its L4
// header (l4_len), as far as the first segment holds them: fills *in;
// false when the IP header is not all there (in then says not IP).
inline Parsed ip_headers(const rte_mbuf *m, uint32_t off, rte_be16_t ethertype, bool ext,
                         uint16_t l3_len, uint16_t l4_len, PacketInfo *in) {
    const uint32_t len = m->data_len;
    in->ethertype = ethertype;
    in->l2_len = static_cast<uint16_t>(off);
    if (off > len || len - off < l3_len) {
        in->ethertype = 0;
        return Parsed::macs;
    }
    in->l3_len = l3_len;
    in->l4_proto = l4_proto(m, off, ethertype, ext);
    in->l4_len = l4_len;
    const uint8_t *l4 = rte_pktmbuf_mtod_offset(m, const uint8_t *, off + l3_len);
    if (l4_header_len(l4, len - off - l3_len, in->l4_proto) < 0) {
        in->l4_proto = 0; // no L4 checksum
        return Parsed::l3;
    }
    return Parsed::whole;
}

// The ethertype testpmd's get_ethertype_by_ptype walks to where DPDK's
// parser found no IP header, from an Ethernet header at off: its type,
// then behind each of up to 8 tags the bytes two past where that tag's
// type lies (testpmd's walk steps from the type field); 0 where that runs
// past the data. Only the verbose block shows it: an IP type found so is a
// coincidence testpmd would checksum as IP and pmdfwd does not.
inline rte_be16_t testpmd_ethertype(const uint8_t *p, uint32_t len, uint32_t off) {
    constexpr uint32_t kType = offsetof(rte_ether_hdr, ether_type);
    constexpr uint32_t kMaxTags = 8;
    if (off > len || len - off < sizeof(rte_ether_hdr)) return 0;
    rte_be16_t type;
    std::memcpy(&type, p + off + kType, sizeof(type));
    uint32_t at = off + kType;
    for (uint32_t k = 0; k < kMaxTags; k++) {
        if (type != RTE_BE16(RTE_ETHER_TYPE_VLAN) && type != RTE_BE16(RTE_ETHER_TYPE_QINQ)) break;
        at += sizeof(rte_vlan_hdr);
        if (at + sizeof(rte_vlan_hdr) > len) return 0;
        std::memcpy(&type, p + at + offsetof(rte_vlan_hdr, eth_proto), sizeof(type));
    }
    const bool ip = type == RTE_BE16(RTE_ETHER_TYPE_IPV4) || type == RTE_BE16(RTE_ETHER_TYPE_IPV6);
    return ip ? 0 : type;
}

inline uint64_t tunnel_flag(uint32_t type) {
    switch (type & RTE_PTYPE_TUNNEL_MASK) {
    case RTE_PTYPE_TUNNEL_GTPC:
    case RTE_PTYPE_TUNNEL_GTPU:
        return RTE_MBUF_F_TX_TUNNEL_GTP;
    case RTE_PTYPE_TUNNEL_VXLAN_GPE:
        return RTE_MBUF_F_TX_TUNNEL_VXLAN_GPE;
    case RTE_PTYPE_TUNNEL_VXLAN:
        return RTE_MBUF_F_TX_TUNNEL_VXLAN;
    case RTE_PTYPE_TUNNEL_GENEVE:
        return RTE_MBUF_F_TX_TUNNEL_GENEVE;
    case RTE_PTYPE_TUNNEL_NVGRE:
    case RTE_PTYPE_TUNNEL_GRE:
        return RTE_MBUF_F_TX_TUNNEL_GRE;
    case RTE_PTYPE_TUNNEL_IP:
        return RTE_MBUF_F_TX_TUNNEL_IPIP;
    default:
        return 0;
    }
}

} // namespace ptype_detail

// parse_packet's levels, from rte_net_get_ptype's lengths; *pt keeps what
// it found for parse_tunnel_ptype.
inline Parsed parse_packet_ptype(const rte_mbuf *m, PacketInfo *info, Ptype *pt) {
    using namespace ptype_detail;
    *info = PacketInfo{};
    *pt = Ptype{};
    const uint32_t len = m->data_len;
    if (len < 2 * RTE_ETHER_ADDR_LEN) return Parsed::nothing;
    if (len < sizeof(rte_ether_hdr)) return Parsed::macs;
    pt->type = rte_net_get_ptype(m, &pt->lens, RTE_PTYPE_ALL_MASK);
    const uint32_t l3 = pt->type & RTE_PTYPE_L3_MASK;
    info->l2_len = pt->lens.l2_len;
    const rte_be16_t ethertype = l3_ethertype(l3);
    if (ethertype == 0) {
        // Not IP, or an IP header DPDK could not read (cut): what the tags
        // lead to says which.
        rte_be16_t type;
        uint32_t l2;
        const bool tags_whole =
            walk_vlan_tags(rte_pktmbuf_mtod(m, const uint8_t *), len, &type, &l2);
        const bool ip =
            type == RTE_BE16(RTE_ETHER_TYPE_IPV4) || type == RTE_BE16(RTE_ETHER_TYPE_IPV6);
        info->ethertype = testpmd_ethertype(rte_pktmbuf_mtod(m, const uint8_t *), len, 0);
        return tags_whole && !ip ? Parsed::whole : Parsed::macs;
    }
    const bool ext = (l3 & RTE_PTYPE_L3_MASK) == RTE_PTYPE_L3_IPV6_EXT;
    return ip_headers(m, info->l2_len, ethertype, ext, static_cast<uint16_t>(pt->lens.l3_len),
                      static_cast<uint16_t>(pt->lens.l4_len), info);
}

// With `csum parse-tunnel on`: whether DPDK's parser found a tunnel behind
// the outer headers (parse_packet_ptype found them whole); fills *t as
// parse_tunnel does.
inline bool parse_tunnel_ptype(const rte_mbuf *m, const PacketInfo &outer, const Ptype &pt,
                               Tunnel *t) {
    using namespace ptype_detail;
    if (!RTE_ETH_IS_TUNNEL_PKT(pt.type)) return false;
    *t = Tunnel{};
    t->outer = outer;
    t->flag = tunnel_flag(pt.type);
    t->l2_len = pt.lens.inner_l2_len;
    const uint32_t off = uint32_t{outer.l2_len} + outer.l3_len + pt.lens.inner_l2_len;
    const uint32_t l3 = pt.type & RTE_PTYPE_INNER_L3_MASK;
    const rte_be16_t ethertype = l3_ethertype(l3);
    if (ethertype == 0) {
        // No inner IP header (a GTP control message, an inner ARP): the
        // outer checksums only. testpmd takes the bytes behind the tunnel
        // header for an Ethernet header.
        const uint32_t eth =
            uint32_t{outer.l2_len} + outer.l3_len + pt.lens.l4_len + pt.lens.tunnel_len;
        t->inner.ethertype =
            testpmd_ethertype(rte_pktmbuf_mtod(m, const uint8_t *), m->data_len, eth);
        t->inner.l2_len = static_cast<uint16_t>(off);
        t->inner_whole = off <= m->data_len;
        return true;
    }
    const bool ext = l3 == RTE_PTYPE_INNER_L3_IPV6_EXT;
    t->inner_whole = ip_headers(m, off, ethertype, ext, pt.lens.inner_l3_len, pt.lens.inner_l4_len,
                                &t->inner) == Parsed::whole;
    return true;
}

// The parsing of the testpmd of the DPDK built against: the engine's one
// entry to it.
[[gnu::always_inline]] inline Parsed parse_headers(const rte_mbuf *m, PacketInfo *info, Ptype *pt) {
    if constexpr (kParseByPtype)
        return parse_packet_ptype(m, info, pt);
    else
        return parse_packet(m, info);
}

inline bool find_tunnel(const rte_mbuf *m, const PacketInfo &outer, const Ptype &pt,
                        const TunnelPorts &ports, Tunnel *t) {
    if constexpr (kParseByPtype)
        return parse_tunnel_ptype(m, outer, pt, t);
    else
        return parse_tunnel(m, outer, ports, t);
}

} // namespace pmdfwd::engines::csum
