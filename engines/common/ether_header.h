// The Ethernet header as the engines that read or write it see it (mac,
// csum, 5tswap): the address pair a forwarded frame gets, and the walk over
// the VLAN/QinQ tags to the L3 ethertype. Static inline, as tx_fields.h:
// a hot loop inlines them and no ISA-specific unit shares a copy.
#pragma once

#include <pmdfwd/engine.h>

#include <rte_byteorder.h>
#include <rte_ether.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace pmdfwd::engines {

// Destination then source, written by one 12-byte copy.
inline constexpr uint16_t kMacPairLen = 2 * RTE_ETHER_ADDR_LEN;
static_assert(offsetof(rte_ether_hdr, dst_addr) == 0);
static_assert(offsetof(rte_ether_hdr, src_addr) == RTE_ETHER_ADDR_LEN);
static_assert(sizeof(pmdfwd_port_tx::mac) == RTE_ETHER_ADDR_LEN);
static_assert(sizeof(pmdfwd_port_tx::peer_mac) == RTE_ETHER_ADDR_LEN);

// The pair testpmd's mac and csum modes write: the peer (--eth-peer) as
// destination, the TX port's own address as source.
static inline void next_hop_macs(const pmdfwd_port_tx &tx, uint8_t out[kMacPairLen]) {
    std::memcpy(out, tx.peer_mac, RTE_ETHER_ADDR_LEN);
    std::memcpy(out + RTE_ETHER_ADDR_LEN, tx.mac, RTE_ETHER_ADDR_LEN);
}

// Walks the VLAN and QinQ tags (any number) after the Ethernet header of the
// len bytes at p, which hold that header: *type becomes the ethertype after
// them, in network order, and *l2_len where the header it names begins.
// False when a tag is cut short by len (*l2_len is then where that tag
// begins, *type the ethertype that announced it). Always inlined: in a
// burst loop a call spills the walk's state through memory.
[[gnu::always_inline]] static inline bool walk_vlan_tags(const uint8_t *p, uint32_t len,
                                                         rte_be16_t *type, uint32_t *l2_len) {
    uint32_t off = sizeof(rte_ether_hdr);
    rte_be16_t t;
    std::memcpy(&t, p + offsetof(rte_ether_hdr, ether_type), sizeof(t));
    while (t == RTE_BE16(RTE_ETHER_TYPE_VLAN) || t == RTE_BE16(RTE_ETHER_TYPE_QINQ)) {
        if (off + sizeof(rte_vlan_hdr) > len) {
            *type = t;
            *l2_len = off;
            return false;
        }
        std::memcpy(&t, p + off + offsetof(rte_vlan_hdr, eth_proto), sizeof(t));
        off += sizeof(rte_vlan_hdr);
    }
    *type = t;
    *l2_len = off;
    return true;
}

} // namespace pmdfwd::engines
