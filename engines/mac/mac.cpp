// The mac forwarding engine (testpmd's "mac" mode): forwards every packet to
// the configured next hop, as a router would, by writing the TX port's own
// MAC as source and the peer's (--eth-peer) as destination, so that a NIC or
// switch that filters on MAC addresses takes the frames. TX fields follow
// macswap's contract: ol_flags keeps INDIRECT/EXTERNAL and gains the port's
// insert requests, vlan_tci/vlan_tci_outer only when those are requested,
// l2_len 14, l3_len 20. A packet whose first segment cannot hold both
// addresses is forwarded untouched (bytes and metadata) and counted.
#include <pmdfwd/engine_register.h>

#include "common/ether_header.h"
#include "common/tx_fields.h"

#include <rte_ether.h>
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_prefetch.h>

#include <cstddef>
#include <cstring>

namespace pmdfwd::engines {
namespace {

// The pair as two words held in registers for the whole burst: a byte
// array would be read again from the stack for every packet, since the
// stores into packets could alias it.
struct MacPair {
    uint64_t head; // bytes 0-7
    uint32_t tail; // bytes 8-11
};
static_assert(sizeof(uint64_t) + sizeof(uint32_t) == kMacPairLen);

template <class Req>
inline bool write_one(rte_mbuf *m, const TxFields &f, MacPair pair, Req req) {
    if (m->data_len < kMacPairLen) return false;
    auto *p = rte_pktmbuf_mtod(m, uint8_t *);
    std::memcpy(p, &pair.head, sizeof(pair.head));
    std::memcpy(p + sizeof(pair.head), &pair.tail, sizeof(pair.tail));
    write_tx_fields<TxStore::kAlways>(m, f, req);
    return true;
}

// Every packet but the last prefetches the next one's data, so the loop
// does not test for the last packet each time.
template <class Req>
uint16_t write_burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb, const TxFields &f,
                     MacPair pair, Req req) {
    if (nb == 0) return 0;
    uint16_t untouched = 0;
    for (uint16_t i = 0; i + 1 < nb; i++) {
        rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 1], void *));
        untouched += !write_one(pkts[i], f, pair, req);
    }
    untouched += !write_one(pkts[nb - 1], f, pair, req);
    s->engine_untouched += untouched;
    return nb;
}

uint16_t burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb, uint16_t) {
    const TxFields f = tx_fields_for(*s->tx);
    uint8_t addrs[kMacPairLen];
    next_hop_macs(*s->tx, addrs);
    MacPair pair;
    std::memcpy(&pair.head, addrs, sizeof(pair.head));
    std::memcpy(&pair.tail, addrs + sizeof(pair.head), sizeof(pair.tail));
    // A port that asks for nothing (the usual case) costs no per-packet test.
    if (f.ol_flags == 0)
        return write_burst(s, pkts, nb, f, pair, FixedTxRequests<false, false, false>{});
    return write_burst(s, pkts, nb, f, pair, TxRequestsOf{f});
}

const pmdfwd_engine engine = pmdfwd::engine_descriptor(
    "mac", "set source MAC to the TX port's, destination MAC to the peer's (--eth-peer)", burst);

} // namespace
} // namespace pmdfwd::engines

PMDFWD_REGISTER_ENGINE(pmdfwd::engines::engine);
