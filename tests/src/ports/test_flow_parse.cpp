// The flow grammar over its tables (src/ports/flow): every item's every
// field and every action parse; values, masks and prefixes land at the
// right bytes of DPDK's structures; bad rules are refused with a message
// that says why, however long or malformed.
#include "options/scalar_parse.h"
#include "ports/flow/flow_actions.h"
#include "ports/flow/flow_items.h"
#include "ports/flow/flow_parse.h"

#include <gtest/gtest.h>
#include <rte_version.h>

#include <arpa/inet.h>
#include <rte_l2tpv2.h>

#include <cstddef>
#include <cstring>
#include <map>
#include <vector>

using namespace pmdfwd;
using namespace pmdfwd::flow;

namespace {

Result<ParsedRule> parse(const std::string &line, ActionDefaults d = {}) {
    const std::vector<std::string> words = split_words(line);
    return parse_flow_rule(words, d);
}

template <typename T>
const T &spec_of(const ParsedRule &r, size_t i) {
    return *static_cast<const T *>(r.pattern.at(i).spec);
}

template <typename T>
const T &mask_of(const ParsedRule &r, size_t i) {
    return *static_cast<const T *>(r.pattern.at(i).mask);
}

template <typename T>
const T &conf_of(const ParsedRule &r, size_t i) {
    return *static_cast<const T *>(r.actions.at(i).conf);
}

// A value each kind of field takes.
std::string sample(const FlowField &f) {
    switch (f.kind) {
    case FieldKind::Mac:
        return "02:00:00:00:00:01";
    case FieldKind::Ipv4:
        return "10.0.0.1";
    case FieldKind::Ipv6:
        return "2001:db8::1";
    case FieldKind::RawHex:
    case FieldKind::Hex:
    case FieldKind::HexPointer:
        return "0a0b";
    case FieldKind::Name:
    case FieldKind::LeadName:
        return f.names.back();
    case FieldKind::FieldLevel:
    case FieldKind::RawText:
    case FieldKind::Uint:
    case FieldKind::Be:
        break;
    }
    return "1";
}

constexpr bool kUserIds = RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0);
constexpr const char *kUnknownAttribute =
    kUserIds ? "unexpected 'ingres' (allowed: group, priority, ingress, egress, transfer, "
               "user_id, pattern)"
             : "unexpected 'ingres' (allowed: group, priority, ingress, egress, transfer, "
               "pattern)";

#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
#define kCompareWord "compare, "
#else
#define kCompareWord ""
#endif
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
#define kQuotaWord "quota, "
#define kQuotaActions "quota_create, quota_update, "
#else
#define kQuotaWord ""
#define kQuotaActions ""
#endif

} // namespace

TEST(FlowParse, AttributesPatternAndActions) {
    auto r = parse("group 3 priority 2 ingress egress transfer pattern eth / ipv4 / end "
                   "actions queue index 5 / end");
    ASSERT_TRUE(r) << r.message();
    EXPECT_EQ(r->attr.group, 3u);
    EXPECT_EQ(r->attr.priority, 2u);
    EXPECT_TRUE(r->attr.ingress && r->attr.egress && r->attr.transfer);
    ASSERT_EQ(r->pattern.size(), 3u);
    EXPECT_EQ(r->pattern[0].type, RTE_FLOW_ITEM_TYPE_ETH);
    EXPECT_EQ(r->pattern[1].type, RTE_FLOW_ITEM_TYPE_IPV4);
    EXPECT_EQ(r->pattern[2].type, RTE_FLOW_ITEM_TYPE_END);
    // An item without fields has no spec or mask, as testpmd's.
    EXPECT_EQ(r->pattern[0].spec, nullptr);
    EXPECT_EQ(r->pattern[0].mask, nullptr);
    ASSERT_EQ(r->actions.size(), 2u);
    EXPECT_EQ(r->actions[0].type, RTE_FLOW_ACTION_TYPE_QUEUE);
    EXPECT_EQ(conf_of<rte_flow_action_queue>(*r, 0).index, 5);
    EXPECT_EQ(r->actions[1].type, RTE_FLOW_ACTION_TYPE_END);
    EXPECT_TRUE(parse("pattern end actions end"));
}

// 23.07's user_id attribute: a 64-bit id of the user's; unknown before.
TEST(FlowParse, UserIdAttribute) {
    auto r = parse("ingress user_id 0xfedcba9876543210 pattern end actions drop / end");
    ASSERT_EQ(bool(r), kUserIds) << r.message();
    if (!kUserIds) return;
    EXPECT_EQ(r->user_id, UINT64_C(0xfedcba9876543210));
    EXPECT_TRUE(r->attr.ingress);
    EXPECT_EQ(parse("pattern end actions drop / end")->user_id, 0u);
    EXPECT_FALSE(parse("user_id pattern end actions drop / end"));
}

// is: the value and a full mask; spec alone leaves the mask unset; last and
// mask go where they say; prefix sets the leading bits.
TEST(FlowParse, SpecLastMaskPrefix) {
    auto r = parse("pattern ipv4 src is 10.1.2.3 dst spec 192.168.0.1 ttl last 9 "
                   "proto mask 0x11 / end actions drop / end");
    ASSERT_TRUE(r) << r.message();
    const auto &spec = spec_of<rte_flow_item_ipv4>(*r, 0);
    const auto &mask = mask_of<rte_flow_item_ipv4>(*r, 0);
    const auto &last = *static_cast<const rte_flow_item_ipv4 *>(r->pattern[0].last);
    EXPECT_EQ(spec.hdr.src_addr, htonl(0x0a010203));
    EXPECT_EQ(mask.hdr.src_addr, 0xffffffffu);
    EXPECT_EQ(spec.hdr.dst_addr, htonl(0xc0a80001));
    EXPECT_EQ(mask.hdr.dst_addr, 0u);
    EXPECT_EQ(last.hdr.time_to_live, 9);
    EXPECT_EQ(mask.hdr.next_proto_id, 0x11);
    auto p = parse("pattern ipv4 dst prefix 24 / ipv6 src prefix 68 / end actions drop / end");
    ASSERT_TRUE(p) << p.message();
    EXPECT_EQ(mask_of<rte_flow_item_ipv4>(*p, 0).hdr.dst_addr, htonl(0xffffff00));
    const uint8_t *m6 =
        reinterpret_cast<const uint8_t *>(&mask_of<rte_flow_item_ipv6>(*p, 1).hdr.src_addr);
    for (int i = 0; i < 8; i++)
        EXPECT_EQ(m6[i], 0xff) << i;
    EXPECT_EQ(m6[8], 0xf0);
    EXPECT_EQ(m6[9], 0);
}

// Fields that are bits of a unit, in network order.
TEST(FlowParse, BitFieldsAtTheirBits) {
    auto r = parse("pattern vlan pcp is 5 vid is 0x123 / ipv6 tc is 0xab flow is 0x12345 / "
                   "mpls label is 0xfffff s is 1 / vxlan vni is 0x123456 / udp dst is 4789 / "
                   "end actions drop / end");
    ASSERT_TRUE(r) << r.message();
    EXPECT_EQ(ntohs(spec_of<rte_flow_item_vlan>(*r, 0).hdr.vlan_tci), 0xa123);
    EXPECT_EQ(ntohs(mask_of<rte_flow_item_vlan>(*r, 0).hdr.vlan_tci), 0xefff);
    EXPECT_EQ(ntohl(spec_of<rte_flow_item_ipv6>(*r, 1).hdr.vtc_flow), 0x0ab12345u);
    EXPECT_EQ(ntohl(mask_of<rte_flow_item_ipv6>(*r, 1).hdr.vtc_flow), 0x0fffffffu);
    const uint8_t *mpls = spec_of<rte_flow_item_mpls>(*r, 2).label_tc_s;
    EXPECT_EQ(mpls[0], 0xff);
    EXPECT_EQ(mpls[1], 0xff);
    EXPECT_EQ(mpls[2], 0xf1);
    const uint8_t *vx = reinterpret_cast<const uint8_t *>(&spec_of<rte_flow_item_vxlan>(*r, 3));
    EXPECT_EQ(vx[4], 0x12);
    EXPECT_EQ(vx[5], 0x34);
    EXPECT_EQ(vx[6], 0x56);
    EXPECT_EQ(vx[3], 0);
    EXPECT_EQ(vx[7], 0);
    EXPECT_EQ(ntohs(spec_of<rte_flow_item_udp>(*r, 4).hdr.dst_port), 4789);
}

TEST(FlowParse, EveryItemAndEveryField) {
    for (const FlowItem &item : flow_items()) {
        std::string line = std::string("pattern ") + item.name;
        // `is`, or `mask` where the field takes no `is` (a mask is what is checked).
        for (const FlowField &f : item.fields)
            line += (item.bare_value ? std::string() : std::string(" ") + f.name) +
                    (field_takes_is(f) ? " is " : " mask ") + sample(f);
        line += " / end actions drop / end";
        auto r = parse(line);
        ASSERT_TRUE(r) << line << ": " << r.message();
        EXPECT_EQ(r->pattern[0].type, item.type) << item.name;
        if (item.fields.empty()) continue;
        // Every field's mask is set, and nothing beyond the structure.
        const auto *mask = static_cast<const uint8_t *>(r->pattern[0].mask);
        for (const FlowField &f : item.fields) {
            // A raw pattern's bytes follow the structure, as many as it holds;
            // a hex pointer's bytes are after it too.
            const bool raw = f.kind == FieldKind::RawText || f.kind == FieldKind::RawHex;
            const size_t size = raw ? kRawPatternMax : f.size;
            ASSERT_LE(f.offset + size, item.size) << item.name << " " << f.name;
            if (f.kind == FieldKind::HexPointer) {
                ASSERT_LE(f.data_offset + kHexPointerMax, item.size) << f.name;
            }
            // testpmd's `is` of a name or a level sets the spec alone.
            if (f.kind == FieldKind::Name || f.kind == FieldKind::FieldLevel) continue;
            bool any = false;
            for (unsigned b = 0; b < size; b++)
                any = any || mask[f.offset + b];
            EXPECT_TRUE(any) << item.name << " " << f.name;
        }
    }
}

TEST(FlowParse, EveryAction) {
    for (const FlowAction &a : flow_actions()) {
        std::string line = std::string("pattern end actions ") + a.name;
        for (const FlowParam &p : a.params) {
            if (p.read) continue;
            line += std::string(" ") + p.field.name + " " + sample(p.field);
        }
        line += " / end";
        auto r = parse(line);
        ASSERT_TRUE(r) << line << ": " << r.message();
        EXPECT_EQ(r->actions[0].type, a.type) << a.name;
        EXPECT_EQ(r->actions[0].conf != nullptr, a.conf_size != 0) << a.name;
    }
}

TEST(FlowParse, ActionConfigurations) {
    auto r = parse("pattern end actions mark id 0xdeadbeef / jump group 7 / age timeout 16777215 / "
                   "of_push_vlan ethertype 0x8100 / set_ipv4_src ipv4_addr 1.2.3.4 / "
                   "set_tp_dst port 53 / set_mac_dst mac_addr 02:00:00:00:00:09 / "
                   "port_id id 3 / end");
    ASSERT_TRUE(r) << r.message();
    EXPECT_EQ(conf_of<rte_flow_action_mark>(*r, 0).id, 0xdeadbeefu);
    EXPECT_EQ(conf_of<rte_flow_action_jump>(*r, 1).group, 7u);
    EXPECT_EQ(conf_of<rte_flow_action_age>(*r, 2).timeout, 0xffffffu);
    EXPECT_EQ(ntohs(conf_of<rte_flow_action_of_push_vlan>(*r, 3).ethertype), 0x8100);
    EXPECT_EQ(conf_of<rte_flow_action_set_ipv4>(*r, 4).ipv4_addr, htonl(0x01020304));
    EXPECT_EQ(ntohs(conf_of<rte_flow_action_set_tp>(*r, 5).port), 53);
    EXPECT_EQ(conf_of<rte_flow_action_set_mac>(*r, 6).mac_addr[5], 9);
    EXPECT_EQ(conf_of<rte_flow_action_port_id>(*r, 7).id, 3u);
    EXPECT_FALSE(parse("pattern end actions age timeout 16777216 / end"));
}

// The IPsec and PFCP items (network order, PFCP's SEID all 64 bits) and
// the PF/VF actions (VF's original is a bit beside its id).
TEST(FlowParse, IpsecPfcpItemsAndFunctionActions) {
    auto r = parse("pattern esp spi is 0x01020304 / ah spi is 7 / "
                   "pfcp s_field is 1 seid is 0x0102030405060708 / end "
                   "actions pf / vf original 1 id 123 / end");
    ASSERT_TRUE(r) << r.message();
    EXPECT_EQ(ntohl(spec_of<rte_flow_item_esp>(*r, 0).hdr.spi), 0x01020304u);
    EXPECT_EQ(ntohl(spec_of<rte_flow_item_ah>(*r, 1).spi), 7u);
    EXPECT_EQ(spec_of<rte_flow_item_pfcp>(*r, 2).s_field, 1);
    const auto *seid = reinterpret_cast<const uint8_t *>(&spec_of<rte_flow_item_pfcp>(*r, 2).seid);
    for (int i = 0; i < 8; i++)
        EXPECT_EQ(seid[i], i + 1) << i;
    EXPECT_EQ(r->actions[0].type, RTE_FLOW_ACTION_TYPE_PF);
    EXPECT_EQ(r->actions[0].conf, nullptr);
    EXPECT_EQ(conf_of<rte_flow_action_vf>(*r, 1).original, 1u);
    EXPECT_EQ(conf_of<rte_flow_action_vf>(*r, 1).id, 123u);
    EXPECT_FALSE(parse("pattern end actions vf id 4294967296 / end"));
}

// Integrity's value is a 64-bit host-order word; PPP's proto_id host order
// too (as testpmd reads them); meter's id.
TEST(FlowParse, IntegrityPppAndMeter) {
    auto r = parse("pattern integrity level is 2 value spec 0x100000001 value mask 1 / l2tpv2 / "
                   "ppp proto_id is 0x0021 / end actions meter mtr_id 9 / end");
    ASSERT_TRUE(r) << r.message();
    EXPECT_EQ(spec_of<rte_flow_item_integrity>(*r, 0).level, 2u);
    EXPECT_EQ(spec_of<rte_flow_item_integrity>(*r, 0).value, 0x100000001u);
    EXPECT_EQ(mask_of<rte_flow_item_integrity>(*r, 0).value, 1u);
    EXPECT_EQ(r->pattern[1].type, RTE_FLOW_ITEM_TYPE_L2TPV2);
    EXPECT_EQ(spec_of<rte_flow_item_ppp>(*r, 2).hdr.proto_id, 0x0021);
    EXPECT_EQ(conf_of<rte_flow_action_meter>(*r, 0).mtr_id, 9u);
}

// Each L2TPv2 type's fields: testpmd's names and help texts
// (item_l2tpv2_type_*), at the bytes of that type's layout.
TEST(FlowParse, L2tpv2LayoutsNameTheirFieldsAsTestpmd) {
    using L = rte_flow_item_l2tpv2;
    struct Want {
        const char *name;
        size_t offset;
        const char *help;
    };
    const Want tunnel7{"tunnel_id", offsetof(L, hdr.type7.tunnel_id), "tunnel identifier"};
    const Want session7{"session_id", offsetof(L, hdr.type7.session_id), "session identifier"};
    const Want length3{"length", offsetof(L, hdr.type3.length), "message length"};
    const Want tunnel3{"tunnel_id", offsetof(L, hdr.type3.tunnel_id), "tunnel identifier"};
    const Want session3{"session_id", offsetof(L, hdr.type3.session_id), "session identifier"};
    const Want ns5{"ns", offsetof(L, hdr.type5.ns), "sequence number for message"};
    const Want nr5{"nr", offsetof(L, hdr.type5.nr), "sequence number for next receive message"};
    const Want ns3{"ns", offsetof(L, hdr.type3.ns), "sequence number for message"};
    const Want nr3{"nr", offsetof(L, hdr.type3.nr), "sequence number for next receive message"};
    const Want offset4{"offset_size", offsetof(L, hdr.type4.offset_size),
                       "the size of offset padding"};
    const std::map<std::string, std::vector<Want>> want = {
        {"data", {tunnel7, session7}},
        {"data_l", {length3, tunnel3, session3}},
        {"data_s", {tunnel7, session7, ns5, nr5}},
        {"data_o", {tunnel7, session7, offset4}},
        {"data_l_s", {length3, tunnel3, session3, ns3, nr3}},
        {"control", {length3, tunnel3, session3, ns3, nr3}},
    };
    const FlowItem *item = find_item("l2tpv2");
    ASSERT_NE(item, nullptr);
    ASSERT_EQ(item->types.size(), want.size());
    for (const FlowItemType &t : item->types) {
        const std::vector<Want> &w = want.at(t.name);
        ASSERT_EQ(t.fields.size(), w.size()) << t.name;
        for (size_t i = 0; i < w.size(); ++i) {
            EXPECT_STREQ(t.fields[i].name, w[i].name) << t.name;
            EXPECT_EQ(t.fields[i].offset, w[i].offset) << t.name << " " << w[i].name;
            EXPECT_EQ(t.fields[i].size, 2u) << t.name << " " << w[i].name;
            EXPECT_STREQ(t.fields[i].help, w[i].help) << t.name << " " << w[i].name;
        }
    }
}

// L2TPv2's `type WORD` writes the message type to the flags and version
// word, fully masked, in network order, and chooses the fields that
// follow (testpmd's parse_vc_item_l2tpv2_type).
TEST(FlowParse, L2tpv2TypesAndTheirFields) {
    auto r = parse("pattern l2tpv2 type control session_id is 0x1111 ns is 7 / "
                   "l2tpv2 type data_o offset_size spec 5 / l2tpv2 type data / end "
                   "actions drop / end");
    ASSERT_TRUE(r) << r.message();
    const auto &ctrl = spec_of<rte_flow_item_l2tpv2>(*r, 0);
    EXPECT_EQ(ctrl.hdr.common.flags_version, htons(RTE_L2TPV2_MSG_TYPE_CONTROL));
    EXPECT_EQ(mask_of<rte_flow_item_l2tpv2>(*r, 0).hdr.common.flags_version, 0xffff);
    EXPECT_EQ(ctrl.hdr.type3.session_id, htons(0x1111));
    EXPECT_EQ(mask_of<rte_flow_item_l2tpv2>(*r, 0).hdr.type3.session_id, 0xffff);
    EXPECT_EQ(ctrl.hdr.type3.ns, htons(7));
    EXPECT_EQ(spec_of<rte_flow_item_l2tpv2>(*r, 1).hdr.common.flags_version,
              htons(RTE_L2TPV2_MSG_TYPE_DATA_O));
    EXPECT_EQ(spec_of<rte_flow_item_l2tpv2>(*r, 1).hdr.type4.offset_size, htons(5));
    EXPECT_EQ(mask_of<rte_flow_item_l2tpv2>(*r, 1).hdr.type4.offset_size, 0);
    EXPECT_EQ(spec_of<rte_flow_item_l2tpv2>(*r, 2).hdr.common.flags_version,
              htons(RTE_L2TPV2_MSG_TYPE_DATA));
    const std::pair<const char *, uint16_t> types[] = {
        {"data_l length is 1", RTE_L2TPV2_MSG_TYPE_DATA_L},
        {"data_s nr is 1", RTE_L2TPV2_MSG_TYPE_DATA_S},
        {"data_l_s tunnel_id is 1", RTE_L2TPV2_MSG_TYPE_DATA_L_S}};
    for (const auto &[words, value] : types) {
        auto t = parse(std::string("pattern l2tpv2 type ") + words + " / end actions drop / end");
        ASSERT_TRUE(t) << words << ": " << t.message();
        EXPECT_EQ(spec_of<rte_flow_item_l2tpv2>(*t, 0).hdr.common.flags_version, htons(value));
    }
    // A type's own fields only; no field before the type; one type.
    const std::pair<const char *, const char *> bad[] = {
        {"l2tpv2 type data ns is 1", "l2tpv2: unexpected 'ns' (allowed: tunnel_id, session_id, /)"},
        {"l2tpv2 session_id is 1", "l2tpv2: unexpected 'session_id' (allowed: type, /)"},
        {"l2tpv2 type data type data", "l2tpv2: unexpected 'type' (allowed: tunnel_id, "
                                       "session_id, /)"},
        {"l2tpv2 type ctrl", "l2tpv2 type: unknown 'ctrl' (allowed: data, data_l, data_s, "
                             "data_o, data_l_s, control)"},
        {"l2tpv2 type", "l2tpv2 type: unknown '/' (allowed: data, data_l, "
                        "data_s, data_o, data_l_s, control)"}};
    for (const auto &[words, why] : bad) {
        auto b = parse(std::string("pattern ") + words + " / end actions drop / end");
        ASSERT_FALSE(b) << words;
        EXPECT_EQ(b.message(), why);
    }
}

// RSS: testpmd's defaults (every queue, the port's types, no key), then
// what the words say.
TEST(FlowParse, RssDefaultsAndParameters) {
    auto d = parse("pattern end actions rss / end", {.nb_rxq = 4, .rss_hf = RTE_ETH_RSS_UDP});
    ASSERT_TRUE(d) << d.message();
    const auto &def = conf_of<rte_flow_action_rss>(*d, 0);
    EXPECT_EQ(def.queue_num, 4u);
    EXPECT_EQ(def.queue[3], 3);
    EXPECT_EQ(def.types, RTE_ETH_RSS_UDP);
    EXPECT_EQ(def.key, nullptr);
    auto r = parse("pattern end actions rss func toeplitz level 1 types ipv4-tcp udp end "
                   "key 0x00112233 queues 2 5 end / end");
    ASSERT_TRUE(r) << r.message();
    const auto &rss = conf_of<rte_flow_action_rss>(*r, 0);
    EXPECT_EQ(rss.func, RTE_ETH_HASH_FUNCTION_TOEPLITZ);
    EXPECT_EQ(rss.level, 1u);
    EXPECT_EQ(rss.types, RTE_ETH_RSS_NONFRAG_IPV4_TCP | RTE_ETH_RSS_UDP);
    ASSERT_EQ(rss.key_len, 4u);
    EXPECT_EQ(rss.key[3], 0x33);
    ASSERT_EQ(rss.queue_num, 2u);
    EXPECT_EQ(rss.queue[1], 5);
    auto bad = parse("pattern end actions rss queues 1 2 / end");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.message(), "rss queue: '/' is not a number (allowed: 0..65535)");
    auto open_list = parse("pattern end actions rss queues 1 2");
    ASSERT_FALSE(open_list);
    EXPECT_EQ(open_list.message(), "rss queues: no 'end' after the list (allowed: ... end)");
    EXPECT_FALSE(parse("pattern end actions rss types ipv9 end / end"));
    EXPECT_FALSE(parse("pattern end actions rss key 0x123 / end"));
    EXPECT_FALSE(parse("pattern end actions rss func fast / end"));
}

TEST(FlowParse, BadRulesSayWhy) {
    const std::pair<const char *, const char *> cases[] = {
        {"pattern foo / end actions drop / end",
         "pattern: unknown item 'foo' (allowed: void, any, port_id, mark, eth, vlan, ipv4, ipv6, "
         "icmp, udp, tcp, sctp, vxlan, nvgre, mpls, gre, gtp, geneve, icmp6, meta, tag, esp, ah, "
         "pfcp, integrity, l2tpv2, ppp, "
         "represented_port, raw, conntrack, " kQuotaWord kCompareWord "end)"},
        {"pattern ipv4 ttl is 256 / end actions drop / end",
         "ipv4 ttl: '256' is out of range (allowed: 0..255)"},
        {"pattern vlan vid is 4096 / end actions drop / end",
         "vlan vid: '4096' is out of range (allowed: 0..4095)"},
        {"pattern ipv4 src is 10.0.0.256 / end actions drop / end",
         "ipv4 src: '10.0.0.256' is not an address (allowed: a.b.c.d)"},
        {"pattern ipv4 ttl / end actions drop / end",
         "ipv4 ttl: unexpected '/' (allowed: is, spec, last, mask, prefix)"},
        {"pattern eth / ipv4", "ipv4: unexpected the end of the line (allowed: version_ihl, tos, "
                               "packet_id, fragment_offset, ttl, proto, src, dst, /)"},
        {"pattern eth / end actions drop /", "actions: the line ends before the actions' 'end'"},
        {"pattern eth / end", "pattern: no 'actions' after 'end' (allowed: actions)"},
        {"pattern eth / end actions drop / end x", "unexpected 'x' after the actions' 'end'"},
        {"ingres pattern end actions end", kUnknownAttribute},
        {"pattern end actions queue index 65536 / end",
         "queue index: '65536' is out of range (allowed: 0..65535)"},
        {"pattern end actions queue index / end",
         "queue index: '/' is not a number (allowed: 0..65535)"},
        {"pattern end actions queue indx 1 / end", "queue: unexpected 'indx' (allowed: index, /)"},
        {"pattern end actions fly / end",
         "actions: unknown action 'fly' (allowed: void, passthru, jump, mark, flag, queue, drop, "
         "count, rss, pf, vf, port_id, of_pop_vlan, of_push_vlan, of_set_vlan_vid, "
         "of_set_vlan_pcp, "
         "set_ipv4_src, set_ipv4_dst, set_tp_src, set_tp_dst, set_mac_src, set_mac_dst, dec_ttl, "
         "age, meter, represented_port, "
         "vxlan_encap, vxlan_decap, nvgre_encap, nvgre_decap, l2_encap, l2_decap, mplsogre_encap, "
         "mplsogre_decap, mplsoudp_encap, mplsoudp_decap, raw_encap, raw_decap, sample, conntrack, "
         "conntrack_update, " kQuotaActions "end)"},
        {"pattern udp src prefix 17 / end actions end", "udp src prefix: '17' is out of range "
                                                        "(allowed: 0..16)"},
        {"group 4294967296 pattern end actions end",
         "group: '4294967296' is out of range (allowed: 0..4294967295)"},
    };
    for (const auto &[line, why] : cases) {
        auto r = parse(line);
        ASSERT_FALSE(r) << line;
        EXPECT_EQ(r.message(), why) << line;
    }
}

// A runaway rule is refused; a huge word is neither read whole nor repeated.
TEST(FlowParse, HugeInputIsRefusedClearly) {
    std::string line = "pattern";
    for (int i = 0; i < 5000; i++)
        line += " eth /";
    line += " end actions drop / end";
    auto many = parse(line);
    ASSERT_FALSE(many);
    EXPECT_EQ(many.message(), "pattern: more than 1024 items");
    const std::string word(65536, '9');
    for (const std::string &l :
         {"pattern ipv4 ttl is " + word + " / end actions drop / end",
          "pattern ipv4 src is " + word + " / end actions drop / end", "pattern " + word,
          "pattern end actions rss key " + word + " / end", "group " + word})
        if (auto r = parse(l); !r) {
            EXPECT_LT(r.message().size(), 400u) << r.message();
        } else {
            ADD_FAILURE() << l.substr(0, 40);
        }
    std::string actions = "pattern end actions";
    for (int i = 0; i < 2000; i++)
        actions += " drop /";
    EXPECT_EQ(parse(actions + " end").message(), "actions: more than 1024 actions");
}

#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
// DPDK 24.03's compare item, as testpmd 24.11 reads it: names as their
// enum, `is` of a name or a level leaving the mask alone, a level kept
// modulo 256, hex bytes masked as many as given.
TEST(FlowParse, CompareItemFieldsAtTheirBytes) {
    auto r = parse("pattern compare op is le a_type is tag a_level is 300 a_tag_index is 1 "
                   "a_class is 0x1234 a_offset is 4294967295 b_type is value b_level is -1 "
                   "b_value is 0x0102 width is 16 / end actions drop / end");
    ASSERT_TRUE(r) << r.message();
    ASSERT_EQ(r->pattern[0].type, RTE_FLOW_ITEM_TYPE_COMPARE);
    const auto &spec = spec_of<rte_flow_item_compare>(*r, 0);
    const auto &mask = mask_of<rte_flow_item_compare>(*r, 0);
    EXPECT_EQ(spec.operation, RTE_FLOW_ITEM_COMPARE_LE);
    EXPECT_EQ(spec.a.field, RTE_FLOW_FIELD_TAG);
    EXPECT_EQ(spec.a.level, 300 % 256);
    EXPECT_EQ(spec.a.tag_index, 1);
    EXPECT_EQ(ntohs(spec.a.class_id), 0x1234);
    EXPECT_EQ(spec.a.offset, UINT32_MAX);
    EXPECT_EQ(spec.b.field, RTE_FLOW_FIELD_VALUE);
    EXPECT_EQ(spec.width, 16u);
    EXPECT_EQ(spec.b.value[0], 1);
    EXPECT_EQ(spec.b.value[1], 2);
    EXPECT_EQ(spec.b.value[2], 0);
    // The names and levels are not masked; the hex value's two bytes are.
    EXPECT_EQ(mask.operation, 0);
    EXPECT_EQ(mask.a.field, 0);
    EXPECT_EQ(mask.a.level, 0);
    EXPECT_EQ(mask.a.class_id, 0xffff);
    EXPECT_EQ(mask.b.value[1], 0xff);
    EXPECT_EQ(mask.b.value[2], 0);
    EXPECT_EQ(mask.width, UINT32_MAX);

    auto p = parse("pattern compare op mask ge op prefix 3 a_type is tag b_type is pointer "
                   "b_ptr is 000102030405060708090a0b0c0d0e0f000102030405060708090a0b0c0d0e0f "
                   "width spec 8 / end actions drop / end");
    ASSERT_TRUE(p) << p.message();
    const auto &ps = spec_of<rte_flow_item_compare>(*p, 0);
    const auto &pm = mask_of<rte_flow_item_compare>(*p, 0);
    EXPECT_EQ(pm.operation, 0xe0000000u); // prefix after mask: its bits
    // The pointer's 32 bytes follow the structure, in the rule's storage.
    const auto *bytes = static_cast<const uint8_t *>(ps.b.pvalue);
    EXPECT_EQ(bytes, reinterpret_cast<const uint8_t *>(&ps) + sizeof(rte_flow_item_compare));
    EXPECT_EQ(bytes[1], 1);
    EXPECT_EQ(bytes[31], 0x0f);
    EXPECT_EQ(static_cast<const uint8_t *>(pm.b.pvalue)[31], 0xff);
}

TEST(FlowParse, CompareItemOrderAndRefusals) {
    const std::pair<const char *, const char *> cases[] = {
        {"compare / end", "compare: unexpected '/' (allowed: op)"},
        {"compare width is 8 / end", "compare: unexpected 'width' (allowed: op)"},
        {"compare op is eq a_type is tag / end",
         "compare: unexpected '/' (allowed: a_type, a_level, a_tag_index, a_type_id, a_class, "
         "a_offset, b_type)"},
        {"compare op is eq b_type is tag / end",
         "compare: unexpected '/' (allowed: b_type, b_level, b_tag_index, b_type_id, b_class, "
         "b_offset, b_value, b_ptr, width)"},
        {"compare op eq / end",
         "compare op: unexpected 'eq' (allowed: is, spec, last, mask, prefix)"},
        {"compare op is xx / end", "compare op: unknown 'xx' (allowed: eq, ne, lt, le, gt, ge)"},
        {"compare op is e / end", "compare op: unknown 'e' (allowed: eq, ne, lt, le, gt, ge)"},
        {"compare op is eq a_type is tags b_type is tag width is 1 / end",
         "compare a_type: unknown 'tags' (allowed: start, mac_dst, mac_src, vlan_type, vlan_id, "
         "mac_type, ipv4_dscp, ipv4_ttl, ipv4_src, ipv4_dst, ipv6_dscp, ipv6_hoplimit, ipv6_src, "
         "ipv6_dst, tcp_port_src, tcp_port_dst, tcp_seq_num, tcp_ack_num, tcp_flags, "
         "udp_port_src, udp_port_dst, vxlan_vni, geneve_vni, gtp_teid, tag, mark, meta, pointer, "
         "value, ipv4_ecn, ipv6_ecn, gtp_psc_qfi, meter_color, ipv6_proto, flex_item, "
         "hash_result, geneve_opt_type, geneve_opt_class, geneve_opt_data, mpls, tcp_data_off, "
         "ipv4_ihl, ipv4_total_len, ipv6_payload_len, ipv4_proto, ipv6_flow_label, "
         "ipv6_traffic_class, esp_spi, esp_seq_num, esp_proto, random, vxlan_last_rsvd)"},
        {"compare op is eq a_type is tag a_tag_index is 256 b_type is tag width is 8 / end",
         "compare a_tag_index: '256' is out of range (allowed: 0..255)"},
        {"compare op is eq a_type is tag a_class is 65536 b_type is tag width is 8 / end",
         "compare a_class: '65536' is out of range (allowed: 0..65535)"},
        {"compare op is eq a_type is tag a_offset is -1 b_type is tag width is 8 / end",
         "compare a_offset: '-1' is not a number (allowed: 0..4294967295)"},
        {"compare op is eq a_type is tag b_type is tag width is 4294967296 / end",
         "compare width: '4294967296' is out of range (allowed: 0..4294967295)"},
        {"compare op is eq a_type is tag b_type is tag b_level is abc width is 1 / end",
         "compare b_level: 'abc' is not a number (allowed: 0..255)"},
        {"compare op is eq a_type is flex_item a_level is 0 b_type is tag width is 8 / end",
         "compare a_level: Bad flex item handle (pmdfwd has no flex items)"},
        {"compare op mask eq a_type mask flex_item a_level mask 3 b_type is tag width is 8 / end",
         "compare a_level: Bad flex item handle (pmdfwd has no flex items)"},
        {"compare op is eq a_type is tag b_type is value "
         "b_value is 0x000102030405060708090a0b0c0d0e0f10 width is 8 / end",
         "compare b_value: '0x000102030405060708090a0b0c0d0e0f10' is not hex bytes (allowed: "
         "1..32 hex digits)"},
        {"compare op is eq a_type is tag b_type is value b_value is 0x width is 8 / end",
         "compare b_value: '0x' is not hex bytes (allowed: 1..32 hex digits)"},
        {"compare op is eq a_type is tag b_type is value b_value is xyz width is 8 / end",
         "compare b_value: 'xyz' is not hex bytes (allowed: 1..32 hex digits)"},
        {"compare op is eq a_type is tag b_type is value b_value prefix 129 width is 8 / end",
         "compare b_value prefix: '129' is out of range (allowed: 0..128)"},
        {"compare op is eq a_type is tag b_type is pointer "
         "b_ptr is 000102030405060708090a0b0c0d0e0f000102030405060708090a0b0c0d0e0f10 "
         "width is 8 / end",
         "compare b_ptr: '000102030405060708090a0b0c0d0e0f00010203...' is not hex bytes "
         "(allowed: 1..64 hex digits)"},
        {"compare op prefix 33 / end", "compare op prefix: '33' is out of range (allowed: 0..32)"},
    };
    for (const auto &[items, why] : cases) {
        const std::string line = std::string("pattern ") + items + " actions drop / end";
        auto r = parse(line);
        ASSERT_FALSE(r) << line;
        EXPECT_EQ(r.message(), why) << line;
    }
    // Cut short.
    EXPECT_EQ(parse("pattern compare op").message(),
              "compare op: the end of the line (allowed: is, spec, last, mask, prefix)");
    EXPECT_EQ(parse("pattern compare op is").message(),
              "compare op: 'is' needs a value (allowed: is, spec, last, mask, prefix)");
    EXPECT_EQ(parse("pattern compare op is eq a_type").message(),
              "compare a_type: the end of the line (allowed: is, spec, last, mask, prefix)");
    // testpmd's order: op again after op or width, a and b again after width.
    for (const char *ok :
         {"compare op is eq / end", "compare op is eq op is ne / end",
          "compare op is eq a_type is tag b_type is tag width is 8 a_type is mac_dst "
          "b_type is tag width is 4 / end",
          "compare op is eq a_type is tag a_type is meta b_type is tag width is 8 op is ne / end",
          "compare op is eq a_type is tag a_level is 0x1ff b_type is value b_value is 123 "
          "b_value prefix 8 width is 1 / end",
          "eth / compare op spec eq a_type mask tag b_type last tag width prefix 8 / end"}) {
        const std::string line = std::string("pattern ") + ok + " actions drop / end";
        EXPECT_TRUE(parse(line)) << line << ": " << parse(line).message();
    }
}
#endif

#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
// 23.03's quota item and actions: names as testpmd's parse_name_to_index
// reads them (a word that starts with one is it), the state by spec or
// mask alone.
TEST(FlowParse, QuotaItemAndActions) {
    auto r = parse("pattern quota quota_state spec block quota_state mask passed / end actions "
                   "quota_create limit 18446744073709551615 mode l2 / quota_update limit 7 "
                   "update_op add / end");
    ASSERT_TRUE(r) << r.message();
    ASSERT_EQ(r->pattern[0].type, RTE_FLOW_ITEM_TYPE_QUOTA);
    EXPECT_EQ(spec_of<rte_flow_item_quota>(*r, 0).state, RTE_FLOW_QUOTA_STATE_BLOCK);
    EXPECT_EQ(mask_of<rte_flow_item_quota>(*r, 0).state, RTE_FLOW_QUOTA_STATE_PASS);
    ASSERT_EQ(r->actions[0].type, RTE_FLOW_ACTION_TYPE_QUOTA);
    EXPECT_EQ(static_cast<uint64_t>(conf_of<rte_flow_action_quota>(*r, 0).quota), UINT64_MAX);
    EXPECT_EQ(conf_of<rte_flow_action_quota>(*r, 0).mode, RTE_FLOW_QUOTA_MODE_L2);
    ASSERT_EQ(r->actions[1].type, RTE_FLOW_ACTION_TYPE_QUOTA);
    EXPECT_EQ(conf_of<rte_flow_update_quota>(*r, 1).quota, 7);
    EXPECT_EQ(conf_of<rte_flow_update_quota>(*r, 1).op, RTE_FLOW_UPDATE_QUOTA_ADD);
    const std::pair<const char *, const char *> cases[] = {
        {"pattern quota quota_state is pass / end actions drop / end",
         "quota quota_state: unexpected 'is' (allowed: spec, mask)"},
        {"pattern quota quota_state last pass / end actions drop / end",
         "quota quota_state: unexpected 'last' (allowed: spec, mask)"},
        {"pattern quota quota_state spec pas / end actions drop / end",
         "quota quota_state: unknown 'pas' (allowed: pass, block)"},
        {"pattern end actions quota_create mode bytes / end",
         "quota_create mode: unknown 'bytes' (allowed: packet, l2, l3)"},
        {"pattern end actions quota_update update_op sub / end",
         "quota_update update_op: unknown 'sub' (allowed: set, add)"},
    };
    for (const auto &[line, why] : cases) {
        auto bad = parse(line);
        ASSERT_FALSE(bad) << line;
        EXPECT_EQ(bad.message(), why) << line;
    }
}
#else
TEST(FlowParse, NoQuotaBefore2303) {
    EXPECT_FALSE(parse("pattern quota quota_state spec pass / end actions drop / end"));
    EXPECT_FALSE(parse("pattern end actions quota_create limit 1 / end"));
}
#endif
