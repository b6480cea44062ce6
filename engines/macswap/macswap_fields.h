// The per-packet contract shared by every macswap kernel: which packets are
// processed, and which mbuf TX fields are set (as testpmd's macswap.h does:
// ol_flags keeps only INDIRECT/EXTERNAL and gains the port's insert flags,
// vlan_tci/vlan_tci_outer from `tx_vlan set`, l2_len = 14, l3_len = 20).
#pragma once

#include "macswap_kernel.h"

#include <pmdfwd/engine.h>

#include <rte_ethdev.h>
#include <rte_ether.h>
#include <rte_ip.h>
#include <rte_mbuf.h>

#include <cstddef>
#include <cstring>

// Helpers are static inline: kernel units are compiled with different ISA
// flags, and an inline function with external linkage could be merged by the
// linker into one copy built for an ISA this CPU lacks.
namespace pmdfwd::macswap {

// Two MAC addresses; a shorter first segment is left untouched.
inline constexpr uint16_t kMinSwapLen = 2 * RTE_ETHER_ADDR_LEN;
// A 16-byte vector load/store of the header stays inside the data from here.
inline constexpr uint16_t kMinVectorLen = 16;

// Layout the kernels rely on: dst then src MAC, 6 bytes each, at the start of
// the frame, and the mbuf fields they touch where rte_mbuf_core.h puts them.
static_assert(offsetof(rte_ether_hdr, dst_addr) == 0);
static_assert(offsetof(rte_ether_hdr, src_addr) == RTE_ETHER_ADDR_LEN);
static_assert(sizeof(rte_ether_hdr) == 14);
static_assert(sizeof(rte_ipv4_hdr) == 20);
static_assert(offsetof(rte_mbuf, ol_flags) < RTE_CACHE_LINE_MIN_SIZE);
static_assert(offsetof(rte_mbuf, vlan_tci) < RTE_CACHE_LINE_MIN_SIZE);
static_assert(offsetof(rte_mbuf, tx_offload) >= RTE_CACHE_LINE_MIN_SIZE,
              "tx_offload lives in the mbuf's second cache line");

using engines::kKeptOlFlags;
using engines::set_tx_fields;
using engines::tx_fields_for;

// The packet half, for one packet whose first segment holds >= 12 bytes.
static inline void swap_macs(rte_mbuf *m) {
    auto *p = rte_pktmbuf_mtod(m, uint8_t *);
    uint8_t tmp[RTE_ETHER_ADDR_LEN];
    std::memcpy(tmp, p, RTE_ETHER_ADDR_LEN);
    std::memcpy(p, p + RTE_ETHER_ADDR_LEN, RTE_ETHER_ADDR_LEN);
    std::memcpy(p + RTE_ETHER_ADDR_LEN, tmp, RTE_ETHER_ADDR_LEN);
}

// The whole contract for one packet; vector kernels use it for the packets
// their 16-byte path cannot take (data_len < 16). Returns 1 if untouched.
static inline uint16_t macswap_one(rte_mbuf *m, const TxFields &f) {
    if (m->data_len < kMinSwapLen) return 1;
    swap_macs(m);
    set_tx_fields(m, f);
    return 0;
}

} // namespace pmdfwd::macswap
