#include "ports/flow/flow_encap.h"

#include "ports/flow/flow_encap_conf.h"

#include <rte_ether.h>
#include <rte_ip.h>
#include <rte_version.h>

#include <cstring>
#include <netinet/in.h>

namespace pmdfwd::flow {

namespace {

constexpr uint16_t kEtherTypeMpls = 0x8847; // testpmd's ETHER_TYPE_MPLS_UNICAST
constexpr uint16_t kMplsoudpDecapPort = 6635;

const EncapConf &settings(const ActionDefaults &d) {
    static const EncapConf kTestpmdDefaults;
    return d.encap ? *d.encap : kTestpmdDefaults;
}

// DPDK's default item masks (rte_flow.h defines them for C only).
rte_flow_item_eth eth_mask() {
    rte_flow_item_eth m{};
    std::memset(&m.hdr.dst_addr, 0xff, RTE_ETHER_ADDR_LEN);
    std::memset(&m.hdr.src_addr, 0xff, RTE_ETHER_ADDR_LEN);
    return m;
}

rte_flow_item_vlan vlan_mask() {
    rte_flow_item_vlan m{};
    m.hdr.vlan_tci = RTE_BE16(0x0fff);
    return m;
}

rte_flow_item_ipv4 ipv4_mask() {
    rte_flow_item_ipv4 m{};
    m.hdr.src_addr = RTE_BE32(0xffffffff);
    m.hdr.dst_addr = RTE_BE32(0xffffffff);
    return m;
}

rte_flow_item_ipv6 ipv6_mask() {
    rte_flow_item_ipv6 m{};
    std::memset(&m.hdr.src_addr, 0xff, sizeof(m.hdr.src_addr));
    std::memset(&m.hdr.dst_addr, 0xff, sizeof(m.hdr.dst_addr));
    return m;
}

// The outer Ethernet item: addresses only (testpmd leaves its type 0).
rte_flow_item_eth eth_of(const EncapOuter &o, uint16_t type) {
    rte_flow_item_eth eth{};
    std::memcpy(&eth.hdr.dst_addr, o.eth_dst, RTE_ETHER_ADDR_LEN);
    std::memcpy(&eth.hdr.src_addr, o.eth_src, RTE_ETHER_ADDR_LEN);
    eth.hdr.ether_type = type;
    return eth;
}

rte_flow_item_vlan vlan_of(uint16_t tci, uint16_t inner_type) {
    rte_flow_item_vlan vlan{};
    vlan.hdr.vlan_tci = tci;
    vlan.hdr.eth_proto = inner_type;
    return vlan;
}

rte_flow_item item(rte_flow_item_type type, const void *spec, const void *mask) {
    return rte_flow_item{type, spec, nullptr, mask};
}

// The items both definitions begin with: eth, vlan (void without one), ip.
void outer_items(rte_flow_item *items, OuterItems *d, const EncapOuter &o) {
    d->eth = eth_of(o, 0);
    d->eth_mask = eth_mask();
    d->vlan = vlan_of(o.vlan_tci, 0);
    d->vlan_mask = vlan_mask();
    items[0] = item(RTE_FLOW_ITEM_TYPE_ETH, &d->eth, &d->eth_mask);
    items[1] =
        item(o.vlan ? RTE_FLOW_ITEM_TYPE_VLAN : RTE_FLOW_ITEM_TYPE_VOID, &d->vlan, &d->vlan_mask);
    if (o.ipv4) {
        d->ipv4.hdr.src_addr = o.ipv4_src;
        d->ipv4.hdr.dst_addr = o.ipv4_dst;
        d->ipv4_mask = ipv4_mask();
        items[2] = item(RTE_FLOW_ITEM_TYPE_IPV4, &d->ipv4, &d->ipv4_mask);
    } else {
        std::memcpy(&d->ipv6.hdr.src_addr, o.ipv6_src, sizeof(o.ipv6_src));
        std::memcpy(&d->ipv6.hdr.dst_addr, o.ipv6_dst, sizeof(o.ipv6_dst));
        d->ipv6_mask = ipv6_mask();
        items[2] = item(RTE_FLOW_ITEM_TYPE_IPV6, &d->ipv6, &d->ipv6_mask);
    }
}

// set vxlan-tos-ttl: the TOS (IPv6 traffic class) and TTL (hop limit) go
// into the IP item, and its mask covers them.
void tos_ttl(OuterItems *d, const VxlanSettings &s) {
    if (s.outer.ipv4) {
        d->ipv4.hdr.type_of_service = s.ip_tos;
        d->ipv4.hdr.time_to_live = s.ip_ttl;
        d->ipv4_mask.hdr.type_of_service = 0xff;
        d->ipv4_mask.hdr.time_to_live = 0xff;
    } else {
        d->ipv6.hdr.vtc_flow |= rte_cpu_to_be_32(uint32_t{s.ip_tos} << RTE_IPV6_HDR_TC_SHIFT);
        d->ipv6.hdr.hop_limits = s.ip_ttl;
        d->ipv6_mask.hdr.vtc_flow |= RTE_BE32(0xfful << RTE_IPV6_HDR_TC_SHIFT);
        d->ipv6_mask.hdr.hop_limits = 0xff;
    }
}

// Header bytes appended as testpmd appends them: whole DPDK item
// structures (an Ethernet item is 20 bytes in 22.11, its flag word too;
// from 23.03 testpmd copies the Ethernet and VLAN headers alone).
struct Headers {
    uint8_t *start, *at;
    template <typename T>
    void put(const T &h) {
        std::memcpy(at, &h, sizeof(h));
        at += sizeof(h);
    }
    void put(const rte_flow_item_eth &eth) {
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
        put(eth.hdr);
#else
        put<rte_flow_item_eth>(eth);
#endif
    }
    void put(const rte_flow_item_vlan &vlan) {
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
        put(vlan.hdr);
#else
        put<rte_flow_item_vlan>(vlan);
#endif
    }
    size_t size() const {
        return static_cast<size_t>(at - start);
    }
};

static_assert(sizeof(rte_flow_item_eth) + sizeof(rte_flow_item_vlan) + sizeof(rte_flow_item_ipv6) +
                  sizeof(rte_flow_item_udp) + sizeof(rte_flow_item_mpls) <=
              kEncapHeaderMax);

uint16_t eth_type_of(bool vlan, bool ipv4) {
    return rte_cpu_to_be_16(vlan   ? RTE_ETHER_TYPE_VLAN
                            : ipv4 ? RTE_ETHER_TYPE_IPV4
                                   : RTE_ETHER_TYPE_IPV6);
}

uint16_t inner_type_of(bool ipv4) {
    return rte_cpu_to_be_16(ipv4 ? RTE_ETHER_TYPE_IPV4 : RTE_ETHER_TYPE_IPV6);
}

// The outer IP header of an MPLS tunnel: an encap's carries the addresses,
// version and TTL, a decap's the protocol only.
void put_ip(Headers &h, const EncapOuter &o, uint8_t proto, bool encap) {
    if (o.ipv4) {
        rte_flow_item_ipv4 ip{};
        ip.hdr.next_proto_id = proto;
        if (encap) {
            ip.hdr.src_addr = o.ipv4_src;
            ip.hdr.dst_addr = o.ipv4_dst;
            ip.hdr.version_ihl = RTE_IPV4_VHL_DEF;
            ip.hdr.time_to_live = IPDEFTTL;
        }
        h.put(ip);
        return;
    }
    rte_flow_item_ipv6 ip{};
    ip.hdr.proto = proto;
    if (encap) {
        ip.hdr.hop_limits = IPDEFTTL;
        std::memcpy(&ip.hdr.src_addr, o.ipv6_src, sizeof(o.ipv6_src));
        std::memcpy(&ip.hdr.dst_addr, o.ipv6_dst, sizeof(o.ipv6_dst));
    }
    h.put(ip);
}

// The bottom-of-stack label an encap pushes (TTL 0: testpmd leaves the
// MPLSoUDP one unset, its MPLSoGRE one 0).
rte_flow_item_mpls mpls_of(const uint8_t label[3]) {
    rte_flow_item_mpls mpls{};
    std::memcpy(mpls.label_tc_s, label, 3);
    mpls.label_tc_s[2] |= 0x1;
    return mpls;
}

// Ethernet, VLAN and IP of an MPLS encap.
Headers mpls_outer(RawEncapData *d, const MplsSettings &s, uint8_t proto) {
    Headers h{d->data, d->data};
    h.put(eth_of(s.outer, eth_type_of(s.outer.vlan, s.outer.ipv4)));
    if (s.outer.vlan) h.put(vlan_of(s.outer.vlan_tci, inner_type_of(s.outer.ipv4)));
    put_ip(h, s.outer, proto, true);
    return h;
}

// Ethernet, VLAN and IP of an MPLS decap: testpmd takes the addresses, the
// VLAN and the IP version from the encap's settings, the decap's own VLAN
// choice only for the Ethernet type.
Headers mpls_decap_outer(RawDecapData *d, const MplsSettings &enc, const DecapSettings &dec,
                         uint8_t proto) {
    Headers h{d->data, d->data};
    h.put(eth_of(enc.outer, eth_type_of(dec.vlan, enc.outer.ipv4)));
    if (enc.outer.vlan) h.put(vlan_of(0, inner_type_of(enc.outer.ipv4)));
    put_ip(h, enc.outer, proto, false);
    return h;
}

RawEncapData *raw_encap(uint8_t *conf) {
    auto *d = reinterpret_cast<RawEncapData *>(conf);
    d->conf.data = d->data;
    return d;
}

RawDecapData *raw_decap(uint8_t *conf) {
    auto *d = reinterpret_cast<RawDecapData *>(conf);
    d->conf.data = d->data;
    return d;
}

} // namespace

void vxlan_encap_init(const ActionDefaults &defaults, uint8_t *conf) {
    const VxlanSettings &s = settings(defaults).vxlan;
    auto *d = reinterpret_cast<VxlanEncapData *>(conf);
    d->conf.definition = d->items;
    outer_items(d->items, &d->outer, s.outer);
    d->udp.hdr.src_port = s.udp_src;
    d->udp.hdr.dst_port = s.udp_dst;
    d->udp_mask.hdr.src_port = RTE_BE16(0xffff);
    d->udp_mask.hdr.dst_port = RTE_BE16(0xffff);
    d->items[3] = item(RTE_FLOW_ITEM_TYPE_UDP, &d->udp, &d->udp_mask);
    std::memcpy(&d->vxlan.hdr.vx_vni, s.vni, sizeof(s.vni));
    d->vxlan_mask.hdr.vx_vni = RTE_BE32(0xffffff00);
    d->items[4] = item(RTE_FLOW_ITEM_TYPE_VXLAN, &d->vxlan, &d->vxlan_mask);
    d->items[5] = item(RTE_FLOW_ITEM_TYPE_END, nullptr, nullptr);
    if (s.tos_ttl) tos_ttl(&d->outer, s);
}

void nvgre_encap_init(const ActionDefaults &defaults, uint8_t *conf) {
    const NvgreSettings &s = settings(defaults).nvgre;
    auto *d = reinterpret_cast<NvgreEncapData *>(conf);
    d->conf.definition = d->items;
    outer_items(d->items, &d->outer, s.outer);
    d->nvgre.c_k_s_rsvd0_ver = RTE_BE16(0x2000); // the key bit: the TNI follows
    d->nvgre.protocol = RTE_BE16(RTE_ETHER_TYPE_TEB);
    std::memcpy(d->nvgre.tni, s.tni, sizeof(s.tni));
    std::memset(d->nvgre_mask.tni, 0xff, sizeof(d->nvgre_mask.tni));
    d->items[3] = item(RTE_FLOW_ITEM_TYPE_NVGRE, &d->nvgre, &d->nvgre_mask);
    d->items[4] = item(RTE_FLOW_ITEM_TYPE_END, nullptr, nullptr);
}

// testpmd's l2_encap and l2_decap take the VLAN TCI from the MPLSoUDP
// settings (cmdline_flow.c 22.11), not from `set l2_encap-with-vlan`: kept,
// so that a rule's bytes are the ones testpmd hands the PMD.
void l2_encap_init(const ActionDefaults &defaults, uint8_t *conf) {
    const EncapConf &s = settings(defaults);
    const EncapOuter &o = s.l2_encap;
    RawEncapData *d = raw_encap(conf);
    Headers h{d->data, d->data};
    h.put(eth_of(o, eth_type_of(o.vlan, o.ipv4)));
    if (o.vlan) h.put(vlan_of(s.mplsoudp_encap.outer.vlan_tci, inner_type_of(o.ipv4)));
    d->conf.size = h.size();
}

void l2_decap_init(const ActionDefaults &defaults, uint8_t *conf) {
    const EncapConf &s = settings(defaults);
    RawDecapData *d = raw_decap(conf);
    Headers h{d->data, d->data};
    rte_flow_item_eth eth{};
    if (s.l2_decap.vlan) eth.hdr.ether_type = rte_cpu_to_be_16(RTE_ETHER_TYPE_VLAN);
    h.put(eth);
    if (s.l2_decap.vlan) h.put(vlan_of(s.mplsoudp_encap.outer.vlan_tci, 0));
    d->conf.size = h.size();
}

void mplsogre_encap_init(const ActionDefaults &defaults, uint8_t *conf) {
    const MplsSettings &s = settings(defaults).mplsogre_encap;
    RawEncapData *d = raw_encap(conf);
    Headers h = mpls_outer(d, s, IPPROTO_GRE);
    rte_flow_item_gre gre{};
    gre.protocol = rte_cpu_to_be_16(kEtherTypeMpls);
    h.put(gre);
    h.put(mpls_of(s.label));
    d->conf.size = h.size();
}

void mplsogre_decap_init(const ActionDefaults &defaults, uint8_t *conf) {
    const EncapConf &s = settings(defaults);
    RawDecapData *d = raw_decap(conf);
    Headers h = mpls_decap_outer(d, s.mplsogre_encap, s.mplsogre_decap, IPPROTO_GRE);
    rte_flow_item_gre gre{};
    gre.protocol = rte_cpu_to_be_16(kEtherTypeMpls);
    h.put(gre);
    h.put(rte_flow_item_mpls{});
    d->conf.size = h.size();
}

void mplsoudp_encap_init(const ActionDefaults &defaults, uint8_t *conf) {
    const MplsSettings &s = settings(defaults).mplsoudp_encap;
    RawEncapData *d = raw_encap(conf);
    Headers h = mpls_outer(d, s, IPPROTO_UDP);
    rte_flow_item_udp udp{};
    udp.hdr.src_port = s.udp_src;
    udp.hdr.dst_port = s.udp_dst;
    h.put(udp);
    h.put(mpls_of(s.label));
    d->conf.size = h.size();
}

void mplsoudp_decap_init(const ActionDefaults &defaults, uint8_t *conf) {
    const EncapConf &s = settings(defaults);
    RawDecapData *d = raw_decap(conf);
    Headers h = mpls_decap_outer(d, s.mplsoudp_encap, s.mplsoudp_decap, IPPROTO_UDP);
    rte_flow_item_udp udp{};
    udp.hdr.dst_port = rte_cpu_to_be_16(kMplsoudpDecapPort);
    h.put(udp);
    h.put(rte_flow_item_mpls{});
    d->conf.size = h.size();
}

} // namespace pmdfwd::flow
