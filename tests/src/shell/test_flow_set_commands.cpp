// `set raw_encap|raw_decap|sample_actions|conntrack` and `show
// raw_encap|raw_decap` (src/shell/commands/flow_set_commands.cpp) against the
// fakes: what the store keeps, testpmd 22.11's texts and refusals, and the
// flow commands that read the store.
#include "shell/command_table.h"
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::run;

namespace {

// The hexdump's address is the store's: masked as the corpus masks it.
std::string masked(const std::string &out) {
    return std::regex_replace(out, std::regex(R"(\[0x[0-9a-f]+\])"), "[ADDR]");
}

} // namespace

TEST(FlowSetCommands, SetRawEncapThenShowItAsTestpmd) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "set raw_encap 3 eth / ipv4 dst is 10.0.0.1 / end_set", &out)) << out;
    EXPECT_EQ(out, "");
    EXPECT_EQ(h.raw.encap[3].size(), 34u);
    ASSERT_TRUE(run(h, "show raw_encap 3", &out));
    EXPECT_EQ(masked(out),
              "\nindex: 3 at [ADDR], len=34\n"
              "00000000: FF FF FF FF FF FF FF FF FF FF FF FF 08 00 45 00 | ..............E.\n"
              "00000010: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 0A 00 | ................\n"
              "00000020: 00 01                                           | ..\n");
    ASSERT_TRUE(run(h, "show raw_decap 3", &out));
    EXPECT_EQ(masked(out), "\nindex: 3 at [ADDR], len=0\n");
    // No index: 0.
    ASSERT_TRUE(run(h, "set raw_decap eth / end_set", &out)) << out;
    EXPECT_EQ(h.raw.decap[0].size(), 14u);
    ASSERT_TRUE(run(h, "show raw_decap all", &out));
    EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 8 * 2 + 1);
    EXPECT_NE(out.find("\nindex: 7 at ["), std::string::npos);
}

TEST(FlowSetCommands, RefusalsAsTestpmd) {
    FakeHost h;
    h.cfg.testpmd_texts = true;
    std::string out;
    EXPECT_FALSE(run(h, "show raw_encap 8", &out));
    EXPECT_EQ(out, "index should be 0-7\n");
    EXPECT_FALSE(run(h, "show raw_encap 65536", &out));
    EXPECT_EQ(out, "Bad arguments\n");
    for (const char *bad :
         {"set raw_encap 8 eth / end_set", "set raw_decap eth", "set sample_actions 0 end",
          "set raw_encap end_set", "set raw_encap ipv4 / end_set", "set raw_encap 3 / end_set",
          "set sample_actions 0 port_representor ethdev_port_id 1 / end",
          "set sample_actions 8 queue index 0 / end", "set conntrack orig scale 7",
          "set conntrack com peer 1"}) {
        EXPECT_FALSE(run(h, bad, &out)) << bad;
        EXPECT_EQ(out, "Bad arguments\n") << bad;
    }
    // With an index the list may be empty (testpmd's next_set_raw).
    h.raw.decap[3] = {1};
    EXPECT_TRUE(run(h, "set raw_decap 3 end_set", &out)) << out;
    EXPECT_TRUE(h.raw.decap[3].empty());
    // An item testpmd cannot lay out empties the index and says so.
    h.raw.encap[0] = {1};
    EXPECT_FALSE(run(h, "set raw_encap eth / icmp / end_set", &out));
    EXPECT_EQ(out, "Error - Not supported item\n");
    EXPECT_TRUE(h.raw.encap[0].empty());
    // A 64 KiB raw item or item word: refused, the shell goes on.
    const std::string big(65536, 'a');
    EXPECT_FALSE(run(h, "set raw_encap eth src is " + big + " / end_set", &out));
    EXPECT_LT(out.size(), 100u);
    EXPECT_TRUE(run(h, "show raw_encap 0", &out));
    EXPECT_FALSE(
        run(h, "flow create 0 pattern raw pattern is " + big + " / end actions drop / end", &out));
    EXPECT_EQ(out, "Bad arguments\n");
    // Headers over the 512 bytes an index holds.
    std::string many = "set raw_encap 1";
    for (int i = 0; i < 13; i++)
        many += " ipv6 /";
    EXPECT_FALSE(run(h, many + " end_set", &out));
    EXPECT_EQ(out, "Error - the headers are over 512 bytes\n");
    EXPECT_TRUE(h.raw.encap[1].empty());
    EXPECT_TRUE(run(h, "show raw_encap 1", &out));
}

TEST(FlowSetCommands, RulesReadTheStore) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "set raw_encap 4 eth / ipv4 / udp / vxlan vni is 2 / end_set", &out));
    ASSERT_TRUE(run(h, "set sample_actions 0 mark id 0x1234 / queue index 0 / end", &out)) << out;
    EXPECT_EQ(h.raw.sample[0].actions.size(), 3u);
    ASSERT_TRUE(run(h, "set sample_actions 1 / end", &out)) << out; // the empty list
    EXPECT_EQ(h.raw.sample[1].actions.size(), 1u);
    EXPECT_TRUE(run(
        h, "flow create 0 egress pattern eth / ipv4 / end actions raw_encap index 4 / end", &out))
        << out;
    EXPECT_TRUE(run(h,
                    "flow create 0 ingress group 1 pattern eth / end actions sample ratio 2 "
                    "index 0 / queue index 1 / end",
                    &out))
        << out;
}

TEST(FlowSetCommands, ConntrackContextReachesTheIndirectAction) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h,
                    "set conntrack com peer 1 is_orig 1 enable 1 live 1 sack 1 cack 0 last_dir 0 "
                    "liberal 0 state 1 max_ack_win 7 r_lim 5 last_win 510 last_seq 2632987379 "
                    "last_ack 2532480967 last_end 2632987379 last_index 0x8",
                    &out))
        << out;
    EXPECT_EQ(out, "");
    ASSERT_TRUE(run(h,
                    "set conntrack rply scale 7 fin 0 acked 1 unack_data 0 sent_end 2532480967 "
                    "reply_end 2532546247 max_win 65280 max_ack 2532480967",
                    &out))
        << out;
    ASSERT_TRUE(run(h, "flow indirect_action 0 create ingress action conntrack / end", &out))
        << out;
    const rte_flow_action_conntrack &ct = h.fake_flows.conntrack;
    EXPECT_EQ(ct.peer_port, 1);
    EXPECT_EQ(ct.is_original_dir, 1u);
    EXPECT_EQ(ct.state, RTE_FLOW_CONNTRACK_STATE_ESTABLISHED);
    EXPECT_EQ(ct.max_ack_window, 7u);
    EXPECT_EQ(ct.last_window, 510);
    EXPECT_EQ(ct.last_seq, 2632987379u);
    EXPECT_EQ(ct.last_index, RTE_FLOW_CONNTRACK_FLAG_ACK);
    EXPECT_EQ(ct.reply_dir.max_win, 65280u);
    EXPECT_EQ(ct.reply_dir.last_ack_seen, 1u);
    ASSERT_TRUE(run(h, "flow indirect_action 0 update 0 action conntrack_update dir / end", &out))
        << out;
    EXPECT_EQ(h.fake_flows.handle_updates, 1);
}

// TAB follows the item table after `set raw_encap [index]` (ending in
// end_set) and the action table after `set sample_actions <index>`.
TEST(FlowSetCommands, CompletionFollowsTheTables) {
    FakeHost h;
    using V = std::vector<std::string>;
    EXPECT_EQ(complete_command(h, "set raw_encap 1 eth / ip"), (V{"ipv4", "ipv6"}));
    EXPECT_EQ(complete_command(h, "set raw_decap 0 udp "), (V{"/", "dst", "src"}));
    EXPECT_EQ(complete_command(h, "set raw_decap "), (V{"eth"}));
    const V after_item = complete_command(h, "set raw_encap eth / ");
    EXPECT_NE(std::find(after_item.begin(), after_item.end(), "end_set"), after_item.end());
    EXPECT_EQ(std::find(after_item.begin(), after_item.end(), "end"), after_item.end());
    EXPECT_EQ(complete_command(h, "set raw_encap eth / conntrack "),
              (V{"is", "last", "mask", "prefix", "spec"}));
    EXPECT_EQ(complete_command(h, "set sample_actions 0 mar"), (V{"mark"}));
    EXPECT_EQ(complete_command(h, "set sample_actions 0 queue "), (V{"/", "index"}));
}
