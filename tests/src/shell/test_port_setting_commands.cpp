// The port settings, VLAN and per-port `set` families
// (src/shell/commands/port_setting_commands.cpp, vlan_commands.cpp,
// port_set_commands.cpp, port_link_commands.cpp, port reset, set flow_ctrl
// rx|tx and port cleanup) against the fake ports: what each changes in the
// port configuration, testpmd's texts for ethdev's refusals, and that a
// refused command changes nothing.
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>
#include <rte_version.h>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::has;
using pmdfwd::testing::run;
using pmdfwd::testing::stop_ports;

TEST(PortSettingCommands, MaxPktLenSetsTheMtuForTheNextStart) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "port config all max-pkt-len 1518", &out));
    EXPECT_EQ(out, "Please stop all ports first\n");
    stop_ports(h);
    EXPECT_FALSE(run(h, "port config all max-pkt-len 63", &out));
    EXPECT_EQ(out, "max-pkt-len can not be less than 64\n");
    EXPECT_EQ(h.fake_ports.ports[0].mtu, 1500);
    // net_ring's overhead: Ethernet header and CRC.
    ASSERT_TRUE(run(h, "port config all max-pkt-len 9018", &out));
    EXPECT_EQ(out, "");
    EXPECT_EQ(h.fake_ports.ports[0].mtu, 9000);
    EXPECT_EQ(h.fake_ports.ports[1].mtu, 9000);
    EXPECT_TRUE(h.fake_ports.ports[1].need_reconfig);
    EXPECT_EQ(h.cfg.max_pkt_len, 9018u);
}

TEST(PortSettingCommands, MaxPktLenSaysWhichPortRefusedTheMtu) {
    FakeHost h;
    std::string out;
    stop_ports(h);
    h.fake_ports.has_mtu = false;
    ASSERT_TRUE(run(h, "port config all max-pkt-len 1000", &out));
    EXPECT_EQ(out, "Failed to set MTU to 982 for port 0\nFailed to set MTU to 982 for port 1\n");
    // The device is asked again, though the ports now await reconfiguration;
    // testpmd's 16-bit MTU wraps.
    ASSERT_TRUE(run(h, "port config all max-pkt-len 100000", &out));
    EXPECT_EQ(out,
              "Failed to set MTU to 34446 for port 0\nFailed to set MTU to 34446 for port 1\n");
}

TEST(PortSettingCommands, MaxLroPktSize) {
    FakeHost h;
    std::string out;
    stop_ports(h);
    ASSERT_TRUE(run(h, "port config all max-lro-pkt-size 9000"));
    EXPECT_EQ(h.fake_ports.confs[0].rxmode.max_lro_pkt_size, 9000u);
    EXPECT_EQ(h.fake_ports.confs[1].rxmode.max_lro_pkt_size, 9000u);
    EXPECT_TRUE(h.fake_ports.ports[0].need_reconfig);
}

TEST(PortSettingCommands, SpeedAndDuplex) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "port config 0 speed 1000 duplex full", &out));
    EXPECT_EQ(out, "Please stop port 0 first\n");
    EXPECT_FALSE(run(h, "port config all speed 1000 duplex full", &out));
    EXPECT_EQ(out, "Please stop all ports first\n");
    stop_ports(h);
    ASSERT_TRUE(run(h, "port config 1 speed 10000 duplex full"));
    EXPECT_EQ(h.fake_ports.confs[1].link_speeds, RTE_ETH_LINK_SPEED_10G | RTE_ETH_LINK_SPEED_FIXED);
    EXPECT_EQ(h.fake_ports.confs[0].link_speeds, 0u);
    ASSERT_TRUE(run(h, "port config all speed 100 duplex half"));
    EXPECT_EQ(h.fake_ports.confs[0].link_speeds,
              RTE_ETH_LINK_SPEED_100M_HD | RTE_ETH_LINK_SPEED_FIXED);
    ASSERT_TRUE(run(h, "port config all speed auto duplex auto"));
    EXPECT_EQ(h.fake_ports.confs[1].link_speeds, RTE_ETH_LINK_SPEED_AUTONEG);
    EXPECT_FALSE(run(h, "port config 0 speed 1000 duplex half", &out));
    EXPECT_EQ(out, "Invalid speed/duplex parameters\n");
    EXPECT_EQ(h.fake_ports.confs[0].link_speeds, RTE_ETH_LINK_SPEED_AUTONEG);
    EXPECT_FALSE(run(h, "port config 0 speed 5 duplex full", &out));
    EXPECT_TRUE(has(out, "Bad arguments")) << out;
}

// 25.11 added 800000 to the speed words.
TEST(PortSettingCommands, Speed800G) {
    FakeHost h;
    stop_ports(h);
    std::string out;
#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)
    ASSERT_TRUE(run(h, "port config 0 speed 800000 duplex full", &out)) << out;
    EXPECT_EQ(h.fake_ports.confs[0].link_speeds,
              RTE_ETH_LINK_SPEED_800G | RTE_ETH_LINK_SPEED_FIXED);
#else
    EXPECT_FALSE(run(h, "port config 0 speed 800000 duplex full", &out));
    EXPECT_TRUE(has(out, "Bad arguments")) << out;
#endif
}

TEST(PortSettingCommands, Burst) {
    FakeHost h;
    std::string out;
    stop_ports(h);
    ASSERT_TRUE(run(h, "port config all burst 64"));
    EXPECT_EQ(h.cfg.burst, 64);
    EXPECT_FALSE(run(h, "port config all burst 513", &out));
    EXPECT_EQ(out, "burst must be >= 1 && <= 512\n");
    // net_ring recommends no burst size.
    EXPECT_FALSE(run(h, "port config all burst 0", &out));
    EXPECT_EQ(out, "PMD does not recommend a burst size.\nUser provided value must be between 1 "
                   "and 512\n");
    EXPECT_EQ(h.cfg.burst, 64);
}

TEST(PortSettingCommands, ThresholdsReachEveryQueueConfiguration) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "port config all txpt 5", &out));
    EXPECT_EQ(out, "Please stop all ports first\n");
    stop_ports(h);
    for (const char *cmd :
         {"port config all txpt 1", "port config all txht 2", "port config all txwt 3",
          "port config all rxpt 4", "port config all rxht 5", "port config all rxwt 6",
          "port config all txfreet 32", "port config all txrst 16", "port config all rxfreet 64"})
        ASSERT_TRUE(run(h, cmd, &out)) << cmd << ": " << out;
    for (uint16_t p : {0, 1}) {
        const rte_eth_txconf &tx = h.fake_ports.txconfs[p];
        const rte_eth_rxconf &rx = h.fake_ports.rxconfs[p];
        EXPECT_EQ(tx.tx_thresh.pthresh, 1);
        EXPECT_EQ(tx.tx_thresh.hthresh, 2);
        EXPECT_EQ(tx.tx_thresh.wthresh, 3);
        EXPECT_EQ(rx.rx_thresh.pthresh, 4);
        EXPECT_EQ(rx.rx_thresh.hthresh, 5);
        EXPECT_EQ(rx.rx_thresh.wthresh, 6);
        EXPECT_EQ(tx.tx_free_thresh, 32);
        EXPECT_EQ(tx.tx_rs_thresh, 16);
        EXPECT_EQ(rx.rx_free_thresh, 64);
    }
    EXPECT_EQ(h.cfg.thresholds.rx_free, 64);
    // testpmd's token is 8 bits wide for these.
    EXPECT_FALSE(run(h, "port config all txpt 256", &out));
    EXPECT_TRUE(has(out, "(allowed: 0..255)")) << out;
    EXPECT_EQ(h.fake_ports.txconfs[0].tx_thresh.pthresh, 1);
}

TEST(PortSettingCommands, DropEnable) {
    FakeHost h;
    stop_ports(h);
    ASSERT_TRUE(run(h, "port config all drop-en on"));
    EXPECT_EQ(h.fake_ports.rxconfs[1].rx_drop_en, 1);
    EXPECT_TRUE(h.cfg.rx_drop_en);
    ASSERT_TRUE(run(h, "port config all drop-en off"));
    EXPECT_EQ(h.fake_ports.rxconfs[1].rx_drop_en, 0);
}

TEST(PortSettingCommands, UdpTunnelPort) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "port config 0 udp_tunnel_port add geneve 6081", &out));
    EXPECT_EQ(out, "udp tunneling port add error: (Operation not supported)\n");
    h.fake_ports.has_optional_ops = true;
    ASSERT_TRUE(run(h, "port config 0 udp_tunnel_port add geneve 6081"));
    ASSERT_TRUE(run(h, "port config 1 udp_tunnel_port rm vxlan-gpe 4790"));
    ASSERT_TRUE(run(h, "port config 1 udp_tunnel_port add ecpri 1"));
    EXPECT_EQ(h.fake_ports.calls,
              (std::vector<std::string>{
                  "tunnel add 0 " + std::to_string(RTE_ETH_TUNNEL_TYPE_GENEVE) + " 6081",
                  "tunnel rm 1 " + std::to_string(RTE_ETH_TUNNEL_TYPE_VXLAN_GPE) + " 4790",
                  "tunnel add 1 " + std::to_string(RTE_ETH_TUNNEL_TYPE_ECPRI) + " 1"}));
}

// testpmd 25.11 drops set stat_qmap: unknown there.
TEST(PortSettingCommands, StatQmap) {
    FakeHost h;
    std::string out;
#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)
    h.fake_ports.has_optional_ops = true;
    EXPECT_FALSE(run(h, "set stat_qmap rx 1 0 15", &out));
    EXPECT_TRUE(h.fake_ports.calls.empty());
    ASSERT_TRUE(run(h, "help config", &out));
    EXPECT_FALSE(has(out, "stat_qmap")) << out;
#else
    EXPECT_FALSE(run(h, "set stat_qmap tx 0 0 3", &out));
    EXPECT_EQ(out, "failed to set tx queue stats mapping.\n");
    EXPECT_FALSE(run(h, "set stat_qmap rx 0 1 3", &out));
    EXPECT_EQ(out, "Invalid RX queue 1 (must be < nb_rxq=1)\n");
    const std::string counters = std::to_string(RTE_ETHDEV_QUEUE_STAT_CNTRS);
    EXPECT_FALSE(run(h, "set stat_qmap rx 0 0 " + counters, &out));
    EXPECT_EQ(out, "map_value not in required range 0.." +
                       std::to_string(RTE_ETHDEV_QUEUE_STAT_CNTRS - 1) + "\n");
    h.fake_ports.has_optional_ops = true;
    ASSERT_TRUE(run(h, "set stat_qmap rx 1 0 15"));
    EXPECT_EQ(h.fake_ports.calls, std::vector<std::string>{"qmap rx 1 0 15"});
#endif
}

TEST(PortSettingCommands, PtypeMask) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "set port 0 ptype_mask 0xff", &out));
    EXPECT_EQ(out, "Port 0 doesn't support any ptypes.\n");
    h.fake_ports.ptypes = {RTE_PTYPE_L2_ETHER, RTE_PTYPE_L3_IPV4};
    ASSERT_TRUE(run(h, "set port 1 ptype_mask 0xf", &out));
    // rte_get_ptype_name ends each name with a space, which testpmd prints too.
    EXPECT_EQ(out, "Successfully set following ptypes for Port 1\nL2_ETHER \n");
}

TEST(PortSettingCommands, Reset) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "port reset 0", &out));
    EXPECT_EQ(out, "Can not reset port(s), please stop port(s) first.\n");
    EXPECT_EQ(h.fake_ports.resets, 0);
    stop_ports(h);
    ASSERT_TRUE(run(h, "port reset all", &out));
    EXPECT_EQ(out, "Resetting ports...\nFailed to reset port 0. diag=-95\nFailed to reset port 1. "
                   "diag=-95\nDone\n");
    h.fake_ports.has_optional_ops = true;
    ASSERT_TRUE(run(h, "port reset 1", &out));
    EXPECT_EQ(out, "Resetting ports...\nDone\n");
    EXPECT_TRUE(h.fake_ports.ports[1].need_reconfig);
    EXPECT_FALSE(h.fake_ports.ports[0].need_reconfig);
}

TEST(PortSettingCommands, FlowCtrlRxTxAlone) {
    FakeHost h;
    std::string out;
    // net_ring has no flow control: the same answer as testpmd's.
    EXPECT_FALSE(run(h, "set flow_ctrl rx off 0", &out));
    EXPECT_EQ(out, "cannot get current flow ctrl parameters, return code = -95\n");
    h.fake_ports.has_flow_ctrl = true;
    ASSERT_TRUE(run(h, "set flow_ctrl rx on 0", &out)) << out;
    EXPECT_EQ(h.fake_ports.ports[0].fc.mode, RTE_ETH_FC_RX_PAUSE);
    ASSERT_TRUE(run(h, "set flow_ctrl tx on 0", &out)) << out;
    EXPECT_EQ(h.fake_ports.ports[0].fc.mode, RTE_ETH_FC_FULL);
    ASSERT_TRUE(run(h, "set flow_ctrl rx off 0"));
    EXPECT_EQ(h.fake_ports.ports[0].fc.mode, RTE_ETH_FC_TX_PAUSE);
    ASSERT_TRUE(run(h, "set flow_ctrl pause_time 7 0"));
    EXPECT_EQ(h.fake_ports.ports[0].fc.pause_time, 7);
    EXPECT_FALSE(run(h, "set flow_ctrl rx maybe 0", &out));
    EXPECT_TRUE(has(out, "'maybe' is not allowed here")) << out;
}

// testpmd's fix "function names in logs": 26.03 and the stable releases
// 23.11.7, 24.11.5 and 25.11.1 on.
#if RTE_VERSION >= RTE_VERSION_NUM(26, 3, 0, 0) ||                                                 \
    (RTE_VERSION >= RTE_VERSION_NUM(25, 11, 1, 0) &&                                               \
     RTE_VERSION < RTE_VERSION_NUM(26, 0, 0, 0)) ||                                                \
    (RTE_VERSION >= RTE_VERSION_NUM(24, 11, 5, 0) &&                                               \
     RTE_VERSION < RTE_VERSION_NUM(25, 0, 0, 0)) ||                                                \
    (RTE_VERSION >= RTE_VERSION_NUM(23, 11, 7, 0) && RTE_VERSION < RTE_VERSION_NUM(24, 0, 0, 0))
const std::string kTpidFunction = "vlan_tpid_set";
const std::string kExtendFunction = "vlan_extend_set";
#else
const std::string kTpidFunction = "tx_vlan_tpid_set";
const std::string kExtendFunction = "rx_vlan_extend_set";
#endif

TEST(VlanCommands, Tpid) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "vlan set inner tpid 0x8100 0", &out));
    EXPECT_EQ(out, kTpidFunction + "(port_pi=0, vlan_type=1, tpid=33024) failed diag=-95\n");
    h.fake_ports.has_optional_ops = true;
    ASSERT_TRUE(run(h, "vlan set outer tpid 0x88a8 1"));
    EXPECT_EQ(
        h.fake_ports.calls,
        std::vector<std::string>{"tpid 1 " + std::to_string(RTE_ETH_VLAN_TYPE_OUTER) + " 34984"});
}

TEST(VlanCommands, ExtendRefusalNamesThisDpdksFunction) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "vlan set extend on 0", &out));
    EXPECT_EQ(out, kExtendFunction + "(port_pi=0, on=1) failed diag=-22\n");
}

TEST(VlanCommands, QinqInsertIsPortConfiguration) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "tx_vlan set 0 5 6", &out));
    EXPECT_EQ(out, "Please stop port 0 first\n");
    stop_ports(h);
    EXPECT_FALSE(run(h, "tx_vlan set 0 5 4096", &out));
    EXPECT_TRUE(has(out, "allowed: 0..4095")) << out;
    EXPECT_TRUE(h.fake_ports.qinqs.empty());
    h.fake_ports.vlan_warning = "port 0 has no QinQ insert offload";
    ASSERT_TRUE(run(h, "tx_vlan set 0 5 6", &out));
    EXPECT_EQ(out, "Warning: port 0 has no QinQ insert offload\n");
    ASSERT_EQ(h.fake_ports.qinqs.size(), 1u);
    EXPECT_EQ(h.fake_ports.qinqs[0], (std::tuple<uint16_t, uint16_t, uint16_t>{0, 5, 6}));
    EXPECT_TRUE(h.fake_ports.ports[0].need_reconfig);
}

TEST(VlanCommands, PvidIgnoresEthdevsAnswerAsTestpmd) {
    FakeHost h;
    std::string out;
    EXPECT_TRUE(run(h, "tx_vlan set pvid 0 5 on", &out));
    EXPECT_EQ(out, "");
    h.fake_ports.has_optional_ops = true;
    EXPECT_TRUE(run(h, "tx_vlan set pvid 1 7 off"));
    EXPECT_EQ(h.fake_ports.calls, std::vector<std::string>{"pvid 1 7 off"});
    EXPECT_FALSE(run(h, "tx_vlan set pvid 9 7 off", &out));
    EXPECT_TRUE(has(out, "Invalid port 9")) << out;
}

TEST(VlanCommands, StripOnQueue) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "vlan set stripq on 0,1", &out));
    EXPECT_EQ(out, "rx_vlan_strip_set_on_queue(port_pi=0, queue_id=1, on=1) failed diag=-95\n");
    EXPECT_FALSE(run(h, "vlan set stripq off 0", &out));
    EXPECT_EQ(out, "must specify (port,queue_id)\n");
    EXPECT_FALSE(run(h, "vlan set stripq off 7,0", &out));
    EXPECT_EQ(out, "Invalid port 7\nThe valid ports array is [ 0 1 ]\n");
    // testpmd drops a port or queue past its type silently.
    EXPECT_FALSE(run(h, "vlan set stripq off 0,70000", &out));
    EXPECT_EQ(out, "");
    h.fake_ports.has_optional_ops = true;
    ASSERT_TRUE(run(h, "vlan set stripq off 1,3"));
    EXPECT_EQ(h.fake_ports.calls, std::vector<std::string>{"stripq 1 3 off"});
}

TEST(VlanCommands, FilterAllStopsAtTheFirstRefusal) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "rx_vlan add all 0", &out));
    EXPECT_EQ(out, "rte_eth_dev_vlan_filter(port_pi=0, vlan_id=0, on=1) failed diag=-38\n");
    h.fake_ports.has_optional_ops = true;
    ASSERT_TRUE(run(h, "rx_vlan rm all 1"));
    EXPECT_EQ(h.fake_ports.filtered.size(), 4096u);
    h.fake_ports.filtered.clear();
    h.fake_ports.vlan_filter_refused = 10;
    EXPECT_FALSE(run(h, "rx_vlan add all 1", &out));
    EXPECT_EQ(out, "rte_eth_dev_vlan_filter(port_pi=1, vlan_id=10, on=1) failed diag=-38\n");
    EXPECT_EQ(h.fake_ports.filtered.size(), 10u);
}

TEST(PortAttachCommands, AttachDetachAndTheirRefusals) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "port attach net_ring2", &out));
    EXPECT_EQ(out, "Attaching a new port...\nPort 2 is attached. Now total ports is 3\nDone\n");
    EXPECT_EQ(h.fake_ports.status(2), PortStatus::Stopped);
    ASSERT_TRUE(run(h, "port detach 1", &out));
    EXPECT_EQ(out, "Port not stopped\n");
    ASSERT_TRUE(run(h, "port detach 2", &out));
    EXPECT_TRUE(has(out, "Device is detached\nNow total ports is 2\nDone\n")) << out;
    EXPECT_FALSE(run(h, "port detach 2", &out));
    EXPECT_EQ(out, "Invalid port 2\nThe valid ports array is [ 0 1 ]\n");
    ASSERT_TRUE(run(h, "device detach 0000:01:00.0"));
    EXPECT_EQ(h.fake_ports.detached, std::vector<std::string>{"0000:01:00.0"});
    h.is_running = true;
    EXPECT_FALSE(run(h, "port attach net_ring3", &out));
    EXPECT_TRUE(has(out, "Please stop forwarding first")) << out;
}

TEST(PortLinkCommands, FecRefusedAsNetRingRefusesIt) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "show port 0 fec capabilities", &out));
    EXPECT_EQ(out, "Function not implemented\n");
    EXPECT_FALSE(run(h, "show port 0 fec_mode", &out));
    EXPECT_EQ(out, "Function not implemented\n");
    EXPECT_FALSE(run(h, "set port 0 fec_mode rs", &out));
    EXPECT_EQ(out, "Function not implemented\n");
    EXPECT_FALSE(run(h, "set port 1 fec_mode fast", &out));
    EXPECT_EQ(out, "Unknown fec mode: fast for port 1\n");
    EXPECT_TRUE(h.fake_ports.calls.empty());
}

TEST(PortLinkCommands, FecShownAndSet) {
    FakeHost h;
    std::string out;
    h.fake_ports.has_optional_ops = true;
    h.fake_ports.fec_capa = {
        {RTE_ETH_SPEED_NUM_25G, RTE_ETH_FEC_MODE_CAPA_MASK(NOFEC) | RTE_ETH_FEC_MODE_CAPA_MASK(RS)},
        {RTE_ETH_SPEED_NUM_100G, RTE_ETH_FEC_MODE_CAPA_MASK(AUTO)}};
    ASSERT_TRUE(run(h, "show port 0 fec capabilities", &out));
    EXPECT_EQ(out, "FEC capabilities:\n25 Gbps : off rs \n100 Gbps : auto \n");
    h.fake_ports.fec_mode = RTE_ETH_FEC_MODE_CAPA_MASK(BASER);
    ASSERT_TRUE(run(h, "show port 0 fec_mode", &out));
    EXPECT_EQ(out, "baser\n");
    ASSERT_TRUE(run(h, "set port 1 fec_mode off", &out));
    EXPECT_EQ(
        h.fake_ports.calls,
        std::vector<std::string>{"fec 1 " + std::to_string(RTE_ETH_FEC_MODE_CAPA_MASK(NOFEC))});
}

// ethdev's low latency RS FEC (23.07 on): a mode testpmd sets by name.
TEST(PortLinkCommands, FecLlrsWhereEthdevHasIt) {
    FakeHost h;
    std::string out;
    h.fake_ports.has_optional_ops = true;
#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
    ASSERT_TRUE(run(h, "set port 0 fec_mode llrs", &out)) << out;
    EXPECT_EQ(h.fake_ports.calls, std::vector<std::string>{
                                      "fec 0 " + std::to_string(RTE_ETH_FEC_MODE_CAPA_MASK(LLRS))});
    h.fake_ports.fec_mode = RTE_ETH_FEC_MODE_CAPA_MASK(LLRS);
    ASSERT_TRUE(run(h, "show port 0 fec_mode", &out));
    EXPECT_EQ(out, "llrs\n");
#else
    EXPECT_FALSE(run(h, "set port 0 fec_mode llrs", &out));
    EXPECT_EQ(out, "Unknown fec mode: llrs for port 0\n");
#endif
}

TEST(PortLinkCommands, PriorityFlowControl) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "set pfc_ctrl rx on tx on 0 0 0 0 0", &out));
    EXPECT_EQ(out, "bad priority flow control parameter, return code = -95\n");
    EXPECT_FALSE(run(h, "set pfc_queue_ctrl 0 rx on 0 0 tx on 0 0 0", &out));
    EXPECT_EQ(out, "bad queue priority flow control parameter, rc = -95\n");
    h.fake_ports.has_optional_ops = true;
    ASSERT_TRUE(run(h, "set pfc_ctrl rx on tx off 100 50 7 3 1", &out));
    ASSERT_TRUE(run(h, "set pfc_queue_ctrl 0 rx off 2 1 tx on 4 3 9", &out));
    EXPECT_EQ(h.fake_ports.calls,
              (std::vector<std::string>{"pfc 1 mode " + std::to_string(RTE_ETH_FC_RX_PAUSE) +
                                            " hw 100 lw 50 pt 7 prio 3",
                                        "pfcq 0 mode " + std::to_string(RTE_ETH_FC_TX_PAUSE) +
                                            " rx_pause 2/1 tx_pause 4/3 pt 9"}));
}

TEST(PortSetCommands, UnicastHashTable) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "set port 0 uta all on", &out));
    EXPECT_EQ(out, "bad unicast hash table parameter, return code = -95\n");
    h.fake_ports.has_optional_ops = true;
    ASSERT_TRUE(run(h, "set port 0 uta 02:00:00:00:00:42 on", &out));
    ASSERT_TRUE(run(h, "set port 1 uta all off", &out));
    EXPECT_EQ(h.fake_ports.calls, (std::vector<std::string>{"uta 0 mac 66 on", "uta 1 all off"}));
}

TEST(PortSetCommands, QueueRateLimit) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "set port 0 queue 0 rate 0", &out));
    EXPECT_EQ(out, "rte_eth_set_queue_rate_limit for port_id=0 failed diag=-95\n"
                   "queue_rate_limit_cmd error: (Operation not supported)\n");
    h.fake_ports.has_optional_ops = true;
    // The fake's link runs at 10 Gbps.
    EXPECT_FALSE(run(h, "set port 0 queue 1 rate 10001", &out));
    EXPECT_EQ(out, "Invalid rate value:10001 bigger than link speed: 10000\n");
    EXPECT_FALSE(run(h, "set port 0 queue 256 rate 1", &out));
    ASSERT_TRUE(run(h, "set port 0 queue 1 rate 10000", &out));
    EXPECT_EQ(h.fake_ports.calls, std::vector<std::string>{"rate 0 1 10000"});
}

TEST(PortSetCommands, RxAvailThreshold) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "set port 0 rxq 0 avail_thresh 0", &out));
    EXPECT_EQ(out, "rxq_avail_thresh_cmd error: (Operation not supported)\n");
    h.fake_ports.has_optional_ops = true;
    ASSERT_TRUE(run(h, "set port 1 rxq 2 avail_thresh 50", &out));
    EXPECT_EQ(h.fake_ports.calls, std::vector<std::string>{"avail 1 2 50"});
}

TEST(PortConfigCommands, CleanupTxq) {
    FakeHost h;
    std::string out;
    h.fake_ports.has_queue_info = false;
    EXPECT_FALSE(run(h, "port cleanup 0 txq 0 0", &out));
    EXPECT_EQ(out, "Failed to get port 0 Tx queue 0 info\n");
    h.fake_ports.has_queue_info = true;
    h.fake_ports.ports[0].txq[1].started = false;
    EXPECT_FALSE(run(h, "port cleanup 0 txq 1 0", &out));
    EXPECT_EQ(out, "Tx queue 1 not started\n");
    EXPECT_FALSE(run(h, "port cleanup 0 txq 0 8", &out));
    EXPECT_EQ(out, "Failed to cleanup mbuf for port 0 Tx queue 0 error desc: Operation not "
                   "supported(-95)\n");
    h.fake_ports.has_optional_ops = true;
    ASSERT_TRUE(run(h, "port cleanup 1 txq 2 8", &out));
    EXPECT_EQ(out, "Cleanup port 1 Tx queue 2 mbuf nums: 4\n");
    EXPECT_EQ(h.fake_ports.calls, std::vector<std::string>{"cleanup 1 2 8"});
}
