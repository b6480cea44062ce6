// The mbuf TX requests a port's settings imply (testpmd's txp->dev_conf
// offloads and `tx_vlan set`), shared by the engines that build or rewrite
// frames (txonly, flowgen, mac, macswap, csum, 5tswap). engines/common is not an engine,
// only headers the engines include (engine_dep, engines/common/meson.build).
#pragma once

#include <pmdfwd/engine.h>

#include <rte_ethdev.h>
#include <rte_ip.h>
#include <rte_mbuf.h>

#include <cstdint>

namespace pmdfwd::engines {

// What an engine writes into each mbuf it transmits, computed once per
// stream start or burst rather than per packet.
struct TxFields {
    uint64_t ol_flags;       // the port's insert requests (VLAN, QinQ, MACsec)
    uint16_t vlan_tci;       // `tx_vlan set <port> <tci>`
    uint16_t vlan_tci_outer; // QinQ outer tag
    // macswap's lean mode (--macswap-fields=lean): l2_len/l3_len, in the
    // mbuf's second cache line, are left as they came when no TX flag is
    // requested (writes_lengths()). Every other engine keeps the default.
    bool lean = false;
};

// Whether the contract writes l2_len/l3_len: always in the exact (default)
// mode; in lean mode only when the port requests any TX flag. A PMD reads the
// lengths only for offloads that need them (checksum, TSO, tunnel, MACsec),
// and some fill a context descriptor's header-length field from them for a
// VLAN insert too, so any request at all keeps them.
static inline bool writes_lengths(const TxFields &f) {
    return !f.lean || f.ol_flags != 0;
}

static inline TxFields tx_fields_for(const pmdfwd_port_tx &tx) {
    TxFields f{};
    if (tx.tx_offloads & RTE_ETH_TX_OFFLOAD_VLAN_INSERT) f.ol_flags |= RTE_MBUF_F_TX_VLAN;
    if (tx.tx_offloads & RTE_ETH_TX_OFFLOAD_QINQ_INSERT) f.ol_flags |= RTE_MBUF_F_TX_QINQ;
    if (tx.tx_offloads & RTE_ETH_TX_OFFLOAD_MACSEC_INSERT) f.ol_flags |= RTE_MBUF_F_TX_MACSEC;
    f.vlan_tci = tx.vlan_tci;
    f.vlan_tci_outer = tx.vlan_tci_outer;
    return f;
}

// testpmd keeps only these of a forwarded mbuf's ol_flags.
inline constexpr uint64_t kKeptOlFlags = RTE_MBUF_F_INDIRECT | RTE_MBUF_F_EXTERNAL;

// How the TX fields of a forwarded mbuf are written; the resulting mbuf is
// the same. kAlways stores every field, as testpmd's mbuf_field_set() does:
// the fewest instructions. kIfChanged stores a field only when it does not
// already hold the contract's value: mbufs forwarded again (a ring loopback,
// a NIC's recycled buffers) usually already carry l2_len/l3_len and clean
// ol_flags, and their cache lines then stay clean, for a compare and a
// branch per field. Which is faster depends on the core, so it is measured
// at start-up (common/calibrate.h): macswap times its kernels, which store
// one way or the other, and mac times the two ways (--mac-tx-store).
enum class TxStore { kAlways, kIfChanged };

// What the port asks for, known at compile time by code that decides once
// per burst (kernels) ...
template <bool kFlags, bool kVlan, bool kQinq, bool kLengths = true>
struct FixedTxRequests {
    static_assert(kFlags || (!kVlan && !kQinq), "an insert request is an ol_flags bit");
    static_assert(kLengths || !kFlags, "lean skips the lengths only when nothing is requested");
    static constexpr bool flags() { return kFlags; }
    static constexpr bool vlan() { return kVlan; }
    static constexpr bool qinq() { return kQinq; }
    static constexpr bool lengths() { return kLengths; }
};

// ... or read from the fields for each packet.
struct TxRequestsOf {
    const TxFields &f;
    static constexpr bool flags() { return true; }
    bool vlan() const { return f.ol_flags & RTE_MBUF_F_TX_VLAN; }
    bool qinq() const { return f.ol_flags & RTE_MBUF_F_TX_QINQ; }
    bool lengths() const { return writes_lengths(f); }
};

// l2_len and l3_len are exactly the low 16 bits of tx_offload: one 16-bit
// compare tells whether both already hold 14 and 20.
static_assert(RTE_BYTE_ORDER == RTE_LITTLE_ENDIAN);
static_assert(RTE_MBUF_L2_LEN_OFS == 0 && RTE_MBUF_L3_LEN_OFS == RTE_MBUF_L2_LEN_BITS &&
              RTE_MBUF_L2_LEN_BITS + RTE_MBUF_L3_LEN_BITS == 16);
inline constexpr uint16_t kL2L3Len = sizeof(rte_ether_hdr) | sizeof(rte_ipv4_hdr)
                                                                 << RTE_MBUF_L2_LEN_BITS;

// Whether the mbuf's l2_len and l3_len already hold 14 and 20.
static inline bool holds_l2l3_len(const rte_mbuf *m) {
    return static_cast<uint16_t>(m->tx_offload) == kL2L3Len;
}

// The mbuf half of testpmd's forwarding contract (macswap, mac): ol_flags
// keeps INDIRECT/EXTERNAL and gains the port's insert flags, the VLAN tags
// the flags ask for, l2_len = 14, l3_len = 20 (unless lean and nothing is
// requested). Req says which requests to honour (FixedTxRequests,
// TxRequestsOf); without flags() the port asks for none and f.ol_flags must
// be 0; without lengths() l2_len/l3_len are not touched. Static inline: macswap's kernel units are
// compiled with different ISA flags, and an inline function with external
// linkage could be merged into one copy built for an ISA this CPU lacks.
template <TxStore kStore, class Req>
static inline void write_tx_fields(rte_mbuf *m, const TxFields &f, Req req) {
    const uint64_t ol = m->ol_flags;
    const uint64_t want = req.flags() ? (ol & kKeptOlFlags) | f.ol_flags : ol & kKeptOlFlags;
    if (kStore == TxStore::kAlways || want != ol) m->ol_flags = want;
    if (req.vlan()) m->vlan_tci = f.vlan_tci;
    if (req.qinq()) m->vlan_tci_outer = f.vlan_tci_outer;
    if (!req.lengths()) return;
    if (kStore == TxStore::kAlways || !holds_l2l3_len(m)) {
        m->l2_len = sizeof(rte_ether_hdr);
        m->l3_len = sizeof(rte_ipv4_hdr);
    }
}

// The contract with every request read per packet (engines that do not
// dispatch per burst).
static inline void set_tx_fields(rte_mbuf *m, const TxFields &f) {
    write_tx_fields<TxStore::kAlways>(m, f, TxRequestsOf{f});
}

} // namespace pmdfwd::engines
