// The meter family (src/shell/commands/mtr_commands.cpp) against a fake
// rte_mtr (tests/support/fake_mtr.h): the arguments each command hands
// rte_mtr, testpmd 22.11's table parsing, print_err_msg texts and listings.
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::out_of;

namespace {

std::string colors(size_t n, const char *first) {
    std::string s = first;
    for (size_t i = 1; i < n; i++)
        s += " y";
    return s;
}

} // namespace

TEST(MtrCommands, ProfilesCarryTheirAlgorithmsNumbers) {
    FakeHost h;
    out_of(h, "add port meter profile srtcm_rfc2697 0 13 21504 2688 100 1");
    EXPECT_EQ(h.fake_mtr.profile.alg, RTE_MTR_SRTCM_RFC2697);
    EXPECT_EQ(h.fake_mtr.profile.srtcm_rfc2697.cir, 21504u);
    EXPECT_EQ(h.fake_mtr.profile.srtcm_rfc2697.ebs, 100u);
    EXPECT_EQ(h.fake_mtr.profile.packet_mode, 1);
    out_of(h, "add port meter profile trtcm_rfc2698 1 2 10 20 30 40 0");
    EXPECT_EQ(h.fake_mtr.profile.trtcm_rfc2698.pir, 20u);
    EXPECT_EQ(h.fake_mtr.profile.trtcm_rfc2698.pbs, 40u);
    out_of(h, "add port meter profile trtcm_rfc4115 0 3 10 20 30 40 1");
    EXPECT_EQ(h.fake_mtr.profile.trtcm_rfc4115.eir, 20u);
    EXPECT_EQ(h.fake_mtr.profile.packet_mode, 1);
    out_of(h, "del port meter profile 0 3");
    out_of(h, "del port meter policy 0 4");
    out_of(h, "enable port meter 0 5");
    out_of(h, "disable port meter 0 5");
    out_of(h, "del port meter 0 5");
    out_of(h, "set port meter profile 0 5 3");
    out_of(h, "set port meter stats mask 0 5 0x3");
    out_of(h, "set port meter proto 0 5 inner_vlan 2");
    EXPECT_EQ(out_of(h, "get port meter proto_prio 0 5 outer_ip"), "");
    const std::vector<std::string> want = {
        "profile_add 0 13",
        "profile_add 1 2",
        "profile_add 0 3",
        "profile_delete 0 3",
        "policy_delete 0 4",
        "enable 0 5",
        "disable 0 5",
        "destroy 0 5",
        "profile_update 0 5 3",
        "stats_update 0 5 3",
        "in_protocol_set 0 5 " + std::to_string(RTE_MTR_COLOR_IN_PROTO_INNER_VLAN) + " 2",
        "in_protocol_priority_get 0 5 " + std::to_string(RTE_MTR_COLOR_IN_PROTO_OUTER_IP)};
    EXPECT_EQ(h.fake_mtr.calls, want);
}

TEST(MtrCommands, TablesAreReadAsTestpmdReadsThem) {
    FakeHost h;
    out_of(h, "set port meter dscp table 0 7 0");
    EXPECT_EQ(h.fake_mtr.calls.back(), "dscp_table 0 7 0"); // an unknown proto is 0
    EXPECT_TRUE(h.fake_mtr.table.empty());
    out_of(h, "set port meter dscp table 0 7 inner_ip " + colors(64, "R") + " ignored");
    EXPECT_EQ(h.fake_mtr.calls.back(),
              "dscp_table 0 7 " + std::to_string(RTE_MTR_COLOR_IN_PROTO_INNER_IP));
    ASSERT_EQ(h.fake_mtr.table.size(), 64u);
    EXPECT_EQ(h.fake_mtr.table[0], RTE_COLOR_RED);
    EXPECT_EQ(h.fake_mtr.table[63], RTE_COLOR_YELLOW);
    out_of(h, "set port meter vlan table 1 2 outer_vlan " + colors(16, "g"));
    EXPECT_EQ(h.fake_mtr.calls.back(),
              "vlan_table 1 2 " + std::to_string(RTE_MTR_COLOR_IN_PROTO_OUTER_VLAN));
    EXPECT_EQ(h.fake_mtr.table.size(), 16u);
    const char *bad = " Multi token string parse error\n";
    EXPECT_EQ(out_of(h, "set port meter vlan table 1 2 outer_vlan " + colors(15, "g"), false), bad);
    EXPECT_EQ(out_of(h, "set port meter vlan table 1 2 outer_vlan " + colors(16, "x"), false), bad);
    EXPECT_EQ(out_of(h, "set port meter dscp table 0x1 2", false), bad);
    EXPECT_EQ(out_of(h, "set port meter dscp table 9 2", false), "Invalid port 9\n");
    EXPECT_EQ(h.fake_mtr.calls.size(), 3u);
}

TEST(MtrCommands, RefusalsInPrintErrMsgWords) {
    FakeHost h;
    h.fake_mtr.fail_errno = ENOSYS;
    h.fake_mtr.fail_message = "Function not implemented";
    EXPECT_EQ(out_of(h, "show port meter cap 0", false),
              "cause unspecified: Function not implemented (error 1)\n");
    h.fake_mtr.fail_type = RTE_MTR_ERROR_TYPE_METER_POLICY;
    h.fake_mtr.fail_message = nullptr;
    EXPECT_EQ(out_of(h, "enable port meter 0 1", false),
              "meter policy null: (no stated reason) (error 14)\n");
    h.fake_mtr.fail_type = RTE_MTR_ERROR_TYPE_METER_PROFILE_PACKET_MODE;
    EXPECT_EQ(out_of(h, "disable port meter 0 1", false),
              "unknown type: (no stated reason) (error 4)\n");
    h.fake_mtr.fail_type = RTE_MTR_ERROR_TYPE_METER_POLICY;
    // testpmd lists the (no) protocols after the refusal too.
    EXPECT_EQ(out_of(h, "get port meter proto 0 1", false),
              "meter policy null: (no stated reason) (error 14)\nEnabled protocols:\n");
}

TEST(MtrCommands, CapabilitiesProtocolsAndStats) {
    FakeHost h;
    h.fake_mtr.cap.n_max = 4;
    h.fake_mtr.cap.input_color_proto_mask = 0x1f;
    const std::string cap = out_of(h, "show port meter cap 0");
    EXPECT_EQ(cap.rfind("\n****   Port Meter Object Capabilities ****\n\ncap.n_max 4\n", 0), 0u);
    EXPECT_NE(cap.find("cap.stats_mask 0\ncap.input_color_proto_mask 0x1f\n"
                       "cap.separate_input_color_table_per_port 0\n"),
              std::string::npos);
    h.fake_mtr.protocols = RTE_MTR_COLOR_IN_PROTO_OUTER_VLAN | RTE_MTR_COLOR_IN_PROTO_INNER_IP;
    EXPECT_EQ(out_of(h, "get port meter proto 0 1"),
              "Enabled protocols:\n\touter_vlan\n\tinner_ip\n");
    h.fake_mtr.stats.n_pkts[RTE_COLOR_YELLOW] = 5;
    h.fake_mtr.stats.n_bytes_dropped = 60;
    h.fake_mtr.stats_mask = RTE_MTR_STATS_N_PKTS_YELLOW | RTE_MTR_STATS_N_BYTES_DROPPED;
    EXPECT_EQ(out_of(h, "show port meter stats 0 1 yes"), "\tPkts Y: 5\n\tBytes DROPPED: 60\n");
    EXPECT_EQ(h.fake_mtr.calls.back(), "stats_read 0 1 1");
    EXPECT_EQ(out_of(h, "show port meter cap 7", false), "Invalid port 7\n");
}
