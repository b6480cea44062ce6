// The port configuration testpmd's init_port_config would give, on device
// descriptions shaped like net_null's, net_ring's and a NIC's.
#include "ports/port_config.h"

#include <gtest/gtest.h>
#include <rte_mbuf_ptype.h>

using namespace pmdfwd;

namespace {

struct Device {
    uint32_t flags = 0;
    rte_eth_dev_info info{};
    Device() {
        info.driver_name = "net_test";
        info.dev_flags = &flags;
        info.max_rx_queues = info.max_tx_queues = 16;
        info.min_mtu = RTE_ETHER_MIN_MTU;
        info.max_mtu = UINT16_MAX;
        info.max_rx_pktlen = UINT32_MAX;
    }
};

rte_eth_conf conf_of(const Config &cfg, const Device &d, std::string *err = nullptr) {
    rte_eth_conf conf{};
    const Status s = port_conf(cfg, d.info, 0, &conf);
    if (err) *err = s.message();
    EXPECT_TRUE(err || s.ok()) << s.message();
    return conf;
}

} // namespace

TEST(PortConfig, RssOverAllQueuesWithTheOfferedIpHash) {
    Device d;
    d.info.flow_type_rss_offloads = RTE_ETH_RSS_PROTO_MASK; // net_null
    Config cfg;
    EXPECT_EQ(conf_of(cfg, d).rx_adv_conf.rss_conf.rss_hf, 0u) << "one queue: no RSS";
    EXPECT_EQ(conf_of(cfg, d).rxmode.mq_mode, RTE_ETH_MQ_RX_NONE);
    cfg.nb_rxq = 2;
    rte_eth_conf c = conf_of(cfg, d);
    EXPECT_EQ(c.rx_adv_conf.rss_conf.rss_hf, RTE_ETH_RSS_IP);
    EXPECT_EQ(c.rx_adv_conf.rss_conf.rss_hf, 41868u) << "what testpmd 22.11 reports";
    EXPECT_EQ(c.rxmode.mq_mode, RTE_ETH_MQ_RX_RSS);
    EXPECT_EQ(c.rx_adv_conf.rss_conf.rss_key, nullptr);

    // Only what the PMD offers: a device with IPv4 hashing alone.
    d.info.flow_type_rss_offloads = RTE_ETH_RSS_IPV4 | RTE_ETH_RSS_NONFRAG_IPV4_UDP;
    EXPECT_EQ(conf_of(cfg, d).rx_adv_conf.rss_conf.rss_hf, RTE_ETH_RSS_IPV4);
    cfg.rss_hf = RTE_ETH_RSS_UDP; // --rss-udp
    EXPECT_EQ(conf_of(cfg, d).rx_adv_conf.rss_conf.rss_hf, RTE_ETH_RSS_NONFRAG_IPV4_UDP);

    // --enable-rss (testpmd 25.11): RSS with one RX queue too.
    cfg.nb_rxq = 1;
    cfg.force_rss = true;
    EXPECT_EQ(conf_of(cfg, d).rxmode.mq_mode, RTE_ETH_MQ_RX_RSS);
    cfg.nb_rxq = 2;
    cfg.force_rss = false;

    // None offered (net_ring), --disable-rss, or --rx-mq-mode without RSS.
    d.info.flow_type_rss_offloads = 0;
    EXPECT_EQ(conf_of(cfg, d).rxmode.mq_mode, RTE_ETH_MQ_RX_NONE);
    d.info.flow_type_rss_offloads = RTE_ETH_RSS_PROTO_MASK;
    cfg.rss_hf = 0;
    EXPECT_EQ(conf_of(cfg, d).rxmode.mq_mode, RTE_ETH_MQ_RX_NONE);
    cfg.rss_hf = RTE_ETH_RSS_IP;
    cfg.rx_mq_mode = 0;
    EXPECT_EQ(conf_of(cfg, d).rxmode.mq_mode, RTE_ETH_MQ_RX_NONE);
}

TEST(PortConfig, FastFreeWhereOfferedUnlessTxOffloadsSaysOtherwise) {
    Device d;
    Config cfg;
    EXPECT_EQ(conf_of(cfg, d).txmode.offloads, 0u) << "not offered: quietly dropped";
    d.info.tx_offload_capa = RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE | RTE_ETH_TX_OFFLOAD_MULTI_SEGS;
    EXPECT_EQ(conf_of(cfg, d).txmode.offloads, RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE);
    cfg.tx_offloads = 0; // CSIT's --tx-offloads=0x0
    EXPECT_EQ(conf_of(cfg, d).txmode.offloads, 0u);
    cfg.tx_offloads = RTE_ETH_TX_OFFLOAD_MULTI_SEGS;
    EXPECT_EQ(conf_of(cfg, d).txmode.offloads, RTE_ETH_TX_OFFLOAD_MULTI_SEGS);
}

TEST(PortConfig, OffloadsThePmdLacksAreRefusedByName) {
    Device d;
    d.info.tx_offload_capa = RTE_ETH_TX_OFFLOAD_MULTI_SEGS; // net_ring
    d.info.rx_offload_capa = RTE_ETH_RX_OFFLOAD_SCATTER;
    Config cfg;
    cfg.tx_offloads = RTE_ETH_TX_OFFLOAD_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_MULTI_SEGS;
    std::string err;
    conf_of(cfg, d, &err);
    EXPECT_NE(err.find("port 0: TX offloads 0x2 (IPV4_CKSUM) are not offered by net_test"),
              std::string::npos)
        << err;
    EXPECT_NE(err.find("it offers 0x8000 (MULTI_SEGS)"), std::string::npos) << err;
    EXPECT_NE(err.find("--tx-offloads"), std::string::npos) << err;

    cfg = Config{};
    cfg.rx_offloads = RTE_ETH_RX_OFFLOAD_CHECKSUM; // --enable-rx-cksum
    conf_of(cfg, d, &err);
    EXPECT_NE(err.find("RX offloads 0xe (IPV4_CKSUM UDP_CKSUM TCP_CKSUM)"), std::string::npos)
        << err;
    cfg.rx_offloads = RTE_ETH_RX_OFFLOAD_SCATTER; // --enable-scatter
    EXPECT_EQ(conf_of(cfg, d).rxmode.offloads, RTE_ETH_RX_OFFLOAD_SCATTER);
}

TEST(PortConfig, MaxPktLenSetsTheMtu) {
    Device d;
    Config cfg;
    EXPECT_EQ(conf_of(cfg, d).rxmode.mtu, 0u) << "0: ethdev's default (1500)";
    cfg.max_pkt_len = 1518;
    EXPECT_EQ(conf_of(cfg, d).rxmode.mtu, 1500u);
    cfg.max_pkt_len = 9018;
    EXPECT_EQ(conf_of(cfg, d).rxmode.mtu, 9000u);
    // A NIC that says its own overhead (VLAN tags included): 9728 - 9702.
    d.info.max_rx_pktlen = 9728;
    d.info.max_mtu = 9702;
    EXPECT_EQ(eth_overhead(d.info), 26u);
    cfg.max_pkt_len = 1518;
    EXPECT_EQ(conf_of(cfg, d).rxmode.mtu, 1492u);
    cfg.max_pkt_len = 9800;
    std::string err;
    conf_of(cfg, d, &err);
    EXPECT_NE(err.find("MTU of 9774"), std::string::npos) << err;
    EXPECT_NE(err.find("allowed: --max-pkt-len=94..9728"), std::string::npos) << err;
}

TEST(PortConfig, InterruptsOnlyWhereTheDeviceHasThem) {
    Device d;
    Config cfg;
    EXPECT_EQ(conf_of(cfg, d).intr_conf.lsc, 0u);
    d.flags = RTE_ETH_DEV_INTR_LSC | RTE_ETH_DEV_INTR_RMV;
    EXPECT_EQ(conf_of(cfg, d).intr_conf.lsc, 1u);
    EXPECT_EQ(conf_of(cfg, d).intr_conf.rmv, 1u);
    cfg.lsc_interrupt = false; // --no-lsc-interrupt
    cfg.rmv_interrupt = false; // --no-rmv-interrupt
    EXPECT_EQ(conf_of(cfg, d).intr_conf.lsc, 0u);
    EXPECT_EQ(conf_of(cfg, d).intr_conf.rmv, 0u);
}

TEST(PortConfig, LinkSpeedAndLro) {
    Device d;
    Config cfg;
    cfg.link_speeds = RTE_ETH_LINK_SPEED_FIXED | RTE_ETH_LINK_SPEED_10G;
    cfg.max_lro_pkt_size = 9000;
    const rte_eth_conf c = conf_of(cfg, d);
    EXPECT_EQ(c.link_speeds, cfg.link_speeds);
    EXPECT_EQ(c.rxmode.max_lro_pkt_size, 9000u);
}

TEST(PortConfig, NumaPlacement) {
    Config cfg;
    PortNuma p = port_placement(cfg, 0, 1);
    EXPECT_EQ(p.pool, 1) << "the device's own socket";
    EXPECT_EQ(p.rx_ring, 1);
    EXPECT_EQ(p.tx_ring, 1);
    cfg.port_numa[0].pool = 0;    // --port-numa-config=(0,0)
    cfg.port_numa[0].tx_ring = 1; // --ring-numa-config=(0,2,1)
    p = port_placement(cfg, 0, 1);
    EXPECT_EQ(p.pool, 0);
    EXPECT_EQ(p.rx_ring, 0);
    EXPECT_EQ(p.tx_ring, 1);
    EXPECT_EQ(port_placement(cfg, 1, 1).pool, 1) << "other ports keep their socket";
    cfg.numa = false; // --no-numa: everything on --socket-num, default 0
    p = port_placement(cfg, 0, 1);
    EXPECT_EQ(p.pool + p.rx_ring + p.tx_ring, 0);
    cfg.socket_num = 1;
    p = port_placement(cfg, 0, 0);
    EXPECT_EQ(p.pool + p.rx_ring + p.tx_ring, 3);
}

TEST(PortConfig, QueueConfigsCarryOffloadsAndThresholds) {
    Device d;
    d.info.default_rxconf.rx_free_thresh = 32;
    d.info.default_txconf.tx_rs_thresh = 32;
    d.info.rx_offload_capa = RTE_ETH_RX_OFFLOAD_SCATTER;
    Config cfg;
    cfg.rx_offloads = RTE_ETH_RX_OFFLOAD_SCATTER;
    rte_eth_conf c = conf_of(cfg, d);
    rte_eth_rxconf rx = rx_queue_conf(cfg, d.info, c);
    EXPECT_EQ(rx.offloads, RTE_ETH_RX_OFFLOAD_SCATTER);
    EXPECT_EQ(rx.rx_free_thresh, 32) << "PMD default kept";
    EXPECT_EQ(rx.rx_drop_en, 0);
    cfg.thresholds.rx_free = 64;
    cfg.thresholds.rx_pthresh = 8;
    cfg.rx_drop_en = true;
    rx = rx_queue_conf(cfg, d.info, c);
    EXPECT_EQ(rx.rx_free_thresh, 64);
    EXPECT_EQ(rx.rx_thresh.pthresh, 8);
    EXPECT_EQ(rx.rx_drop_en, 1);
    rte_eth_txconf tx = tx_queue_conf(cfg, d.info, c);
    EXPECT_EQ(tx.tx_rs_thresh, 32);
    cfg.thresholds.tx_rs = 16;
    cfg.thresholds.tx_wthresh = 1;
    tx = tx_queue_conf(cfg, d.info, c);
    EXPECT_EQ(tx.tx_rs_thresh, 16);
    EXPECT_EQ(tx.tx_thresh.wthresh, 1);
}

// testpmd's rxtx_port_config: with --rxq-share=N on a device that can share
// RX queues, port P's queues join group P / N + 1; without the capability
// (net_ring, net_null) or without the option, no group.
TEST(PortConfig, RxShareGroupNeedsTheOptionAndTheCapability) {
    Device d;
    Config cfg;
    d.info.dev_capa = RTE_ETH_DEV_CAPA_RXQ_SHARE;
    EXPECT_EQ(rx_share_group(cfg, d.info, 3), 0u) << "not asked";
    cfg.rxq_share = 2;
    EXPECT_EQ(rx_share_group(cfg, d.info, 0), 1u);
    EXPECT_EQ(rx_share_group(cfg, d.info, 1), 1u);
    EXPECT_EQ(rx_share_group(cfg, d.info, 2), 2u);
    EXPECT_EQ(rx_share_group(cfg, d.info, 5), 3u);
    cfg.rxq_share = UINT32_MAX; // --rxq-share alone
    EXPECT_EQ(rx_share_group(cfg, d.info, 7), 1u);
    d.info.dev_capa = 0;
    EXPECT_EQ(rx_share_group(cfg, d.info, 0), 0u) << "the device cannot share";
}

// testpmd's buffer split segments (rx_queue_setup), over fake pools: they
// are named, never read.
TEST(RxSplitSegments, LengthsOffsetsHeadersAndPools) {
    auto *small = reinterpret_cast<rte_mempool *>(0x1000);
    auto *big = reinterpret_cast<rte_mempool *>(0x2000);
    const std::vector<std::pair<rte_mempool *, uint16_t>> pools = {{small, 2176}, {big, 4096}};
    rte_eth_rxseg segs[8] = {};
    // 14 bytes in the first pool, the rest (0: the data room) in the second,
    // and a third segment from the last pool; offsets past the list are 0.
    ASSERT_EQ(rx_split_segments({14, 0, 0}, {2}, {}, pools, segs, 8), 3u);
    EXPECT_EQ(segs[0].split.mp, small);
    EXPECT_EQ(segs[0].split.length, 14);
    EXPECT_EQ(segs[0].split.offset, 2);
    EXPECT_EQ(segs[1].split.mp, big);
    EXPECT_EQ(segs[1].split.length, 4096);
    EXPECT_EQ(segs[1].split.offset, 0);
    EXPECT_EQ(segs[2].split.mp, big);
    // A header split: each segment's header less those split off before;
    // a length given wins over the header.
    const uint32_t eth = RTE_PTYPE_L2_ETHER, ipv4 = eth | RTE_PTYPE_L3_IPV4_EXT_UNKNOWN;
    ASSERT_EQ(rx_split_segments({0, 0, 0}, {}, {eth, ipv4}, pools, segs, 8), 3u);
    EXPECT_EQ(segs[0].split.proto_hdr, eth);
    EXPECT_EQ(segs[0].split.length, 0);
    EXPECT_EQ(segs[1].split.proto_hdr, RTE_PTYPE_L3_IPV4_EXT_UNKNOWN);
    EXPECT_EQ(segs[2].split.proto_hdr, 0u);
    EXPECT_EQ(segs[2].split.length, 4096);
    ASSERT_EQ(rx_split_segments({20, 0}, {}, {eth}, pools, segs, 8), 2u);
    EXPECT_EQ(segs[0].split.length, 20);
    EXPECT_EQ(segs[0].split.proto_hdr, 0u);
    // No more than out holds.
    EXPECT_EQ(rx_split_segments({1, 2, 3, 4}, {}, {}, pools, segs, 2), 2u);
}
