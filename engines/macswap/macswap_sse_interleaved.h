// The SSE kernel in the shape DPDK 24.11 shipped (the 2024 testpmd series
// "app/testpmd: improve sse based macswap"): the same four-packet loop as macswap_sse.h, but
// each load is followed by that packet's mbuf field update (the mbuf's
// second cache line) and the shuffles and stores are interleaved with the
// later loads, so loads, shuffles and stores of different packets overlap.
#pragma once

#include "macswap_sse.h"

namespace pmdfwd::macswap {
namespace {

// DPDK 24.11's order: each load followed by that packet's field update,
// shuffles and stores interleaved with the later loads.
struct SseInterleavedGroup {
    static void swap4(rte_mbuf **mb, __m128i shuf, const TxFields &f) {
        auto *h0 = rte_pktmbuf_mtod(mb[0], __m128i *);
        auto *h1 = rte_pktmbuf_mtod(mb[1], __m128i *);
        auto *h2 = rte_pktmbuf_mtod(mb[2], __m128i *);
        auto *h3 = rte_pktmbuf_mtod(mb[3], __m128i *);
        __m128i a0 = _mm_loadu_si128(h0);
        set_offload_fields(mb[0], f);
        __m128i a1 = _mm_loadu_si128(h1);
        set_offload_fields(mb[1], f);
        a0 = _mm_shuffle_epi8(a0, shuf);
        __m128i a2 = _mm_loadu_si128(h2);
        set_offload_fields(mb[2], f);
        a1 = _mm_shuffle_epi8(a1, shuf);
        _mm_storeu_si128(h0, a0);
        __m128i a3 = _mm_loadu_si128(h3);
        set_offload_fields(mb[3], f);
        a2 = _mm_shuffle_epi8(a2, shuf);
        _mm_storeu_si128(h1, a1);
        a3 = _mm_shuffle_epi8(a3, shuf);
        _mm_storeu_si128(h2, a2);
        _mm_storeu_si128(h3, a3);
    }
};

inline uint16_t sse_interleaved_body(rte_mbuf **pkts, uint16_t nb, const TxFields &f) {
    return sse_groups_of_4<SseInterleavedGroup>(pkts, nb, f);
}

} // namespace
} // namespace pmdfwd::macswap
