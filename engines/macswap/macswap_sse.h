// The SSE kernel in the shape of testpmd's macswap_sse.h before 2024
// (DPDK <= 24.07): a separate VLAN pass, then four packets per iteration
// (4 loads, 4 pshufb, 4 stores, then the 4 field updates) with the heads of
// the next four prefetched. Unlike testpmd it checks every head's length:
// a group with a head shorter than 16 bytes takes the scalar path.
#pragma once

#include "macswap_x86.h"

namespace pmdfwd::macswap {
namespace {

inline bool any_short(const rte_mbuf *a, const rte_mbuf *b, const rte_mbuf *c, const rte_mbuf *d) {
    return (a->data_len < kMinVectorLen) | (b->data_len < kMinVectorLen) |
           (c->data_len < kMinVectorLen) | (d->data_len < kMinVectorLen);
}

inline uint16_t scalar_group(rte_mbuf **mb, const TxFields &f) {
    return macswap_one(mb[0], f) + macswap_one(mb[1], f) + macswap_one(mb[2], f) +
           macswap_one(mb[3], f);
}

// testpmd's loop around a group of 4: a separate VLAN pass first, heads of
// the next group prefetched, a group with any head shorter than 16 bytes on
// the scalar path, the tail one packet at a time. Group::swap4 is the part
// the sse and sse-interleaved kernels order differently.
template <class Group>
inline uint16_t sse_groups_of_4(rte_mbuf **pkts, uint16_t nb, const TxFields &f) {
    const __m128i shuf = swap_mask();
    uint16_t untouched = 0;
    vlan_pass(pkts, nb, f);
    uint16_t i = 0;
    for (; nb - i >= 4; i += 4) {
        if (nb - i >= 8) {
            rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 4], void *));
            rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 5], void *));
            rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 6], void *));
            rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 7], void *));
        }
        rte_mbuf **mb = pkts + i;
        if (unlikely(any_short(mb[0], mb[1], mb[2], mb[3]))) {
            untouched += scalar_group(mb, f);
            continue;
        }
        Group::swap4(mb, shuf, f);
    }
    for (; i < nb; i++) {
        if (i + 1 < nb) rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 1], void *));
        untouched += swap_one_sse(pkts[i], f, shuf);
    }
    return untouched;
}

// Pre-2024 order: 4 loads, 4 shuffles, 4 stores, then the 4 field updates.
struct SseGroup {
    static void swap4(rte_mbuf **mb, __m128i shuf, const TxFields &f) {
        auto *h0 = rte_pktmbuf_mtod(mb[0], __m128i *);
        auto *h1 = rte_pktmbuf_mtod(mb[1], __m128i *);
        auto *h2 = rte_pktmbuf_mtod(mb[2], __m128i *);
        auto *h3 = rte_pktmbuf_mtod(mb[3], __m128i *);
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
        set_offload_fields(mb[0], f);
        set_offload_fields(mb[1], f);
        set_offload_fields(mb[2], f);
        set_offload_fields(mb[3], f);
    }
};

inline uint16_t sse_body(rte_mbuf **pkts, uint16_t nb, const TxFields &f) {
    return sse_groups_of_4<SseGroup>(pkts, nb, f);
}

} // namespace
} // namespace pmdfwd::macswap
