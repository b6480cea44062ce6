// The AVX-512 kernel: one packet per step, its MACs swapped by a 12-byte
// masked load, pshufb and 12-byte masked store (AVX-512BW+VL on xmm
// registers only, so it is a 128-bit kernel for EAL's SIMD cap). The mask
// keeps every access inside the 12 bytes the contract lets us touch, so
// heads of 12..15 bytes stay on the vector path and there is no 16-byte
// length branch at all. VLAN/QinQ stores are folded into the loop (decided
// once per burst) and l2_len/l3_len are one 16-bit store.
//
// No software prefetch: explicit prefetch passes (all mbuf lines of the
// burst, then all heads, then the swap) and look-ahead prefetches were
// measured slower or no faster here, hot and cold, than letting the
// out-of-order core run ahead: a 32-packet burst of this loop fits its
// reorder window, so the misses overlap anyway (doc/macswap-kernels.md).
#pragma once

#include "macswap_x86.h"

#include <immintrin.h>

namespace pmdfwd::macswap {
namespace {

inline constexpr __mmask16 kMacBytes = (1u << kMinSwapLen) - 1;

struct Avx512Swap {
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
    return run_fused<Avx512Swap>(pkts, nb, f);
}

} // namespace
} // namespace pmdfwd::macswap
