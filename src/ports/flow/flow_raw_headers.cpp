#include "ports/flow/flow_raw_headers.h"

#include "ports/flow/flow_raw_store.h"

#include <rte_byteorder.h>
#include <rte_esp.h>
#include <rte_ether.h>
#include <rte_gre.h>
#include <rte_gtp.h>
#include <rte_ip.h>
#include <rte_mpls.h>
#include <rte_tcp.h>
#include <rte_udp.h>
#include <rte_vxlan.h>

#include <cstring>

#include <netinet/in.h>

namespace pmdfwd::flow {

namespace {

// How an item is laid out: its header's size, the protocol number the item
// below it gets, and the spec it takes when it has none (rte_flow.h's
// default masks, which C++ does not see: testpmd's flow_item_default_mask).
struct Layout {
    size_t size = 0;
    uint16_t proto = 0;
    const void *default_spec = nullptr;
};

// rte_flow.h's default masks, those of the items testpmd lays out.
const uint8_t kAllOnes[16] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                              0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};

template <typename T>
T zeroed() {
    T t;
    std::memset(&t, 0, sizeof(t));
    return t;
}

struct DefaultSpecs {
    rte_flow_item_eth eth = zeroed<rte_flow_item_eth>();
    rte_flow_item_vlan vlan = zeroed<rte_flow_item_vlan>();
    rte_flow_item_ipv4 ipv4 = zeroed<rte_flow_item_ipv4>();
    rte_flow_item_ipv6 ipv6 = zeroed<rte_flow_item_ipv6>();
    rte_flow_item_udp udp = zeroed<rte_flow_item_udp>();
    rte_flow_item_tcp tcp = zeroed<rte_flow_item_tcp>();
    rte_flow_item_vxlan vxlan = zeroed<rte_flow_item_vxlan>();
    rte_flow_item_gre gre = zeroed<rte_flow_item_gre>();
    rte_flow_item_mpls mpls = zeroed<rte_flow_item_mpls>();
    rte_flow_item_nvgre nvgre = zeroed<rte_flow_item_nvgre>();
    rte_flow_item_geneve geneve = zeroed<rte_flow_item_geneve>();
    rte_flow_item_esp esp = zeroed<rte_flow_item_esp>();
    rte_flow_item_ah ah = zeroed<rte_flow_item_ah>();
    rte_flow_item_gtp gtp = zeroed<rte_flow_item_gtp>();
    rte_flow_item_pfcp pfcp = zeroed<rte_flow_item_pfcp>();

    DefaultSpecs() {
        std::memcpy(&eth.hdr.dst_addr, kAllOnes, 6);
        std::memcpy(&eth.hdr.src_addr, kAllOnes, 6);
        vlan.hdr.vlan_tci = RTE_BE16(0x0fff);
        ipv4.hdr.src_addr = RTE_BE32(0xffffffff);
        ipv4.hdr.dst_addr = RTE_BE32(0xffffffff);
        std::memcpy(&ipv6.hdr.src_addr, kAllOnes, 16); // an array in 22.11, a struct later
        std::memcpy(&ipv6.hdr.dst_addr, kAllOnes, 16);
        udp.hdr.src_port = udp.hdr.dst_port = RTE_BE16(0xffff);
        tcp.hdr.src_port = tcp.hdr.dst_port = RTE_BE16(0xffff);
        vxlan.hdr.vx_vni = RTE_BE32(0xffffff00);
        gre.protocol = RTE_BE16(0xffff);
        std::memcpy(mpls.label_tc_s, "\xff\xff\xf0", 3);
        std::memcpy(nvgre.tni, kAllOnes, 3);
        std::memcpy(geneve.vni, kAllOnes, 3);
        esp.hdr.spi = RTE_BE32(0xffffffff);
        ah.spi = 0xffffffff;
        gtp.teid = RTE_BE32(0xffffffff);
        pfcp.s_field = 0x01;
        pfcp.seid = RTE_BE64(UINT64_C(0xffffffffffffffff));
    }
};

// testpmd 22.11's sizes and protocol numbers (cmd_set_raw_parsed); an item
// it does not lay out has size 0 and no default.
Layout layout(rte_flow_item_type type) {
    static const DefaultSpecs d;
    switch (type) {
    case RTE_FLOW_ITEM_TYPE_ETH:
        return {sizeof(rte_ether_hdr), 0, &d.eth};
    case RTE_FLOW_ITEM_TYPE_VLAN:
        return {sizeof(rte_vlan_hdr), RTE_ETHER_TYPE_VLAN, &d.vlan};
    case RTE_FLOW_ITEM_TYPE_IPV4:
        return {sizeof(rte_ipv4_hdr), RTE_ETHER_TYPE_IPV4, &d.ipv4};
    case RTE_FLOW_ITEM_TYPE_IPV6:
        return {sizeof(rte_ipv6_hdr), RTE_ETHER_TYPE_IPV6, &d.ipv6};
    case RTE_FLOW_ITEM_TYPE_UDP:
        return {sizeof(rte_udp_hdr), IPPROTO_UDP, &d.udp};
    case RTE_FLOW_ITEM_TYPE_TCP:
        return {sizeof(rte_tcp_hdr), IPPROTO_TCP, &d.tcp};
    case RTE_FLOW_ITEM_TYPE_VXLAN:
        return {sizeof(rte_vxlan_hdr), 0, &d.vxlan};
    case RTE_FLOW_ITEM_TYPE_GRE:
        return {sizeof(rte_gre_hdr), IPPROTO_GRE, &d.gre};
    case RTE_FLOW_ITEM_TYPE_MPLS:
        return {sizeof(rte_mpls_hdr), 0, &d.mpls};
    case RTE_FLOW_ITEM_TYPE_NVGRE:
        return {sizeof(rte_flow_item_nvgre), IPPROTO_GRE, &d.nvgre};
    case RTE_FLOW_ITEM_TYPE_GENEVE:
        return {sizeof(rte_flow_item_geneve), 0, &d.geneve};
    case RTE_FLOW_ITEM_TYPE_ESP:
        return {sizeof(rte_esp_hdr), IPPROTO_ESP, &d.esp};
    case RTE_FLOW_ITEM_TYPE_AH:
        return {sizeof(rte_flow_item_ah), IPPROTO_AH, &d.ah};
    case RTE_FLOW_ITEM_TYPE_GTP:
        return {sizeof(rte_gtp_hdr), 0, &d.gtp};
    case RTE_FLOW_ITEM_TYPE_PFCP:
        return {sizeof(rte_flow_item_pfcp), 0, &d.pfcp};
    default:
        return {};
    }
}

// testpmd's update_fields: what the item below (upper) says of this one.
void fill_implied(uint8_t *hdr, rte_flow_item_type type, uint16_t upper) {
    switch (type) {
    case RTE_FLOW_ITEM_TYPE_ETH:
        if (upper) reinterpret_cast<rte_ether_hdr *>(hdr)->ether_type = rte_cpu_to_be_16(upper);
        break;
    case RTE_FLOW_ITEM_TYPE_IPV4: {
        auto *ip = reinterpret_cast<rte_ipv4_hdr *>(hdr);
        if (!ip->version_ihl) ip->version_ihl = RTE_IPV4_VHL_DEF;
        if (upper && !ip->next_proto_id) ip->next_proto_id = static_cast<uint8_t>(upper);
        break;
    }
    case RTE_FLOW_ITEM_TYPE_IPV6: {
        auto *ip = reinterpret_cast<rte_ipv6_hdr *>(hdr);
        if (upper && !ip->proto) ip->proto = static_cast<uint8_t>(upper);
        ip->vtc_flow = rte_cpu_to_be_32((rte_be_to_cpu_32(ip->vtc_flow) & 0x0FFFFFFF) | 0x60000000);
        break;
    }
    case RTE_FLOW_ITEM_TYPE_VXLAN:
        reinterpret_cast<rte_vxlan_hdr *>(hdr)->vx_flags = 0x08;
        break;
    case RTE_FLOW_ITEM_TYPE_NVGRE: {
        auto *nvgre = reinterpret_cast<rte_flow_item_nvgre *>(hdr);
        nvgre->protocol = rte_cpu_to_be_16(0x6558);
        nvgre->c_k_s_rsvd0_ver = rte_cpu_to_be_16(0x2000);
        break;
    }
    default:
        break;
    }
}

} // namespace

Result<std::vector<uint8_t>> raw_header_bytes(std::span<const rte_flow_item> pattern) {
    // Built from the innermost header outwards, into the tail of a buffer
    // of the most bytes an index holds, as testpmd does.
    std::vector<uint8_t> buf(kRawDataMax);
    size_t total = 0;
    uint16_t upper = 0;
    for (size_t i = pattern.size(); i-- > 0;) {
        const rte_flow_item &item = pattern[i];
        const Layout l = layout(item.type);
        if (!l.size) return Error("Error - Not supported item");
        if (total + l.size > kRawDataMax)
            return Error("Error - the headers are over " + std::to_string(kRawDataMax) + " bytes");
        total += l.size;
        uint8_t *hdr = buf.data() + kRawDataMax - total;
        std::memcpy(hdr, item.spec ? item.spec : l.default_spec, l.size);
        fill_implied(hdr, item.type, upper);
        upper = l.proto;
    }
    return std::vector<uint8_t>(buf.end() - static_cast<ptrdiff_t>(total), buf.end());
}

} // namespace pmdfwd::flow
