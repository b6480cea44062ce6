// The csum forwarding engine (testpmd's "csum" mode): forwards every packet
// as mac does (source = the TX port's MAC, destination = its peer) after
// recomputing its IPv4, UDP, TCP and SCTP checksums, in software or, where
// the TX port has the offload enabled (`csum set ip|udp|tcp|sctp hw P`), by
// asking the NIC through the mbuf's ol_flags and header lengths. It counts
// the bad checksums the PMD reports on receive (--enable-rx-cksum), which
// the stop report prints as testpmd's does. Of a packet too short for its
// headers the engine does what fits, and counts it untouched (csum_packet.h
// says what fits).
#include <pmdfwd/engine_register.h>

#include "csum_commands.h"
#include "csum_packet.h"

#include <rte_ethdev.h>
#include <rte_prefetch.h>

namespace pmdfwd::engines::csum {
namespace {

// testpmd keeps only these of a received mbuf's ol_flags.
inline constexpr uint64_t kKeptOlFlags = RTE_MBUF_F_INDIRECT | RTE_MBUF_F_EXTERNAL;

static_assert(offsetof(rte_ether_hdr, dst_addr) == 0);
static_assert(offsetof(rte_ether_hdr, src_addr) == RTE_ETHER_ADDR_LEN);

// Returns false when the packet's headers are cut (some or all of its
// processing left undone).
bool process(rte_mbuf *m, const uint8_t addrs[2 * RTE_ETHER_ADDR_LEN], uint64_t tx_offloads) {
    PacketInfo info;
    const Parsed parsed = parse_packet(m, &info);
    if (parsed == Parsed::nothing) return false;
    std::memcpy(rte_pktmbuf_mtod(m, uint8_t *), addrs, 2 * RTE_ETHER_ADDR_LEN);
    const uint64_t ol = process_checksums(m, info, tx_offloads);
    m->tx_offload = 0;
    m->l2_len = info.l2_len;
    m->l3_len = info.l3_len;
    m->l4_len = info.l4_len;
    m->ol_flags = (m->ol_flags & kKeptOlFlags) | ol;
    return parsed == Parsed::whole;
}

uint16_t burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb, uint16_t) {
    const uint64_t tx_offloads = s->tx->tx_offloads;
    uint8_t addrs[2 * RTE_ETHER_ADDR_LEN];
    std::memcpy(addrs, s->tx->peer_mac, RTE_ETHER_ADDR_LEN);
    std::memcpy(addrs + RTE_ETHER_ADDR_LEN, s->tx->mac, RTE_ETHER_ADDR_LEN);
    BadChecksums bad;
    uint16_t untouched = 0;
    for (uint16_t i = 0; i < nb; i++) {
        if (i + 1 < nb) rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 1], void *));
        bad.count(pkts[i]->ol_flags);
        untouched += !process(pkts[i], addrs, tx_offloads);
    }
    s->engine_untouched += untouched;
    s->rx_bad_ip_csum += bad.ip;
    s->rx_bad_l4_csum += bad.l4;
    s->rx_bad_outer_l4_csum += bad.outer_l4;
    s->rx_bad_outer_ip_csum += bad.outer_ip;
    if (!(tx_offloads & kChecksumOffloads)) return nb;
    // What the NIC computes, some PMDs need prepared (pseudo-header sums).
    const uint16_t ok = rte_eth_tx_prepare(s->tx_port, s->tx_queue, pkts, nb);
    if (ok < nb) {
        rte_pktmbuf_free_bulk(pkts + ok, nb - ok);
        s->engine_consumed += nb - ok;
    }
    return ok;
}

pmdfwd_engine make_engine() {
    pmdfwd_engine e =
        pmdfwd::engine_descriptor("csum",
                                  "recompute IP/UDP/TCP/SCTP checksums in software or "
                                  "by the NIC (csum set), forward as mac",
                                  burst, PMDFWD_ENGINE_F_RX_CKSUM_STATS);
    e.commands = kCommands;
    e.nb_commands = static_cast<uint32_t>(kNbCommands);
    return e;
}

const pmdfwd_engine engine = make_engine();

} // namespace
} // namespace pmdfwd::engines::csum

PMDFWD_REGISTER_ENGINE(pmdfwd::engines::csum::engine);
