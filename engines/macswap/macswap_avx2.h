// The AVX2 kernel: two packet heads per 256-bit pshufb (two 16-byte loads
// into one ymm, two 16-byte stores out of it), VLAN/QinQ stores folded into
// the swap loop (decided once per burst) and l2_len/l3_len written with one
// 16-bit store instead of a read-modify-write of the mbuf's second line. A
// pair with a head shorter than 16 bytes goes one packet at a time.
//
// No software prefetch, for the reason given in macswap_avx512.h.
#pragma once

#include "macswap_x86.h"

#include <immintrin.h>

namespace pmdfwd::macswap {
namespace {

template <bool kVlan, bool kQinq>
inline uint16_t avx2_one(rte_mbuf *m, const TxFields &f, __m128i shuf) {
    if (m->data_len < kMinVectorLen) {
        if (m->data_len < kMinSwapLen) return 1;
        swap_macs(m);
    } else {
        auto *p = rte_pktmbuf_mtod(m, __m128i *);
        _mm_storeu_si128(p, _mm_shuffle_epi8(_mm_loadu_si128(p), shuf));
    }
    set_tx_fields_fast<kVlan, kQinq>(m, f);
    return 0;
}

struct Avx2Swap {
    template <bool kVlan, bool kQinq>
    static uint16_t block(rte_mbuf **pkts, uint16_t n, const TxFields &f) {
        const __m128i shuf = swap_mask();
        const __m256i shuf2 = _mm256_broadcastsi128_si256(shuf);
        uint16_t untouched = 0;
        uint16_t i = 0;
        for (; n - i >= 2; i += 2) {
            rte_mbuf *a = pkts[i];
            rte_mbuf *b = pkts[i + 1];
            if (unlikely((a->data_len < kMinVectorLen) | (b->data_len < kMinVectorLen))) {
                untouched += avx2_one<kVlan, kQinq>(a, f, shuf);
                untouched += avx2_one<kVlan, kQinq>(b, f, shuf);
                continue;
            }
            auto *ha = rte_pktmbuf_mtod(a, __m128i *);
            auto *hb = rte_pktmbuf_mtod(b, __m128i *);
            const __m256i v = _mm256_shuffle_epi8(_mm256_loadu2_m128i(hb, ha), shuf2);
            set_tx_fields_fast<kVlan, kQinq>(a, f);
            set_tx_fields_fast<kVlan, kQinq>(b, f);
            _mm256_storeu2_m128i(hb, ha, v);
        }
        if (i < n) untouched += avx2_one<kVlan, kQinq>(pkts[i], f, shuf);
        return untouched;
    }
};

inline uint16_t avx2_body(rte_mbuf **pkts, uint16_t nb, const TxFields &f) {
    return run_fused<Avx2Swap>(pkts, nb, f);
}

} // namespace
} // namespace pmdfwd::macswap
