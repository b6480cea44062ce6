// The reference kernel: one packet at a time, no vector instructions. Every
// other kernel is tested byte for byte and field for field against it.
#include "macswap_fields.h"

namespace pmdfwd::macswap {

uint16_t macswap_scalar(rte_mbuf **pkts, uint16_t nb, const TxFields &fields) {
    uint16_t untouched = 0;
    for (uint16_t i = 0; i < nb; i++) {
        if (i + 1 < nb) rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 1], void *));
        untouched += macswap_one(pkts[i], fields);
    }
    return untouched;
}

} // namespace pmdfwd::macswap
