// The commands testpmd gained after 22.11 (23.03 to 25.11), each present
// from the DPDK that added it and unknown before, as testpmd's own.
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>
#include <rte_version.h>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::has;
using pmdfwd::testing::run;
using pmdfwd::testing::stop_ports;

namespace {

constexpr bool kAtLeast(int year, int month) {
    return RTE_VERSION >= RTE_VERSION_NUM(year, month, 0, 0);
}

} // namespace

// 25.11 writes "dump <what>" where older testpmds wrote "dump_<what>".
TEST(NewerDpdkCommands, DumpWordsFollowTheVersion) {
    FakeHost h;
    std::string out;
    const bool spaced = kAtLeast(25, 11);
    EXPECT_EQ(run(h, "dump struct_sizes", &out), spaced) << out;
    EXPECT_EQ(run(h, "dump_struct_sizes", &out), !spaced) << out;
    const std::string dump = spaced ? "dump " : "dump_";
    ASSERT_TRUE(run(h, dump + "struct_sizes", &out));
    EXPECT_TRUE(has(out, "sizeof(struct rte_mbuf) = 128\n")) << out;
}

// dump_lcores came with 23.03, dump_trace with 23.07.
TEST(NewerDpdkCommands, DumpLcoresAndTrace) {
    FakeHost h;
    std::string out;
    const std::string dump = kAtLeast(25, 11) ? "dump " : "dump_";
    EXPECT_EQ(run(h, dump + "lcores", &out), kAtLeast(23, 3)) << out;
    EXPECT_EQ(run(h, dump + "trace", &out), kAtLeast(23, 7)) << out;
    if (kAtLeast(23, 7)) {
        EXPECT_EQ(out, "");
    }
}

// mcast_addr flush (23.11): the list empties when ethdev takes it, and stays
// when it refuses, with testpmd's words.
TEST(NewerDpdkCommands, McastAddrFlush) {
    FakeHost h;
    std::string out;
    h.fake_ports.has_mc_list = true;
    ASSERT_TRUE(run(h, "mcast_addr add 0 01:00:5E:00:00:01"));
    if (!kAtLeast(23, 11)) {
        EXPECT_FALSE(run(h, "mcast_addr flush 0", &out));
        EXPECT_EQ(h.fake_ports.ports[0].mc.size(), 1u);
        return;
    }
    h.fake_ports.has_mc_list = false;
    EXPECT_FALSE(run(h, "mcast_addr flush 0", &out));
    EXPECT_EQ(out, "Failed to flush all multicast MAC addresses on port_id 0\n");
    EXPECT_EQ(h.fake_ports.ports[0].mc.size(), 1u);
    h.fake_ports.has_mc_list = true;
    ASSERT_TRUE(run(h, "mcast_addr flush 0", &out)) << out;
    EXPECT_EQ(out, "");
    EXPECT_TRUE(h.fake_ports.ports[0].mc.empty());
    EXPECT_FALSE(run(h, "mcast_addr flush 9", &out));
    EXPECT_TRUE(has(out, "Invalid port 9")) << out;
}

// 23.11: "port config all rx_offload|tx_offload X on|off" for every port,
// and the offload word "all" for all the port reports.
TEST(NewerDpdkCommands, OffloadsOfAllPortsAndAllOffloads) {
    FakeHost h;
    std::string out;
    stop_ports(h);
    const bool all = kAtLeast(23, 11);
    EXPECT_EQ(run(h, "port config all rx_offload scatter on", &out), all) << out;
    EXPECT_EQ(run(h, "port config all tx_offload multi_segs on", &out), all) << out;
    if (!all) {
        EXPECT_EQ(h.fake_ports.ports[1].rx_offloads, 0u);
        EXPECT_FALSE(run(h, "port config 0 rx_offload all on", &out));
        EXPECT_FALSE(run(h, "port config 0 tx_offload all on", &out));
        return;
    }
    for (uint16_t p : {0, 1}) {
        EXPECT_EQ(h.fake_ports.ports[p].rx_offloads, RTE_ETH_RX_OFFLOAD_SCATTER);
        EXPECT_EQ(h.fake_ports.ports[p].tx_offloads, RTE_ETH_TX_OFFLOAD_MULTI_SEGS);
    }
    ASSERT_TRUE(run(h, "port config 1 rx_offload all off", &out)) << out;
    ASSERT_TRUE(run(h, "port config 1 tx_offload all off", &out)) << out;
    EXPECT_EQ(h.fake_ports.ports[1].rx_offloads, 0u);
    EXPECT_EQ(h.fake_ports.ports[1].tx_offloads, 0u);
    EXPECT_EQ(h.fake_ports.ports[0].rx_offloads, RTE_ETH_RX_OFFLOAD_SCATTER);
    // Each port answers on its own: the started one refuses, the other takes it.
    ASSERT_TRUE(run(h, "port start 0"));
    EXPECT_FALSE(run(h, "port config all rx_offload all on", &out));
    EXPECT_EQ(out, "Error: Can't config offload when Port 0 is not stopped\n");
    EXPECT_EQ(h.fake_ports.ports[1].rx_offloads, RTE_ETH_RX_OFFLOAD_SCATTER);
}

// 23.11: slave became member and bonded bonding, with no alias for the old
// words; show bonding config is the driver's own dump; lacp info is gone.
TEST(NewerDpdkCommands, BondingMembers) {
    FakeHost h;
    std::string out;
    const bool members = kAtLeast(23, 11);
    EXPECT_EQ(run(h, "create bonding device 1 0", &out), members) << out;
    EXPECT_EQ(run(h, "create bonded device 1 0", &out), !members) << out;
    if (!members) {
        EXPECT_EQ(out, "Created new bonded device net_bonding_testpmd_0 on (port 4).\n");
    }
    h.fake_ports.ports[0].status = PortStatus::Stopped;
    EXPECT_EQ(run(h, "add bonding member 0 4", &out), members) << out;
    EXPECT_EQ(run(h, "add bonding slave 0 4", &out), !members) << out;
    EXPECT_EQ(h.fake_bonding.bonds[4].slaves, std::vector<uint16_t>{0});
    EXPECT_EQ(run(h, "remove bonding member 9 4", &out), false);
    if (members) {
        EXPECT_EQ(out, "\t Failed to remove member 9 from main port = 4.\n");
        EXPECT_FALSE(run(h, "show bonding lacp info 4", &out));
        ASSERT_TRUE(run(h, "show bonding config 4", &out));
        EXPECT_EQ(out, "bond 4 dump\n");
        EXPECT_FALSE(run(h, "show bonding config 0", &out));
        EXPECT_EQ(out, "\tFailed to get bonding mode for port = 0\n");
    } else {
        EXPECT_TRUE(run(h, "show bonding lacp info 4", &out) || has(out, "mode 4")) << out;
        ASSERT_TRUE(run(h, "show bonding config 4", &out));
        EXPECT_TRUE(has(out, "\tSlaves (1): [0]\n")) << out;
    }
}

// show port <p> rss-hash algorithm (23.11), port config <p> rss-hash-algo (24.03).
TEST(NewerDpdkCommands, RssHashAlgorithm) {
    FakeHost h;
    std::string out;
    h.fake_ports.has_rss = true;
    h.fake_ports.ports[0].rss_hf = RTE_ETH_RSS_IP;
    const bool show = kAtLeast(23, 11), config = kAtLeast(24, 3);
    EXPECT_EQ(run(h, "show port 0 rss-hash algorithm", &out), show) << out;
    if (show) {
        EXPECT_EQ(out, "RSS algorithm:\n  default\n");
    }
    EXPECT_EQ(run(h, "port config 0 rss-hash-algo toeplitz", &out), config) << out;
    if (!config) return;
    EXPECT_EQ(out, "");
    EXPECT_EQ(h.fake_ports.ports[0].rss_algo, 1u); // RTE_ETH_HASH_FUNCTION_TOEPLITZ
    ASSERT_TRUE(run(h, "show port 0 rss-hash algorithm", &out));
    EXPECT_EQ(out, "RSS algorithm:\n  toeplitz\n");
    EXPECT_FALSE(run(h, "port config 0 rss-hash-algo crc32", &out));
    h.fake_ports.has_rss = false;
    EXPECT_FALSE(run(h, "port config 0 rss-hash-algo default", &out));
    EXPECT_EQ(out, "failed to get port 0 RSS configuration\n");
}

// set port <p> led on|off (24.11): ethdev's answer in testpmd's words.
TEST(NewerDpdkCommands, PortLed) {
    FakeHost h;
    std::string out;
    if (!kAtLeast(24, 11)) {
        h.fake_ports.has_led = true;
        EXPECT_FALSE(run(h, "set port 0 led on", &out));
        EXPECT_EQ(h.fake_ports.led, -1);
        return;
    }
    EXPECT_FALSE(run(h, "set port 0 led on", &out));
    EXPECT_EQ(out, "Error: Unable to change LED state for port 0: Operation not supported\n");
    h.fake_ports.has_led = true;
    ASSERT_TRUE(run(h, "set port 1 led off", &out)) << out;
    EXPECT_EQ(h.fake_ports.led, 0);
    EXPECT_FALSE(run(h, "set port 7 led on", &out));
    EXPECT_EQ(out, "Error: Invalid port number 7\n");
}

// port config <p> txq <q> affinity <v> (23.03).
TEST(NewerDpdkCommands, TxQueueAffinity) {
    FakeHost h;
    std::string out;
    if (!kAtLeast(23, 3)) {
        EXPECT_FALSE(run(h, "port config 0 txq 0 affinity 1", &out));
        EXPECT_TRUE(h.fake_ports.tx_affinity.empty());
        return;
    }
    ASSERT_TRUE(run(h, "port config 0 txq 0 affinity 1", &out)) << out;
    EXPECT_EQ(h.fake_ports.tx_affinity[0], 1);
    EXPECT_FALSE(run(h, "port config 0 txq 5 affinity 1", &out));
    EXPECT_EQ(out, "Invalid TX queue_id=5\n");
    EXPECT_FALSE(run(h, "port config 1 txq 0 affinity 1", &out));
    EXPECT_EQ(out, "Failed to map tx queue with an aggregated port: Invalid argument\n");
    EXPECT_FALSE(run(h, "port config 0 txq 0 affinity 256", &out));
}

// show port <p> rxq|txq <q> desc used count (24.03): TX queues too, and
// testpmd 24.03's texts.
TEST(NewerDpdkCommands, DescUsedCountOfTxQueues) {
    FakeHost h;
    std::string out;
    if (!kAtLeast(24, 3)) {
        EXPECT_FALSE(run(h, "show port 0 txq 5 desc used count", &out));
        EXPECT_FALSE(has(out, "queue id")) << out;
        return;
    }
    EXPECT_FALSE(run(h, "show port 0 txq 5 desc used count", &out));
    EXPECT_EQ(out, "Invalid input: port id = 0, queue id = 5\n");
    EXPECT_FALSE(run(h, "show port 1 rxq 2 desc used count", &out));
    EXPECT_EQ(out, "Invalid input: port id = 1, queue id = 2\n");
}

// show port <p> speed_lanes capabilities, port config <p>|all speed_lanes
// (24.11): testpmd's table and words.
TEST(NewerDpdkCommands, SpeedLanes) {
    FakeHost h;
    std::string out;
    h.fake_ports.has_lanes = true;
    ASSERT_TRUE(run(h, "port stop all"));
    if (!kAtLeast(24, 11)) {
        EXPECT_FALSE(run(h, "show port 0 speed_lanes capabilities", &out));
        EXPECT_FALSE(run(h, "port config 0 speed_lanes 2", &out));
        EXPECT_TRUE(h.fake_ports.lanes_set.empty());
        return;
    }
    ASSERT_TRUE(run(h, "show port 0 speed_lanes capabilities", &out)) << out;
    EXPECT_EQ(out, "\nSupported-speeds Valid-lanes"
                   "\n-----------------------------------\n"
                   "100 Gbps          1  2  4  \n"
                   "50 Gbps           1  \n");
    EXPECT_FALSE(run(h, "show port 7 speed_lanes capabilities", &out));
    EXPECT_EQ(out, "Invalid port id 7\n");
    ASSERT_TRUE(run(h, "port config 1 speed_lanes 4", &out)) << out;
    EXPECT_EQ(h.fake_ports.lanes_set, (std::map<uint16_t, uint32_t>{{1, 4}}));
    EXPECT_FALSE(run(h, "port config 0 speed_lanes 3", &out));
    EXPECT_EQ(out, "Set speed lanes failed\n");
    ASSERT_TRUE(run(h, "port config all speed_lanes 2", &out)) << out;
    EXPECT_EQ(h.fake_ports.lanes_set, (std::map<uint16_t, uint32_t>{{0, 2}, {1, 2}}));
    h.fake_ports.has_lanes = false;
    EXPECT_FALSE(run(h, "show port 0 speed_lanes capabilities", &out));
    EXPECT_EQ(out, "Function not implemented\n");
    EXPECT_FALSE(run(h, "port config 0 speed_lanes 2", &out));
    EXPECT_EQ(out, "Function not implemented\n");
    ASSERT_TRUE(run(h, "port start 0"));
    EXPECT_FALSE(run(h, "port config 0 speed_lanes 2", &out));
    EXPECT_EQ(out, "Please stop port 0 first\n");
    EXPECT_FALSE(run(h, "port config all speed_lanes 2", &out));
    EXPECT_EQ(out, "Please stop all ports first\n");
}

// set port <p> eeprom accept_risk magic <m> value <hex> [offset <n>] (24.11).
TEST(NewerDpdkCommands, SetEeprom) {
    FakeHost h;
    std::string out;
    h.fake_ports.eeprom.assign(8, 0);
    const std::string set = "set port 0 eeprom accept_risk magic 51966 value ";
    if (!kAtLeast(24, 11)) {
        EXPECT_FALSE(run(h, set + "abcd", &out));
        EXPECT_EQ(h.fake_ports.eeprom_magic, 0u);
        return;
    }
    ASSERT_TRUE(run(h, set + "abCD offset 6", &out)) << out;
    EXPECT_EQ(out, "");
    EXPECT_EQ(h.fake_ports.eeprom, (std::vector<uint8_t>{0, 0, 0, 0, 0, 0, 0xab, 0xcd}));
    ASSERT_TRUE(run(h, set + "01"));
    EXPECT_EQ(h.fake_ports.eeprom[0], 1);
    EXPECT_FALSE(run(h, set + "abc", &out));
    EXPECT_EQ(out, "Bad Argument: abc\nHex string must be in multiples of 2 Bytes\n");
    EXPECT_FALSE(run(h, set + "zz", &out));
    EXPECT_EQ(out, "Bad Argument: \nValue must be a hex string\n");
    EXPECT_FALSE(run(h, set + "0011g233", &out));
    EXPECT_EQ(out, "Bad Argument: 011g233\nValue must be a hex string\n");
    // sscanf's %2hhx takes a pair whose second digit is not hex as its first.
    ASSERT_TRUE(run(h, set + "2g", &out)) << out;
    EXPECT_EQ(h.fake_ports.eeprom[0], 2);
    EXPECT_FALSE(run(h, set + "00 offst 1", &out));
    EXPECT_EQ(out, "Bad Argument: offst\n");
    EXPECT_FALSE(run(h, set + "00 offset", &out));
    EXPECT_EQ(out, "No offset specified\n");
    EXPECT_FALSE(run(h, set + "00 offset x", &out));
    EXPECT_EQ(out, "Bad Argument: x\n");
    EXPECT_FALSE(run(h, set + "0011 offset 7", &out));
    EXPECT_EQ(out, "offset and length exceed capabilities of EEPROM length: 8\n");
    EXPECT_FALSE(run(h, "set port 0 eeprom accept_risk magic 1 value 00", &out));
    EXPECT_EQ(out, "Unable to set EEPROM: Invalid argument\n");
    EXPECT_FALSE(run(h, "set port 1 eeprom accept_risk magic 1 value 00", &out));
    EXPECT_EQ(out, "Unable to get EEPROM length: Operation not supported\n");
    EXPECT_FALSE(run(h, "set port 9 eeprom accept_risk magic 1 value 00", &out));
    EXPECT_TRUE(has(out, "Invalid port 9")) << out;
    EXPECT_FALSE(run(h, "set port 0 eeprom magic 1 value 00", &out));
}

// 25.03's counters a PMD enables on demand: port <p> enable|disable <name>,
// set xstats-show-state and set xstats-hide-disabled, in show port xstats.
TEST(NewerDpdkCommands, XstatCounterStates) {
    FakeHost h;
    std::string out;
    if (!kAtLeast(25, 3)) {
        EXPECT_FALSE(run(h, "port 0 enable tx_good_packets", &out));
        EXPECT_FALSE(run(h, "set xstats-show-state on", &out));
        EXPECT_FALSE(run(h, "set xstats-hide-disabled on", &out));
        EXPECT_FALSE(h.fake_ports.tx_good_enabled);
        return;
    }
    const std::string head = "###### NIC extended statistics for port 0 \n";
    ASSERT_TRUE(run(h, "set xstats-hide-disabled on"));
    ASSERT_TRUE(run(h, "show port xstats 0", &out));
    EXPECT_EQ(out, head + "rx_good_packets: 0\n");
    ASSERT_TRUE(run(h, "port 0 enable tx_good_packets", &out)) << out;
    EXPECT_TRUE(h.fake_ports.tx_good_enabled);
    ASSERT_TRUE(run(h, "set xstats-show-state on"));
    ASSERT_TRUE(run(h, "show port xstats 0", &out));
    EXPECT_EQ(out, head + "state: -\trx_good_packets: 0\nstate: E\ttx_good_packets: 0\n");
    ASSERT_TRUE(run(h, "port 0 disable tx_good_packets"));
    ASSERT_TRUE(run(h, "set xstats-hide-disabled off"));
    ASSERT_TRUE(run(h, "show port xstats 0", &out));
    EXPECT_EQ(out, head + "state: -\trx_good_packets: 0\nstate: D\ttx_good_packets: 0\n");
    EXPECT_FALSE(run(h, "port 0 enable no such counter", &out));
    EXPECT_EQ(out, "Cannot find xstats with a given name\n");
    EXPECT_FALSE(run(h, "port 0 enable rx_good_packets", &out));
    EXPECT_EQ(out, "operation not premitted\n");
    EXPECT_FALSE(run(h, "port 1 disable rx_good_packets", &out));
    EXPECT_EQ(out, "operation not supported by device\n");
    EXPECT_FALSE(run(h, "port 9 enable rx_good_packets", &out));
    EXPECT_TRUE(has(out, "Invalid port 9")) << out;
}
