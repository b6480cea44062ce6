// testpmd's csum engine with TSO, GRO and GSO, tunnel parsing or the MACs
// left as they came (csumonly.c), for streams that have one of them on; the
// plain burst (csum.cpp) stays as it was. testpmd's verbose block of each
// packet comes before GRO and GSO, as in its loop.
#include "csum_seg.h"

#include "csum_packet.h"
#include "csum_ptype.h"
#include "csum_settings.h"
#include "csum_tunnel.h"
#include "csum_tunnel_checksums.h"
#include "csum_verbose.h"

#include "common/ether_header.h"
#include "common/tx_fields.h"

#include <rte_ethdev.h>
#include <rte_gro.h>
#include <rte_gso.h>
#include <rte_malloc.h>

#include <cstring>

namespace pmdfwd::engines::csum {
namespace {

// testpmd's heavyweight GRO table: GRO_MAX_FLUSH_CYCLES flows of
// MAX_PKT_BURST packets.
constexpr uint16_t kHeavyFlows = kGroMaxFlushCycles;
constexpr uint16_t kHeavyItemsPerFlow = 512;
// Its lightweight one (GRO_DEFAULT_FLOW_NUM x GRO_DEFAULT_ITEM_NUM_PER_FLOW).
constexpr uint16_t kLightItemsPerFlow = 32;
constexpr uint16_t kLightFlows = RTE_GRO_MAX_BURST_ITEM_NUM / kLightItemsPerFlow;

// testpmd's GSO types (testpmd.c init_config).
constexpr uint32_t kGsoTypes = RTE_ETH_TX_OFFLOAD_TCP_TSO | RTE_ETH_TX_OFFLOAD_VXLAN_TNL_TSO |
                               RTE_ETH_TX_OFFLOAD_GRE_TNL_TSO | RTE_ETH_TX_OFFLOAD_UDP_TSO;

struct SegStream {
    uint16_t tso_segsz; // the TX port's
    bool gro;           // the RX port's
    bool gso;           // the TX port's
    bool parse_tunnel;  // the TX port's
    bool mac_swap;      // the TX port's
    TunnelSeg tunnel;   // the TX port's tunnel TSO size, gso
    TunnelPorts tunnel_ports;
    uint8_t flush_cycles;
    uint8_t gro_times; // bursts since the last heavyweight flush
    rte_gro_param gro_param;
    void *gro_ctx; // heavyweight only
    rte_gso_ctx gso_ctx;
    rte_mbuf *segments[PMDFWD_BURST_ROOM];
};

// What testpmd's verbose block says of a tunnel's headers.
void note_tunnel(const Tunnel &t, VerbosePacket *v) {
    v->tunnel = true;
    v->outer = t.outer;
    v->info = t.inner;
    v->info.l2_len = t.l2_len;
}

// One packet: csum.cpp's process, with testpmd's TSO and GSO marks, its
// tunnels, and MACs written only with mac-swap on; what it parsed goes to
// *v (info and tunnel) for the verbose block. Returns false when its
// headers are cut (counted untouched).
bool process_seg(rte_mbuf *m, const uint8_t addrs[kMacPairLen], uint64_t tx_offloads,
                 const SegStream &g, VerbosePacket *v) {
    PacketInfo &info = v->info;
    Ptype pt;
    const Parsed parsed = parse_headers(m, &info, &pt);
    if (parsed == Parsed::nothing) return false;
    if (g.mac_swap) std::memcpy(rte_pktmbuf_mtod(m, uint8_t *), addrs, kMacPairLen);
    Tunnel t;
    if (g.parse_tunnel && parsed == Parsed::whole && find_tunnel(m, info, pt, g.tunnel_ports, &t)) {
        process_tunnel(m, t, tx_offloads, g.tunnel);
        note_tunnel(t, v);
        return t.inner_whole;
    }
    const uint64_t ol =
        segment_checksums(m, info, parsed == Parsed::whole, tx_offloads, g.tso_segsz, g.gso);
    m->tx_offload = rte_mbuf_tx_offload(info.l2_len & kL2Mask, info.l3_len & kL3Mask,
                                        info.l4_len & kL4Mask, g.tso_segsz, 0, 0, 0);
    m->ol_flags = (m->ol_flags & kKeptOlFlags) | ol;
    return parsed == Parsed::whole;
}

// The burst's packets, each processed and, with kVerbose, its block written
// (csum.cpp's verbose_burst does the same for the plain burst); returns how
// many were left untouched.
template <bool kVerbose>
uint16_t process_seg_burst(const pmdfwd_stream &s, rte_mbuf **pkts, uint16_t nb,
                           const uint8_t addrs[kMacPairLen], BadChecksums *bad) {
    const SegStream &g = *static_cast<const SegStream *>(s.priv);
    const uint64_t tx_offloads = s.tx->tx_offloads;
    uint16_t untouched = 0;
    for (uint16_t i = 0; i < nb; i++) {
        VerbosePacket v;
        v.rx_flags = pkts[i]->ol_flags;
        bad->count(v.rx_flags);
        untouched += !process_seg(pkts[i], addrs, tx_offloads, g, &v);
        if constexpr (kVerbose)
            write_verbose_block(s, pkts[i], v,
                                {tx_offloads, g.tso_segsz, g.tunnel.tunnel_tso_segsz});
    }
    return untouched;
}

// testpmd's pkts_ip_csum_recalc: GRO and GSO change IPv4 headers (lengths,
// IDs) after their checksums were computed.
void ip_csum_recalc(rte_mbuf **pkts, uint16_t nb, uint64_t tx_offloads) {
    if (tx_offloads & RTE_ETH_TX_OFFLOAD_IPV4_CKSUM) return;
    for (uint16_t i = 0; i < nb; i++) {
        rte_mbuf *m = pkts[i];
        if (!(m->ol_flags & RTE_MBUF_F_TX_IPV4)) continue;
        auto *ip = rte_pktmbuf_mtod_offset(m, rte_ipv4_hdr *, m->l2_len);
        ip->hdr_checksum = 0;
        ip->hdr_checksum = rte_ipv4_cksum(ip);
    }
}

uint16_t gro(SegStream &g, rte_mbuf **pkts, uint16_t nb) {
    if (g.gro_ctx == nullptr) return rte_gro_reassemble_burst(pkts, nb, &g.gro_param);
    nb = static_cast<uint16_t>(rte_gro_reassemble(pkts, nb, g.gro_ctx));
    if (++g.gro_times < g.flush_cycles) return nb;
    g.gro_times = 0;
    const uint64_t held = rte_gro_get_pkt_count(g.gro_ctx);
    const uint16_t room =
        static_cast<uint16_t>(std::min<uint64_t>(held, uint64_t{PMDFWD_BURST_ROOM} - nb));
    return nb + rte_gro_timeout_flush(g.gro_ctx, 0, RTE_GRO_TCP_IPV4, pkts + nb, room);
}

// Returns the packets to send, in pkts; *lost counts those GSO could not
// segment (no room, no mbufs), freed as testpmd frees them.
uint16_t gso(SegStream &g, rte_mbuf **pkts, uint16_t nb, uint64_t *lost) {
    uint16_t n = 0;
    for (uint16_t i = 0; i < nb; i++) {
        const int ret = rte_gso_segment(pkts[i], &g.gso_ctx, g.segments + n,
                                        static_cast<uint16_t>(PMDFWD_BURST_ROOM - n));
        if (ret >= 1) {
            rte_pktmbuf_free(pkts[i]); // the segments hold their own references
            n += static_cast<uint16_t>(ret);
        } else if (ret == 0) {
            g.segments[n++] = pkts[i]; // small enough, or not a GSO type
        } else {
            rte_pktmbuf_free(pkts[i]);
            ++*lost;
        }
    }
    std::memcpy(pkts, g.segments, n * sizeof(*pkts));
    return n;
}

} // namespace

int seg_stream_init(pmdfwd_stream *s) {
    const auto &cfg = *static_cast<const Settings *>(s->engine_ctx);
    const PortSeg &rx = cfg.port[s->rx_port], &tx = cfg.port[s->tx_port];
    s->priv = nullptr;
    if (tx.tso_segsz == 0 && !rx.gro && !tx.gso && !tx.parse_tunnel && tx.mac_swap) return 0;
    auto *g = static_cast<SegStream *>(
        rte_zmalloc_socket("csum_seg", sizeof(SegStream), RTE_CACHE_LINE_SIZE, s->socket_id));
    if (g == nullptr) return -1;
    g->tso_segsz = tx.tso_segsz;
    g->gro = rx.gro;
    g->gso = tx.gso;
    g->parse_tunnel = tx.parse_tunnel;
    g->mac_swap = tx.mac_swap;
    g->tunnel = {tx.tunnel_tso_segsz, tx.gso};
    g->tunnel_ports = cfg.tunnel_ports;
    g->flush_cycles = cfg.gro_flush_cycles;
    g->gro_param.gro_types = RTE_GRO_TCP_IPV4;
    g->gro_param.socket_id = static_cast<uint16_t>(s->socket_id < 0 ? 0 : s->socket_id);
    if (g->gro && g->flush_cycles != kGroDefaultFlushCycles) {
        g->gro_param.max_flow_num = kHeavyFlows;
        g->gro_param.max_item_per_flow = kHeavyItemsPerFlow;
        g->gro_ctx = rte_gro_ctx_create(&g->gro_param);
        if (g->gro_ctx == nullptr) {
            rte_free(g);
            return -1;
        }
    } else {
        g->gro_param.max_flow_num = kLightFlows;
        g->gro_param.max_item_per_flow = kLightItemsPerFlow;
    }
    g->gso_ctx.direct_pool = s->pool;
    g->gso_ctx.indirect_pool = s->pool;
    g->gso_ctx.gso_types = kGsoTypes;
    g->gso_ctx.gso_size = cfg.gso_segsz;
    g->gso_ctx.flag = 0;
    s->priv = g;
    return 0;
}

void seg_stream_fini(pmdfwd_stream *s) {
    auto *g = static_cast<SegStream *>(s->priv);
    if (g == nullptr) return;
    if (g->gro_ctx != nullptr) {
        // What the table still holds is never sent.
        while (rte_gro_get_pkt_count(g->gro_ctx) > 0) {
            const uint16_t n = rte_gro_timeout_flush(g->gro_ctx, 0, RTE_GRO_TCP_IPV4, g->segments,
                                                     PMDFWD_BURST_ROOM);
            if (n == 0) break;
            rte_pktmbuf_free_bulk(g->segments, n);
            s->engine_consumed += n;
        }
        rte_gro_ctx_destroy(g->gro_ctx);
    }
    rte_free(g);
    s->priv = nullptr;
}

uint16_t seg_burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb) {
    SegStream &g = *static_cast<SegStream *>(s->priv);
    const uint64_t tx_offloads = s->tx->tx_offloads;
    uint8_t addrs[kMacPairLen];
    next_hop_macs(*s->tx, addrs);
    BadChecksums bad;
    s->engine_untouched += verbose_on(*s) ? process_seg_burst<true>(*s, pkts, nb, addrs, &bad)
                                          : process_seg_burst<false>(*s, pkts, nb, addrs, &bad);
    s->rx_bad_ip_csum += bad.ip;
    s->rx_bad_l4_csum += bad.l4;
    s->rx_bad_outer_l4_csum += bad.outer_l4;
    s->rx_bad_outer_ip_csum += bad.outer_ip;
    if (g.gro) {
        nb = gro(g, pkts, nb);
        ip_csum_recalc(pkts, nb, tx_offloads);
    }
    if (g.gso) {
        nb = gso(g, pkts, nb, &s->engine_consumed);
        ip_csum_recalc(pkts, nb, tx_offloads);
    }
    const uint16_t ok = rte_eth_tx_prepare(s->tx_port, s->tx_queue, pkts, nb);
    if (ok < nb) {
        rte_pktmbuf_free_bulk(pkts + ok, nb - ok);
        s->engine_consumed += nb - ok;
    }
    return ok;
}

} // namespace pmdfwd::engines::csum
