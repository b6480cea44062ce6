// The sse-interleaved kernel, in the shape DPDK 24.11 shipped ("app/testpmd:
// improve sse based macswap"): testpmd's four-packet loop of the sse kernel,
// but each load is followed by that packet's field update (the mbuf's second
// cache line) and the shuffles and stores are interleaved with the later
// loads, so that loads, shuffles and stores of different packets overlap.
#include "macswap_x86.h"

namespace pmdfwd::macswap {
namespace {

struct SseInterleavedSwap {
    static constexpr uint16_t kMinLen = kMinVectorLen;
    static constexpr bool kPrefetchNext = true;

    template <TxStore kStore, class Req>
    static void four(rte_mbuf *const (&m)[4], __m128i *const (&h)[4], const TxFields &f, Req req) {
        const __m128i shuf = swap_mask();
        __m128i *const h0 = h[0], *const h1 = h[1], *const h2 = h[2], *const h3 = h[3];
        __m128i a0 = _mm_loadu_si128(h0);
        write_tx_fields<kStore>(m[0], f, req);
        __m128i a1 = _mm_loadu_si128(h1);
        write_tx_fields<kStore>(m[1], f, req);
        a0 = _mm_shuffle_epi8(a0, shuf);
        __m128i a2 = _mm_loadu_si128(h2);
        write_tx_fields<kStore>(m[2], f, req);
        a1 = _mm_shuffle_epi8(a1, shuf);
        _mm_storeu_si128(h0, a0);
        __m128i a3 = _mm_loadu_si128(h3);
        write_tx_fields<kStore>(m[3], f, req);
        a2 = _mm_shuffle_epi8(a2, shuf);
        _mm_storeu_si128(h1, a1);
        a3 = _mm_shuffle_epi8(a3, shuf);
        _mm_storeu_si128(h2, a2);
        _mm_storeu_si128(h3, a3);
    }

    template <TxStore kStore, class Req>
    static uint16_t one(rte_mbuf *m, const TxFields &f, Req req) {
        return swap_one_16<kStore>(m, f, req);
    }
};

} // namespace

uint16_t macswap_sse_interleaved(rte_mbuf **pkts, uint16_t nb, const TxFields &fields) {
    return swap_burst<SseInterleavedSwap, TxStore::kAlways, false>(pkts, nb, fields);
}

} // namespace pmdfwd::macswap
