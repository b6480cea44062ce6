// The tunnel encapsulation settings testpmd keeps for its encap and decap
// flow actions (`set vxlan ...`, `set nvgre ...`, `set l2_encap ...`,
// `set mplsogre_encap ...`, ...): the host owns one, the `set` rows write
// it, the actions that name it (vxlan_encap, l2_encap, mplsoudp_decap, ...)
// read it when a rule is parsed. Values are kept as testpmd keeps them:
// network order where its fields are, the VNI, TNI and label as the three
// bytes it copies into the headers.
#pragma once

#include <rte_byteorder.h>

#include <cstdint>

namespace pmdfwd::flow {

// Addresses, VLAN and Ethernet header of one tunnel's outer headers.
struct EncapOuter {
    bool ipv4 = true;      // ip-version ipv4 (else ipv6)
    bool vlan = false;     // the *-with-vlan form: a VLAN tag after Ethernet
    uint32_t ipv4_src = 0; // as the header holds it
    uint32_t ipv4_dst = 0;
    uint8_t ipv6_src[16] = {};
    uint8_t ipv6_dst[16] = {};
    uint16_t vlan_tci = 0; // network order
    uint8_t eth_src[6] = {};
    uint8_t eth_dst[6] = {};
};

// testpmd's vxlan_encap_conf and its defaults (cmdline_flow.c): 127.0.0.1
// and ::1 to 255.255.255.255 and ::1111, UDP port 4789, TTL 255. testpmd
// writes the IPv4 defaults in host order into network-order fields
// (RTE_IPV4), so on a little-endian host the source is 1.0.0.127: kept.
struct VxlanSettings {
    EncapOuter outer = default_outer();
    bool tos_ttl = false; // set vxlan-tos-ttl: ip-tos and ip-ttl go into the IP header
    uint8_t vni[3] = {};
    uint16_t udp_src = 0;              // network order
    uint16_t udp_dst = RTE_BE16(4789); // network order
    uint8_t ip_tos = 0;
    uint8_t ip_ttl = 255;

    static EncapOuter default_outer();
};

// testpmd's nvgre_encap_conf: VxlanSettings' addresses, a TNI.
struct NvgreSettings {
    EncapOuter outer = VxlanSettings::default_outer();
    uint8_t tni[3] = {};
};

// testpmd's mplsogre_encap_conf and mplsoudp_encap_conf (zeroed globals:
// IPv6, all addresses 0). The label's 20 bits lead its three bytes.
struct MplsSettings {
    EncapOuter outer = zero_outer();
    uint8_t label[3] = {};
    uint16_t udp_src = 0, udp_dst = 0; // network order (MPLSoUDP only)

    static EncapOuter zero_outer() {
        EncapOuter o;
        o.ipv4 = false;
        return o;
    }
};

// A decap setting: which headers the decapsulation strips.
struct DecapSettings {
    bool ipv4 = false;
    bool vlan = false;
};

struct EncapConf {
    VxlanSettings vxlan;
    NvgreSettings nvgre;
    EncapOuter l2_encap = MplsSettings::zero_outer(); // Ethernet and VLAN only
    DecapSettings l2_decap;
    MplsSettings mplsogre_encap;
    DecapSettings mplsogre_decap;
    MplsSettings mplsoudp_encap;
    DecapSettings mplsoudp_decap;
};

inline EncapOuter VxlanSettings::default_outer() {
    EncapOuter o;
    o.ipv4_src = 0x7f000001; // RTE_IPV4(127, 0, 0, 1) as testpmd stores it
    o.ipv4_dst = 0xffffffff;
    o.ipv6_src[15] = 0x01;
    o.ipv6_dst[14] = 0x11;
    o.ipv6_dst[15] = 0x11;
    for (uint8_t &b : o.eth_dst)
        b = 0xff;
    return o;
}

} // namespace pmdfwd::flow
