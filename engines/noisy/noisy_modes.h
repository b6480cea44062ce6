// noisy's sub-forwarding modes (testpmd 23.07's --noisy-forward-mode): what
// a received burst gets before the FIFO and the lookups, as testpmd's
// io, mac, macswap and 5tswap modes do to it. A packet too short for the
// headers it changes is counted untouched, as those engines count it.
#pragma once

#include "common/ether_header.h"
#include "common/five_tuple_swap.h"
#include "common/tx_fields.h"

#include <pmdfwd/engine.h>

#include <rte_mbuf.h>

#include <cstring>

namespace pmdfwd::engines::noisy {

// In testpmd's order (noisy_fwd_mode_desc): the option's choice index.
enum class Mode : uint32_t { kIo, kMac, kMacswap, kFiveTupleSwap };
inline constexpr const char *kModeNames[] = {"io", "mac", "macswap", "5tswap", nullptr};

// The addresses (mac: the next hop's) and the TX fields of one packet; false
// when it is shorter than the two addresses.
inline bool rewrite_macs(rte_mbuf *m, Mode mode, const uint8_t hop[kMacPairLen],
                         const TxFields &f) {
    if (m->data_len < kMacPairLen) return false;
    auto *p = rte_pktmbuf_mtod(m, uint8_t *);
    if (mode == Mode::kMac)
        std::memcpy(p, hop, kMacPairLen);
    else
        five_tuple::swap_macs(p);
    set_tx_fields(m, f);
    return true;
}

inline void apply_mode(pmdfwd_stream *s, Mode mode, rte_mbuf **pkts, uint16_t nb) {
    if (mode == Mode::kIo || nb == 0) return;
    const TxFields f = tx_fields_for(*s->tx);
    uint8_t hop[kMacPairLen];
    next_hop_macs(*s->tx, hop);
    uint16_t untouched = 0;
    for (uint16_t i = 0; i < nb; i++) {
        const bool whole = mode == Mode::kFiveTupleSwap
                               ? five_tuple::swap_packet(pkts[i], f, TxRequestsOf{f})
                               : rewrite_macs(pkts[i], mode, hop, f);
        untouched += !whole;
    }
    s->engine_untouched += untouched;
}

} // namespace pmdfwd::engines::noisy
