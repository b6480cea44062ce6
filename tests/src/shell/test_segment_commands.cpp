// The segment (src/shell/commands/segment_commands.cpp), RX offload
// (rx_offload_commands.cpp) and descriptor (descriptor_commands.cpp)
// families against the fake ports: testpmd 22.11's texts and what each
// command leaves in the configuration.
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>
#include <rte_mbuf_ptype.h>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::has;
using pmdfwd::testing::run;
using pmdfwd::testing::stop_ports;

TEST(SegmentCommands, RxpktsAndRxoffsAsTestpmd) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "show config rxpkts", &out));
    EXPECT_EQ(out, "Number of segments: 0\n");
    ASSERT_TRUE(run(h, "set rxpkts 14,0", &out));
    EXPECT_EQ(out, "");
    EXPECT_EQ(h.cfg.rxpkts, (std::vector<uint16_t>{14, 0}));
    // The queues are set up again at the next start, for every port.
    EXPECT_TRUE(h.fake_ports.ports[0].need_reconfig_queues);
    EXPECT_TRUE(h.fake_ports.ports[1].need_reconfig_queues);
    ASSERT_TRUE(run(h, "show config rxpkts", &out));
    EXPECT_EQ(out, "Number of segments: 2\nSegment sizes: 14,0\n");
    ASSERT_TRUE(run(h, "set rxoffs 2,4", &out));
    EXPECT_EQ(h.cfg.rxoffs, (std::vector<uint16_t>{2, 4}));
    // testpmd prints the last offset's place from the lengths.
    ASSERT_TRUE(run(h, "show config rxoffs", &out));
    EXPECT_EQ(out, "Number of offsets: 2\nSegment offsets: 2,0\n");
}

TEST(SegmentCommands, BadListsChangeNothing) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "set rxpkts 64,128"));
    EXPECT_FALSE(run(h, "set rxpkts 1,x", &out));
    EXPECT_EQ(out, "character x is not a decimal digit\n");
    EXPECT_FALSE(run(h, "set rxpkts ,1", &out));
    EXPECT_EQ(out, "No valid value before comma\n");
    EXPECT_FALSE(run(h, "set rxpkts 1,2,3,4,5,6,7,8,9", &out));
    EXPECT_EQ(out, "Number of segment lengths = 9 > 8 (maximum items)\n");
    ASSERT_TRUE(run(h, "set rxpkts 1,2,3,4,5,6,7,8", &out));
    EXPECT_EQ(out, "nb segments per RX packets=8 >= MAX_SEGS_BUFFER_SPLIT - ignored\n");
    ASSERT_TRUE(run(h, "set rxoffs 70000", &out));
    EXPECT_EQ(out, "offset[0]=70000 > UINT16_MAX - give up\n");
    EXPECT_EQ(h.cfg.rxpkts, (std::vector<uint16_t>{64, 128}));
    EXPECT_TRUE(h.cfg.rxoffs.empty());
}

TEST(SegmentCommands, RxhdrsAddThePayloadSegment) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "set rxhdrs eth,ipv4-udp", &out));
    EXPECT_EQ(out, "");
    EXPECT_EQ(h.cfg.rxhdrs,
              (std::vector<uint32_t>{RTE_PTYPE_L2_ETHER, RTE_PTYPE_L2_ETHER |
                                                             RTE_PTYPE_L3_IPV4_EXT_UNKNOWN |
                                                             RTE_PTYPE_L4_UDP}));
    EXPECT_EQ(h.cfg.rxpkts.size(), 3u);
    ASSERT_TRUE(run(h, "show config rxhdrs", &out));
    EXPECT_EQ(out, "Number of segments: 3\nPacket segs: eth, ipv4-udp, payload\n");
    // testpmd says the unknown name and takes it as no header.
    EXPECT_FALSE(run(h, "set rxhdrs 0", &out));
    EXPECT_EQ(out, "Unsupported protocol: 0\n");
    ASSERT_TRUE(run(h, "show config rxhdrs", &out));
    EXPECT_EQ(out, "Number of segments: 2\nPacket segs: unsupported, payload\n");
    ASSERT_TRUE(run(h, "set rxhdrs eth,eth,eth,eth,eth,eth,eth,eth", &out));
    EXPECT_EQ(out, "nb segments per RX packets=9 > MAX_SEGS_BUFFER_SPLIT - ignored\n");
    EXPECT_EQ(h.cfg.rxhdrs.size(), 1u);
}

TEST(SegmentCommands, TxpktsTxsplitTxtimes) {
    FakeHost h;
    std::string out;
    stop_ports(h);
    EXPECT_FALSE(run(h, "set txpkts 0,1", &out));
    EXPECT_EQ(out, "total packet length=1 < 42 - give up\n");
    EXPECT_FALSE(run(h, "set txpkts 64,3000", &out));
    EXPECT_EQ(out, "length[1]=3000 > mbuf_data_size=2176 - give up\n");
    ASSERT_TRUE(run(h, "set txpkts 60,4", &out));
    EXPECT_EQ(h.cfg.txpkts, (std::vector<uint16_t>{60, 4}));
    ASSERT_TRUE(run(h, "set txsplit rand", &out));
    EXPECT_FALSE(run(h, "set txsplit maybe", &out));
    EXPECT_EQ(out, "unknown value: \"maybe\"\n");
    ASSERT_TRUE(run(h, "show config txpkts", &out));
    EXPECT_EQ(out, "Number of segments: 2\nSegment sizes: 60,4\nSplit packet: rand\n");
    ASSERT_TRUE(run(h, "set txtimes 100,10", &out));
    ASSERT_TRUE(run(h, "set txtimes 5", &out)); // one number: nothing changes
    EXPECT_FALSE(run(h, "set txtimes 1,2,3", &out));
    EXPECT_EQ(out, "Number of tx times = 3 > 2 (maximum items)\n");
    ASSERT_TRUE(run(h, "show config txtimes", &out));
    EXPECT_EQ(out, "Interburst gap: 100\nIntraburst gap: 10\n");
    // The other `show config` rows still answer (a tie of rows that differ
    // in a choice goes to the one whose choice takes the word).
    ASSERT_TRUE(run(h, "show config cores", &out));
    EXPECT_TRUE(has(out, "List of forwarding lcores:")) << out;
}

TEST(RxOffloadCommands, PortAndQueueAsTestpmd) {
    FakeHost h;
    const uint64_t used = RTE_ETH_RX_OFFLOAD_BUFFER_SPLIT | RTE_ETH_RX_OFFLOAD_VLAN_STRIP;
    h.fake_ports.rx_capa |= used;
    h.fake_ports.rx_queue_capa = used;
    std::string out;
    EXPECT_FALSE(run(h, "port config 0 rx_offload vlan_strip on", &out));
    EXPECT_EQ(out, "Error: Can't config offload when Port 0 is not stopped\n");
    stop_ports(h);
    ASSERT_TRUE(run(h, "port config 0 rx_offload buffer_split on", &out));
    EXPECT_EQ(out, "");
    EXPECT_EQ(h.fake_ports.ports[0].rx_offloads, RTE_ETH_RX_OFFLOAD_BUFFER_SPLIT);
    EXPECT_EQ(h.fake_ports.ports[0].rxq[3].offloads, RTE_ETH_RX_OFFLOAD_BUFFER_SPLIT);
    EXPECT_TRUE(h.fake_ports.ports[0].need_reconfig);
    ASSERT_TRUE(run(h, "port 0 rxq 0 rx_offload vlan_strip on"));
    EXPECT_EQ(h.fake_ports.ports[0].rxq[0].offloads,
              RTE_ETH_RX_OFFLOAD_BUFFER_SPLIT | RTE_ETH_RX_OFFLOAD_VLAN_STRIP);
    // Off for the port is off for its queues too.
    ASSERT_TRUE(run(h, "port config 0 rx_offload vlan_strip off"));
    EXPECT_EQ(h.fake_ports.ports[0].rxq[0].offloads, RTE_ETH_RX_OFFLOAD_BUFFER_SPLIT);
    EXPECT_FALSE(run(h, "port 0 rxq 1 rx_offload scatter on", &out));
    EXPECT_EQ(out, "Error: input queue_id should be 0 ... 0\n");
    // rss_hash is a port's alone; an unknown name is not testpmd's line.
    EXPECT_FALSE(run(h, "port 0 rxq 0 rx_offload rss_hash on", &out));
    EXPECT_TRUE(has(out, "Bad arguments")) << out;
    EXPECT_FALSE(run(h, "port config 0 rx_offload nosuch on", &out));
    EXPECT_TRUE(has(out, "Bad arguments")) << out;
    EXPECT_EQ(h.fake_ports.ports[1].rx_offloads, 0u);
}

TEST(DescriptorCommands, ReadRxdTxd) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "read rxd 0 0 4", &out));
    EXPECT_EQ(out, "    descriptor 4\n");
    EXPECT_FALSE(run(h, "read txd 1 0 512", &out));
    EXPECT_EQ(out, "Invalid TX descriptor 512 (must be < ring_size=512)\n");
    // Any port number is taken: ethdev answers for one that is no port.
    EXPECT_FALSE(run(h, "read rxd 9 0 0", &out));
    EXPECT_EQ(out, "");
    EXPECT_FALSE(run(h, "read rxd 0 0 x", &out));
    EXPECT_TRUE(has(out, "desc")) << out;
}
