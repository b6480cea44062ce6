// The flow actions that read the tunnel settings (flow_encap_conf.h), built
// as testpmd 22.11 builds them (cmdline_flow.c parse_vc_action_*_encap and
// *_decap): vxlan_encap and nvgre_encap as rte_flow's definition items
// (eth, vlan or void, ipv4 or ipv6, [udp,] vxlan or nvgre), the l2 and
// MPLS ones as RAW_ENCAP / RAW_DECAP header bytes composed from DPDK's item
// structures, byte for byte. Each configuration is one block that holds
// what its pointers point to, so it lives as long as the parsed rule.
#pragma once

#include "ports/flow/flow_actions.h"

#include <rte_flow.h>

#include <cstdint>

namespace pmdfwd::flow {

// Room for the longest header stack testpmd composes (Ethernet, VLAN, IPv6,
// UDP, MPLS: 84 bytes as DPDK's item structures are sized).
constexpr size_t kEncapHeaderMax = 128;

// What the items both definitions begin with point to: eth, vlan, ip.
struct OuterItems {
    rte_flow_item_eth eth, eth_mask;
    rte_flow_item_vlan vlan, vlan_mask;
    union {
        rte_flow_item_ipv4 ipv4;
        rte_flow_item_ipv6 ipv6;
    };
    union {
        rte_flow_item_ipv4 ipv4_mask;
        rte_flow_item_ipv6 ipv6_mask;
    };
};

struct VxlanEncapData {
    rte_flow_action_vxlan_encap conf;
    rte_flow_item items[6]; // eth, vlan (void without one), ip, udp, vxlan, end
    OuterItems outer;
    rte_flow_item_udp udp, udp_mask;
    rte_flow_item_vxlan vxlan, vxlan_mask;
};

struct NvgreEncapData {
    rte_flow_action_nvgre_encap conf;
    rte_flow_item items[5]; // eth, vlan (void without one), ip, nvgre, end
    OuterItems outer;
    rte_flow_item_nvgre nvgre, nvgre_mask;
};

struct RawEncapData {
    rte_flow_action_raw_encap conf;
    uint8_t data[kEncapHeaderMax];
};

struct RawDecapData {
    rte_flow_action_raw_decap conf;
    uint8_t data[kEncapHeaderMax];
};

// The actions' init functions (FlowAction::init): each fills its zeroed
// block from the settings ActionDefaults points to (testpmd's defaults
// when it points to none).
void vxlan_encap_init(const ActionDefaults &d, uint8_t *conf);
void nvgre_encap_init(const ActionDefaults &d, uint8_t *conf);
void l2_encap_init(const ActionDefaults &d, uint8_t *conf);
void l2_decap_init(const ActionDefaults &d, uint8_t *conf);
void mplsogre_encap_init(const ActionDefaults &d, uint8_t *conf);
void mplsogre_decap_init(const ActionDefaults &d, uint8_t *conf);
void mplsoudp_encap_init(const ActionDefaults &d, uint8_t *conf);
void mplsoudp_decap_init(const ActionDefaults &d, uint8_t *conf);

} // namespace pmdfwd::flow
