// The tunnel actions (src/ports/flow/flow_encap.cpp) against the bytes and
// items testpmd 22.11's cmdline_flow.c builds for the same settings, written
// out here by hand: the RAW_ENCAP/RAW_DECAP headers (whole DPDK item
// structures, an Ethernet item 20 bytes), the VXLAN and NVGRE definitions
// (item types, specs and masks), testpmd's defaults and its quirks (the
// IPv4 defaults in host order, l2_encap's TCI from the MPLSoUDP settings,
// the MPLS decaps reading the encap settings).
#include "options/scalar_parse.h"
#include "ports/flow/flow_encap.h"
#include "ports/flow/flow_encap_conf.h"
#include "ports/flow/flow_parse.h"

#include <gtest/gtest.h>

#include <rte_version.h>

#include <cstring>
#include <string>
#include <vector>

using namespace pmdfwd;
using namespace pmdfwd::flow;

namespace {

using Bytes = std::vector<uint8_t>;

// "45 00 0a": hex bytes, spaces ignored.
Bytes hex(std::string_view s) {
    Bytes b;
    std::string digits;
    for (char c : s)
        if (c != ' ') digits += c;
    for (size_t i = 0; i + 1 < digits.size(); i += 2)
        b.push_back(static_cast<uint8_t>(std::stoi(digits.substr(i, 2), nullptr, 16)));
    return b;
}

Bytes bytes_of(const void *p, size_t n) {
    const auto *b = static_cast<const uint8_t *>(p);
    return Bytes(b, b + n);
}

ParsedRule parse(const std::string &actions, const EncapConf *conf) {
    const std::vector<std::string> words = split_words("pattern end actions " + actions + " / end");
    Result<ParsedRule> r = parse_flow_rule(words, ActionDefaults{.encap = conf});
    EXPECT_TRUE(r) << r.message();
    return r ? std::move(*r) : ParsedRule{};
}

// The header bytes of the rule's first action (a RAW_ENCAP or RAW_DECAP).
Bytes raw(const ParsedRule &r) {
    const rte_flow_action &a = r.actions.at(0);
    if (a.type == RTE_FLOW_ACTION_TYPE_RAW_ENCAP) {
        const auto *c = static_cast<const rte_flow_action_raw_encap *>(a.conf);
        EXPECT_EQ(c->preserve, nullptr);
        return bytes_of(c->data, c->size);
    }
    EXPECT_EQ(a.type, RTE_FLOW_ACTION_TYPE_RAW_DECAP);
    const auto *c = static_cast<const rte_flow_action_raw_decap *>(a.conf);
    return bytes_of(c->data, c->size);
}

// What `set ... eth-src 11:11:11:11:11:11 eth-dst 22:22:22:22:22:22` with
// ip-src 127.0.0.1 ip-dst 128.0.0.1 (or ::1 and ::2222) and vlan-tci 34 writes.
void addresses(EncapOuter &o, bool ipv4, bool vlan) {
    o.ipv4 = ipv4;
    o.vlan = vlan;
    const uint8_t src4[4] = {127, 0, 0, 1}, dst4[4] = {128, 0, 0, 1};
    std::memcpy(&o.ipv4_src, src4, 4);
    std::memcpy(&o.ipv4_dst, dst4, 4);
    std::memset(o.ipv6_src, 0, 16);
    std::memset(o.ipv6_dst, 0, 16);
    o.ipv6_src[15] = 0x01;
    o.ipv6_dst[14] = o.ipv6_dst[15] = 0x22;
    o.vlan_tci = htons(34);
    std::memset(o.eth_src, 0x11, 6);
    std::memset(o.eth_dst, 0x22, 6);
}

// Ethernet and VLAN items as testpmd 22.11 copies them: the header, then
// (Ethernet) 2 bytes of padding and the 4-byte has_vlan word, (VLAN) the
// has_more_vlan word; from 23.03 the headers alone.
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
const char *const kEthTail = "";
const std::string kVlanTail = "";
#else
const char *const kEthTail = "0000 00000000";
const std::string kVlanTail = "00000000";
#endif
// The items' own bytes (the definition items of vxlan and nvgre encap).
const char *const kEthItemTail = "0000 00000000";
const std::string kEth = "222222222222 111111111111";

} // namespace

TEST(FlowEncap, MplsoudpEncapIpv4WithVlan) {
    EncapConf conf;
    addresses(conf.mplsoudp_encap.outer, true, true);
    conf.mplsoudp_encap.label[0] = 0x00; // label 4: (4 << 12) as three bytes
    conf.mplsoudp_encap.label[1] = 0x00;
    conf.mplsoudp_encap.label[2] = 0x40;
    conf.mplsoudp_encap.udp_src = htons(5);
    conf.mplsoudp_encap.udp_dst = htons(10);
    const ParsedRule r = parse("mplsoudp_encap", &conf);
    EXPECT_EQ(raw(r), hex(kEth + "8100" + kEthTail +                          // eth
                          "0022 0800" + kVlanTail +                           // vlan
                          "4500 0000 0000 0000 4011 0000 7f000001 80000001" + // ipv4
                          "0005 000a 0000 0000" +                             // udp
                          "000041 00")); // mpls, bottom of stack
}

TEST(FlowEncap, MplsogreEncapDefaultsAreIpv6AndZero) {
    EncapConf conf;
    const ParsedRule r = parse("mplsogre_encap", &conf);
    EXPECT_EQ(raw(r), hex("000000000000 000000000000 86dd" + std::string(kEthTail) +
                          "00000000 0000 2f 40" + std::string(64, '0') + "00000000" + // ipv6
                          "0000 8847" +                                               // gre
                          "000001 00"));
}

TEST(FlowEncap, MplsogreEncapIpv6) {
    EncapConf conf;
    addresses(conf.mplsogre_encap.outer, false, false);
    const ParsedRule r = parse("mplsogre_encap", &conf);
    EXPECT_EQ(raw(r), hex(kEth + "86dd" + kEthTail + "00000000 0000 2f 40" +
                          "00000000000000000000000000000001" + "00000000000000000000000000002222" +
                          "00000000" + "0000 8847" + "000001 00"));
}

// The decaps take addresses, VLAN and IP version from the encap settings,
// their own VLAN choice only for the Ethernet type.
TEST(FlowEncap, MplsDecapsReadTheEncapSettings) {
    EncapConf conf;
    addresses(conf.mplsogre_encap.outer, true, true);
    conf.mplsogre_decap.vlan = false;
    EXPECT_EQ(raw(parse("mplsogre_decap", &conf)),
              hex(kEth + "0800" + kEthTail + "0000 0800" + kVlanTail +
                  "0000 0000 0000 0000 002f 0000 00000000 00000000" + "0000 8847" + "00000000"));
    conf.mplsogre_decap.vlan = true;
    EXPECT_EQ(raw(parse("mplsogre_decap", &conf)).at(12), 0x81);

    EncapConf defaults;
    EXPECT_EQ(raw(parse("mplsoudp_decap", &defaults)),
              hex("000000000000 000000000000 86dd" + std::string(kEthTail) + "00000000 0000 11 00" +
                  std::string(64, '0') + "00000000" + "0000 19eb 0000 0000" + "00000000"));
}

// l2_encap's and l2_decap's VLAN TCI is the MPLSoUDP setting's, as in testpmd.
TEST(FlowEncap, L2EncapAndDecap) {
    EncapConf conf;
    addresses(conf.l2_encap, true, true);
    conf.l2_encap.vlan_tci = htons(99); // not read
    conf.mplsoudp_encap.outer.vlan_tci = htons(0x123);
    EXPECT_EQ(raw(parse("l2_encap", &conf)),
              hex(kEth + "8100" + kEthTail + "0123 0800" + kVlanTail));
    conf.l2_encap.vlan = false;
    conf.l2_encap.ipv4 = false;
    EXPECT_EQ(raw(parse("l2_encap", &conf)), hex(kEth + "86dd" + kEthTail));

    EXPECT_EQ(raw(parse("l2_decap", &conf)),
              hex("000000000000 000000000000 0000" + std::string(kEthTail)));
    conf.l2_decap.vlan = true;
    EXPECT_EQ(raw(parse("l2_decap", &conf)), hex("000000000000 000000000000 8100" +
                                                 std::string(kEthTail) + "0123 0000" + kVlanTail));
}

// testpmd's defaults: IPv4 from 127.0.0.1 (stored in host order, so the
// spec holds 1.0.0.127 on a little-endian host) to 255.255.255.255, UDP to
// 4789, VNI 0, no VLAN (a void item in its place).
TEST(FlowEncap, VxlanEncapDefaults) {
    const ParsedRule r = parse("vxlan_encap", nullptr);
    ASSERT_EQ(r.actions.at(0).type, RTE_FLOW_ACTION_TYPE_VXLAN_ENCAP);
    const auto *c = static_cast<const rte_flow_action_vxlan_encap *>(r.actions[0].conf);
    const rte_flow_item *it = c->definition;
    const rte_flow_item_type types[] = {RTE_FLOW_ITEM_TYPE_ETH,   RTE_FLOW_ITEM_TYPE_VOID,
                                        RTE_FLOW_ITEM_TYPE_IPV4,  RTE_FLOW_ITEM_TYPE_UDP,
                                        RTE_FLOW_ITEM_TYPE_VXLAN, RTE_FLOW_ITEM_TYPE_END};
    for (size_t i = 0; i < std::size(types); i++)
        EXPECT_EQ(it[i].type, types[i]) << i;
    EXPECT_EQ(bytes_of(it[0].spec, 20),
              hex("ffffffffffff 000000000000 0000" + std::string(kEthItemTail)));
    EXPECT_EQ(bytes_of(it[0].mask, 20),
              hex("ffffffffffff ffffffffffff 0000" + std::string(kEthItemTail)));
    EXPECT_EQ(bytes_of(it[2].spec, 20), hex("0000 0000 0000 0000 0000 0000 0100007f ffffffff"));
    EXPECT_EQ(bytes_of(it[2].mask, 20), hex("0000 0000 0000 0000 0000 0000 ffffffff ffffffff"));
    EXPECT_EQ(bytes_of(it[3].spec, 8), hex("0000 12b5 0000 0000"));
    EXPECT_EQ(bytes_of(it[3].mask, 8), hex("ffff ffff 0000 0000"));
    EXPECT_EQ(bytes_of(it[4].spec, 8), hex("00000000 00000000"));
    EXPECT_EQ(bytes_of(it[4].mask, 8), hex("00000000 ffffff00"));
    EXPECT_EQ(bytes_of(it[1].mask, 8), hex("0fff 0000 00000000"));
    EXPECT_EQ(it[5].spec, nullptr);
}

TEST(FlowEncap, VxlanEncapTosTtlIpv6WithVlan) {
    EncapConf conf;
    VxlanSettings &s = conf.vxlan;
    addresses(s.outer, false, true);
    s.tos_ttl = true;
    s.ip_tos = 0xab;
    s.ip_ttl = 9;
    s.vni[2] = 4;
    const ParsedRule r = parse("vxlan_encap", &conf);
    const auto *c = static_cast<const rte_flow_action_vxlan_encap *>(r.actions.at(0).conf);
    const rte_flow_item *it = c->definition;
    EXPECT_EQ(it[1].type, RTE_FLOW_ITEM_TYPE_VLAN);
    EXPECT_EQ(bytes_of(it[1].spec, 8), hex("0022 0000 00000000"));
    ASSERT_EQ(it[2].type, RTE_FLOW_ITEM_TYPE_IPV6);
    EXPECT_EQ(bytes_of(it[2].spec, 44), hex("0ab00000 0000 00 09 00000000000000000000000000000001"
                                            "00000000000000000000000000002222 00000000"));
    EXPECT_EQ(bytes_of(it[2].mask, 44),
              hex("0ff00000 0000 00 ff" + std::string(64, 'f') + "00000000"));
    EXPECT_EQ(bytes_of(it[4].spec, 8), hex("00000000 00000400"));
}

TEST(FlowEncap, NvgreEncapIpv4) {
    EncapConf conf;
    addresses(conf.nvgre.outer, true, false);
    conf.nvgre.tni[2] = 4;
    const ParsedRule r = parse("nvgre_encap", &conf);
    ASSERT_EQ(r.actions.at(0).type, RTE_FLOW_ACTION_TYPE_NVGRE_ENCAP);
    const auto *c = static_cast<const rte_flow_action_nvgre_encap *>(r.actions[0].conf);
    const rte_flow_item *it = c->definition;
    const rte_flow_item_type types[] = {RTE_FLOW_ITEM_TYPE_ETH, RTE_FLOW_ITEM_TYPE_VOID,
                                        RTE_FLOW_ITEM_TYPE_IPV4, RTE_FLOW_ITEM_TYPE_NVGRE,
                                        RTE_FLOW_ITEM_TYPE_END};
    for (size_t i = 0; i < std::size(types); i++)
        EXPECT_EQ(it[i].type, types[i]) << i;
    EXPECT_EQ(bytes_of(it[0].spec, 20), hex(kEth + "0000" + kEthItemTail));
    EXPECT_EQ(bytes_of(it[2].spec, 20), hex("0000 0000 0000 0000 0000 0000 7f000001 80000001"));
    EXPECT_EQ(bytes_of(it[3].spec, 8), hex("2000 6558 000004 00"));
    EXPECT_EQ(bytes_of(it[3].mask, 8), hex("0000 0000 ffffff 00"));
}

// The configuration is the rule's: it holds what its pointers point to,
// survives the rule's move and later settings.
TEST(FlowEncap, TheConfigurationIsTheRules) {
    EncapConf conf;
    addresses(conf.vxlan.outer, true, false);
    ParsedRule r = parse("vxlan_encap / l2_encap", &conf);
    const ParsedRule moved = std::move(r);
    conf.vxlan.outer.eth_dst[0] = 0x99;
    const auto *c = static_cast<const rte_flow_action_vxlan_encap *>(moved.actions.at(0).conf);
    const auto *block = static_cast<const uint8_t *>(moved.actions[0].conf);
    for (const rte_flow_item *it = c->definition; it->type != RTE_FLOW_ITEM_TYPE_END; it++) {
        for (const void *p : {it->spec, it->mask}) {
            const auto *b = static_cast<const uint8_t *>(p);
            EXPECT_TRUE(b >= block && b < block + sizeof(VxlanEncapData));
        }
    }
    EXPECT_EQ(bytes_of(c->definition[0].spec, 1), hex("22"));
    const auto *l2 = static_cast<const rte_flow_action_raw_encap *>(moved.actions.at(1).conf);
    EXPECT_EQ(static_cast<const void *>(l2->data),
              static_cast<const void *>(reinterpret_cast<const RawEncapData *>(l2)->data));
}
