// The avx512 kernel: each packet's MACs swapped by a 12-byte masked load,
// pshufb and 12-byte masked store (AVX-512BW+VL on xmm registers only, so it
// is a 128-bit kernel for EAL's SIMD cap). The mask keeps every access inside
// the 12 bytes the contract lets us touch, so heads of 12..15 bytes stay on
// the vector path. Four packets per iteration, VLAN/QinQ stores folded into
// the loop as in the avx2 kernel (and no software prefetch, for the reason
// given there), but no store of a TX field that already holds its value
// (TxStore::kIfChanged): the kernel for the cores where clean lines pay.
#include "macswap_x86.h"

#include <immintrin.h>

namespace pmdfwd::macswap {
namespace {

inline constexpr __mmask16 kMacBytes = (1u << kMinSwapLen) - 1;

struct Avx512Swap {
    static constexpr uint16_t kMinLen = kMinSwapLen;
    static constexpr bool kPrefetchNext = false;

    static __m128i load(const __m128i *h) { return _mm_maskz_loadu_epi8(kMacBytes, h); }
    static void store(__m128i *h, __m128i v) { _mm_mask_storeu_epi8(h, kMacBytes, v); }

    template <TxStore kStore, class Req>
    static void four(rte_mbuf *const (&m)[4], __m128i *const (&h)[4], const TxFields &f, Req req) {
        const __m128i shuf = swap_mask();
        const __m128i a0 = _mm_shuffle_epi8(load(h[0]), shuf);
        const __m128i a1 = _mm_shuffle_epi8(load(h[1]), shuf);
        const __m128i a2 = _mm_shuffle_epi8(load(h[2]), shuf);
        const __m128i a3 = _mm_shuffle_epi8(load(h[3]), shuf);
        write_tx_fields<kStore>(m[0], f, req);
        write_tx_fields<kStore>(m[1], f, req);
        write_tx_fields<kStore>(m[2], f, req);
        write_tx_fields<kStore>(m[3], f, req);
        store(h[0], a0);
        store(h[1], a1);
        store(h[2], a2);
        store(h[3], a3);
    }

    template <TxStore kStore, class Req>
    static uint16_t one(rte_mbuf *m, const TxFields &f, Req req) {
        if (unlikely(m->data_len < kMinSwapLen)) return 1;
        __m128i *const h = head(m);
        store(h, _mm_shuffle_epi8(load(h), swap_mask()));
        write_tx_fields<kStore>(m, f, req);
        return 0;
    }
};

} // namespace

uint16_t macswap_avx512(rte_mbuf **pkts, uint16_t nb, const TxFields &fields) {
    return swap_burst<Avx512Swap, TxStore::kIfChanged, true>(pkts, nb, fields);
}

} // namespace pmdfwd::macswap
