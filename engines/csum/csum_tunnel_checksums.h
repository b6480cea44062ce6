// What testpmd's csum engine does to a tunnel packet (csum_tunnel.h found
// it): process_inner_cksums on the inner headers, then process_outer_cksums
// on the outer ones (the outer UDP checksum covers the inner ones written),
// then the mbuf's header lengths and TX flags, RTE_MBUF_F_TX_TUNNEL_* among
// them. The texts of the checks are testpmd 22.11.9's and later: the outer
// IPv4 checksum is left as it is where the NIC computes it.
#pragma once

#include "csum_packet.h"
#include "csum_tunnel.h"

#include "common/tx_fields.h"

#include <rte_mbuf.h>
#include <rte_version.h>

#include <cstdint>

namespace pmdfwd::engines::csum {

// testpmd 23.07 on marks the outer header for the inner protocol's
// segmentation (UDP_SEG for UDP) where earlier ones always say TCP_SEG.
inline constexpr bool kOuterSegByInner = RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0);
// Up to 24.03 a segmented packet's outer UDP checksum is zeroed; from
// 24.07 it is left as it came.
inline constexpr bool kSegZeroesOuterUdp = RTE_VERSION < RTE_VERSION_NUM(24, 7, 0, 0);

inline constexpr uint64_t kOuterChecksumOffloads =
    RTE_ETH_TX_OFFLOAD_OUTER_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_OUTER_UDP_CKSUM;

// The mbuf's outer length fields' widths.
inline constexpr uint64_t kOuterL2Mask = (uint64_t{1} << RTE_MBUF_OUTL2_LEN_BITS) - 1;
inline constexpr uint64_t kOuterL3Mask = (uint64_t{1} << RTE_MBUF_OUTL3_LEN_BITS) - 1;

// The stream's segmentation settings a tunnel packet reads.
struct TunnelSeg {
    uint16_t tunnel_tso_segsz; // the TX port's `tunnel_tso set`
    bool gso;                  // the TX port's `set port P gso on`
};

// testpmd 23.11 on ("fix UDP checksum for UFO") asks the NIC to segment
// only with the offload enabled on the port: TCP with TCP TSO or a tunnel
// TSO, UDP (UFO) with UDP TSO; earlier ones always segment TCP, never UDP.
inline constexpr bool kSegByOffload = RTE_VERSION >= RTE_VERSION_NUM(23, 11, 0, 0);
inline constexpr uint64_t kTcpSegOffloads =
    RTE_ETH_TX_OFFLOAD_TCP_TSO | RTE_ETH_TX_OFFLOAD_VXLAN_TNL_TSO | RTE_ETH_TX_OFFLOAD_GRE_TNL_TSO |
    RTE_ETH_TX_OFFLOAD_IPIP_TNL_TSO | RTE_ETH_TX_OFFLOAD_GENEVE_TNL_TSO |
    RTE_ETH_TX_OFFLOAD_IP_TNL_TSO | RTE_ETH_TX_OFFLOAD_UDP_TNL_TSO;

// testpmd's process_inner_cksums, for a plain packet's headers and a
// tunnel's inner ones alike: the checksums written, the flags returned,
// with TSO (tso_segsz: a packet longer than its headers and one segment)
// and GSO asked for a whole TCP or UDP packet.
inline uint64_t segment_checksums(rte_mbuf *m, const PacketInfo &in, bool whole,
                                  uint64_t tx_offloads, uint16_t tso_segsz, bool gso) {
    const bool sized = whole && tso_segsz != 0 &&
                       m->pkt_len > uint32_t{in.l2_len} + in.l3_len + in.l4_len + tso_segsz;
    const bool tcp = sized && in.l4_proto == IPPROTO_TCP;
    const bool tcp_seg = tcp && (!kSegByOffload || (tx_offloads & kTcpSegOffloads));
    const bool udp_seg = kSegByOffload && sized && in.l4_proto == IPPROTO_UDP &&
                         (tx_offloads & RTE_ETH_TX_OFFLOAD_UDP_TSO);
    // The IPv4 checksum of a TCP packet of that size is the NIC's, whether
    // it segments or not; a segmented L4 checksum is too.
    uint64_t offloads = tx_offloads;
    if (tcp) offloads |= RTE_ETH_TX_OFFLOAD_IPV4_CKSUM;
    if (tcp_seg) offloads |= RTE_ETH_TX_OFFLOAD_TCP_CKSUM;
    if (udp_seg) offloads |= RTE_ETH_TX_OFFLOAD_UDP_CKSUM;
    Checksums c = plan_checksums(m, in, offloads);
    if (tcp_seg) c.ol = (c.ol & ~RTE_MBUF_F_TX_L4_MASK) | RTE_MBUF_F_TX_TCP_SEG;
    // A UDP checksum of 0 stays 0, unsegmented (plan_checksums left no flag).
    if (udp_seg && (c.ol & RTE_MBUF_F_TX_L4_MASK) == RTE_MBUF_F_TX_UDP_CKSUM)
        c.ol = (c.ol & ~RTE_MBUF_F_TX_L4_MASK) | RTE_MBUF_F_TX_UDP_SEG;
    if (gso && whole) {
        if (in.l4_proto == IPPROTO_TCP) c.ol |= RTE_MBUF_F_TX_TCP_SEG;
        if (in.l4_proto == IPPROTO_UDP) c.ol |= RTE_MBUF_F_TX_UDP_SEG;
    }
    write_checksums(m, in, c);
    return c.ol;
}

// The inner headers' flags and checksums.
inline uint64_t inner_checksums(rte_mbuf *m, const Tunnel &t, uint64_t tx_offloads,
                                const TunnelSeg &seg) {
    return segment_checksums(m, t.inner, t.inner_whole, tx_offloads, seg.tunnel_tso_segsz, seg.gso);
}

// process_outer_cksums, after the inner ones: seg says the inner flags
// ask for segmentation.
inline uint64_t outer_checksums(rte_mbuf *m, const Tunnel &t, uint64_t tx_offloads, bool seg) {
    const PacketInfo &out = t.outer;
    uint8_t *l3 = rte_pktmbuf_mtod_offset(m, uint8_t *, out.l2_len);
    uint64_t ol;
    if (out.ethertype == RTE_BE16(RTE_ETHER_TYPE_IPV4)) {
        ol = RTE_MBUF_F_TX_OUTER_IPV4;
        if (tx_offloads & RTE_ETH_TX_OFFLOAD_OUTER_IPV4_CKSUM) {
            ol |= RTE_MBUF_F_TX_OUTER_IP_CKSUM;
        } else {
            auto *ip = reinterpret_cast<rte_ipv4_hdr *>(l3);
            ip->hdr_checksum = ipv4_cksum(ip, out.l3_len);
        }
    } else {
        ol = RTE_MBUF_F_TX_OUTER_IPV6;
    }
    if (out.l4_proto != IPPROTO_UDP) return ol;
    if (seg)
        ol |= kOuterSegByInner && t.inner.l4_proto == IPPROTO_UDP ? RTE_MBUF_F_TX_UDP_SEG
                                                                  : RTE_MBUF_F_TX_TCP_SEG;
    if (tx_offloads & RTE_ETH_TX_OFFLOAD_OUTER_UDP_CKSUM) return ol | RTE_MBUF_F_TX_OUTER_UDP_CKSUM;
    auto *udp = reinterpret_cast<rte_udp_hdr *>(l3 + out.l3_len);
    if (seg) {
        // A checksum over the whole would be wrong in every segment.
        if (kSegZeroesOuterUdp) udp->dgram_cksum = 0;
        return ol;
    }
    if (udp->dgram_cksum == 0) return ol; // none, and none it stays
    const int64_t n = l4_bytes(m, out, l3);
    if (n >= int64_t{sizeof(rte_udp_hdr)})
        udp->dgram_cksum = udptcp_cksum(m, out, l3, udp->dgram_cksum, static_cast<uint32_t>(n));
    return ol;
}

// The whole of it: checksums, then the lengths and flags testpmd's step 3
// stores (the outer lengths apart only where the NIC needs them).
inline void process_tunnel(rte_mbuf *m, const Tunnel &t, uint64_t tx_offloads,
                           const TunnelSeg &seg) {
    uint64_t ol = inner_checksums(m, t, tx_offloads, seg);
    const uint64_t seg_flags =
        kOuterSegByInner ? RTE_MBUF_F_TX_TCP_SEG | RTE_MBUF_F_TX_UDP_SEG : RTE_MBUF_F_TX_TCP_SEG;
    ol |= outer_checksums(m, t, tx_offloads, (ol & seg_flags) != 0);
    const PacketInfo &in = t.inner, &out = t.outer;
    if (seg.tunnel_tso_segsz != 0 || (tx_offloads & kOuterChecksumOffloads)) {
        m->tx_offload = rte_mbuf_tx_offload(
            t.l2_len & kL2Mask, in.l3_len & kL3Mask, in.l4_len & kL4Mask, seg.tunnel_tso_segsz,
            out.l3_len & kOuterL3Mask, out.l2_len & kOuterL2Mask, 0);
    } else {
        // One L2 header from the frame's start to the inner L3 one.
        const uint32_t l2 = uint32_t{out.l2_len} + out.l3_len + t.l2_len;
        m->tx_offload =
            rte_mbuf_tx_offload(l2 & kL2Mask, in.l3_len & kL3Mask, in.l4_len & kL4Mask, 0, 0, 0, 0);
    }
    m->ol_flags = (m->ol_flags & kKeptOlFlags) | t.flag | ol;
}

} // namespace pmdfwd::engines::csum
