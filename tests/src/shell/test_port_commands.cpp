// The port command families (src/shell/commands/port_*.cpp, session_commands.cpp)
// against a fake host whose ports behave like net_ring ones: testpmd's
// answers, its refusals, and that a refused command changes nothing.
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>
#include <rte_log.h>
#include <rte_mempool.h>
#include <rte_ring.h>
#include <rte_version.h>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::has;
using pmdfwd::testing::loaded;
using pmdfwd::testing::run;
using pmdfwd::testing::stop_ports;

TEST(PortCommands, InfoAllAndOne) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "show port info all", &out));
    EXPECT_TRUE(has(out, "********************* Infos for port 0  *********************\n"));
    EXPECT_TRUE(has(out, "Infos for port 1 "));
    EXPECT_TRUE(has(out, "\nLink status: up\n")) << out;
    EXPECT_TRUE(has(out, "MTU: 1500\n"));
    EXPECT_TRUE(has(out, "VLAN offload: \n  strip off, filter off, extend off, qinq strip off\n"));
    ASSERT_TRUE(run(h, "show port info 1", &out));
    EXPECT_FALSE(has(out, "port 0"));
}

TEST(PortCommands, InvalidPortAsTestpmd) {
    FakeHost h;
    std::string out;
    for (const char *cmd : {"show port info 9", "show port stats 9", "show port summary 9",
                            "port stop 9", "set promisc 9 on", "show port 9 flow_ctrl"}) {
        EXPECT_FALSE(run(h, cmd, &out)) << cmd;
        EXPECT_EQ(out, "Invalid port 9\nThe valid ports array is [ 0 1 ]\n") << cmd;
    }
    EXPECT_FALSE(run(h, "show port info x", &out));
    EXPECT_TRUE(has(out, "Bad arguments")) << out;
    EXPECT_EQ(h.fake_ports.stops, 0);
}

TEST(PortCommands, StartStopClose) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "port stop all", &out));
    EXPECT_EQ(out.substr(out.size() - 5), "Done\n");
    EXPECT_EQ(h.fake_ports.status(0), PortStatus::Stopped);
    ASSERT_TRUE(run(h, "port start 0", &out));
    EXPECT_EQ(h.fake_ports.status(0), PortStatus::Started);
    EXPECT_EQ(h.fake_ports.status(1), PortStatus::Stopped);
    ASSERT_TRUE(run(h, "port close 1", &out));
    EXPECT_TRUE(has(out, "Port 1 is closed\n"));
    EXPECT_EQ(h.fake_ports.port_ids(), std::vector<uint16_t>{0});
    // On 25.03+ `port <port> enable|disable <name>...` has this shape too;
    // the start|stop|close row takes the port, so its refusal is the one.
    EXPECT_FALSE(run(h, "port restart 0", &out));
    EXPECT_TRUE(has(out, "allowed: start, stop, close")) << out;
}

TEST(PortCommands, ForwardingRefusesWhatDisturbsStreams) {
    FakeHost h;
    stop_ports(h);
    h.is_running = true;
    h.fake_ports.forwarding_all = true;
    std::string out;
    for (const char *cmd : {"port config all rxq 2", "port config mtu 0 1400", "port 0 rxq 0 setup",
                            "port config 0 rxq 0 ring_size 512", "port 0 rxq 0 deferred_start on",
                            "port config 0 tx_offload mbuf_fast_free on", "port 0 rxq 0 stop"}) {
        EXPECT_FALSE(run(h, cmd, &out)) << cmd;
        EXPECT_TRUE(has(out, "Please stop forwarding first")) << cmd << ": " << out;
    }
    EXPECT_EQ(h.cfg.nb_rxq, 1);
    EXPECT_EQ(h.fake_ports.ports[0].mtu, 1500);
    EXPECT_EQ(h.fake_ports.queue_setups, 0);
    EXPECT_FALSE(h.fake_ports.ports[0].rxq[0].deferred);
    h.fake_ports.ports[0].status = PortStatus::Started;
    ASSERT_TRUE(run(h, "port stop 0", &out));
    EXPECT_TRUE(has(out, "Please remove port 0 from forwarding configuration.\n")) << out;
    EXPECT_EQ(h.fake_ports.status(0), PortStatus::Started);
    EXPECT_TRUE(run(h, "show port info 0")); // observing is fine while forwarding
}

TEST(PortCommands, QueueAndDescriptorCounts) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "port config all rxq 2", &out));
    EXPECT_EQ(out, "Please stop all ports first\n");
    stop_ports(h);
    EXPECT_FALSE(run(h, "port config all rxq 17", &out));
    EXPECT_TRUE(has(out, "Fail: input rxq (17) can't be greater than max_rx_queues (16) of port 0"))
        << out;
    EXPECT_EQ(h.cfg.nb_rxq, 1);
    EXPECT_FALSE(h.fake_ports.ports[0].need_reconfig);
    ASSERT_TRUE(run(h, "port config all rxq 2"));
    ASSERT_TRUE(run(h, "port config all txd 512"));
    EXPECT_EQ(h.cfg.nb_rxq, 2);
    EXPECT_EQ(h.cfg.nb_txd, 512);
    EXPECT_TRUE(h.fake_ports.ports[0].need_reconfig && h.fake_ports.ports[1].need_reconfig_queues);
    EXPECT_FALSE(run(h, "port config all rxq 0", &out));
}

TEST(PortCommands, Mtu) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "port config mtu 0 1400", &out));
    EXPECT_EQ(out, "");
    EXPECT_EQ(h.fake_ports.ports[0].mtu, 1400);
    EXPECT_FALSE(run(h, "port config mtu 0 10", &out));
    EXPECT_EQ(out, "MTU (10) < device min MTU (68) for port_id 0\n");
    h.fake_ports.has_mtu = false;
    EXPECT_FALSE(run(h, "port config mtu 1 9000", &out));
    EXPECT_EQ(out, "Set MTU failed. diag=-95\n");
    EXPECT_EQ(h.fake_ports.ports[1].mtu, 1500);
}

TEST(PortCommands, QueueInfoAndStates) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "show rxq info 0 0", &out));
    EXPECT_TRUE(has(out, "Infos for port 0 , RX queue 0  ")) << out;
    EXPECT_TRUE(has(out, "\nRx queue state: started\nNumber of RXDs: 1024\n")) << out;
    ASSERT_TRUE(run(h, "port 0 rxq 0 stop"));
    ASSERT_TRUE(run(h, "show rxq info 0 0", &out));
    EXPECT_TRUE(has(out, "Rx queue state: stopped"));
    EXPECT_FALSE(run(h, "port 0 rxq 5 stop", &out));
    EXPECT_EQ(out, "Invalid RX queue 5 (must be < nb_rxq=1)\n");
    h.fake_ports.has_queue_info = false;
    EXPECT_FALSE(run(h, "show txq info 0 0", &out));
    EXPECT_EQ(out, "Failed to retrieve information for port: 0, TX queue: 0\n"
                   "error desc: Operation not supported(-95)\n");
}

TEST(PortCommands, QueueSettingsNeedStoppedPort) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "port 0 rxq 0 deferred_start on", &out));
    EXPECT_EQ(out, "Please stop port 0 first\n");
    stop_ports(h);
    EXPECT_FALSE(run(h, "port 0 txq 0 start", &out));
    EXPECT_EQ(out, "Please start port 0 first\n");
    ASSERT_TRUE(run(h, "port 0 rxq 0 deferred_start on"));
    EXPECT_TRUE(h.fake_ports.ports[0].rxq[0].deferred);
    EXPECT_TRUE(h.fake_ports.ports[0].need_reconfig_queues);
    ASSERT_TRUE(run(h, "port config 0 rxq 0 ring_size 512"));
    EXPECT_EQ(h.fake_ports.queue_ring_size(0, true, 0), 512);
    ASSERT_TRUE(run(h, "port 0 rxq 0 setup"));
    EXPECT_EQ(h.fake_ports.queue_setups, 1);
    // testpmd checks the TX count as configured against the TX segments: the
    // PMD's default (0) fails; a ring size or --txd as long as the segments pass.
    EXPECT_FALSE(run(h, "port 0 txq 0 setup", &out));
    EXPECT_EQ(out, "Failed to setup TX queue: not enough descriptors\n");
    EXPECT_EQ(h.fake_ports.queue_setups, 1);
    ASSERT_TRUE(run(h, "port config 0 txq 0 ring_size 256"));
    ASSERT_TRUE(run(h, "port 0 txq 0 setup"));
    EXPECT_EQ(h.fake_ports.queue_setups, 2);
}

TEST(PortCommands, TxOffloads) {
    FakeHost h;
    h.fake_ports.tx_capa |= RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE;
    h.fake_ports.tx_queue_capa = RTE_ETH_TX_OFFLOAD_MULTI_SEGS;
    std::string out;
    EXPECT_FALSE(run(h, "port config 0 tx_offload mbuf_fast_free on", &out));
    EXPECT_EQ(out, "Error: Can't config offload when Port 0 is not stopped\n");
    stop_ports(h);
    ASSERT_TRUE(run(h, "port config 0 tx_offload mbuf_fast_free on", &out));
    EXPECT_EQ(out, "");
    EXPECT_EQ(h.fake_ports.ports[0].tx_offloads, RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE);
    EXPECT_FALSE(run(h, "port config 0 tx_offload nosuch on", &out));
    EXPECT_EQ(out, "Unknown offload name: nosuch\n");
    ASSERT_TRUE(run(h, "port 1 txq 0 tx_offload MULTI_SEGS on"));
    EXPECT_EQ(h.fake_ports.ports[1].txq[0].offloads, RTE_ETH_TX_OFFLOAD_MULTI_SEGS);
    EXPECT_FALSE(run(h, "port 1 txq 3 tx_offload multi_segs on", &out));
    EXPECT_EQ(out, "Error: input queue_id should be 0 ... 0\n");
    ASSERT_TRUE(run(h, "show port 0 tx_offload configuration", &out));
    EXPECT_EQ(out, "Tx Offloading Configuration of port 0 :\n  Port : MBUF_FAST_FREE\n"
                   "  Queue[ 0] : MBUF_FAST_FREE\n\n");
    ASSERT_TRUE(run(h, "show port 0 rx_offload capabilities", &out));
    EXPECT_EQ(out, "Rx Offloading Capabilities of port 0 :\n  Per Queue :\n"
                   "  Per Port  : SCATTER\n\n");
}

TEST(PortCommands, PromiscuousAndAllmulticast) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "set promisc all off", &out));
    EXPECT_EQ(out, "");
    EXPECT_FALSE(h.fake_ports.ports[0].promisc || h.fake_ports.ports[1].promisc);
    ASSERT_TRUE(run(h, "set allmulti 1 on"));
    EXPECT_TRUE(h.fake_ports.ports[1].allmulti);
    EXPECT_FALSE(h.fake_ports.ports[0].allmulti);
    EXPECT_FALSE(run(h, "set promisc 0 maybe", &out));
    EXPECT_TRUE(has(out, "allowed: on, off")) << out;
    EXPECT_FALSE(h.fake_ports.ports[0].promisc);
    ASSERT_TRUE(run(h, "show port info 1", &out));
    EXPECT_TRUE(has(out, "Promiscuous mode: disabled\nAllmulticast mode: enabled\n"));
}

TEST(PortCommands, MacAddresses) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "mac_addr set 0 02:00:00:00:00:43", &out));
    EXPECT_EQ(out, ""); // DTS's set_mac_address wants nothing after the echo
    ASSERT_TRUE(run(h, "show port info 0", &out));
    EXPECT_TRUE(has(out, "MAC address: 02:00:00:00:00:43\n"));
    EXPECT_FALSE(run(h, "mac_addr remove 0 02:00:00:00:00:43", &out));
    EXPECT_EQ(out, "mac_addr_cmd error: (Address already in use)\n");
    EXPECT_FALSE(run(h, "mac_addr add 0 zz:00:00:00:00:01", &out));
    EXPECT_TRUE(has(out, "Bad arguments")) << out;
}

TEST(PortCommands, MulticastAddresses) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "mcast_addr add 0 01:00:5E:00:00:01", &out));
    EXPECT_EQ(out, "rte_eth_dev_set_mc_addr_list(port=0, nb=1) failed. diag=-95\n");
    EXPECT_TRUE(h.fake_ports.ports[0].mc.empty()); // rolled back
    h.fake_ports.has_mc_list = true;
    ASSERT_TRUE(run(h, "mcast_addr add 0 01:00:5E:00:00:01"));
    EXPECT_FALSE(run(h, "mcast_addr add 0 01:00:5E:00:00:01", &out));
    EXPECT_EQ(out, "multicast address already filtered by port\n");
    EXPECT_FALSE(run(h, "mcast_addr remove 0 01:00:5E:00:00:02", &out));
    EXPECT_EQ(out, "multicast address not filtered by port 0\n");
    EXPECT_FALSE(run(h, "mcast_addr add 0 02:00:00:00:00:01", &out));
    EXPECT_EQ(out, "Invalid multicast addr 02:00:00:00:00:01\n");
    ASSERT_TRUE(run(h, "mcast_addr remove 0 01:00:5E:00:00:01"));
    EXPECT_TRUE(h.fake_ports.ports[0].mc.empty());
}

TEST(PortCommands, Vlan) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "vlan set filter on 0", &out));
    EXPECT_EQ(out, "rx_vlan_filter_set(port_pi=0, on=1) failed diag=-22\n");
    ASSERT_TRUE(run(h, "vlan set strip off 0"));
    EXPECT_FALSE(run(h, "vlan set stripe on 0", &out));
    EXPECT_TRUE(has(out, "Bad arguments")) << out;
    EXPECT_FALSE(run(h, "rx_vlan add 100 0", &out));
    EXPECT_EQ(out, "rte_eth_dev_vlan_filter(port_pi=0, vlan_id=100, on=1) failed diag=-38\n");
    EXPECT_FALSE(run(h, "rx_vlan add 5000 0", &out));
    EXPECT_EQ(out, "Invalid vlan_id 5000 (must be < 4096)\n");
}

TEST(PortCommands, FlowControl) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "show port 0 flow_ctrl", &out));
    EXPECT_EQ(out, "Failed to get current flow ctrl information: err = -95\n");
    const std::string set =
        "set flow_ctrl rx on tx off 100 50 7 1 mac_ctrl_frame_fwd off autoneg on 0";
    EXPECT_FALSE(run(h, set, &out));
    EXPECT_EQ(out, "bad flow control parameter, return code = -95\n");
    h.fake_ports.has_flow_ctrl = true;
    ASSERT_TRUE(run(h, set, &out));
    EXPECT_EQ(out, ""); // DTS's set_flow_control wants nothing after the echo
    ASSERT_TRUE(run(h, "set flow_ctrl tx on 0"));
    ASSERT_TRUE(run(h, "show port 0 flow_ctrl", &out));
    EXPECT_TRUE(has(out, "Flow control infos for port 0 "));
    EXPECT_TRUE(has(out, "   Rx pause: on\n   Tx pause: on\nAutoneg: on\nPause time: 0x7\n"
                         "High waterline: 0x64\nLow waterline: 0x32\n"))
        << out;
}

TEST(PortCommands, Rss) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "port config all rss ip", &out));
    EXPECT_TRUE(has(out, "Configuration of RSS hash at ethernet port 0 failed with error (95): "
                         "Operation not supported.\n"))
        << out;
    EXPECT_FALSE(run(h, "port config all rss bogus", &out));
    EXPECT_EQ(out, "Unknown parameter\n");
    h.fake_ports.has_rss = true;
    ASSERT_TRUE(run(h, "port config all rss udp", &out));
    EXPECT_EQ(
        out, "rss_hf 0x" + [] {
            char b[32];
            std::snprintf(b, sizeof(b), "%llx", static_cast<unsigned long long>(RTE_ETH_RSS_UDP));
            return std::string(b);
        }() + "\n");
    EXPECT_EQ(h.fake_ports.ports[1].rss_hf, RTE_ETH_RSS_UDP);
    // A level goes onto the types last configured, as testpmd's global rss_hf
    // (and, as there, off again where the PMD does not offer it).
    ASSERT_TRUE(run(h, "port config all rss level-inner", &out));
    char want[64];
    std::snprintf(want, sizeof(want), "requested:%#llx",
                  static_cast<unsigned long long>(RTE_ETH_RSS_UDP | RTE_ETH_RSS_LEVEL_INNERMOST));
    EXPECT_TRUE(has(out, want)) << out;
    EXPECT_EQ(h.fake_ports.ports[1].rss_hf, RTE_ETH_RSS_UDP);
    ASSERT_TRUE(run(h, "port config 0 rss reta (0,1),(5,1)", &out));
    EXPECT_EQ(out, "The reta size of port 0 is 128\n");
    EXPECT_EQ(h.fake_ports.ports[0].reta[5], 1);
    EXPECT_FALSE(run(h, "port config 0 rss reta (200,1)", &out));
    EXPECT_EQ(out, "The reta size of port 0 is 128\nInvalid RETA hash index=200\n"
                   "Invalid RSS Redirection Table config entered\n");
    EXPECT_FALSE(run(h, "port config 0 rss reta (1,x)", &out));
    EXPECT_EQ(out,
              "The reta size of port 0 is 128\nInvalid RSS Redirection Table config entered\n");
    EXPECT_FALSE(run(h, "port config 0 rss-hash-key ipv4 abcd", &out));
    EXPECT_EQ(out, "key length: 4 invalid - key must be a string of 80 hexa-decimal numbers\n");
    ASSERT_TRUE(run(h, "port config 0 rss-hash-key ipv4 " + std::string(80, 'a'), &out));
    EXPECT_EQ(out, ""); // DTS's port_config_rss_hash_key wants nothing after the echo
    ASSERT_TRUE(run(h, "show port 0 rss-hash key", &out));
    EXPECT_TRUE(has(out, "RSS functions:\n  ipv4\nRSS key:\n000102")) << out;
}

TEST(PortCommands, VerboseAndXstats) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "set verbose 1", &out));
    EXPECT_EQ(out, "Change verbose level from 0 to 1\n");
    ASSERT_TRUE(run(h, "set verbose 3", &out));
    EXPECT_EQ(out, "Change verbose level from 1 to 3\n");
    EXPECT_EQ(h.fake_ports.verbose(), 3u);
    ASSERT_TRUE(run(h, "show port xstats 0", &out));
    EXPECT_EQ(out, "###### NIC extended statistics for port 0 \nrx_good_packets: 0\n"
                   "tx_good_packets: 0\n");
    ASSERT_TRUE(run(h, "clear port xstats all"));
    EXPECT_EQ(h.fake_ports.ports[1].xstats_resets, 1);
    ASSERT_TRUE(run(h, "clear port stats all", &out));
    EXPECT_EQ(out,
              "\n  NIC statistics for port 0 cleared\n\n  NIC statistics for port 1 cleared\n");
}

TEST(PortCommands, DevicesSummaryLink) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "show device info all", &out));
    EXPECT_TRUE(has(out,
                    "\n********************* Infos for device net_ring0 *********************\n"
                    "Bus name: vdev\n"));
    EXPECT_TRUE(has(out, "\tDevice name: net_ring1\n\tDevice speed capability: Autonegotiate"));
    ASSERT_TRUE(run(h, "set link-down port 1"));
    ASSERT_TRUE(run(h, "show port summary all", &out));
    EXPECT_TRUE(has(out, "Number of available ports: 2\nPort MAC Address       Name"));
    EXPECT_TRUE(has(out, "1    02:00:00:00:00:00 net_ring1    net_ring       down     10 Gbps\n"))
        << out;
}

TEST(PortCommands, LoadRunsAFile) {
    FakeHost h;
    h.files["cmds.txt"] = {"set verbose 2", "show port stats 9", "# comment", ""};
    std::string out;
    ASSERT_TRUE(run(h, "load cmds.txt", &out));
    EXPECT_EQ(out, "Change verbose level from 0 to 2\nInvalid port 9\n"
                   "The valid ports array is [ 0 1 ]\n" +
                       loaded("cmds.txt"));
    EXPECT_FALSE(run(h, "load nosuch.txt", &out));
    EXPECT_TRUE(has(out, "Failed to create file based cmdline context: nosuch.txt"));
    h.files["loop.txt"] = {"load loop.txt"};
    EXPECT_TRUE(run(h, "load loop.txt", &out)); // stops at a depth, says so
    EXPECT_TRUE(has(out, "more than 8 deep")) << out;
}

// 25.11's load_echo: each line after "[file] ", as --cmdline-file shows it.
TEST(PortCommands, LoadEchoShowsEachLine) {
    FakeHost h;
    h.files["cmds.txt"] = {"set verbose 2"};
    std::string out;
#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)
    ASSERT_TRUE(run(h, "load_echo cmds.txt", &out)) << out;
    EXPECT_EQ(out, "[cmds.txt] set verbose 2\r\nChange verbose level from 0 to 2\n" +
                       shell::command_file_end_text({"cmds.txt", "", true}));
    EXPECT_NE(out, "[cmds.txt] set verbose 2\r\nChange verbose level from 0 to 2\n" +
                       loaded("cmds.txt"));
#else
    EXPECT_FALSE(run(h, "load_echo cmds.txt", &out));
    EXPECT_TRUE(has(out, "unknown command 'load_echo'")) << out;
#endif
}

// Issue 37: quit in a loaded file ended the session; testpmd ends that file.
TEST(PortCommands, QuitInAFileEndsOnlyThatFile) {
    FakeHost h;
    h.files["inner.txt"] = {"set verbose 1", "quit", "set verbose 7"};
    h.files["outer.txt"] = {"load inner.txt", "set verbose 3"};
    std::string out;
    ASSERT_TRUE(run(h, "load outer.txt", &out)) << out;
    EXPECT_FALSE(h.quit);
    EXPECT_EQ(out, "Change verbose level from 0 to 1\n" + loaded("inner.txt") +
                       "Change verbose level from 1 to 3\n" + loaded("outer.txt"));
    EXPECT_FALSE(h.reading_file());
    ASSERT_TRUE(run(h, "quit", &out)); // typed at the prompt: the session
    EXPECT_TRUE(h.quit);
}

// Issue 18 item 5: a mask naming no port there is used to mean every port.
TEST(PortCommands, PortmaskNamingNoPortIsRefused) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "set portmask 0x2", &out));
    EXPECT_FALSE(run(h, "set portmask 0x8", &out));
    EXPECT_EQ(out, "Invalid port mask 0x8: it names none of the ports there are (ports: 0 1); "
                   "forwarding ports unchanged\n");
    EXPECT_EQ(h.cfg.fwd_port_list, (std::vector<uint16_t>{1}));
}

TEST(PortCommands, ForwardingPortsAndLcores) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "set portlist 1,0", &out));
    EXPECT_EQ(out, ""); // two ports before, two after
    EXPECT_EQ(h.cfg.fwd_port_list, (std::vector<uint16_t>{1, 0}));
    EXPECT_FALSE(run(h, "set portlist 1,9", &out));
    EXPECT_EQ(out, "Invalid port 9\n");
    EXPECT_EQ(h.cfg.fwd_port_list, (std::vector<uint16_t>{1, 0}));
    ASSERT_TRUE(run(h, "set portmask 0x2", &out));
    EXPECT_EQ(out,
              "previous number of forwarding ports 2 - changed to number of configured ports 1\n");
    EXPECT_FALSE(run(h, "set portmask 0", &out));
    EXPECT_EQ(out, "Invalid NULL mask of ports\n");
    EXPECT_FALSE(run(h, "set nbport 2", &out));
    EXPECT_TRUE(has(out, "nb fwd ports 2 > 1 (number of configured ports) - ignored")) << out;
    ASSERT_TRUE(run(h, "set portlist 0-1"));
    ASSERT_TRUE(run(h, "set nbport 1", &out));
    EXPECT_EQ(out, "Number of forwarding ports set to 1\n");
    EXPECT_EQ(h.cfg.nb_fwd_ports, 1);
    ASSERT_TRUE(run(h, "set corelist 2,3", &out));
    EXPECT_EQ(out,
              "previous number of forwarding cores 1 - changed to number of configured cores 2\n");
    EXPECT_EQ(h.lcores, (std::vector<unsigned>{2, 3}));
    EXPECT_FALSE(run(h, "set coremask 0x1", &out));
    EXPECT_TRUE(has(out, "lcore 0 cannot be masked on")) << out;
    EXPECT_EQ(h.lcores, (std::vector<unsigned>{2, 3}));
    ASSERT_TRUE(run(h, "show config cores", &out));
    EXPECT_EQ(out, "List of forwarding lcores:  2  3\n");
    ASSERT_TRUE(run(h, "show config rxtx", &out));
    EXPECT_TRUE(has(out, "  io packet forwarding packets/burst=32\n"
                         "  nb forwarding cores=2 - nb forwarding ports=1\n"
                         "  port 0: RX queue number: 1 Tx queue number: 1\n"))
        << out;
    EXPECT_FALSE(has(out, "share_group")) << "no --rxq-share: " << out;
    // A device that shares RX queues (--rxq-share) joined group 2: testpmd
    // names it after the queue's offloads.
    h.fake_ports.rx_conf(0)->share_group = 2;
    ASSERT_TRUE(run(h, "show config rxtx", &out));
    EXPECT_TRUE(has(out, "      RX Offloads=0x0 share_group=2 share_qid=0\n")) << out;
    h.is_running = true;
    EXPECT_FALSE(run(h, "set portlist 0", &out));
    EXPECT_TRUE(has(out, "Please stop forwarding first")) << out;
}

// Issue 18 item 6: a file that loads itself 6 times ran 6 + 6^2 + ... + 6^8
// commands (about 1.7 million); one load now runs at most 100000 lines.
TEST(PortCommands, LoadCapsTheLinesItRuns) {
    FakeHost h;
    h.files["six.txt"] = std::vector<std::string>(6, "load six.txt");
    std::string out;
    EXPECT_FALSE(run(h, "load six.txt", &out));
    EXPECT_TRUE(has(out, "load six.txt: stopped after 100000 lines (allowed: at most that many "
                         "per load, nested files included)\n"))
        << out.substr(0, 400);
    EXPECT_LE(h.interrupt_calls, 100001u);
    // The next load starts counting from zero.
    h.files["one.txt"] = {"set verbose 1"};
    ASSERT_TRUE(run(h, "load one.txt", &out));
    EXPECT_EQ(out, "Change verbose level from 0 to 1\n" + loaded("one.txt"));
}

// Issue 18 item 6: SIGINT (taken by the load) ends it; the session goes on.
TEST(PortCommands, LoadEndsOnAnInterrupt) {
    FakeHost h;
    h.files["cmds.txt"] = {"set verbose 1", "set verbose 2", "set verbose 3"};
    h.interrupt_at = 2;
    std::string out;
    EXPECT_FALSE(run(h, "load cmds.txt", &out));
    EXPECT_EQ(out, "Change verbose level from 0 to 1\n"
                   "load cmds.txt: interrupted (SIGINT) after 1 lines; the rest was not run\n" +
                       loaded("cmds.txt"));
    EXPECT_FALSE(h.quit);
}

// The display family of issue 35 (port_display_commands.cpp and the display
// rows of port_info_commands.cpp).
TEST(PortDisplayCommands, McastMacsListTheAddedOnes) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "show port 0 mcast_macs", &out));
    EXPECT_EQ(out, "Number of Multicast MAC address added: 0\n");
    h.fake_ports.has_mc_list = true;
    ASSERT_TRUE(run(h, "mcast_addr add 0 01:00:5E:00:00:01"));
    ASSERT_TRUE(run(h, "show port 0 mcast_macs", &out));
    EXPECT_EQ(out, "Number of Multicast MAC address added: 1\n  01:00:5E:00:00:01\n");
    EXPECT_FALSE(run(h, "show port 9 mcast_macs", &out));
    EXPECT_TRUE(has(out, "Invalid port 9")) << out;
}

TEST(PortDisplayCommands, XstatsHideZero) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "show port xstats 0", &out));
    EXPECT_TRUE(has(out, "rx_good_packets: 0\n")) << out;
    ASSERT_TRUE(run(h, "set xstats-hide-zero on"));
    EXPECT_TRUE(h.cfg.xstats_hide_zero);
    ASSERT_TRUE(run(h, "show port xstats 0", &out));
    EXPECT_EQ(out, "###### NIC extended statistics for port 0 \n");
    ASSERT_TRUE(run(h, "set xstats-hide-zero off"));
    ASSERT_TRUE(run(h, "show port xstats 0", &out));
    EXPECT_TRUE(has(out, "tx_good_packets: 0\n")) << out;
    EXPECT_FALSE(run(h, "set xstats-hide-zero maybe", &out));
}

TEST(PortDisplayCommands, DeviceInfoByName) {
    FakeHost h;
    std::string all, one;
    ASSERT_TRUE(run(h, "show device info all", &all));
    EXPECT_TRUE(has(all, "Infos for device net_ring1 ")) << all;
    ASSERT_TRUE(run(h, "show device info net_ring0", &one));
    EXPECT_TRUE(has(one, "Infos for device net_ring0 ")) << one;
    EXPECT_FALSE(has(one, "net_ring1")) << one;
    ASSERT_TRUE(run(h, "show device info net_pcap0", &one));
    EXPECT_EQ(one, ""); // testpmd says nothing of a device it does not have
}

TEST(PortDisplayCommands, RetaSizeBeyondThePortsTable) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "show port 0 rss reta 64 (0xffff)", &out));
    EXPECT_TRUE(has(out, "Invalid redirection table size: 64 (1-0)")) << out;
    EXPECT_FALSE(run(h, "show port 0 rss reta x (0xffff)", &out));
}

TEST(PortDisplayCommands, StructSizes) {
    FakeHost h;
    std::string out;
    // testpmd 25.11 writes "dump struct_sizes" (NewerDpdkCommands).
    ASSERT_TRUE(run(
        h, RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0) ? "dump struct_sizes" : "dump_struct_sizes",
        &out));
    EXPECT_EQ(out, "sizeof(struct rte_mbuf) = 128\nsizeof(struct rte_mempool) = " +
                       std::to_string(sizeof(rte_mempool)) +
                       "\nsizeof(struct rte_ring) = " + std::to_string(sizeof(rte_ring)) + "\n");
}

TEST(PortDisplayCommands, SetLogLevels) {
    FakeHost h;
    std::string out;
    const uint32_t global = rte_log_get_global_level();
    ASSERT_TRUE(run(h, "set log global 3", &out));
    EXPECT_EQ(rte_log_get_global_level(), 3u);
    rte_log_set_global_level(global);
    EXPECT_FALSE(run(h, "set log [ 6", &out)); // not a regular expression
    EXPECT_EQ(out, "Unable to set log level\n");
    EXPECT_FALSE(run(h, "set log lib.eal 9", &out)); // beyond RTE_LOG_MAX
    EXPECT_EQ(out, "Unable to set log level\n");
    EXPECT_FALSE(run(h, "set log global debug", &out)); // a number, as testpmd's TOKEN_NUM
    EXPECT_TRUE(has(out, "level: 'debug' is not a number")) << out;
}

TEST(PortDisplayCommands, SetDefaultForwardingConfiguration) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "set portlist 1"));
    h.cfg.nb_cores = 2;
    ASSERT_TRUE(run(h, "set default", &out));
    EXPECT_EQ(out, "Reset to default forwarding configuration...\n");
    EXPECT_TRUE(h.cfg.fwd_port_list.empty());
    EXPECT_EQ(h.cfg.nb_fwd_ports, 0);
    EXPECT_EQ(h.cfg.nb_cores, 1u);
    EXPECT_EQ(h.fake_ports.last_peer, (std::array<uint8_t, 6>{2, 0, 0, 0, 0, 1}));
}

// ethdev's descriptor calls index the queue array unchecked: a queue the
// port lacks is refused before them, in testpmd's words.
TEST(PortDisplayCommands, DescriptorsOfAQueueThePortLacks) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "show port 0 rxq 5 desc 0 status", &out));
    EXPECT_EQ(out, "Invalid input: queue id = 5, desc id = 0\n");
    EXPECT_FALSE(run(h, "show port 0 txq 65535 desc 7 status", &out));
    EXPECT_EQ(out, "Invalid input: queue id = 65535, desc id = 7\n");
    EXPECT_FALSE(run(h, "show port 0 rxq 3 desc used count", &out));
    EXPECT_EQ(out, RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0) // NewerDpdkCommands
                       ? "Invalid input: port id = 0, queue id = 3\n"
                       : "Invalid queueid = 3\n");
    EXPECT_FALSE(run(h, "show port 0 rxq 0 desc 70000 status", &out));
    EXPECT_EQ(out, "desc: 70000 is out of range (allowed: 0..65535)\n");
}

// The fake port is no ethdev port: ethdev's -ENODEV in testpmd's words.
TEST(PortDisplayCommands, EepromRefusalsAsTestpmd) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "show port 0 eeprom", &out));
    EXPECT_EQ(out, "port index 0 invalid\n");
    EXPECT_FALSE(run(h, "show port 1 module_eeprom", &out));
    EXPECT_EQ(out, "port index 1 invalid\n");
    EXPECT_FALSE(run(h, "show port 9 eeprom", &out));
    EXPECT_TRUE(has(out, "Invalid port 9")) << out;
}

TEST(PortDisplayCommands, DcbInfoRefusedForEachPort) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "show port dcb_tc all", &out));
    EXPECT_EQ(out,
              "\n Failed to get dcb infos on port 0 \n\n Failed to get dcb infos on port 1 \n");
}

// testpmd 23.11 on refuses an offload the port does not report, for the
// port or per queue, before anything changes; 22.11 takes it (the port's
// next start refuses it).
TEST(PortCommands, OffloadsThePortDoesNotReport) {
    FakeHost h;
    stop_ports(h);
    std::string out;
    const bool refuses = RTE_VERSION >= RTE_VERSION_NUM(23, 11, 0, 0);
    EXPECT_NE(run(h, "port config 0 tx_offload mbuf_fast_free on", &out), refuses);
    EXPECT_EQ(out, refuses ? "Error: port 0 doesn't support offload: mbuf_fast_free.\n" : "");
    EXPECT_NE(run(h, "port 1 txq 0 tx_offload MULTI_SEGS on", &out), refuses);
    EXPECT_EQ(out, refuses ? "Error: port 1 doesn't support per queue offload: MULTI_SEGS.\n" : "");
    EXPECT_NE(run(h, "port config 0 rx_offload vlan_strip off", &out), refuses);
    EXPECT_EQ(out, refuses ? "Error: port 0 doesn't support offload: vlan_strip.\n" : "");
    EXPECT_NE(run(h, "port 0 rxq 0 rx_offload scatter on", &out), refuses);
    EXPECT_EQ(out, refuses ? "Error: port 0 doesn't support per queue offload: scatter.\n" : "");
    if (refuses) {
        EXPECT_EQ(h.fake_ports.ports[0].tx_offloads, 0u);
        EXPECT_EQ(h.fake_ports.ports[1].txq[0].offloads, 0u);
        EXPECT_FALSE(h.fake_ports.ports[0].need_reconfig);
    }
    ASSERT_TRUE(run(h, "port config 0 rx_offload scatter on", &out)) << out; // reported
}
