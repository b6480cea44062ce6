// The AVX-512 kernel: the memory-level-parallel block walk of macswap_x86.h,
// with each head swapped by a 12-byte masked load, pshufb and 12-byte masked
// store (AVX-512BW+VL on xmm registers). The mask keeps every access inside
// the 12 bytes the contract lets us touch, so heads of 12..15 bytes stay on
// the vector path and there is no 16-byte length branch at all. The mbuf's
// second line, which is only written (tx_offload), is prefetched with
// PREFETCHW so that it arrives owned. Only xmm registers: 128-bit wide.
#pragma once

#include "macswap_x86.h"

#include <immintrin.h>

namespace pmdfwd::macswap {
namespace {

inline constexpr __mmask16 kMacBytes = (1u << kMinSwapLen) - 1;

inline void prefetchw(const void *p) {
    // Every AVX-512 CPU has PREFETCHW; the builtin only emits it with -mprfchw.
    asm volatile("prefetchw %0" : : "m"(*static_cast<const char *>(p)));
}

struct Avx512Swap {
    static void prefetch_second_line(const void *p) { prefetchw(p); }

    template <bool kVlan, bool kQinq>
    static uint16_t block(rte_mbuf **pkts, uint16_t n, const TxFields &f) {
        const __m128i shuf = swap_mask();
        uint16_t untouched = 0;
        for (uint16_t i = 0; i < n; i++) {
            rte_mbuf *m = pkts[i];
            if (unlikely(m->data_len < kMinSwapLen)) {
                untouched++;
                continue;
            }
            void *h = rte_pktmbuf_mtod(m, void *);
            const __m128i v = _mm_shuffle_epi8(_mm_maskz_loadu_epi8(kMacBytes, h), shuf);
            set_tx_fields_fast<kVlan, kQinq>(m, f);
            _mm_mask_storeu_epi8(h, kMacBytes, v);
        }
        return untouched;
    }
};

inline uint16_t avx512_body(rte_mbuf **pkts, uint16_t nb, const TxFields &f) {
    return run_mlp<Avx512Swap>(pkts, nb, f);
}

} // namespace
} // namespace pmdfwd::macswap
