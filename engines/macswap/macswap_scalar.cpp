// The reference kernel: one packet at a time, no vector instructions. Every
// other kernel is tested byte for byte and field for field against it.
// Measured TSC cycles/packet (bench_macswap, burst 32, 64 B, medians of 5
// interleaved repetitions, doc/macswap-kernels.md): hot 11.4, warm 20.8,
// cold 44.3.
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
