// The VF and driver-specific port family (src/shell/commands/vf_commands.cpp)
// against fake drivers (tests/support/fake_driver.h): what each command hands
// the drivers and testpmd 22.11's text for each answer.
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <rte_ethdev.h>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::out_of;

TEST(VfCommands, HandTheDriversTheirArguments) {
    FakeHost h;
    out_of(h, "set vf mac antispoof 0 3 on");
    out_of(h, "set vf vlan antispoof 0 70000 off");
    out_of(h, "set vf vlan stripq 0 2 on");
    out_of(h, "set vf vlan insert 0 1 100");
    out_of(h, "set vf mac addr 0 4 02:00:00:00:00:42");
    out_of(h, "set tx loopback 0 on");
    out_of(h, "set all queues drop 0 off");
    out_of(h, "rx_vlan add 100 port 0 vf 0x5");
    out_of(h, "rx_vlan rm 7 port 3 vf 1");
    out_of(h, "set port 0 vf 1 rx on");
    out_of(h, "set port 0 vf 2 tx off");
    out_of(h, "set port 0 vf 1 rate 1000 queue_mask 0x3");
    EXPECT_EQ(h.fake_drivers.calls,
              (std::vector<std::string>{
                  "mac_anti_spoof 0 3 1", "vlan_anti_spoof 0 4464 0", "vlan_stripq 0 2 1",
                  "vlan_insert 0 1 100", "mac_addr 0 4 2 66", "tx_loopback 0 1",
                  "all_queues_drop 0 0", "vlan_filter 0 100 5 1", "vlan_filter 3 7 1 0",
                  "traffic 0 1 1 1", "traffic 0 2 0 0", "rate_limit 0 1 1000 3"}));
}

TEST(VfCommands, RxmodeNamesItsVmdqBit) {
    FakeHost h;
    out_of(h, "set port 0 vf 1 rxmode AUPE on");
    out_of(h, "set port 0 vf 1 rxmode ROPE off");
    out_of(h, "set port 0 vf 1 rxmode BAM on");
    out_of(h, "set port 0 vf 1 rxmode MPE on");
    const auto bit = [](unsigned b, int on) {
        return "rxmode 0 1 " + std::to_string(b) + " " + std::to_string(on);
    };
    EXPECT_EQ(h.fake_drivers.calls,
              (std::vector<std::string>{
                  bit(RTE_ETH_VMDQ_ACCEPT_UNTAG, 1), bit(RTE_ETH_VMDQ_ACCEPT_HASH_UC, 0),
                  bit(RTE_ETH_VMDQ_ACCEPT_BROADCAST, 1), bit(RTE_ETH_VMDQ_ACCEPT_MULTICAST, 1)}));
}

// The answers every driver call shares; -EINVAL's text is the command's.
TEST(VfCommands, EachReturnCodeHasTestpmdsText) {
    struct Case {
        const char *line, *invalid;
    };
    const Case cases[] = {
        {"set vf mac antispoof 0 3 on", "invalid vf_id 3 or is_on 1"},
        {"set vf vlan antispoof 0 3 on", "invalid vf_id 3"},
        {"set vf vlan stripq 0 3 off", "invalid vf_id 3 or is_on 0"},
        {"set vf vlan insert 0 3 100", "invalid vf_id 3 or vlan_id 100"},
        {"set vf mac addr 0 3 02:00:00:00:00:42", "invalid vf_id 3 or mac_addr"},
        {"set tx loopback 0 on", "invalid is_on 1"},
        {"set all queues drop 0 off", "invalid is_on 0"},
        {"rx_vlan add 100 port 0 vf 0x5", "invalid vlan_id 100 or vf_mask 5"},
    };
    for (const Case &k : cases) {
        FakeHost h;
        EXPECT_EQ(out_of(h, k.line), "");
        h.fake_drivers.answer = -EINVAL;
        EXPECT_EQ(out_of(h, k.line, false), std::string(k.invalid) + "\n");
        h.fake_drivers.answer = -ENODEV;
        EXPECT_EQ(out_of(h, k.line, false), "invalid port_id 0\n");
        h.fake_drivers.answer = -EIO;
        EXPECT_EQ(out_of(h, k.line, false), "programming error: (Input/output error)\n");
    }
}

TEST(VfCommands, UnsupportedIsWordedPerCommand) {
    FakeHost h;
    h.fake_drivers.answer = -ENOTSUP;
    EXPECT_EQ(out_of(h, "set vf vlan insert 0 0 100", false), "function not implemented\n");
    EXPECT_EQ(out_of(h, "rx_vlan rm 100 port 0 vf 0x1", false),
              "function not implemented or supported\n");
    EXPECT_EQ(out_of(h, "set port 0 vf 0 rxmode BAM on", false),
              "bad VF receive mode parameter, return code = -95\n");
    EXPECT_EQ(out_of(h, "set port 0 vf 0 rate 0 queue_mask 0x1", false),
              "set_vf_rate_limit for port_id=0 failed diag=-95\n"
              "vf_rate_limit_cmd error: (Operation not supported)\n");
    EXPECT_EQ(out_of(h, "set port 0 vf 0 tx on", false),
              "rte_pmd_ixgbe_set_vf_tx for port_id=0 failed diag=-95\n");
}

// Built without ixgbe, testpmd says VF Rx/Tx cannot be set, asking no driver.
TEST(VfCommands, VfTrafficWithoutIxgbe) {
    FakeHost h;
    h.fake_drivers.vf_traffic = false;
    EXPECT_EQ(out_of(h, "set port 5 vf 0 rx on", false),
              "VF Rx setting not supported for port 5\n");
    EXPECT_EQ(out_of(h, "set port 0 vf 0 tx off", false),
              "VF Tx setting not supported for port 0\n");
    EXPECT_TRUE(h.fake_drivers.calls.empty());
}

// The ids are range-checked as testpmd's tokens are, before any driver call.
TEST(VfCommands, OutOfRangeIdsAreRefusedBeforeTheDriver) {
    FakeHost h;
    out_of(h, "set port 0 vf 256 rx on", false);
    out_of(h, "set vf vlan insert 0 0 65536", false);
    out_of(h, "set tx loopback 9 on", false);
    EXPECT_TRUE(h.fake_drivers.calls.empty());
}

// testpmd prints the VF's block after the driver's answer, zeros when refused.
TEST(VfCommands, VfStatsBlockFollowsTheAnswer) {
    FakeHost h;
    h.fake_drivers.stats.ipackets = 7;
    h.fake_drivers.stats.obytes = 640;
    EXPECT_EQ(out_of(h, "show vf stats 0 2"),
              "\n  ######################## NIC statistics for port 0  vf 2  "
              "########################\n"
              "  RX-packets: 7          RX-missed: 0          RX-bytes:  0\n"
              "  RX-errors: 0\n  RX-nombuf:  0         \n"
              "  TX-packets: 0          TX-errors: 0          TX-bytes:  640\n"
              "  ####################################################################"
              "########\n");
    h.fake_drivers.answer = -EINVAL;
    EXPECT_TRUE(out_of(h, "show vf stats 0 2", false).starts_with("invalid vf_id 2\n\n  ###"));
    EXPECT_EQ(out_of(h, "clear vf stats 0 3", false), "invalid vf_id 3\n");
    h.fake_drivers.answer = -ENOTSUP;
    EXPECT_EQ(out_of(h, "clear vf stats 0 3", false), "function not implemented\n");
    EXPECT_EQ(h.fake_drivers.calls.back(), "reset_vf_stats 0 3");
}
