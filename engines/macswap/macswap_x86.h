// The loop every x86 macswap kernel shares: the burst's TX requests decided
// once, then groups of four packets, a group with a head too short for the
// kernel's vector access taken one packet at a time, then the tail. A kernel
// supplies only how it swaps a group and a single packet (its Swap class).
//
// Everything here has internal linkage (anonymous namespace): each kernel
// unit is compiled with its own ISA flags, and a shared external-linkage
// copy could be merged by the linker into one built for an ISA this CPU
// lacks (see macswap_kernel.h).
#pragma once

#include "macswap_fields.h"

#include <rte_branch_prediction.h>
#include <rte_prefetch.h>

#include <tmmintrin.h>

namespace pmdfwd::macswap {
namespace {

using engines::FixedTxRequests;
using engines::TxStore;
using engines::write_tx_fields;
using engines::writes_lengths;

// pshufb control that swaps bytes 0-5 with 6-11 and keeps 12-15.
inline __m128i swap_mask() {
    return _mm_setr_epi8(6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 12, 13, 14, 15);
}

inline __m128i *head(rte_mbuf *m) {
    return rte_pktmbuf_mtod(m, __m128i *);
}

// A group of four whose heads all hold at least kMinLen bytes: four compares
// with a memory operand and four jumps never taken in a burst without runts,
// fewer instructions and loads than gathering the lengths into a vector.
template <uint16_t kMinLen>
inline bool all_long(const rte_mbuf *a, const rte_mbuf *b, const rte_mbuf *c, const rte_mbuf *d) {
    if (unlikely(a->data_len < kMinLen)) return false;
    if (unlikely(b->data_len < kMinLen)) return false;
    if (unlikely(c->data_len < kMinLen)) return false;
    return likely(d->data_len >= kMinLen);
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

// Swap's interface:
//   kMinLen                     shortest head Swap::four takes;
//   kPrefetchNext               prefetch the next group's heads (testpmd's shape);
//   four<Store>(m, h, f, req)   the four packets m[0..3] with heads h[0..3], all
//                               holding >= kMinLen bytes;
//   one<Store>(m, f, req)       any single packet; returns 1 if left untouched.

// Packets one at a time: a group with a short head, and the tail. Out of
// line and cold, so that the group loop keeps its state in registers.
template <class Swap, TxStore kStore, class Req>
__attribute__((noinline, cold)) uint16_t swap_each(rte_mbuf **pkts, size_t n, const TxFields f) {
    uint16_t untouched = 0;
    for (size_t i = 0; i < n; i++)
        untouched += Swap::template one<kStore>(pkts[i], f, Req{});
    return untouched;
}

struct Heads {
    __m128i *h[4];
    static Heads of(rte_mbuf *const *m) {
        return {{head(m[0]), head(m[1]), head(m[2]), head(m[3])}};
    }
};

// TxFields comes by value: a local copy that no mbuf store can alias stays in
// registers instead of being reloaded after every store. Not inlined into
// swap_burst: each variant gets a prologue that saves only what it uses.
// With kPrefetchNext, the heads computed to prefetch the next group are the
// ones that group uses: the mbuf fields are read once.
template <class Swap, TxStore kStore, class Req>
__attribute__((noinline)) uint16_t swap_groups(rte_mbuf **pkts, uint16_t nb, const TxFields f) {
    uint16_t untouched = 0;
    rte_mbuf **p = pkts;
    rte_mbuf **const groups_end = pkts + (nb & ~3u);
    Heads next{};
    if (Swap::kPrefetchNext && p != groups_end) next = Heads::of(p);
    for (; p != groups_end; p += 4) {
        rte_mbuf *const m[4] = {p[0], p[1], p[2], p[3]};
        Heads cur = next;
        if (Swap::kPrefetchNext && groups_end - p >= 8) {
            next = Heads::of(p + 4);
            for (__m128i *h : next.h)
                rte_prefetch0(h);
        }
        if (likely(all_long<Swap::kMinLen>(m[0], m[1], m[2], m[3]))) {
            if (!Swap::kPrefetchNext) cur = Heads::of(m);
            Swap::template four<kStore>(m, cur.h, f, Req{});
        } else {
            untouched += swap_each<Swap, kStore, Req>(p, 4, f);
        }
    }
    if (p != pkts + nb) untouched += swap_each<Swap, kStore, Req>(p, pkts + nb - p, f);
    return untouched;
}

// The burst's requests decided once, so that the swap loop carries no
// per-packet branch on them (lean mode with nothing requested: a loop that
// never touches the mbuf's second cache line). kVlanInLoop: the kernel
// stores the VLAN tags with the other fields; otherwise vlan_pass() did it
// first.
template <class Swap, TxStore kStore, bool kVlanInLoop>
uint16_t swap_burst(rte_mbuf **pkts, uint16_t nb, const TxFields &fields) {
    const TxFields f = fields;
    const bool vlan = kVlanInLoop && (f.ol_flags & RTE_MBUF_F_TX_VLAN);
    const bool qinq = kVlanInLoop && (f.ol_flags & RTE_MBUF_F_TX_QINQ);
    if (!kVlanInLoop) vlan_pass(pkts, nb, f);
    if (f.ol_flags == 0 && !writes_lengths(f))
        return swap_groups<Swap, kStore, FixedTxRequests<false, false, false, false>>(pkts, nb, f);
    if (f.ol_flags == 0)
        return swap_groups<Swap, kStore, FixedTxRequests<false, false, false>>(pkts, nb, f);
    if (vlan && qinq)
        return swap_groups<Swap, kStore, FixedTxRequests<true, true, true>>(pkts, nb, f);
    if (vlan) return swap_groups<Swap, kStore, FixedTxRequests<true, true, false>>(pkts, nb, f);
    if (qinq) return swap_groups<Swap, kStore, FixedTxRequests<true, false, true>>(pkts, nb, f);
    return swap_groups<Swap, kStore, FixedTxRequests<true, false, false>>(pkts, nb, f);
}

// One packet with a 16-byte load/shuffle/store when its head is long
// enough, else the scalar contract (which leaves runts untouched).
template <TxStore kStore, class Req>
inline uint16_t swap_one_16(rte_mbuf *m, const TxFields &f, Req req) {
    if (unlikely(m->data_len < kMinVectorLen)) return macswap_one(m, f);
    __m128i *h = head(m);
    _mm_storeu_si128(h, _mm_shuffle_epi8(_mm_loadu_si128(h), swap_mask()));
    write_tx_fields<kStore>(m, f, req);
    return 0;
}

} // namespace
} // namespace pmdfwd::macswap
