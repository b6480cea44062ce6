// Pieces shared by the x86 macswap kernels. Everything here has internal
// linkage (anonymous namespace): each kernel unit is compiled with its own
// ISA flags, and a shared external-linkage copy could be merged by the linker
// into one built for an ISA this CPU lacks (see macswap_kernel.h).
#pragma once

#include "macswap_fields.h"

#include <rte_branch_prediction.h>
#include <rte_byteorder.h>
#include <rte_prefetch.h>

#include <tmmintrin.h>

#include <cstring>

namespace pmdfwd::macswap {
namespace {

// pshufb control that swaps bytes 0-5 with 6-11 and keeps 12-15.
inline __m128i swap_mask() {
    return _mm_setr_epi8(6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 12, 13, 14, 15);
}

// testpmd's mbuf_field_set(): ol_flags read-modify-write and the l2/l3
// bit-fields (a read-modify-write of tx_offload as the compiler emits it).
inline void set_offload_fields(rte_mbuf *m, const TxFields &f) {
    m->ol_flags = (m->ol_flags & kKeptOlFlags) | f.ol_flags;
    m->l2_len = sizeof(rte_ether_hdr);
    m->l3_len = sizeof(rte_ipv4_hdr);
}

// l2_len and l3_len are exactly the low 16 bits of tx_offload, so one 16-bit
// store sets both and leaves the rest alone without first reading the
// mbuf's second cache line (a store can retire before its line arrives; a
// read-modify-write cannot).
static_assert(RTE_BYTE_ORDER == RTE_LITTLE_ENDIAN);
static_assert(RTE_MBUF_L2_LEN_OFS == 0 && RTE_MBUF_L3_LEN_OFS == RTE_MBUF_L2_LEN_BITS &&
              RTE_MBUF_L2_LEN_BITS + RTE_MBUF_L3_LEN_BITS == 16);
inline constexpr uint16_t kL2L3Len = sizeof(rte_ether_hdr) | sizeof(rte_ipv4_hdr)
                                                                 << RTE_MBUF_L2_LEN_BITS;

inline void store_l2_l3_len(rte_mbuf *m) {
    std::memcpy(reinterpret_cast<char *>(m) + offsetof(rte_mbuf, tx_offload), &kL2L3Len,
                sizeof(kL2L3Len));
}

// The TX fields with the VLAN decisions made at compile time (the kernels
// dispatch once per burst), and no store where the field already holds the
// value the contract asks for: mbufs that are forwarded again (ring
// loopback, recycled NIC buffers) usually already carry l2_len/l3_len and
// clean ol_flags. A load that misses overlaps with other work; a store that
// misses holds up every later store, since stores commit in order. Measured
// on the warm ring rig (512 packets in flight per port, avx512 kernel,
// packets per CPU-second of the forwarding thread, 3 alternating runs):
// 7.0 ns/packet against 8.2 with unconditional stores; no change hot.
template <bool kVlan, bool kQinq>
inline void set_tx_fields_fast(rte_mbuf *m, const TxFields &f) {
    const uint64_t ol = m->ol_flags;
    const uint64_t want = (ol & kKeptOlFlags) | f.ol_flags;
    if (want != ol) m->ol_flags = want;
    if constexpr (kVlan) m->vlan_tci = f.vlan_tci;
    if constexpr (kQinq) m->vlan_tci_outer = f.vlan_tci_outer;
    uint16_t cur;
    std::memcpy(&cur, reinterpret_cast<const char *>(m) + offsetof(rte_mbuf, tx_offload),
                sizeof(cur));
    if (cur != kL2L3Len) store_l2_l3_len(m);
}

// testpmd's vlan_qinq_set(): a separate pass over the burst before the swap
// loop, skipping the packets the contract leaves untouched.
inline void vlan_pass(rte_mbuf **pkts, uint16_t nb, const TxFields &f) {
    const bool vlan = f.ol_flags & RTE_MBUF_F_TX_VLAN;
    const bool qinq = f.ol_flags & RTE_MBUF_F_TX_QINQ;
    if (!vlan && !qinq) return;
    for (uint16_t i = 0; i < nb; i++) {
        rte_mbuf *m = pkts[i];
        if (m->data_len < kMinSwapLen) continue;
        if (vlan) m->vlan_tci = f.vlan_tci;
        if (qinq) m->vlan_tci_outer = f.vlan_tci_outer;
    }
}

// One packet with the 16-byte vector swap when its head is long enough,
// else the scalar contract; used by the SSE kernels' tails.
inline uint16_t swap_one_sse(rte_mbuf *m, const TxFields &f, __m128i shuf) {
    if (m->data_len < kMinVectorLen) return macswap_one(m, f);
    auto *p = rte_pktmbuf_mtod(m, __m128i *);
    _mm_storeu_si128(p, _mm_shuffle_epi8(_mm_loadu_si128(p), shuf));
    set_offload_fields(m, f);
    return 0;
}

// Runs Swap::block<kVlan, kQinq>(pkts, nb, fields) with the VLAN/QinQ
// stores decided once per burst, so that the swap loop carries no
// per-packet branch on them.
template <class Swap>
uint16_t run_fused(rte_mbuf **pkts, uint16_t nb, const TxFields &f) {
    const bool vlan = f.ol_flags & RTE_MBUF_F_TX_VLAN;
    const bool qinq = f.ol_flags & RTE_MBUF_F_TX_QINQ;
    if (vlan) {
        return qinq ? Swap::template block<true, true>(pkts, nb, f)
                    : Swap::template block<true, false>(pkts, nb, f);
    }
    return qinq ? Swap::template block<false, true>(pkts, nb, f)
                : Swap::template block<false, false>(pkts, nb, f);
}

} // namespace
} // namespace pmdfwd::macswap
