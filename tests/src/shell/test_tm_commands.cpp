// The traffic management family (src/shell/commands/tm_commands.cpp) against
// a fake rte_tm (tests/support/fake_tm.h): the arguments each command hands
// rte_tm, testpmd 22.11's port state checks, its print_err_msg texts and its
// capability and statistics listings.
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>
#include <rte_version.h>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::out_of;

namespace {

// testpmd 24.11 on echoes what it adds ("display TM parameters when adding nodes").
constexpr bool kEchoes = RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0);

// What follows the echo, where there is one.
std::string after_echo(const std::string &out) {
    if (!kEchoes) return out;
    const size_t at = out.find("# shared shapers: '");
    return at == std::string::npos ? out : out.substr(out.find('\n', at) + 1);
}

} // namespace

TEST(TmCommands, EachCommandMakesItsCall) {
    FakeHost h;
    h.fake_ports.ports[0].status = PortStatus::Stopped;
    out_of(h, "add port tm node shaper profile 0 3 1000 64 2000 128 24 1");
    EXPECT_EQ(h.fake_tm.shaper.committed.rate, 1000u);
    EXPECT_EQ(h.fake_tm.shaper.peak.size, 128u);
    EXPECT_EQ(h.fake_tm.shaper.pkt_length_adjust, 24);
    EXPECT_EQ(h.fake_tm.shaper.packet_mode, 1);
    out_of(h, "del port tm node shaper profile 0 3");
    out_of(h, "add port tm node shared shaper 0 5 3");
    out_of(h, "del port tm node shared shaper 0 5");
    out_of(h, "add port tm node wred profile 0 2 G 1 2 3 4 y 5 6 7 8 R 9 10 11 12");
    EXPECT_EQ(h.fake_tm.wred.red_params[RTE_COLOR_YELLOW].max_th, 6);
    EXPECT_EQ(h.fake_tm.wred.red_params[RTE_COLOR_RED].wq_log2, 12);
    out_of(h, "del port tm node wred profile 0 2");
    out_of(h, "del port tm node 0 7");
    out_of(h, "suspend port tm node 0 7");
    out_of(h, "resume port tm node 0 7");
    out_of(h, "port tm hierarchy commit 0 yes");
    out_of(h, "set port tm mark ip_ecn 0 1 0 1");
    const std::vector<std::string> want = {
        "shaper_profile_add 0 3",   "shaper_profile_delete 0 3", "shared_shaper_add_update 0 5 3",
        "shared_shaper_delete 0 5", "wred_profile_add 0 2",      "wred_profile_delete 0 2",
        "node_delete 0 7",          "node_suspend 0 7",          "node_resume 0 7",
        "hierarchy_commit 0 1",     "mark_ip_ecn 0 1 0 1"};
    EXPECT_EQ(h.fake_tm.calls, want);
}

TEST(TmCommands, NodesTakeNoneAsMinusOneAndTheirSharedShapers) {
    FakeHost h;
    out_of(h, "add port tm nonleaf node 0 100 -1 0 1 0 -1 4 0x3 2 7 8");
    EXPECT_EQ(h.fake_tm.calls.back(), "node_add 0 100 4294967295 0 1 0");
    EXPECT_EQ(h.fake_tm.node.shaper_profile_id, UINT32_MAX);
    EXPECT_EQ(h.fake_tm.node.nonleaf.n_sp_priorities, 4u);
    EXPECT_EQ(h.fake_tm.node.stats_mask, 3u);
    EXPECT_EQ(h.fake_tm.node_shared, (std::vector<uint32_t>{7, 8}));
    EXPECT_TRUE(h.fake_tm.node_weight_modes.empty()); // byte mode: no array
    out_of(h, "add port tm nonleaf node pktmode 0 101 100 0 1 1 5 2 0 0");
    EXPECT_EQ(h.fake_tm.node.shaper_profile_id, 5u);
    EXPECT_EQ(h.fake_tm.node_weight_modes, (std::vector<int>{0, 0}));
    h.fake_tm.is_leaf = 1;
    out_of(h, "add port tm leaf node 0 0 101 0 1 2 -1 1 9 0 0");
    EXPECT_EQ(h.fake_tm.calls.back(), "node_add 0 0 101 0 1 2");
    EXPECT_EQ(h.fake_tm.node.leaf.cman, RTE_TM_CMAN_HEAD_DROP);
    EXPECT_EQ(h.fake_tm.node.leaf.wred.wred_profile_id, 9u);
    EXPECT_EQ(h.fake_tm.node.n_shared_shapers, 0u);
}

TEST(TmCommands, BadSharedShapersAreTestpmdsParseErrors) {
    FakeHost h;
    const char *bad = " Shared shapers params string parse error\n";
    EXPECT_EQ(out_of(h, "add port tm nonleaf node 0 1 -1 0 1 0 -1 1 0", false), "Bad arguments\n");
    EXPECT_EQ(after_echo(out_of(h, "add port tm nonleaf node 0 1 -1 0 1 0 -1 1 0 2 7", false)),
              bad);
    EXPECT_EQ(after_echo(out_of(h, "add port tm nonleaf node 0 1 -1 0 1 0 -1 1 0 1 x", false)),
              bad);
    EXPECT_EQ(after_echo(out_of(h, "add port tm leaf node 0 1 -1 0 1 0 -1 0 0 0 256", false)),
              " Number of shared shapers exceed the max (error)\n");
    EXPECT_EQ(out_of(h, "add port tm nonleaf node 0 1 x 0 1 0 -1 1 0 0", false), "Bad arguments\n");
    EXPECT_TRUE(h.fake_tm.calls.empty());
}

TEST(TmCommands, PortStateChecksComeFirst) {
    FakeHost h;
    EXPECT_EQ(out_of(h, "add port tm node shared shaper 0 1 1", false),
              " Port 0 not stopped (error)\n");
    EXPECT_EQ(out_of(h, "del port tm node 0 1", false), " Port 0 not stopped (error)\n");
    h.fake_ports.ports[1].status = PortStatus::Stopped;
    EXPECT_EQ(out_of(h, "set port tm node shared shaper 1 1 1", false),
              " Port 1 not started (error)\n");
    EXPECT_EQ(out_of(h, "set port tm node shaper profile 1 1 1", false),
              " Port 1 not started (error)\n");
    EXPECT_EQ(out_of(h, "set port tm node parent 1 1 0 0 1", false),
              " Port 1 not started (error)\n");
    EXPECT_EQ(out_of(h, "show port tm node stats 1 1 0", false), " Port 1 not started (error)\n");
    EXPECT_TRUE(h.fake_tm.calls.empty());
    out_of(h, "set port tm node parent 0 1 0 2 3");
    EXPECT_EQ(h.fake_tm.calls.back(), "node_parent_update 0 1 0 2 3");
    // testpmd's port_id_is_invalid words: no list of the valid ports.
    EXPECT_EQ(out_of(h, "show port tm cap 7", false), "Invalid port 7\n");
    EXPECT_EQ(out_of(h, "set port tm mark ip_dscp 9 0 0 0", false), "Invalid port 9\n");
    EXPECT_EQ(h.fake_tm.calls.size(), 1u);
    // 24.11 echoes a shaper profile's parameters before it checks the port.
    const std::string echo = kEchoes ? "adding node shaper on port 9, with id 3\n"
                                       "# committed rate: 1.0K, t.b. size: 64\n"
                                       "# peak rate: 2.0K, t.b. size: 128\n"
                                       "# pkt length adjust: 24\n"
                                       "# packet mode: true\n"
                                     : "";
    EXPECT_EQ(out_of(h, "add port tm node shaper profile 9 3 1000 64 2000 128 24 1", false),
              echo + "Invalid port 9\n");
    EXPECT_EQ(h.fake_tm.calls.size(), 1u);
}

TEST(TmCommands, RefusalsInPrintErrMsgWords) {
    FakeHost h;
    h.fake_tm.fail_errno = ENOSYS;
    h.fake_tm.fail_message = "Function not implemented";
    EXPECT_EQ(out_of(h, "show port tm cap 0", false),
              "cause unspecified: Function not implemented (error 1)\n");
    h.fake_tm.fail_type = RTE_TM_ERROR_TYPE_NODE_ID;
    h.fake_tm.fail_message = nullptr;
    EXPECT_EQ(out_of(h, "show port tm node type 0 4", false),
              "node id: (no stated reason) (error 33)\n");
    static int cause;
    h.fake_tm.fail_cause = &cause;
    // A type this DPDK does not name, within the enum's range (its 34 names
    // take 0..33, the range runs to 63): a larger one is undefined behaviour.
    h.fake_tm.fail_type = static_cast<rte_tm_error_type>(63);
    const std::string text = out_of(h, "suspend port tm node 0 4", false);
    EXPECT_EQ(text.rfind("unknown type: cause: 0x", 0), 0u) << text;
    EXPECT_NE(text.find(", (no stated reason) (error 63)\n"), std::string::npos) << text;
}

TEST(TmCommands, CapabilitiesAndStatsAsTestpmdListsThem) {
    FakeHost h;
    h.fake_tm.cap.n_nodes_max = 9;
    h.fake_tm.cap.shaper_pkt_length_adjust_min = -4;
    h.fake_tm.cap.stats_mask = 0xff;
    const std::string cap = out_of(h, "show port tm cap 0");
    EXPECT_EQ(cap.rfind("\n****   Port TM Capabilities ****\n\ncap.n_nodes_max 9\n", 0), 0u);
    EXPECT_NE(cap.find("cap.shaper_pkt_length_adjust_min -4\n"), std::string::npos);
    EXPECT_NE(cap.find("cap.mark_ip_dscp_supported 0\ncap.dynamic_update_mask 0\n"
                       "cap.stats_mask ff\n"),
              std::string::npos);
    EXPECT_NE(out_of(h, "show port tm level cap 0 4").find("cap.leaf.cman_head_drop_supported"),
              std::string::npos);
    EXPECT_NE(out_of(h, "show port tm level cap 0 3").find("cap.nonleaf.sched_wfq_weight_max"),
              std::string::npos);
    h.fake_tm.is_leaf = 1;
    EXPECT_EQ(out_of(h, "show port tm node type 0 4"), "leaf node\n");
    const std::string node = out_of(h, "show port tm node cap 0 4");
    EXPECT_EQ(node.rfind("\n**   Port TM Hierarchy node 4 Capability **\n\n", 0), 0u);
    EXPECT_NE(node.find("cap.leaf.cman_wred_context_shared_n_max 0\ncap.stats_mask 0\n"),
              std::string::npos);
    h.fake_tm.stats.n_pkts = 12;
    h.fake_tm.stats.leaf.n_pkts_dropped[RTE_COLOR_RED] = 3;
    h.fake_tm.stats_mask = RTE_TM_STATS_N_PKTS | RTE_TM_STATS_N_PKTS_RED_DROPPED;
    EXPECT_EQ(out_of(h, "show port tm node stats 0 4 1"),
              "\tPkts scheduled from node: 12\n\tPkts dropped (red): 3\n");
    EXPECT_EQ(h.fake_tm.calls.back(), "node_stats 0 4 1");
}

TEST(TmCommands, AddingAShaperProfileEchoesItFrom2411) {
    FakeHost h;
    const std::string out =
        out_of(h, "add port tm node shaper profile 0 3 1500000000 64 2000 128 24 1");
    EXPECT_EQ(out, kEchoes ? "adding node shaper on port 0, with id 3\n"
                             "# committed rate: 1.5G, t.b. size: 64\n"
                             "# peak rate: 2.0K, t.b. size: 128\n"
                             "# pkt length adjust: 24\n"
                             "# packet mode: true\n"
                           : "");
    EXPECT_EQ(h.fake_tm.calls.back(), "shaper_profile_add 0 3");
    if (kEchoes) {
        EXPECT_TRUE(out_of(h, "add port tm node shaper profile 0 4 999 0 2500000 0 0 0")
                        .ends_with("# committed rate: 999, t.b. size: 0\n"
                                   "# peak rate: 2.5M, t.b. size: 0\n"
                                   "# pkt length adjust: 0\n"
                                   "# packet mode: false (bytes mode)\n"));
    }
}

TEST(TmCommands, AddingANodeEchoesItsParametersFrom2411) {
    FakeHost h;
    EXPECT_EQ(out_of(h, "add port tm nonleaf node 0 100 -1 0 1 0 -1 4 0x13 2 7 8"),
              kEchoes ? "adding node on port 0, with id 100 as root node\n"
                        "# priority: 0\n# weight: 1\n# level_id: 0\n# shaper_profile_id: -1\n"
                        "# num SP priorities: 4\n# stats_mask: 13\n# shared shapers: '2 7 8'\n"
                      : "");
    h.fake_tm.is_leaf = 1;
    EXPECT_EQ(out_of(h, "add port tm leaf node 0 0 101 2 3 4 5 2 4294967295 0 0"),
              kEchoes ? "adding leaf node on port 0, with id 0 and parent node 101\n"
                        "# priority: 2\n# weight: 3\n# level_id: 4\n# shaper_profile_id: 5\n"
                        "# cman_mode: 2\n# wred_profile_id: -1\n# stats_mask: 0\n"
                        "# shared shapers: '0'\n"
                      : "");
    // pktmode's command echoes nothing, in testpmd too.
    h.fake_tm.is_leaf = 0;
    EXPECT_EQ(out_of(h, "add port tm nonleaf node pktmode 0 101 100 0 1 1 5 2 0 0"), "");
    EXPECT_EQ(h.fake_tm.calls.size(), 3u);
}

#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
TEST(TmCommands, ShowNodeListsWhatRteTmNodeQueryAnswers) {
    FakeHost h;
    h.fake_tm.query_level = 1;
    h.fake_tm.query_params.shaper_profile_id = RTE_TM_SHAPER_PROFILE_ID_NONE;
    h.fake_tm.query_params.stats_mask = 5;
    h.fake_tm.query_params.nonleaf.n_sp_priorities = 2;
    EXPECT_EQ(out_of(h, "show port tm node 0 90"), "Port 0 TM Node 90\n"
                                                   "  Parent Node ID: <NULL>\n"
                                                   "  Level ID: 1\n"
                                                   "  Priority: 0\n"
                                                   "  Weight: 1\n"
                                                   "  Shaper Profile ID: <none>\n"
                                                   "  Shared Shaper IDs: <none>\n"
                                                   "  Stats Mask: 5\n"
                                                   "  Nonleaf Node Parameters\n"
                                                   "    Num Strict Priorities: 2\n"
                                                   "    WFQ Weights Mode: WFQ\n");
    EXPECT_EQ(h.fake_tm.calls, (std::vector<std::string>{"node_query 0 90", "node_type 0 90"}));
    uint32_t shared[] = {3, 4};
    uint32_t contexts[] = {6};
    h.fake_tm.is_leaf = 1;
    h.fake_tm.query_parent = 90;
    h.fake_tm.query_params = {};
    h.fake_tm.query_params.shaper_profile_id = 7;
    h.fake_tm.query_params.shared_shaper_id = shared;
    h.fake_tm.query_params.n_shared_shapers = 2;
    h.fake_tm.query_params.leaf.cman = RTE_TM_CMAN_WRED;
    h.fake_tm.query_params.leaf.wred.wred_profile_id = 8;
    h.fake_tm.query_params.leaf.wred.shared_wred_context_id = contexts;
    h.fake_tm.query_params.leaf.wred.n_shared_wred_contexts = 1;
    const std::string out = out_of(h, "show port tm node 0 1");
    EXPECT_TRUE(out.ends_with("  Parent Node ID: 90\n  Level ID: 1\n  Priority: 0\n  Weight: 1\n"
                              "  Shaper Profile ID: 7\n  Shared Shaper IDs: 3 4 \n"
                              "  Stats Mask: 0\n  Leaf Node Parameters\n    CMAN Mode: WRED\n"
                              "    WRED Profile ID: 8\n    Shared WRED Context Ids: 6 \n"))
        << out;
}

TEST(TmCommands, ShowNodeRefusedInPrintErrMsgWords) {
    FakeHost h;
    h.fake_tm.fail_errno = ENOSYS;
    h.fake_tm.fail_message = "Function not implemented";
    EXPECT_EQ(out_of(h, "show port tm node 0 0", false),
              "cause unspecified: Function not implemented (error 1)\n");
    EXPECT_EQ(h.fake_tm.calls, std::vector<std::string>{"node_query 0 0"});
    EXPECT_EQ(out_of(h, "show port tm node 9 0", false), "Invalid port 9\n");
}
#else
TEST(TmCommands, ShowNodeIsNotThisDpdksCommand) {
    FakeHost h;
    out_of(h, "show port tm node 0 0", false);
    EXPECT_TRUE(h.fake_tm.calls.empty());
}
#endif
