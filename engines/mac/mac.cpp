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

uint16_t burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb, uint16_t) {
    const TxFields f = tx_fields_for(*s->tx);
    uint8_t addrs[kMacPairLen];
    next_hop_macs(*s->tx, addrs);

    uint16_t untouched = 0;
    for (uint16_t i = 0; i < nb; i++) {
        if (i + 1 < nb) rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 1], void *));
        rte_mbuf *m = pkts[i];
        if (m->data_len < kMacPairLen) {
            untouched++;
            continue;
        }
        std::memcpy(rte_pktmbuf_mtod(m, uint8_t *), addrs, kMacPairLen);
        set_tx_fields(m, f);
    }
    s->engine_untouched += untouched;
    return nb;
}

const pmdfwd_engine engine = pmdfwd::engine_descriptor(
    "mac", "set source MAC to the TX port's, destination MAC to the peer's (--eth-peer)", burst);

} // namespace
} // namespace pmdfwd::engines

PMDFWD_REGISTER_ENGINE(pmdfwd::engines::engine);
