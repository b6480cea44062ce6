// The bonding family (src/shell/commands/bonding_commands.cpp) against a fake
// net_bonding driver (tests/support/fake_bonding.h): testpmd's texts (22.11's
// words, or 23.11's where it renamed them) and what each command hands the
// driver.
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>
#include <rte_version.h>

#include <regex>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::out_of;

namespace {

constexpr bool kMembers = RTE_VERSION >= RTE_VERSION_NUM(23, 11, 0, 0);

// A line or text in testpmd 22.11's words, in this DPDK's testpmd's: 23.11
// made slave member, master main and bonded bonding.
std::string words(const std::string &text) {
    if (!kMembers) return text;
    std::string s = std::regex_replace(text, std::regex("slave"), "member");
    s = std::regex_replace(s, std::regex("master"), "main");
    return std::regex_replace(s, std::regex("bonded device"), "bonding device");
}

} // namespace

TEST(BondingCommands, CreateNamesTheDeviceAndItJoinsStopped) {
    FakeHost h;
    EXPECT_EQ(out_of(h, words("create bonded device 1 0")),
              words("Created new bonded device net_bonding_testpmd_0 on (port 4).\n"));
    EXPECT_EQ(h.fake_ports.status(4), PortStatus::Stopped);
    EXPECT_EQ(h.fake_bonding.bonds[4].mode, 1);
    h.fake_bonding.promisc_error = -ENOTSUP;
    EXPECT_EQ(out_of(h, words("create bonded device 0 0")),
              words("Created new bonded device net_bonding_testpmd_1 on (port 5).\n") +
                  "Failed to enable promiscuous mode for port 5: Operation not supported - "
                  "ignore\n");
}

TEST(BondingCommands, CreateFailuresCountTowardsTheNextName) {
    FakeHost h;
    h.fake_bonding.create_error = -EINVAL;
    EXPECT_EQ(out_of(h, words("create bonded device 1 0"), false),
              words("\t Failed to create bonded device.\n"));
    h.fake_bonding.create_error = 0;
    EXPECT_EQ(out_of(h, words("create bonded device 1 0")),
              words("Created new bonded device net_bonding_testpmd_1 on (port 4).\n"));
}

TEST(BondingCommands, CreateNeedsForwardingStopped) {
    FakeHost h;
    h.is_running = true;
    EXPECT_EQ(out_of(h, words("create bonded device 1 0"), false),
              "Please stop forwarding first\n");
    EXPECT_TRUE(h.fake_bonding.bonds.empty());
}

TEST(BondingCommands, ShowConfigListsSlavesAndPrimary) {
    if (kMembers) GTEST_SKIP() << "22.11's texts (23.11: NewerDpdkCommands.BondingMembers)";
    FakeHost h;
    out_of(h, words("create bonded device 1 0"));
    EXPECT_EQ(out_of(h, "show bonding config 4", false),
              "\tBonding mode: 1\n\tSlaves: []\n\tActive Slaves: []\n"
              "\tFailed to get primary slave for port = 4\n");
    EXPECT_EQ(out_of(h, words("add bonding slave 0 4")), "");
    EXPECT_EQ(out_of(h, words("add bonding slave 1 4")), "");
    EXPECT_EQ(out_of(h, "set bonding primary 1 4"), "");
    EXPECT_EQ(out_of(h, "show bonding config 4"),
              "\tBonding mode: 1\n\tSlaves (2): [0 1]\n\tActive Slaves (2): [0 1]\n"
              "\tPrimary: [1]\n");
    EXPECT_EQ(out_of(h, words("remove bonding slave 1 4")), "");
    EXPECT_EQ(out_of(h, "show bonding config 4"),
              "\tBonding mode: 1\n\tSlaves (1): [0]\n\tActive Slaves (1): [0]\n"
              "\tPrimary: [0]\n");
}

TEST(BondingCommands, BalanceAnd8023adModesShowTheirPolicies) {
    if (kMembers) GTEST_SKIP() << "22.11's texts (23.11: NewerDpdkCommands.BondingMembers)";
    FakeHost h;
    out_of(h, words("create bonded device 2 0"));
    EXPECT_EQ(out_of(h, "set bonding balance_xmit_policy 4 l34"), "");
    EXPECT_EQ(out_of(h, "show bonding config 4", false).substr(0, 67),
              "\tBonding mode: 2\n\tBalance Xmit Policy: BALANCE_XMIT_POLICY_LAYER34\n");
    EXPECT_EQ(out_of(h, "set bonding mode 4 4"), "");
    EXPECT_EQ(out_of(h, "set bonding agg_mode 4 count"), "");
    EXPECT_EQ(h.fake_bonding.bonds[4].agg, bonding::kCount);
    EXPECT_EQ(out_of(h, "show bonding config 4", false),
              "\tBonding mode: 4\n\tBalance Xmit Policy: BALANCE_XMIT_POLICY_LAYER34\n"
              "\tIEEE802.3AD Aggregator Mode: count\n\tSlaves: []\n\tActive Slaves: []\n"
              "\tFailed to get primary slave for port = 4\n");
}

TEST(BondingCommands, FailuresSayWhichPorts) {
    FakeHost h;
    h.fake_ports.ports[0].status = PortStatus::Stopped; // no bonded device
    EXPECT_EQ(out_of(h, words("add bonding slave 1 0"), false),
              words("\t Failed to add slave 1 to master port = 0.\n"));
    EXPECT_EQ(out_of(h, words("remove bonding slave 1 0"), false),
              words("\t Failed to remove slave 1 from master port = 0.\n"));
    EXPECT_EQ(out_of(h, "set bonding primary 1 0", false),
              words("\t Failed to set primary slave for port = 0.\n"));
    EXPECT_EQ(out_of(h, "set bonding mode 1 0", false),
              "\t Failed to set bonding mode for port = 0.\n");
    EXPECT_EQ(out_of(h, "set bonding balance_xmit_policy 0 l2", false),
              "\t Failed to set bonding balance xmit policy for port = 0.\n");
    EXPECT_EQ(out_of(h, "show bonding config 0", false),
              "\tFailed to get bonding mode for port = 0\n");
    EXPECT_EQ(out_of(h, "set bonding mac_addr 0 00:11:22:33:44:55", false),
              "set_bond_mac_addr error: (Invalid argument)\n");
    EXPECT_EQ(out_of(h, "set bonding mon_period 0 100", false),
              "set_bond_mac_addr error: (Invalid argument)\n");
}

TEST(BondingCommands, ModeChangesNeedTheBondStopped) {
    FakeHost h;
    out_of(h, words("create bonded device 4 0"));
    h.fake_ports.ports[4].status = PortStatus::Started;
    EXPECT_EQ(out_of(h, "set bonding mode 1 4", false),
              "\t Error: Can't set bonding mode when port 4 is not stopped\n");
    EXPECT_EQ(out_of(h, "set bonding lacp dedicated_queues 4 enable", false),
              "Please stop port 4 first\n");
    h.fake_ports.ports[4].status = PortStatus::Stopped;
    EXPECT_EQ(out_of(h, "set bonding lacp dedicated_queues 4 enable"),
              "Dedicate queues for LACP control packets enabled\n");
    EXPECT_TRUE(h.fake_bonding.bonds[4].dedicated);
    EXPECT_EQ(out_of(h, "set bonding lacp dedicated_queues 4 disable"),
              "Dedicated queues for LACP control packets disabled\n");
    h.fake_ports.ports[0].status = PortStatus::Stopped; // no bonded device
    EXPECT_EQ(out_of(h, "set bonding lacp dedicated_queues 0 enable", false),
              "Enabling dedicate queues for LACP control packets on port 0 failed\n");
}

TEST(BondingCommands, SettingsReachTheDriver) {
    FakeHost h;
    out_of(h, words("create bonded device 1 0"));
    EXPECT_EQ(out_of(h, "set bonding mac_addr 4 00:11:22:33:44:55"), "");
    EXPECT_EQ(h.fake_bonding.bonds[4].mac.addr_bytes[5], 0x55);
    EXPECT_EQ(out_of(h, "set bonding mon_period 4 250"), "");
    EXPECT_EQ(h.fake_bonding.bonds[4].period_ms, 250u);
}

TEST(BondingCommands, LacpInfoShowsTheConfAndEachActiveSlave) {
    if (kMembers) GTEST_SKIP() << "22.11's texts (23.11: NewerDpdkCommands.BondingMembers)";
    FakeHost h;
    out_of(h, words("create bonded device 1 0"));
    EXPECT_EQ(out_of(h, "show bonding lacp info 4", false), "\tBonding mode is not mode 4\n");
    out_of(h, "set bonding mode 4 4");
    h.fake_ports.ports[0].status = PortStatus::Stopped;
    out_of(h, words("add bonding slave 0 4"));
    h.fake_bonding.conf = {100, 1000, 3000, 90000, 2000, 1000, 2000, 100, bonding::kCount};
    bonding::LacpSlaveInfo &i = h.fake_bonding.lacp[0];
    i.selected = 2;
    i.actor_state = 0x3d; // ACTIVE AGGREGATION SYNCHRONIZATION COLLECTING DISTRIBUTING
    i.agg_port_id = 0;
    i.actor.system_priority = 65535;
    i.actor.system.addr_bytes[5] = 1;
    i.actor.key = 8448;
    i.actor.port_priority = 255;
    i.actor.port_number = 256;
    const std::string params_zero = "\t\tsystem priority: 0\n\t\tsystem mac address: "
                                    "00:00:00:00:00:00\n\t\tport key: 0\n\t\tport priority: 0\n"
                                    "\t\tport number: 0\n";
    EXPECT_EQ(out_of(h, "show bonding lacp info 4"),
              "\tIEEE802.3 port: 4\n\tfast period: 100 ms\n\tslow period: 1000 ms\n"
              "\tshort timeout: 3000 ms\n\tlong timeout: 90000 ms\n"
              "\taggregate wait timeout: 2000 ms\n\ttx period: 1000 ms\n"
              "\trx marker period: 2000 ms\n\tupdate timeout: 100 ms\n"
              "\taggregation mode: count\n\n"
              "\tSlave Port: 0\n\tAggregator port id: 0\n\tselection: SELECTED\n"
              "\tActor detail info:\n\t\tsystem priority: 65535\n"
              "\t\tsystem mac address: 00:00:00:00:00:01\n\t\tport key: 8448\n"
              "\t\tport priority: 255\n\t\tport number: 256\n"
              "\t\tport state: ACTIVE AGGREGATION SYNCHRONIZATION COLLECTING DISTRIBUTING \n"
              "\tPartner detail info:\n" +
                  params_zero + "\t\tport state: \n\n");
    h.fake_bonding.lacp.clear();
    EXPECT_EQ(out_of(h, "show bonding lacp info 4", false).substr(0, 20),
              "\tIEEE802.3 port: 4\n\t");
}
