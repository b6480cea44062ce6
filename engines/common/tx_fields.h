// The mbuf TX requests a port's settings imply (testpmd's txp->dev_conf
// offloads and `tx_vlan set`), shared by the engines that build or rewrite
// frames (txonly, flowgen, mac, macswap). engines/common is not an engine,
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
};

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

// The mbuf half of testpmd's forwarding contract (macswap, mac): ol_flags
// keeps INDIRECT/EXTERNAL and gains the port's insert flags, the VLAN tags
// the flags ask for, l2_len = 14, l3_len = 20. Static inline: macswap's
// kernel units are compiled with different ISA flags, and an inline
// function with external linkage could be merged into one copy built for an
// ISA this CPU lacks.
static inline void set_tx_fields(rte_mbuf *m, const TxFields &f) {
    m->ol_flags = (m->ol_flags & kKeptOlFlags) | f.ol_flags;
    if (f.ol_flags & RTE_MBUF_F_TX_VLAN) m->vlan_tci = f.vlan_tci;
    if (f.ol_flags & RTE_MBUF_F_TX_QINQ) m->vlan_tci_outer = f.vlan_tci_outer;
    m->l2_len = sizeof(rte_ether_hdr);
    m->l3_len = sizeof(rte_ipv4_hdr);
}

} // namespace pmdfwd::engines
