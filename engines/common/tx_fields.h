// The mbuf TX requests a port's settings imply (testpmd's txp->dev_conf
// offloads and `tx_vlan set`), shared by the engines that build or rewrite
// frames (txonly, flowgen, mac). engines/common has no meson.build on
// purpose: it is not an engine, only headers the engines include.
#pragma once

#include <pmdfwd/engine.h>

#include <rte_ethdev.h>
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

} // namespace pmdfwd::engines
