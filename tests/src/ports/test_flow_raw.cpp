// `set raw_encap|raw_decap|sample_actions` as the flow grammar sees them
// (src/ports/flow/flow_raw_*): the header bytes testpmd 22.11 builds from a
// pattern, and the raw_encap, raw_decap, sample and conntrack_update actions
// that copy what the store holds into the rule.
#include "options/scalar_parse.h"
#include "ports/flow/flow_parse.h"
#include "ports/flow/flow_raw_headers.h"
#include "ports/flow/flow_raw_store.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace pmdfwd;
using namespace pmdfwd::flow;

namespace {

Result<std::vector<uint8_t>> bytes_of(const std::string &items) {
    const std::vector<std::string> words = split_words(items);
    Result<ParsedRule> r = parse_flow_items(words);
    if (!r) return r.status();
    return raw_header_bytes(r->pattern);
}

Result<ParsedRule> rule(const std::string &line, const RawStore &store) {
    const std::vector<std::string> words = split_words(line);
    return parse_flow_rule(words, ActionDefaults{.raw = &store});
}

template <typename T>
const T &conf_of(const ParsedRule &r, size_t i) {
    return *static_cast<const T *>(r.actions.at(i).conf);
}

bool inside(const void *p, const void *block, size_t n) {
    const auto *b = static_cast<const uint8_t *>(block);
    return p >= block && static_cast<const uint8_t *>(p) < b + n;
}

} // namespace

// The corpus's pattern: testpmd fills the EtherType from the VLAN item,
// IPv4's version and protocol from the items around it, VXLAN's flags, and
// an item without a spec takes its default mask (IPv4's all-ones addresses).
TEST(FlowRaw, EncapBytesOfEthVlanIpv4UdpVxlan) {
    auto b = bytes_of("eth src is 10:11:22:33:44:55 / vlan tci is 1 inner_type is 0x0800 / ipv4 "
                      "/ udp dst is 4789 / vxlan vni is 2 / end_set");
    ASSERT_TRUE(b) << b.message();
    const std::vector<uint8_t> want = {// eth: dst (not given), src, EtherType 802.1Q
                                       0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x11, 0x22, 0x33,
                                       0x44, 0x55, 0x81, 0x00,
                                       // vlan: TCI 1, inner type IPv4
                                       0x00, 0x01, 0x08, 0x00,
                                       // ipv4: 0x45, proto UDP, addresses from the default mask
                                       0x45, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x11,
                                       0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                       // udp: destination 4789
                                       0x00, 0x00, 0x12, 0xb5, 0x00, 0x00, 0x00, 0x00,
                                       // vxlan: flags I, VNI 2
                                       0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00};
    EXPECT_EQ(*b, want);
}

TEST(FlowRaw, Ipv6VersionAndNextHeader) {
    auto b = bytes_of("eth / ipv6 src is ::1 dst is ::2 / tcp / end_set");
    ASSERT_TRUE(b) << b.message();
    ASSERT_EQ(b->size(), 14u + 40u + 20u);
    EXPECT_EQ((*b)[12], 0x86); // EtherType IPv6
    EXPECT_EQ((*b)[13], 0xdd);
    EXPECT_EQ((*b)[14], 0x60);  // version 6
    EXPECT_EQ((*b)[14 + 6], 6); // next header TCP
    EXPECT_EQ((*b)[14 + 8 + 15], 1);
    EXPECT_EQ((*b)[14 + 24 + 15], 2);
}

TEST(FlowRaw, RefusalsSayWhy) {
    EXPECT_EQ(bytes_of("eth / icmp / end_set").message(), "Error - Not supported item");
    std::string many;
    for (int i = 0; i < 13; i++)
        many += "ipv6 / ";
    EXPECT_EQ(bytes_of(many + "end_set").message(), "Error - the headers are over 512 bytes");
    // "end" ends the list as an END item, which testpmd cannot lay out.
    EXPECT_EQ(bytes_of("eth / end").message(), "Error - Not supported item");
    EXPECT_FALSE(bytes_of("eth / end_set extra"));
    EXPECT_EQ(bytes_of("end_set").value(), std::vector<uint8_t>());
}

// The rule's configuration holds its own copy: a later `set raw_encap`
// does not change a parsed rule.
TEST(FlowRaw, RawEncapAndDecapCopyTheStoredBytes) {
    RawStore store;
    store.encap[0] = {0xaa};
    store.encap[2] = {1, 2, 3};
    store.decap[7] = {9, 8};
    auto r =
        rule("pattern end actions raw_encap / raw_encap index 2 / raw_decap index 7 / end", store);
    ASSERT_TRUE(r) << r.message();
    store.encap[2] = {7};
    const auto &first = conf_of<rte_flow_action_raw_encap>(*r, 0);
    ASSERT_EQ(first.size, 1u);
    EXPECT_EQ(first.data[0], 0xaa);
    const auto &encap = conf_of<rte_flow_action_raw_encap>(*r, 1);
    ASSERT_EQ(encap.size, 3u);
    EXPECT_EQ(std::vector<uint8_t>(encap.data, encap.data + 3), (std::vector<uint8_t>{1, 2, 3}));
    EXPECT_EQ(encap.preserve, nullptr);
    const auto &decap = conf_of<rte_flow_action_raw_decap>(*r, 2);
    ASSERT_EQ(decap.size, 2u);
    EXPECT_EQ(decap.data[1], 8);
    EXPECT_EQ(rule("pattern end actions raw_encap index 8 / end", store).message(),
              "raw_encap index: '8' is out of range (allowed: 0..7)");
    EXPECT_FALSE(rule("pattern end actions raw_decap index / end", store));
}

TEST(FlowRaw, SampleCopiesTheStoredActions) {
    RawStore store;
    const std::vector<std::string> words =
        split_words("mark id 0x1234 / rss queues 0 3 end / queue index 5 / end");
    auto list = parse_flow_actions(words, ActionDefaults{});
    ASSERT_TRUE(list) << list.message();
    store.sample[1] = std::move(*list);
    auto r = rule("pattern eth / end actions sample ratio 2 index 1 / queue index 1 / end", store);
    ASSERT_TRUE(r) << r.message();
    store.sample[1] = {};
    const auto &sample = conf_of<rte_flow_action_sample>(*r, 0);
    EXPECT_EQ(sample.ratio, 2u);
    const rte_flow_action *a = sample.actions;
    ASSERT_EQ(a[0].type, RTE_FLOW_ACTION_TYPE_MARK);
    EXPECT_EQ(static_cast<const rte_flow_action_mark *>(a[0].conf)->id, 0x1234u);
    ASSERT_EQ(a[1].type, RTE_FLOW_ACTION_TYPE_RSS);
    const auto *rss = static_cast<const rte_flow_action_rss *>(a[1].conf);
    ASSERT_EQ(rss->queue_num, 2u);
    EXPECT_EQ(rss->queue[1], 3);
    // The queue list moved with the configuration into the rule's block.
    EXPECT_TRUE(inside(rss->queue, r->actions[0].conf, 16 * 1024));
    EXPECT_EQ(a[2].type, RTE_FLOW_ACTION_TYPE_QUEUE);
    EXPECT_EQ(a[3].type, RTE_FLOW_ACTION_TYPE_END);
    // Without an index, END alone.
    auto bare = rule("pattern end actions sample ratio 1 / end", store);
    ASSERT_TRUE(bare);
    EXPECT_EQ(conf_of<rte_flow_action_sample>(*bare, 0).actions[0].type, RTE_FLOW_ACTION_TYPE_END);
}

TEST(FlowRaw, ConntrackUpdateTakesDirectionOrContext) {
    RawStore store;
    store.conntrack.is_original_dir = 1;
    store.conntrack.last_seq = 77;
    auto dir = rule("pattern end actions conntrack_update dir / end", store);
    ASSERT_TRUE(dir) << dir.message();
    const auto &d = conf_of<rte_flow_modify_conntrack>(*dir, 0);
    EXPECT_EQ(d.direction, 1u);
    EXPECT_EQ(d.state, 0u);
    EXPECT_EQ(d.new_ct.is_original_dir, 1u);
    EXPECT_EQ(d.new_ct.last_seq, 0u);
    auto ctx = rule("pattern end actions conntrack_update ctx / end", store);
    ASSERT_TRUE(ctx) << ctx.message();
    const auto &c = conf_of<rte_flow_modify_conntrack>(*ctx, 0);
    EXPECT_EQ(c.state, 1u);
    EXPECT_EQ(c.direction, 0u);
    EXPECT_EQ(c.new_ct.is_original_dir, 0u); // ctx keeps the direction it had
    EXPECT_EQ(c.new_ct.last_seq, 77u);
    auto ct = rule("pattern end actions conntrack / end", store);
    ASSERT_TRUE(ct);
    EXPECT_EQ(ct->actions[0].type, RTE_FLOW_ACTION_TYPE_CONNTRACK);
}

// testpmd's raw item: flags, a signed offset, and a pattern given as text
// or hex whose bytes, length and address land in the item's own block.
TEST(FlowRaw, RawItemPattern) {
    RawStore store;
    auto r = rule("pattern raw relative is 1 search is 0 offset is 4294967292 limit is 9 "
                  "pattern_hex spec "
                  "000a0a0a0a pattern_hex mask 0x00ffffffff / end actions queue index 4 / end",
                  store);
    ASSERT_TRUE(r) << r.message();
    const auto &spec = *static_cast<const rte_flow_item_raw *>(r->pattern[0].spec);
    const auto &mask = *static_cast<const rte_flow_item_raw *>(r->pattern[0].mask);
    EXPECT_EQ(spec.relative, 1u);
    EXPECT_EQ(spec.search, 0u);
    EXPECT_EQ(spec.offset, -4);
    EXPECT_EQ(spec.limit, 9);
    ASSERT_EQ(spec.length, 5);
    EXPECT_EQ(std::vector<uint8_t>(spec.pattern, spec.pattern + 5),
              (std::vector<uint8_t>{0, 10, 10, 10, 10}));
    EXPECT_TRUE(inside(spec.pattern, &spec, sizeof(spec) + kRawPatternMax));
    ASSERT_EQ(mask.length, 5);
    EXPECT_EQ(mask.pattern[4], 0xff);
    auto text = rule("pattern raw pattern is abc / end actions drop / end", store);
    ASSERT_TRUE(text) << text.message();
    const auto &t = *static_cast<const rte_flow_item_raw *>(text->pattern[0].spec);
    EXPECT_EQ(std::string(reinterpret_cast<const char *>(t.pattern), t.length), "abc");
    EXPECT_EQ(static_cast<const rte_flow_item_raw *>(text->pattern[0].mask)->length, 0xffff);
}

// A 64 KiB raw pattern, a range or prefix of one, a signed offset: refused
// as testpmd 22.11 refuses them; an odd hex string is read as testpmd does.
TEST(FlowRaw, RawItemRefusals) {
    RawStore store;
    const std::string big(65536, 'a');
    auto r = rule("pattern raw pattern is " + big + " / end actions drop / end", store);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.message(), "raw pattern: '" + std::string(40, 'a') +
                               "...' is not a pattern (allowed: 1..512 characters)");
    EXPECT_TRUE(rule(
        "pattern raw pattern is " + std::string(512, 'a') + " / end actions drop / end", store));
    auto odd = rule("pattern raw pattern_hex is abc / end actions drop / end", store);
    ASSERT_TRUE(odd) << odd.message();
    const auto &o = *static_cast<const rte_flow_item_raw *>(odd->pattern[0].spec);
    ASSERT_EQ(o.length, 2);
    EXPECT_EQ(o.pattern[0], 0x0a);
    EXPECT_EQ(o.pattern[1], 0xbc);
    EXPECT_FALSE(rule("pattern raw pattern_hex is zz / end actions drop / end", store));
    EXPECT_FALSE(
        rule("pattern raw pattern_hex is " + std::string(258, 'a') + " / end actions drop / end",
             store));
    EXPECT_EQ(rule("pattern raw pattern_hex prefix 3 / end actions drop / end", store).message(),
              "raw pattern_hex: unexpected 'prefix' (allowed: is, spec, mask)");
    EXPECT_FALSE(rule("pattern raw pattern last abc / end actions drop / end", store));
    EXPECT_FALSE(rule("pattern raw offset is -2 / end actions drop / end", store));
}

TEST(FlowRaw, ConntrackItemTakesItsValueBare) {
    RawStore store;
    auto r =
        rule("pattern eth / ipv4 / tcp / conntrack is 1 / end actions queue index 5 / end", store);
    ASSERT_TRUE(r) << r.message();
    EXPECT_EQ(r->pattern[3].type, RTE_FLOW_ITEM_TYPE_CONNTRACK);
    EXPECT_EQ(static_cast<const rte_flow_item_conntrack *>(r->pattern[3].spec)->flags, 1u);
    EXPECT_EQ(static_cast<const rte_flow_item_conntrack *>(r->pattern[3].mask)->flags, UINT32_MAX);
    EXPECT_TRUE(rule("pattern conntrack spec 4 / end actions drop / end", store));
    // Its value once, not named, not left out (testpmd's "Bad arguments").
    for (const char *bad : {"pattern conntrack flags spec 4 / end actions drop / end",
                            "pattern conntrack / end actions drop / end",
                            "pattern conntrack is 1 spec 2 / end actions drop / end",
                            "pattern conntrack is / end actions drop / end"})
        EXPECT_FALSE(rule(bad, store)) << bad;
}
