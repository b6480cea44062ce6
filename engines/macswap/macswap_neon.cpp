// The neon kernel (AArch64 Advanced SIMD): four packets per
// iteration, each header's first 16 bytes loaded, shuffled with one table
// lookup and stored back, interleaved with the mbuf TX field updates so that
// the loads are in flight while the mbuf stores retire.
//
// Everything but the kernel function is static inline: nothing built for NEON
// may be merged into another unit (macswap_kernel.h).

#include "macswap_fields.h"

#include <arm_neon.h>
#include <rte_branch_prediction.h>
#include <rte_prefetch.h>

#include <algorithm>

namespace pmdfwd::macswap::neon {

// vqtbl1q_u8 indices: bytes 0-5 (dst MAC) and 6-11 (src MAC) trade places;
// 12-15 (EtherType and what follows) are written back unchanged.
alignas(16) static constexpr uint8_t kSwapIndex[16] = {6, 7, 8, 9, 10, 11, 0,  1,
                                                       2, 3, 4, 5, 12, 13, 14, 15};
static_assert(2 * RTE_ETHER_ADDR_LEN + 4 == sizeof(kSwapIndex));
static_assert(kMinVectorLen == sizeof(kSwapIndex),
              "the 16-byte load/store needs data_len >= kMinVectorLen");

static inline uint8_t *header(rte_mbuf *m) {
    return rte_pktmbuf_mtod(m, uint8_t *);
}

// One packet with the same vector step, or macswap_one() when its first
// segment is too short for a 16-byte access. Returns 1 if left untouched.
static inline uint16_t swap_one(rte_mbuf *m, const TxFields &f, uint8x16_t idx) {
    if (m->data_len < kMinVectorLen) return macswap_one(m, f);
    uint8_t *p = header(m);
    vst1q_u8(p, vqtbl1q_u8(vld1q_u8(p), idx));
    set_tx_fields(m, f);
    return 0;
}

// Four packets that all hold >= 16 bytes in their first segment. The mbuf
// pointers come by value so that the compiler need not reload them after
// each store (a store through an mbuf might otherwise alias pkts[]).
static inline void swap_four(rte_mbuf *m0, rte_mbuf *m1, rte_mbuf *m2, rte_mbuf *m3,
                             const TxFields &f, uint8x16_t idx) {
    uint8_t *p0 = header(m0), *p1 = header(m1), *p2 = header(m2), *p3 = header(m3);
    uint8x16_t h0 = vld1q_u8(p0);
    uint8x16_t h1 = vld1q_u8(p1);
    uint8x16_t h2 = vld1q_u8(p2);
    uint8x16_t h3 = vld1q_u8(p3);
    // While the header loads miss, the mbuf fields (already in cache: mtod
    // just read buf_addr and data_off) are updated.
    set_tx_fields(m0, f);
    h0 = vqtbl1q_u8(h0, idx);
    set_tx_fields(m1, f);
    h1 = vqtbl1q_u8(h1, idx);
    vst1q_u8(p0, h0);
    set_tx_fields(m2, f);
    h2 = vqtbl1q_u8(h2, idx);
    vst1q_u8(p1, h1);
    set_tx_fields(m3, f);
    h3 = vqtbl1q_u8(h3, idx);
    vst1q_u8(p2, h2);
    vst1q_u8(p3, h3);
}

static inline uint16_t burst(rte_mbuf **pkts, uint16_t nb, const TxFields &fields) {
    // A local copy: no mbuf store can alias it, so it stays in registers.
    const TxFields f = fields;
    const uint8x16_t idx = vld1q_u8(kSwapIndex);
    uint16_t untouched = 0;
    uint16_t i = 0;
    for (; i + 4 <= nb; i += 4) {
        rte_mbuf *m0 = pkts[i], *m1 = pkts[i + 1], *m2 = pkts[i + 2], *m3 = pkts[i + 3];
        // The next group's headers arrive while this group is processed.
        if (likely(i + 8 <= nb)) {
            rte_prefetch0(header(pkts[i + 4]));
            rte_prefetch0(header(pkts[i + 5]));
            rte_prefetch0(header(pkts[i + 6]));
            rte_prefetch0(header(pkts[i + 7]));
        } else {
            for (uint16_t j = i + 4; j < nb; j++)
                rte_prefetch0(header(pkts[j]));
        }
        const uint16_t shortest =
            std::min({m0->data_len, m1->data_len, m2->data_len, m3->data_len});
        if (likely(shortest >= kMinVectorLen)) {
            swap_four(m0, m1, m2, m3, f, idx);
            continue;
        }
        untouched += swap_one(m0, f, idx) + swap_one(m1, f, idx) + swap_one(m2, f, idx) +
                     swap_one(m3, f, idx);
    }
    for (; i < nb; i++)
        untouched += swap_one(pkts[i], f, idx);
    return untouched;
}

} // namespace pmdfwd::macswap::neon

namespace pmdfwd::macswap {

uint16_t macswap_neon(rte_mbuf **pkts, uint16_t nb, const TxFields &fields) {
    return neon::burst(pkts, nb, fields);
}

} // namespace pmdfwd::macswap
