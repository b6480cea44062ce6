// The NEON macswap kernel body (AArch64 Advanced SIMD): four packets per
// iteration, each header's first 16 bytes loaded, shuffled with one table
// lookup and stored back, interleaved with the mbuf TX field updates so that
// the loads are in flight while the mbuf stores retire.
//
// Cost: not measured on arm64 hardware (none here; qemu timings say nothing
// about a real core). Counted in the disassembly of the aarch64-linux-gnu-g++
// 12 -O3 build: see doc/arm64.md for the figures and how to recount them.
//
// Only macswap_neon.cpp includes this (see macswap_kernel.h: everything here
// is static inline, so nothing built for NEON can be merged into another unit).
#pragma once

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

// Four packets that all hold >= 16 bytes in their first segment.
static inline void swap_four(rte_mbuf *const *m, const TxFields &f, uint8x16_t idx) {
    uint8_t *p0 = header(m[0]), *p1 = header(m[1]), *p2 = header(m[2]), *p3 = header(m[3]);
    uint8x16_t h0 = vld1q_u8(p0);
    uint8x16_t h1 = vld1q_u8(p1);
    uint8x16_t h2 = vld1q_u8(p2);
    uint8x16_t h3 = vld1q_u8(p3);
    // While the header loads miss, the mbuf fields (already in cache: mtod
    // just read buf_addr and data_off) are updated.
    set_tx_fields(m[0], f);
    h0 = vqtbl1q_u8(h0, idx);
    set_tx_fields(m[1], f);
    h1 = vqtbl1q_u8(h1, idx);
    vst1q_u8(p0, h0);
    set_tx_fields(m[2], f);
    h2 = vqtbl1q_u8(h2, idx);
    vst1q_u8(p1, h1);
    set_tx_fields(m[3], f);
    h3 = vqtbl1q_u8(h3, idx);
    vst1q_u8(p2, h2);
    vst1q_u8(p3, h3);
}

static inline void prefetch_headers(rte_mbuf *const *pkts, uint16_t from, uint16_t to) {
    for (uint16_t j = from; j < to; j++)
        rte_prefetch0(header(pkts[j]));
}

static inline uint16_t burst(rte_mbuf **pkts, uint16_t nb, const TxFields &f) {
    const uint8x16_t idx = vld1q_u8(kSwapIndex);
    uint16_t untouched = 0;
    uint16_t i = 0;
    for (; i + 4 <= nb; i += 4) {
        // The next group's headers arrive while this group is processed.
        prefetch_headers(pkts, i + 4, static_cast<uint16_t>(std::min<int>(i + 8, nb)));
        rte_mbuf *const *m = pkts + i;
        const uint16_t shortest =
            std::min({m[0]->data_len, m[1]->data_len, m[2]->data_len, m[3]->data_len});
        if (likely(shortest >= kMinVectorLen)) {
            swap_four(m, f, idx);
            continue;
        }
        for (int k = 0; k < 4; k++)
            untouched += swap_one(m[k], f, idx);
    }
    for (; i < nb; i++)
        untouched += swap_one(pkts[i], f, idx);
    return untouched;
}

} // namespace pmdfwd::macswap::neon
