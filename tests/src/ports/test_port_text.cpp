// testpmd's port texts (src/ports/port_text.cpp) read back with the regular
// expressions DTS's TestPmdPort, TestPmdQueueInfo and offload parsers use
// (dts/api/testpmd/types.py; written here, not copied), so a change that
// would make DTS parse nothing fails here first.
#include "ports/port_text.h"

#include <gtest/gtest.h>
#include <rte_version.h>

#include <regex>

using namespace pmdfwd;

namespace {

std::string find(const std::string &text, const std::string &re) {
    std::smatch m;
    if (!std::regex_search(text, m, std::regex(re))) return "<none>";
    return m.size() > 1 ? m[1].str() : m[0].str();
}

PortInfo ring_port() {
    PortInfo i;
    i.name = "net_ring0";
    i.driver = "net_ring";
    i.devargs = "";
    i.mac = rte_ether_addr{{0x02, 0x70, 0x63, 0x61, 0x70, 0x00}};
    i.mtu = 1500;
    i.promiscuous = true;
    i.vlan_offload = RTE_ETH_VLAN_STRIP_OFFLOAD;
    i.link.link_status = 1;
    i.link.link_speed = RTE_ETH_SPEED_NUM_10G;
    i.link.link_duplex = RTE_ETH_LINK_FULL_DUPLEX;
    i.dev.max_rx_queues = i.dev.max_tx_queues = 16;
    i.dev.nb_rx_queues = i.dev.nb_tx_queues = 2;
    i.dev.max_mac_addrs = 1;
    i.dev.max_rx_pktlen = UINT32_MAX;
    i.dev.rx_desc_lim.nb_max = 65535;
    i.dev.switch_info.domain_id = RTE_ETH_DEV_SWITCH_DOMAIN_ID_INVALID;
    return i;
}

} // namespace

TEST(PortText, InfoParsesAsDtsTestPmdPort) {
    const std::string t = port_info_text(3, ring_port());
    EXPECT_EQ(t.substr(0, 63), "\n********************* Infos for port 3  *********************\n");
    EXPECT_EQ(find(t, R"(Infos for port (\d+)\b)"), "3");
    EXPECT_EQ(find(t, R"(Device name: ([^\r\n]+))"), "net_ring0");
    EXPECT_EQ(find(t, R"(Driver name: ([^\r\n]+))"), "net_ring");
    EXPECT_EQ(find(t, R"(MAC address: ([A-Fa-f0-9:]+))"), "02:70:63:61:70:00");
    EXPECT_EQ(find(t, "Link status: up"), "Link status: up");
    EXPECT_EQ(find(t, R"(Link speed: ([^\r\n]+))"), "10 Gbps");
    EXPECT_EQ(find(t, R"(MTU: (\d+))"), "1500");
    EXPECT_EQ(find(t, "Promiscuous mode: enabled"), "Promiscuous mode: enabled");
    EXPECT_EQ(find(t, "Allmulticast mode: enabled"), "<none>");
    EXPECT_EQ(find(t, R"(Current number of RX queues: (\d+))"), "2");
    EXPECT_EQ(find(t, R"(Max possible number of RXDs per queue: (\d+))"), "65535");
    EXPECT_EQ(find(t, R"(Device capabilities: (0x[A-Fa-f\d]+))"), "0x0");
    EXPECT_EQ(find(t, R"(VLAN offload:\s+strip (on|off), filter (?:on|off))"), "on");
    EXPECT_EQ(find(t, R"(Maximum configurable length of RX packet: (\d+))"), "4294967295");
    // The last lines: DTS splits "show port info all" at the blank line.
    if (RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0))
        EXPECT_TRUE(t.ends_with("Device error handling mode: none\nDevice private info:\n  none\n"))
            << t;
    else
        EXPECT_TRUE(t.ends_with("Device error handling mode: none\n")) << t;
}

// The lines each DPDK's testpmd added (port_infos_display at v23.03, v23.11,
// v24.11, v25.11), where they go; 22.11's block has none of them.
TEST(PortText, InfoHasTheLinesOfThisDpdksTestpmd) {
    PortInfo i = ring_port();
    i.dev.min_mtu = 68;
    i.dev.max_mtu = 9000;
    std::string t = port_info_text(0, i);
    const bool v25_11 = RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0);
    EXPECT_EQ(t.find("MTU: 1500\nMinimum MTU: 68\nMaximum MTU: 9000\nPromiscuous") !=
                  std::string::npos,
              v25_11)
        << t;
    EXPECT_EQ(t.find("Minimum MTU") == std::string::npos, !v25_11) << t;
    EXPECT_EQ(t.find("Active Lanes"), std::string::npos);
    EXPECT_EQ(t.find("Maximum size of RX buffer"), std::string::npos);
    EXPECT_EQ(t.find("Device private info:") != std::string::npos,
              RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0));

    // What only a newer ethdev reports, printed when it does.
    i.lanes = 4;
    i.max_rx_bufsize = 16384;
    t = port_info_text(0, i);
    EXPECT_NE(t.find("Link speed: 10 Gbps\nActive Lanes: 4\nLink duplex:"), std::string::npos) << t;
    EXPECT_NE(t.find("Minimum size of RX buffer: 0\nMaximum size of RX buffer: 16384\n"
                     "Maximum configurable length"),
              std::string::npos)
        << t;
    if (RTE_VERSION < RTE_VERSION_NUM(23, 3, 0, 0)) return;
    i.priv_dump_rc = 0;
    i.priv_dump = "  ring: 1 slot\n";
    t = port_info_text(0, i);
    EXPECT_TRUE(t.ends_with("mode: none\nDevice private info:\n  ring: 1 slot\n")) << t;
    i.priv_dump_rc = -EIO;
    t = port_info_text(0, i);
    EXPECT_TRUE(t.ends_with("mode: none\nDevice private info:\n  Failed to dump private info "
                            "with error (-5): Input/output error\n"))
        << t;
}

TEST(PortText, InvalidPort) {
    EXPECT_EQ(invalid_port_text(9, {0, 1}), "Invalid port 9\nThe valid ports array is [ 0 1 ]\n");
    EXPECT_EQ(invalid_port_text(0, {}), "Invalid port 0\nThe valid ports array is [ ]\n");
}

TEST(PortText, RssTypesWrapAt64Columns) {
    const uint64_t all = RTE_ETH_RSS_IP | RTE_ETH_RSS_TCP | RTE_ETH_RSS_UDP;
    const std::string t = rss_offload_types_text(all);
    size_t start = 0;
    int lines = 0;
    while (start < t.size()) {
        const size_t nl = t.find('\n', start);
        EXPECT_LT(nl - start, 64u) << t;
        start = nl + 1;
        lines++;
    }
    EXPECT_GT(lines, 1);
    EXPECT_NE(t.find("  ipv4  ipv4-frag  ipv4-tcp"), std::string::npos) << t;
    // DTS reads the list back as member names.
    EXPECT_EQ(rss_type_from_name("ipv6-udp-ex"), RTE_ETH_RSS_IPV6_UDP_EX);
    EXPECT_EQ(rss_type_from_name("ip"), RTE_ETH_RSS_IP);
    EXPECT_EQ(rss_type_from_name("nosuch"), 0u);
    // The names later testpmds added (24.03, 25.07).
    EXPECT_EQ(rss_type_from_name("ipv6-flow-label") != 0,
              RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0));
    EXPECT_EQ(rss_type_from_name("ib-bth") != 0, RTE_VERSION >= RTE_VERSION_NUM(25, 7, 0, 0));
}

TEST(PortText, RssHashShowsGroupsThenTypes) {
    rte_eth_rss_conf c{};
    EXPECT_EQ(rss_hash_text(c, false), "RSS disabled\n");
    c.rss_hf = RTE_ETH_RSS_IP;
    const std::string t = rss_hash_text(c, false);
    EXPECT_EQ(t.substr(0, 20), "RSS functions:\n  ip ");
    EXPECT_NE(t.find("  ipv4  ipv4-frag"), std::string::npos) << t;
}

TEST(PortText, OffloadsAndQueues) {
    rte_eth_dev_info d{};
    d.rx_offload_capa = RTE_ETH_RX_OFFLOAD_SCATTER | RTE_ETH_RX_OFFLOAD_VLAN_STRIP;
    d.rx_queue_offload_capa = RTE_ETH_RX_OFFLOAD_VLAN_STRIP;
    EXPECT_EQ(offload_capa_text(0, true, d), "Rx Offloading Capabilities of port 0 :\n"
                                             "  Per Queue : VLAN_STRIP\n  Per Port  : SCATTER\n\n");
    OffloadConfig c{0, {0, RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE}};
    const std::string t = offload_config_text(1, false, c);
    EXPECT_EQ(t, "Tx Offloading Configuration of port 1 :\n  Port :\n  Queue[ 0] :\n"
                 "  Queue[ 1] : MBUF_FAST_FREE\n\n");
    // DTS's OffloadCapability parser: r"Queue[\s\[\]\d]+:(.*)$" per line.
    std::regex q(R"(Queue[\s\[\]\d]+:(.*)$)", std::regex::multiline);
    EXPECT_EQ(std::distance(std::sregex_iterator(t.begin(), t.end(), q), std::sregex_iterator()),
              2);
    RxQueueInfo r;
    r.q.nb_desc = 512;
    r.q.queue_state = RTE_ETH_QUEUE_STATE_STARTED;
    r.mempool = "mb_pool_0";
    const std::string rq = rxq_info_text(0, 1, r);
    EXPECT_EQ(find(rq, R"(Number of (?:RXDs|TXDs): (\d+))"), "512");
    EXPECT_EQ(find(rq, "queue state: started"), "queue state: started");
    EXPECT_EQ(find(rq, R"(Mempool: ([^\r\n]+))"), "mb_pool_0");
}

TEST(PortText, FlowControlAsTestpmd) {
    rte_eth_fc_conf fc{};
    fc.mode = RTE_ETH_FC_TX_PAUSE;
    fc.pause_time = 0x10;
    const std::string t = flow_ctrl_text(0, fc);
    EXPECT_NE(t.find("FC mode:\n   Rx pause: off\n   Tx pause: on\nAutoneg: off\n"
                     "Pause time: 0x10\n"),
              std::string::npos)
        << t;
    EXPECT_EQ(find(t, R"(Pause time: (0x[a-fA-F\d]+))"), "0x10");
}
