// The sse kernel, in the shape of testpmd's macswap_sse.h up to DPDK 24.07:
// a separate VLAN pass, then four packets per iteration (4 loads, 4 pshufb,
// 4 stores, then the 4 field updates, every field stored as testpmd's
// mbuf_field_set() does) with the heads of the next four prefetched. Unlike
// testpmd it checks every head's length: a group with a head shorter than 16
// bytes goes one packet at a time (macswap_x86.h).
#include "macswap_x86.h"

namespace pmdfwd::macswap {
namespace {

struct SseSwap {
    static constexpr uint16_t kMinLen = kMinVectorLen;
    static constexpr bool kPrefetchNext = true;

    template <TxStore kStore, class Req>
    static void four(rte_mbuf *const (&m)[4], __m128i *const (&h)[4], const TxFields &f, Req req) {
        const __m128i shuf = swap_mask();
        __m128i *const h0 = h[0], *const h1 = h[1], *const h2 = h[2], *const h3 = h[3];
        __m128i a0 = _mm_loadu_si128(h0);
        __m128i a1 = _mm_loadu_si128(h1);
        __m128i a2 = _mm_loadu_si128(h2);
        __m128i a3 = _mm_loadu_si128(h3);
        a0 = _mm_shuffle_epi8(a0, shuf);
        a1 = _mm_shuffle_epi8(a1, shuf);
        a2 = _mm_shuffle_epi8(a2, shuf);
        a3 = _mm_shuffle_epi8(a3, shuf);
        _mm_storeu_si128(h0, a0);
        _mm_storeu_si128(h1, a1);
        _mm_storeu_si128(h2, a2);
        _mm_storeu_si128(h3, a3);
        write_tx_fields<kStore>(m[0], f, req);
        write_tx_fields<kStore>(m[1], f, req);
        write_tx_fields<kStore>(m[2], f, req);
        write_tx_fields<kStore>(m[3], f, req);
    }

    template <TxStore kStore, class Req>
    static uint16_t one(rte_mbuf *m, const TxFields &f, Req req) {
        return swap_one_16<kStore>(m, f, req);
    }
};

} // namespace

uint16_t macswap_sse(rte_mbuf **pkts, uint16_t nb, const TxFields &fields) {
    return swap_burst<SseSwap, TxStore::kAlways, false>(pkts, nb, fields);
}

} // namespace pmdfwd::macswap
