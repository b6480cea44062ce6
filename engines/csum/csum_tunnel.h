// The tunnels testpmd's csum engine recognises with `csum parse-tunnel on`
// (csumonly.c's parse_gtp, parse_vxlan_gpe, parse_vxlan, parse_geneve,
// parse_gre, parse_encap_ip), in its order, behind an outer IPv4 or IPv6
// header that parse_packet found whole: GTP (UDP 2152, or 2123 either way),
// VXLAN-GPE (--vxlan-gpe-port), VXLAN (UDP 4789 only: testpmd ignores the
// ports of `port config ... udp_tunnel_port add`), GENEVE
// (--geneve-parsed-port), GRE with its checksum, key and sequence words, and
// IPv4 or IPv6 behind IP protocol 4.
//
// Unlike testpmd, every byte is checked to lie in the first segment before
// it is read: a tunnel is recognised only when the bytes that decide it are
// there (the ports, GRE's base header, the next protocol of VXLAN-GPE and
// GENEVE, IP-in-IP's version), and inner headers that are cut leave the
// packet with its outer checksums only (testpmd reads on past the data).
#pragma once

#include "csum_packet.h"

#include "common/ether_header.h"

#include <rte_byteorder.h>
#include <rte_ether.h>
#include <rte_mbuf.h>

#include <netinet/in.h>

#include <cstdint>

namespace pmdfwd::engines::csum {

// The UDP ports the engine takes for VXLAN-GPE and GENEVE, host order
// (testpmd's vxlan_gpe_udp_port and geneve_udp_port).
struct TunnelPorts {
    uint16_t vxlan_gpe;
    uint16_t geneve;
};

inline constexpr uint16_t kVxlanPort = 4789;    // RTE_VXLAN_DEFAULT_PORT
inline constexpr uint16_t kVxlanGpePort = 4790; // RTE_VXLAN_GPE_DEFAULT_PORT
inline constexpr uint16_t kGenevePort = 6081;   // RTE_GENEVE_DEFAULT_PORT
inline constexpr uint16_t kGtpcPort = 2123;     // RTE_GTPC_UDP_PORT
inline constexpr uint16_t kGtpuPort = 2152;     // RTE_GTPU_UDP_PORT

// One tunnel packet as testpmd's testpmd_offload_info holds it.
struct Tunnel {
    PacketInfo outer; // outer_ethertype, outer_l2_len, outer_l3_len, outer_l4_proto
    // The inner headers, l2_len counted from the frame's start (where the
    // checksum helpers of csum_packet.h want it); ethertype 0 when there is
    // no inner IP header to checksum.
    PacketInfo inner;
    uint16_t l2_len;  // testpmd's info.l2_len: outer L4 and tunnel headers, inner L2
    uint64_t flag;    // RTE_MBUF_F_TX_TUNNEL_*
    bool inner_whole; // every inner header is in the first segment
};

namespace tunnel_detail {

inline constexpr uint32_t kUdpLen = sizeof(rte_udp_hdr);
inline constexpr uint32_t kVxlanLen = 8;     // VXLAN, VXLAN-GPE, GENEVE base, GTP base
inline constexpr uint32_t kWordLen = 4;      // GTP's optional word, GRE's words
inline constexpr uint8_t kGtpExtBits = 0x07; // E, S, PN: one more word
inline constexpr uint8_t kGtpData = 0xff;    // G-PDU: an IP packet behind
inline constexpr uint8_t kGpeIpv4 = 1, kGpeIpv6 = 2, kGpeEth = 3; // RTE_VXLAN_GPE_TYPE_*
inline constexpr uint16_t kGreChecksum = 0x8000, kGreKey = 0x2000, kGreSequence = 0x1000;

inline uint16_t be16_at(const uint8_t *p) {
    rte_be16_t v;
    std::memcpy(&v, p, sizeof(v));
    return rte_be_to_cpu_16(v);
}

// The inner IP header of ethertype at off: fills t->inner (l3_len,
// l4_proto, l4_len) as parse_ipv4/parse_ipv6 do, as far as it fits.
inline void inner_ip(const uint8_t *p, uint32_t len, uint32_t off, rte_be16_t ethertype,
                     Tunnel *t) {
    PacketInfo &in = t->inner;
    in.ethertype = ethertype;
    in.l2_len = static_cast<uint16_t>(off);
    if (off > len || !parse_l3(p + off, len - off, &in)) {
        in = PacketInfo{};
        in.l2_len = static_cast<uint16_t>(off);
        return;
    }
    const int l4 = l4_header_len(p + off + in.l3_len, len - off - in.l3_len, in.l4_proto);
    if (l4 < 0) {
        in.l4_proto = 0; // no L4 checksum
        return;
    }
    in.l4_len = static_cast<uint16_t>(l4);
    t->inner_whole = true;
}

// An inner Ethernet header (and its tags) at off, then its IP header:
// parse_ethernet. l2_len grows by the inner L2 header.
inline void inner_ethernet(const uint8_t *p, uint32_t len, uint32_t off, Tunnel *t) {
    if (off > len || len - off < sizeof(rte_ether_hdr)) {
        t->inner = PacketInfo{};
        t->inner.l2_len = static_cast<uint16_t>(off);
        return;
    }
    rte_be16_t type;
    uint32_t l2 = 0;
    const bool tags_whole = walk_vlan_tags(p + off, len - off, &type, &l2);
    t->l2_len = static_cast<uint16_t>(t->l2_len + l2);
    if (!tags_whole) {
        t->inner = PacketInfo{};
        t->inner.l2_len = static_cast<uint16_t>(off + l2);
        return;
    }
    if (type == RTE_BE16(RTE_ETHER_TYPE_IPV4) || type == RTE_BE16(RTE_ETHER_TYPE_IPV6)) {
        inner_ip(p, len, off + l2, type, t);
        return;
    }
    // Not IP: nothing inner to checksum, every inner header there.
    t->inner = PacketInfo{};
    t->inner.ethertype = type;
    t->inner.l2_len = static_cast<uint16_t>(off + l2);
    t->inner_whole = true;
}

// What follows a VXLAN-GPE or GENEVE header at off, by its next protocol
// (0 meaning IPv4): false for one testpmd does not take.
inline bool by_protocol(const uint8_t *p, uint32_t len, uint32_t off, bool ipv4, bool ipv6,
                        bool eth, Tunnel *t) {
    if (ipv4)
        inner_ip(p, len, off, RTE_BE16(RTE_ETHER_TYPE_IPV4), t);
    else if (ipv6)
        inner_ip(p, len, off, RTE_BE16(RTE_ETHER_TYPE_IPV6), t);
    else if (eth)
        inner_ethernet(p, len, off, t);
    else
        return false;
    return true;
}

// GTP behind the UDP header at udp (its ports checked): testpmd 22.11.9's
// and later parse_gtp, whose l2_len counts the optional word (22.11.0 left
// it out and wrote the inner checksums 4 bytes early).
inline void gtp(const uint8_t *p, uint32_t len, uint32_t udp, Tunnel *t) {
    const uint32_t gtp = udp + kUdpLen;
    uint32_t gtp_len = kVxlanLen;
    t->flag = RTE_MBUF_F_TX_TUNNEL_GTP;
    t->inner = PacketInfo{};
    if (len < gtp + kVxlanLen) { // cut inside the GTP header
        t->l2_len = static_cast<uint16_t>(kUdpLen + gtp_len);
        t->inner.l2_len = static_cast<uint16_t>(gtp + gtp_len);
        return;
    }
    if (p[gtp] & kGtpExtBits) gtp_len += kWordLen;
    t->l2_len = static_cast<uint16_t>(kUdpLen + gtp_len);
    const uint32_t ip = gtp + gtp_len;
    t->inner.l2_len = static_cast<uint16_t>(ip);
    if (p[gtp + 1] != kGtpData) { // a control message: nothing inner
        t->inner_whole = len >= ip;
        return;
    }
    if (ip >= len) return;
    // testpmd keeps the outer IP's values for a version neither 4 nor 6 and
    // checksums whatever lies there as that; pmdfwd leaves it.
    const uint8_t version = p[ip] & 0xf0;
    if (version == 0x40)
        inner_ip(p, len, ip, RTE_BE16(RTE_ETHER_TYPE_IPV4), t);
    else if (version == 0x60)
        inner_ip(p, len, ip, RTE_BE16(RTE_ETHER_TYPE_IPV6), t);
    else
        t->inner_whole = true;
}

// The UDP tunnels, in testpmd's order: GTP, VXLAN-GPE, VXLAN, GENEVE.
inline bool udp_tunnel(const uint8_t *p, uint32_t len, uint32_t udp, const TunnelPorts &ports,
                       Tunnel *t) {
    const uint16_t src = be16_at(p + udp), dst = be16_at(p + udp + 2);
    const uint32_t hdr = udp + kUdpLen;
    if (dst == kGtpcPort || src == kGtpcPort || dst == kGtpuPort) {
        gtp(p, len, udp, t);
        return true;
    }
    constexpr uint32_t kGpeProto = 3;
    if (dst == ports.vxlan_gpe && len >= hdr + kGpeProto + 1) {
        const uint8_t proto = p[hdr + kGpeProto];
        t->flag = RTE_MBUF_F_TX_TUNNEL_VXLAN_GPE;
        t->l2_len = static_cast<uint16_t>(kUdpLen + kVxlanLen);
        if (by_protocol(p, len, hdr + kVxlanLen, proto == 0 || proto == kGpeIpv4, proto == kGpeIpv6,
                        proto == kGpeEth, t))
            return true;
    }
    if (dst == kVxlanPort) {
        t->flag = RTE_MBUF_F_TX_TUNNEL_VXLAN;
        t->l2_len = static_cast<uint16_t>(kUdpLen + kVxlanLen);
        inner_ethernet(p, len, hdr + kVxlanLen, t);
        return true;
    }
    if (dst == ports.geneve && len >= hdr + 4) {
        const uint32_t geneve_len = kVxlanLen + (p[hdr] & 0x3f) * 4u;
        const uint16_t proto = be16_at(p + hdr + 2);
        t->flag = RTE_MBUF_F_TX_TUNNEL_GENEVE;
        t->l2_len = static_cast<uint16_t>(kUdpLen + geneve_len);
        return by_protocol(p, len, hdr + geneve_len, proto == 0 || proto == RTE_ETHER_TYPE_IPV4,
                           proto == RTE_ETHER_TYPE_IPV6, proto == RTE_ETHER_TYPE_TEB, t);
    }
    return false;
}

inline bool gre(const uint8_t *p, uint32_t len, uint32_t off, Tunnel *t) {
    if (len < off + kWordLen) return false;
    const uint16_t flags = be16_at(p + off), proto = be16_at(p + off + 2);
    uint32_t gre_len = kWordLen;
    for (const uint16_t bit : {kGreKey, kGreSequence, kGreChecksum})
        if (flags & bit) gre_len += kWordLen;
    t->flag = RTE_MBUF_F_TX_TUNNEL_GRE;
    t->l2_len = static_cast<uint16_t>(gre_len);
    return by_protocol(p, len, off + gre_len, proto == RTE_ETHER_TYPE_IPV4,
                       proto == RTE_ETHER_TYPE_IPV6, proto == RTE_ETHER_TYPE_TEB, t);
}

// parse_encap_ip. testpmd leaves outer_l4_proto as the burst's last tunnel
// set it (a UDP tunnel before makes it checksum the inner IP header as
// UDP); pmdfwd keeps IPPROTO_IPIP, so no outer UDP checksum.
inline bool ip_in_ip(const uint8_t *p, uint32_t len, uint32_t off, Tunnel *t) {
    if (len <= off) return false;
    const uint8_t version = p[off] >> 4;
    if (version != 4 && version != 6) return false;
    t->flag = RTE_MBUF_F_TX_TUNNEL_IPIP;
    t->l2_len = 0;
    inner_ip(p, len, off,
             version == 4 ? RTE_BE16(RTE_ETHER_TYPE_IPV4) : RTE_BE16(RTE_ETHER_TYPE_IPV6), t);
    return true;
}

} // namespace tunnel_detail

// Whether the packet, whose outer headers parse_packet found whole (outer),
// is a tunnel testpmd recognises; fills *t if so.
inline bool parse_tunnel(const rte_mbuf *m, const PacketInfo &outer, const TunnelPorts &ports,
                         Tunnel *t) {
    using namespace tunnel_detail;
    const uint8_t *p = rte_pktmbuf_mtod(m, const uint8_t *);
    const uint32_t len = m->data_len;
    const uint32_t l4 = uint32_t{outer.l2_len} + outer.l3_len;
    *t = Tunnel{};
    t->outer = outer;
    switch (outer.l4_proto) {
    case IPPROTO_UDP:
        return udp_tunnel(p, len, l4, ports, t);
    case IPPROTO_GRE:
        return gre(p, len, l4, t);
    case IPPROTO_IPIP:
        return ip_in_ip(p, len, l4, t);
    default:
        return false;
    }
}

} // namespace pmdfwd::engines::csum
