// The 5tswap forwarding engine (testpmd's "5tswap" mode): sends every packet
// back where it came from at every layer it understands
// (common/five_tuple_swap.h: MACs, IPv4/IPv6 addresses, UDP/TCP ports,
// behind any VLAN/QinQ tags), with testpmd's TX fields and the header
// lengths found. A packet too short for the layers its headers announce is
// counted untouched.
#include "common/five_tuple_swap.h"

#include <pmdfwd/engine_register.h>

#include <rte_prefetch.h>

namespace pmdfwd::engines {
namespace {

template <class Req>
uint16_t swap_burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb, const TxFields &f, Req req) {
    uint16_t untouched = 0;
    for (uint16_t i = 0; i < nb; i++) {
        if (i + 1 < nb) rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 1], void *));
        untouched += !five_tuple::swap_packet(pkts[i], f, req);
    }
    s->engine_untouched += untouched;
    return nb;
}

uint16_t burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb, uint16_t) {
    const TxFields f = tx_fields_for(*s->tx);
    // A port that asks for nothing (the usual case) costs no per-packet test.
    if (f.ol_flags == 0) return swap_burst(s, pkts, nb, f, FixedTxRequests<false, false, false>{});
    return swap_burst(s, pkts, nb, f, TxRequestsOf{f});
}

const pmdfwd_engine engine = pmdfwd::engine_descriptor(
    "5tswap", "swap MAC, IPv4/IPv6 addresses and UDP/TCP ports (behind VLAN/QinQ tags)", burst);

} // namespace
} // namespace pmdfwd::engines

PMDFWD_REGISTER_ENGINE(pmdfwd::engines::engine);
