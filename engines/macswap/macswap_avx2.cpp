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

struct Avx2Swap {
    static constexpr uint16_t kMinLen = kMinVectorLen;
    static constexpr bool kPrefetchNext = false;

    // Written out rather than _mm256_storeu2_m128i, which GCC compiles to an
    // extract into a register and a store instead of one vextracti128 to
    // memory.
    static void store2(__m128i *lo, __m128i *hi, __m256i v) {
        _mm_storeu_si128(lo, _mm256_castsi256_si128(v));
        _mm_storeu_si128(hi, _mm256_extracti128_si256(v, 1));
    }

    template <TxStore kStore, class Req>
    static void four(rte_mbuf *const (&m)[4], __m128i *const (&h)[4], const TxFields &f, Req req) {
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
    return swap_burst<Avx2Swap, TxStore::kAlways, true>(pkts, nb, fields);
}

} // namespace pmdfwd::macswap
