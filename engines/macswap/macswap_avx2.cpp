// The avx2 kernel: two packet heads per 256-bit pshufb (two 16-byte loads
// into one ymm, two 16-byte stores out of it), four packets per iteration,
// the VLAN/QinQ stores folded into the loop (decided once per burst) and
// every TX field stored (TxStore::kAlways): the fewest instructions, and on
// the cores where skipping unchanged fields pays, the avx512 kernel does it
// and the start-up measurement picks it (doc/macswap-kernels.md).
//
// No software prefetch: explicit prefetch passes (all mbuf lines of the
// burst, then all heads, then the swap) and look-ahead prefetches were
// measured slower or no faster than letting the out-of-order core run ahead:
// a 32-packet burst of this loop fits its reorder window, so the misses
// overlap anyway (doc/macswap-kernels.md).
#include "macswap_x86.h"

#include <immintrin.h>

namespace pmdfwd::macswap {
namespace {

static_assert(offsetof(rte_mbuf, buf_addr) == 0 && offsetof(rte_mbuf, data_off) == 16 &&
              offsetof(rte_mbuf, ol_flags) == 24);

// EXPERIMENT (issue 19): buf_addr, data_off and ol_flags of one mbuf in one
// 32-byte load; the contract's ol_flags stored from the vector; the head
// returned.
template <class Req>
inline __m128i *fields_from_vector(rte_mbuf *m, __m128i sel, __m128i add, Req req) {
    const __m256i v = _mm256_load_si256(reinterpret_cast<const __m256i *>(m));
    __m128i hi = _mm_and_si128(_mm256_extracti128_si256(v, 1), sel);
    if (req.flags()) hi = _mm_or_si128(hi, add);
    _mm_storeh_pi(reinterpret_cast<__m64 *>(&m->ol_flags), _mm_castsi128_ps(hi));
    return reinterpret_cast<__m128i *>(
        _mm_cvtsi128_si64(_mm_add_epi64(_mm256_castsi256_si128(v), hi)));
}

template <class Req>
inline void write_tags_and_lengths(rte_mbuf *m, const TxFields &f, Req req) {
    if (req.vlan()) m->vlan_tci = f.vlan_tci;
    if (req.qinq()) m->vlan_tci_outer = f.vlan_tci_outer;
    if (req.lengths()) {
        m->l2_len = sizeof(rte_ether_hdr);
        m->l3_len = sizeof(rte_ipv4_hdr);
    }
}

template <bool kVecFields, unsigned kAhead>
struct Avx2Swap {
    static constexpr uint16_t kMinLen = kMinVectorLen;
    static constexpr bool kPrefetchNext = false;
    static constexpr unsigned kMbufAhead = kAhead;

    // Written out rather than _mm256_storeu2_m128i, which GCC compiles to an
    // extract into a register and a store instead of one vextracti128 to
    // memory.
    static void store2(__m128i *lo, __m128i *hi, __m256i v) {
        _mm_storeu_si128(lo, _mm256_castsi256_si128(v));
        _mm_storeu_si128(hi, _mm256_extracti128_si256(v, 1));
    }

    template <TxStore kStore, class Req>
    static void four(rte_mbuf *const (&m)[4], __m128i *const (&hh)[4], const TxFields &f, Req req) {
        if constexpr (kVecFields) {
            const __m128i sel = _mm_set_epi64x(static_cast<long long>(kKeptOlFlags), 0xffff);
            const __m128i add = _mm_set_epi64x(static_cast<long long>(f.ol_flags), 0);
            __m128i *const h[4] = {
                fields_from_vector(m[0], sel, add, req), fields_from_vector(m[1], sel, add, req),
                fields_from_vector(m[2], sel, add, req), fields_from_vector(m[3], sel, add, req)};
            const __m256i shuf = _mm256_broadcastsi128_si256(swap_mask());
            const __m256i a = _mm256_shuffle_epi8(_mm256_loadu2_m128i(h[1], h[0]), shuf);
            const __m256i b = _mm256_shuffle_epi8(_mm256_loadu2_m128i(h[3], h[2]), shuf);
            for (rte_mbuf *x : m)
                write_tags_and_lengths(x, f, req);
            store2(h[0], h[1], a);
            store2(h[2], h[3], b);
            return;
        }
        __m128i *const(&h)[4] = hh;
        const __m256i shuf = _mm256_broadcastsi128_si256(swap_mask());
        __m128i *const h0 = h[0], *const h1 = h[1], *const h2 = h[2], *const h3 = h[3];
        const __m256i a = _mm256_shuffle_epi8(_mm256_loadu2_m128i(h1, h0), shuf);
        const __m256i b = _mm256_shuffle_epi8(_mm256_loadu2_m128i(h3, h2), shuf);
        write_tx_fields<kStore>(m[0], f, req);
        write_tx_fields<kStore>(m[1], f, req);
        write_tx_fields<kStore>(m[2], f, req);
        write_tx_fields<kStore>(m[3], f, req);
        store2(h0, h1, a);
        store2(h2, h3, b);
    }

    template <TxStore kStore, class Req>
    static uint16_t one(rte_mbuf *m, const TxFields &f, Req req) {
        return swap_one_16<kStore>(m, f, req);
    }
};

} // namespace

uint16_t macswap_avx2(rte_mbuf **pkts, uint16_t nb, const TxFields &fields) {
    return swap_burst<Avx2Swap<false, 0>, TxStore::kAlways, true>(pkts, nb, fields);
}
uint16_t macswap_avx2_vec(rte_mbuf **pkts, uint16_t nb, const TxFields &fields) {
    return swap_burst<Avx2Swap<true, 0>, TxStore::kAlways, true>(pkts, nb, fields);
}
uint16_t macswap_avx2_pf1(rte_mbuf **pkts, uint16_t nb, const TxFields &fields) {
    return swap_burst<Avx2Swap<false, 1>, TxStore::kAlways, true>(pkts, nb, fields);
}
uint16_t macswap_avx2_pf2(rte_mbuf **pkts, uint16_t nb, const TxFields &fields) {
    return swap_burst<Avx2Swap<false, 2>, TxStore::kAlways, true>(pkts, nb, fields);
}

} // namespace pmdfwd::macswap
