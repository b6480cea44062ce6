// `port config <p> dcb vt on|off <num_tcs> pfc on|off` (src/shell/commands/
// dcb_commands.cpp) against fakes: testpmd's checks in its order and their
// texts, then the DCB configuration the port takes at its next start.
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>

#include <rte_version.h>

#include <cerrno>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::out_of;

namespace {

// A stopped port 0, four forwarding cores, a PMD that reports DCB.
void ready_for_dcb(FakeHost &h) {
    h.fake_ports.ports[0].status = PortStatus::Stopped;
    h.cfg.nb_cores = 4;
    h.fake_drivers.dcb_answer = 0;
}

} // namespace

TEST(DcbCommands, ChecksInTestpmdsOrder) {
    FakeHost h;
    EXPECT_EQ(out_of(h, "port config 0 dcb vt on 4 pfc on", false), "Please stop port 0 first\n");
    h.fake_ports.ports[0].status = PortStatus::Stopped;
    EXPECT_EQ(out_of(h, "port config 0 dcb vt on 4 pfc on", false),
              "nb_cores shouldn't be less than number of TCs.\n");
    h.cfg.nb_cores = 8;
    EXPECT_EQ(out_of(h, "port config 0 dcb vt off 8 pfc off", false),
              "rte_eth_dev_get_dcb_info not supported.\n");
    EXPECT_EQ(h.fake_drivers.calls, (std::vector<std::string>{"dcb_info 0"}));
    EXPECT_TRUE(pmdfwd::testing::has(out_of(h, "port config 9 dcb vt on 4 pfc on", false),
                                     "Invalid port 9"));
}

TEST(DcbCommands, TrafficClassCountsOfThisDpdk) {
    FakeHost h;
    ready_for_dcb(h);
    h.cfg.nb_cores = 16;
#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)
    const char *refusal = "The invalid number of traffic class, only 1~8 allowed.\n";
    const char *taken = "1", *refused = "9";
#elif RTE_VERSION >= RTE_VERSION_NUM(22, 11, 9, 0) && RTE_VERSION < RTE_VERSION_NUM(23, 0, 0, 0)
    const char *refusal = "The invalid number of traffic class, only 2~8 allowed.\n";
    const char *taken = "3", *refused = "1";
#else
    const char *refusal = nullptr, *taken = "8", *refused = "9";
#endif
    const std::string out =
        out_of(h, std::string("port config 0 dcb vt off ") + refused + " pfc on", false);
    if (refusal) {
        EXPECT_EQ(out, refusal);
    }
    EXPECT_TRUE(pmdfwd::testing::has(out, "The invalid number of traffic class")) << out;
    EXPECT_EQ(out_of(h, std::string("port config 0 dcb vt on ") + taken + " pfc on"), "");
}

TEST(DcbCommands, VmdqDcbConfiguresThePortForItsNextStart) {
    FakeHost h;
    ready_for_dcb(h);
    h.fake_ports.ports[0].rx_offloads = RTE_ETH_RX_OFFLOAD_RSS_HASH;
    EXPECT_EQ(out_of(h, "port config 0 dcb vt on 4 pfc on"), "");
    const rte_eth_conf &conf = h.fake_ports.confs[0];
    EXPECT_EQ(conf.rxmode.mq_mode, RTE_ETH_MQ_RX_VMDQ_DCB);
    EXPECT_EQ(conf.txmode.mq_mode, RTE_ETH_MQ_TX_VMDQ_DCB);
    EXPECT_EQ(conf.rx_adv_conf.vmdq_dcb_conf.nb_queue_pools, RTE_ETH_32_POOLS);
    EXPECT_EQ(conf.rx_adv_conf.vmdq_dcb_conf.pool_map[5].vlan_id, 5);
    EXPECT_EQ(conf.rx_adv_conf.vmdq_dcb_conf.dcb_tc[6], 2);
    EXPECT_EQ(conf.dcb_capability_en, RTE_ETH_DCB_PG_SUPPORT | RTE_ETH_DCB_PFC_SUPPORT);
    EXPECT_TRUE(conf.rxmode.offloads & RTE_ETH_RX_OFFLOAD_VLAN_FILTER);
    EXPECT_EQ(h.fake_ports.ports[0].rx_offloads & RTE_ETH_RX_OFFLOAD_RSS_HASH, 0u);
    // Every queue of the device (the fake has 16), taken at the next start.
    EXPECT_EQ(h.cfg.nb_rxq, 16);
    EXPECT_EQ(h.cfg.nb_txq, 16);
    EXPECT_TRUE(h.fake_ports.ports[0].need_reconfig);
    EXPECT_TRUE(h.fake_ports.ports[0].need_reconfig_queues);
    EXPECT_FALSE(h.fake_ports.ports[1].need_reconfig);
}

TEST(DcbCommands, DcbAloneKeepsThePortsHash) {
    FakeHost h;
    ready_for_dcb(h);
    h.fake_ports.has_rss = true;
    h.fake_ports.ports[0].rss_hf = RTE_ETH_RSS_IP;
    EXPECT_EQ(out_of(h, "port config 0 dcb vt off 4 pfc off"), "");
    const rte_eth_conf &conf = h.fake_ports.confs[0];
    EXPECT_EQ(conf.rxmode.mq_mode, RTE_ETH_MQ_RX_DCB_RSS);
    EXPECT_EQ(conf.txmode.mq_mode, RTE_ETH_MQ_TX_DCB);
    EXPECT_EQ(conf.rx_adv_conf.dcb_rx_conf.nb_tcs, RTE_ETH_4_TCS);
    EXPECT_EQ(conf.rx_adv_conf.rss_conf.rss_hf, RTE_ETH_RSS_IP);
    EXPECT_EQ(conf.dcb_capability_en, RTE_ETH_DCB_PG_SUPPORT);
}

// testpmd's init_port_dcb_config fails when the hash configuration cannot
// be read; the port keeps its configuration.
TEST(DcbCommands, CannotInitializeWithoutTheHashConf) {
    FakeHost h;
    ready_for_dcb(h);
    EXPECT_EQ(out_of(h, "port config 0 dcb vt off 4 pfc on", false),
              "Cannot initialize network ports.\n");
    EXPECT_EQ(h.fake_ports.confs[0].txmode.mq_mode, RTE_ETH_MQ_TX_NONE);
    EXPECT_FALSE(h.fake_ports.ports[0].need_reconfig);
}

#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)

// 25.11: `prio-tc PRIO:TC...` maps each priority to its class (those not
// named to class 0) and `keep-qnum` leaves the queue counts.
TEST(DcbCommands, PriorityMapAndKeptQueueCounts) {
    FakeHost h;
    ready_for_dcb(h);
    h.cfg.nb_rxq = h.cfg.nb_txq = 2;
    EXPECT_EQ(out_of(h, "port config 0 dcb vt on 4 pfc off prio-tc 0:3 7:1 keep-qnum"), "");
    const rte_eth_conf &conf = h.fake_ports.confs[0];
    EXPECT_EQ(conf.rx_adv_conf.vmdq_dcb_conf.dcb_tc[0], 3);
    EXPECT_EQ(conf.tx_adv_conf.vmdq_dcb_tx_conf.dcb_tc[7], 1);
    EXPECT_EQ(conf.rx_adv_conf.vmdq_dcb_conf.dcb_tc[6], 0);
    EXPECT_EQ(conf.dcb_capability_en, RTE_ETH_DCB_PG_SUPPORT);
    EXPECT_EQ(h.cfg.nb_rxq, 2);
    EXPECT_EQ(h.cfg.nb_txq, 2);
    // In the other order, without keep-qnum: every queue, as before.
    EXPECT_EQ(out_of(h, "port config 0 dcb vt on 4 pfc on prio-tc 6:2"), "");
    EXPECT_EQ(h.fake_ports.confs[0].rx_adv_conf.vmdq_dcb_conf.dcb_tc[6], 2);
    EXPECT_EQ(h.cfg.nb_rxq, 16);
}

// 25.11: one traffic class takes the port out of DCB mode.
TEST(DcbCommands, OneTrafficClassClearsDcb) {
    FakeHost h;
    ready_for_dcb(h);
    EXPECT_EQ(out_of(h, "port config 0 dcb vt on 4 pfc on"), "");
    h.cfg.nb_rxq = h.cfg.nb_txq = 3;
    h.fake_ports.ports[0].need_reconfig = false;
    EXPECT_EQ(out_of(h, "port config 0 dcb vt on 1 pfc on"), "");
    const rte_eth_conf &conf = h.fake_ports.confs[0];
    EXPECT_EQ(conf.txmode.mq_mode, RTE_ETH_MQ_TX_NONE);
    EXPECT_EQ(conf.rxmode.mq_mode & (RTE_ETH_MQ_RX_DCB | RTE_ETH_MQ_RX_VMDQ_DCB), 0u);
    EXPECT_EQ(conf.dcb_capability_en, 0u);
    EXPECT_FALSE(conf.rxmode.offloads & RTE_ETH_RX_OFFLOAD_VLAN_FILTER);
    EXPECT_FALSE(h.fake_ports.ports[0].rx_offloads & RTE_ETH_RX_OFFLOAD_VLAN_FILTER);
    EXPECT_EQ(h.cfg.nb_rxq, 3);
    EXPECT_TRUE(h.fake_ports.ports[0].need_reconfig);
}

TEST(DcbCommands, PfcWordsRefusedInTestpmdsWords) {
    FakeHost h;
    ready_for_dcb(h);
    const std::string dcb = "port config 0 dcb vt on 4 pfc ";
    const std::pair<const char *, const char *> cases[] = {
        {"maybe", "Bad Argument: pfc-en must be on or off\n"},
        {"on bogus", "Bad Argument: unknown token bogus\n"},
        {"on prio-tc", "Bad Argument: no PRIO:TC provided\n"},
        {"on prio-tc keep-qnum", "Bad Argument: no PRIO:TC provided\n"},
        {"on prio-tc 8:1", "Bad Argument: invalid PRIO 8\n"},
        {"on prio-tc 1-2", "Bad Argument: invalid PRIO:TC format 1-2\n"},
        {"on prio-tc 1:", "Bad Argument: invalid PRIO:TC format 1:\n"},
        {"on prio-tc 1:8", "Bad Argument: invalid TC 8\n"},
        {"on prio-tc 1:2x", "Bad Argument: invalid PRIO:TC format 1:2x\n"},
        {"on prio-tc 1:2 prio-tc 2:1", "Bad Argument: detect multiple prio-tc token\n"},
        {"on keep-qnum keep-qnum", "Bad Argument: detect multiple keep-qnum token\n"},
    };
    for (const auto &[words, refusal] : cases)
        EXPECT_EQ(out_of(h, dcb + words, false), refusal) << words;
    EXPECT_EQ(h.fake_ports.confs[0].txmode.mq_mode, RTE_ETH_MQ_TX_NONE);
    EXPECT_FALSE(h.fake_ports.ports[0].need_reconfig);
}

TEST(DcbCommands, ForwardedClassesAndCoresPerClass) {
    FakeHost h;
    EXPECT_EQ(out_of(h, "set dcb fwd_tc 0", false), "TC mask should not be zero!\n");
    EXPECT_EQ(h.cfg.dcb_fwd_tc_mask, 0xff);
    EXPECT_EQ(out_of(h, "set dcb fwd_tc 0x85"), "Enabled DCB forwarding TC list: 0 2 7\n");
    EXPECT_EQ(h.cfg.dcb_fwd_tc_mask, 0x85);
    out_of(h, "set dcb fwd_tc 256", false);
    EXPECT_EQ(h.cfg.dcb_fwd_tc_mask, 0x85);
    EXPECT_EQ(out_of(h, "set dcb fwd_tc_cores 0", false), "Cores per-TC should not be zero!\n");
    EXPECT_EQ(out_of(h, "set dcb fwd_tc_cores 2"), "Set cores-per-TC: 2\n");
    EXPECT_EQ(h.cfg.dcb_fwd_tc_cores, 2);
    const std::string help = out_of(h, "help config");
    EXPECT_TRUE(pmdfwd::testing::has(help, "\nset dcb fwd_tc <tc_mask>\n")) << help;
    EXPECT_TRUE(pmdfwd::testing::has(help, "\nset dcb fwd_tc_cores <tc_cores>\n"));
}

#else

TEST(DcbCommands, NoPriorityMapNorForwardedClassesBefore2511) {
    FakeHost h;
    ready_for_dcb(h);
    out_of(h, "port config 0 dcb vt on 4 pfc on keep-qnum", false);
    out_of(h, "set dcb fwd_tc 1", false);
    out_of(h, "set dcb fwd_tc_cores 1", false);
    EXPECT_EQ(h.cfg.dcb_fwd_tc_mask, 0xff);
}

#endif
