// The csum forwarding engine (testpmd's "csum" mode): forwards every packet
// as mac does (source = the TX port's MAC, destination = its peer) after
// recomputing its IPv4, UDP, TCP and SCTP checksums, in software or, where
// the TX port has the offload enabled (`csum set ip|udp|tcp|sctp hw P`), by
// asking the NIC through the mbuf's ol_flags and header lengths. It counts
// the bad checksums the PMD reports on receive (--enable-rx-cksum), which
// the stop report prints as testpmd's does. Of a packet too short for its
// headers the engine does what fits, and counts it untouched (csum_packet.h
// says what fits). TSO, GRO and GSO (`tso set`, `set port P gro|gso on`)
// take csum_seg.cpp's burst for the streams they concern, and so do tunnel
// parsing (`csum parse-tunnel on P`) and `csum mac-swap off P`. With `set
// verbose` above 0 both print testpmd's block for every packet
// (csum_verbose.h).
#include <pmdfwd/engine_register.h>

#include "csum_commands.h"
#include "csum_packet.h"
#include "csum_params.h"
#include "csum_ptype.h"
#include "csum_seg.h"
#include "csum_settings.h"
#include "csum_verbose.h"

#include "common/ether_header.h"
#include "common/tx_fields.h"

#include <rte_ethdev.h>
#include <rte_prefetch.h>

#include <cstring>

namespace pmdfwd::engines::csum {
namespace {

// One packet, from parsing (into *info) to its new MACs and TX fields;
// false when its headers are cut (some or all of its processing left
// undone).
[[gnu::always_inline]] inline bool process_into(rte_mbuf *m, const uint8_t addrs[kMacPairLen],
                                                uint64_t tx_offloads, PacketInfo *info) {
    Ptype pt;
    const Parsed parsed = parse_headers(m, info, &pt);
    if (parsed == Parsed::nothing) return false; // left as it came
    const Checksums sums = plan_checksums(m, *info, tx_offloads);
    write_checksums(m, *info, sums);
    std::memcpy(rte_pktmbuf_mtod(m, uint8_t *), addrs, kMacPairLen);
    // One store, each length cut to its field's width as the bit-field
    // assignments testpmd makes cut it.
    m->tx_offload = rte_mbuf_tx_offload(info->l2_len & kL2Mask, info->l3_len & kL3Mask,
                                        info->l4_len & kL4Mask, 0, 0, 0, 0);
    m->ol_flags = (m->ol_flags & kKeptOlFlags) | sums.ol;
    return parsed == Parsed::whole;
}

// The same without the parse results, for the burst without verbose: its
// PacketInfo stays in registers.
bool process(rte_mbuf *m, const uint8_t addrs[kMacPairLen], uint64_t tx_offloads) {
    PacketInfo info;
    return process_into(m, addrs, tx_offloads, &info);
}

// What every plain burst ends with: the stream's counters, then the
// preparation the NIC's checksums need; returns how many to send.
[[gnu::always_inline]] inline uint16_t finish(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb,
                                              const BadChecksums &bad, uint16_t untouched,
                                              uint64_t tx_offloads) {
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

// The plain burst with testpmd's block after each packet (`set verbose`):
// apart, so that burst's loop stays as it was without it.
[[gnu::noinline]] uint16_t verbose_burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb) {
    const uint64_t tx_offloads = s->tx->tx_offloads;
    uint8_t addrs[kMacPairLen];
    next_hop_macs(*s->tx, addrs);
    BadChecksums bad;
    uint16_t untouched = 0;
    for (uint16_t i = 0; i < nb; i++) {
        const uint64_t rx_flags = pkts[i]->ol_flags;
        bad.count(rx_flags);
        PacketInfo info;
        untouched += !process_into(pkts[i], addrs, tx_offloads, &info);
        write_verbose_block(*s, pkts[i], {.rx_flags = rx_flags, .info = info},
                            {.offloads = tx_offloads});
    }
    return finish(s, pkts, nb, bad, untouched, tx_offloads);
}

uint16_t burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb, uint16_t) {
    // Only a stream with segmentation on has state: one test per burst.
    if (s->priv != nullptr) [[unlikely]]
        return seg_burst(s, pkts, nb);
    if (verbose_on(*s)) [[unlikely]]
        return verbose_burst(s, pkts, nb);
    const uint64_t tx_offloads = s->tx->tx_offloads;
    uint8_t addrs[kMacPairLen];
    next_hop_macs(*s->tx, addrs);
    BadChecksums bad;
    uint16_t untouched = 0;
    for (uint16_t i = 0; i < nb; i++) {
        if (i + 1 < nb) rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 1], void *));
        bad.count(pkts[i]->ol_flags);
        untouched += !process(pkts[i], addrs, tx_offloads);
    }
    return finish(s, pkts, nb, bad, untouched, tx_offloads);
}

// testpmd's commands that configure the csum engine without naming it.
constexpr const char *kCommandWords[] = {"tso", "tunnel_tso", "gro", "gso", nullptr};

constexpr pmdfwd_engine make_engine() {
    pmdfwd_engine e =
        pmdfwd::engine_descriptor("csum",
                                  "recompute IP/UDP/TCP/SCTP checksums in software or "
                                  "by the NIC (csum set), forward as mac",
                                  burst, PMDFWD_ENGINE_F_RX_CKSUM_STATS | PMDFWD_ENGINE_F_GROWS);
    e.stream_init = seg_stream_init;
    e.stream_fini = seg_stream_fini;
    e.ctx_size = sizeof(Settings);
    e.ctx_init = settings_init;
    e.command_words = kCommandWords;
    e.commands = kCommands;
    e.nb_commands = static_cast<uint32_t>(kNbCommands);
    e.params = kParams;
    e.nb_params = static_cast<uint32_t>(kNbParams);
    return e;
}

constexpr pmdfwd_engine engine = make_engine();

} // namespace
} // namespace pmdfwd::engines::csum

PMDFWD_REGISTER_ENGINE(pmdfwd::engines::csum::engine);
