// csum's `set verbose` block (csum_verbose.h) on real mbufs through the
// registry: the text the engine hands the host's writer
// (pmdfwd_fwd_params.write_text) for a plain UDP/IPv4 packet, with checksum
// offloads, with TSO, for a VXLAN tunnel with parse-tunnel on, with outer
// offloads, and for a runt the engine leaves untouched, each compared with
// testpmd 22.11's csumonly.c block written out here by hand (only the mbuf
// address is the run's). Nothing is written at verbose 0, and a level set
// between bursts takes effect at the next one.
#include "../support/eal_main.h"
#include "../support/engine_harness.h"
#include "csum_frames.h"

#include "csum/csum_settings.h"

#include <rte_ethdev.h>

#include <netinet/in.h>

#include <cstdio>
#include <string>

namespace pmdfwd::testing {
namespace {

using engines::csum::Settings;

using namespace csum_frames;

// The flag lists of a packet as rte_pktmbuf_alloc leaves it (ol_flags 0):
// rte_get_rx_ol_flag_list names the "unknown" values of the masks.
constexpr const char *kRxFlags = "RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN RTE_MBUF_F_RX_IP_CKSUM_UNKNOWN "
                                 "RTE_MBUF_F_RX_OUTER_L4_CKSUM_UNKNOWN ";

class CsumVerbose : public EngineTest {
  protected:
    void SetUp() override {
        EngineTest::SetUp();
        ASSERT_NE(use("csum"), nullptr);
        cfg_ = static_cast<Settings *>(stream_.engine_ctx);
        params_.verbose_level = 1;
    }

    void TearDown() override {
        EngineTest::TearDown();
        *cfg_ = Settings{};
        engines::csum::settings_init(cfg_);
    }

    // What the engine wrote of one burst of f.
    std::string block_of(const Bytes &f) {
        m_ = packet(f);
        written_text().clear();
        EXPECT_EQ(burst(&m_, 1, 32), 1);
        return written_text();
    }

    // testpmd's first two lines for m_ (the address is the run's).
    std::string head(unsigned pkt_len) const {
        char line[128];
        std::snprintf(line, sizeof(line), "port=0, mbuf=%p, pkt_len=%u, nb_segs=1:\n",
                      static_cast<void *>(m_), pkt_len);
        return std::string("-----------------\n") + line;
    }

    Settings *cfg_ = nullptr;
    rte_mbuf *m_ = nullptr;
};

// Ether / IPv4 / UDP / 30 bytes: 72 bytes.
Bytes udp4_frame() {
    return cat({ether(RTE_ETHER_TYPE_IPV4), ipv4(IPPROTO_UDP, udp(7, 8, payload(30)))});
}

// The VXLAN frame of csum_frames.h: 122 bytes, 30 of outer UDP, VXLAN and
// inner Ethernet between the outer and inner IPv4 headers.
constexpr unsigned kVxlanLen = 122;

TEST_F(CsumVerbose, PlainUdpIpv4) {
    ASSERT_EQ(start(), 0);
    ASSERT_EQ(stream_.priv, nullptr); // csum.cpp's burst
    const std::string text = block_of(udp4_frame());
    EXPECT_EQ(text, head(72) + "rx: l2_len=14 ethertype=800 l3_len=20 l4_proto=17 l4_len=8 flags=" +
                        kRxFlags + "\n" +
                        "tx: flags=RTE_MBUF_F_TX_L4_NO_CKSUM RTE_MBUF_F_TX_IPV4 \n");
    rte_pktmbuf_free(m_);
}

TEST_F(CsumVerbose, ChecksumOffloadsShowTheLengths) {
    tx_.tx_offloads = RTE_ETH_TX_OFFLOAD_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_UDP_CKSUM;
    ASSERT_EQ(start(), 0);
    const std::string text = block_of(udp4_frame());
    EXPECT_EQ(text, head(72) + "rx: l2_len=14 ethertype=800 l3_len=20 l4_proto=17 l4_len=8 flags=" +
                        kRxFlags + "\n" +
                        "tx: m->l2_len=14 m->l3_len=20 m->l4_len=8\n"
                        "tx: flags=RTE_MBUF_F_TX_IP_CKSUM RTE_MBUF_F_TX_UDP_CKSUM "
                        "RTE_MBUF_F_TX_IPV4 \n");
    rte_pktmbuf_free(m_);
}

TEST_F(CsumVerbose, TsoShowsTheSegmentSize) {
    cfg_->port[1].tso_segsz = 100;                // the TX port's `tso set 100 1`
    tx_.tx_offloads = RTE_ETH_TX_OFFLOAD_TCP_TSO; // a port that has it
    ASSERT_EQ(start(), 0);
    ASSERT_NE(stream_.priv, nullptr); // csum_seg.cpp's burst
    const Bytes f = cat({ether(RTE_ETHER_TYPE_IPV4), ipv4(IPPROTO_TCP, tcp(payload(300)))});
    const std::string text = block_of(f);
    EXPECT_EQ(text, head(354) +
                        "rx: l2_len=14 ethertype=800 l3_len=20 l4_proto=6 l4_len=20 flags=" +
                        kRxFlags + "\n" +
                        "tx: m->l2_len=14 m->l3_len=20 m->l4_len=20\n"
                        "tx: m->tso_segsz=100\n"
                        "tx: flags=RTE_MBUF_F_TX_IP_CKSUM RTE_MBUF_F_TX_L4_NO_CKSUM "
                        "RTE_MBUF_F_TX_TCP_SEG RTE_MBUF_F_TX_IPV4 \n");
    rte_pktmbuf_free(m_);
}

TEST_F(CsumVerbose, VxlanWithParseTunnel) {
    cfg_->port[1].parse_tunnel = true;
    ASSERT_EQ(start(), 0);
    const std::string text = block_of(vxlan_frame());
    // testpmd's info.l2_len of a VXLAN packet: UDP, VXLAN and inner Ethernet.
    EXPECT_EQ(text, head(kVxlanLen) +
                        "rx: l2_len=30 ethertype=800 l3_len=20 l4_proto=17 l4_len=8 flags=" +
                        kRxFlags + "\n" +
                        "rx: outer_l2_len=14 outer_ethertype=800 outer_l3_len=20\n"
                        "tx: flags=RTE_MBUF_F_TX_L4_NO_CKSUM RTE_MBUF_F_TX_IPV4 "
                        "RTE_MBUF_F_TX_OUTER_IPV4 RTE_MBUF_F_TX_TUNNEL_VXLAN \n");
    rte_pktmbuf_free(m_);
}

TEST_F(CsumVerbose, VxlanWithOuterOffloads) {
    cfg_->port[1].parse_tunnel = true;
    tx_.tx_offloads = RTE_ETH_TX_OFFLOAD_OUTER_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_OUTER_UDP_CKSUM |
                      RTE_ETH_TX_OFFLOAD_UDP_CKSUM;
    ASSERT_EQ(start(), 0);
    const std::string text = block_of(vxlan_frame());
    EXPECT_EQ(text, head(kVxlanLen) +
                        "rx: l2_len=30 ethertype=800 l3_len=20 l4_proto=17 l4_len=8 flags=" +
                        kRxFlags + "\n" +
                        "rx: outer_l2_len=14 outer_ethertype=800 outer_l3_len=20\n"
                        "tx: m->l2_len=30 m->l3_len=20 m->l4_len=8\n"
                        "tx: m->outer_l2_len=14 m->outer_l3_len=20\n"
                        "tx: flags=RTE_MBUF_F_TX_UDP_CKSUM RTE_MBUF_F_TX_IPV4 "
                        "RTE_MBUF_F_TX_OUTER_IP_CKSUM RTE_MBUF_F_TX_OUTER_IPV4 "
                        "RTE_MBUF_F_TX_TUNNEL_VXLAN RTE_MBUF_F_TX_OUTER_UDP_CKSUM \n");
    rte_pktmbuf_free(m_);
}

// testpmd prints every packet; of one too short for its MACs pmdfwd parsed
// nothing and left the mbuf as it came.
TEST_F(CsumVerbose, RuntLeftUntouchedStillHasItsBlock) {
    ASSERT_EQ(start(), 0);
    const std::string text = block_of(frame_prefix(udp4_frame(), 10));
    EXPECT_EQ(text, head(10) + "rx: l2_len=0 ethertype=0 l3_len=0 l4_proto=0 l4_len=0 flags=" +
                        kRxFlags + "\n" + "tx: flags=RTE_MBUF_F_TX_L4_NO_CKSUM \n");
    EXPECT_EQ(stream_.engine_untouched, 1u);
    rte_pktmbuf_free(m_);
}

TEST_F(CsumVerbose, ReceivedFlagsAreThoseThePacketCameWith) {
    ASSERT_EQ(start(), 0);
    m_ = packet(udp4_frame());
    m_->ol_flags = RTE_MBUF_F_RX_IP_CKSUM_GOOD | RTE_MBUF_F_RX_L4_CKSUM_BAD;
    written_text().clear();
    ASSERT_EQ(burst(&m_, 1, 32), 1);
    EXPECT_NE(written_text().find("flags=RTE_MBUF_F_RX_L4_CKSUM_BAD RTE_MBUF_F_RX_IP_CKSUM_GOOD "
                                  "RTE_MBUF_F_RX_OUTER_L4_CKSUM_UNKNOWN \n"),
              std::string::npos)
        << written_text();
    rte_pktmbuf_free(m_);
}

// One block per packet, in the burst's order.
TEST_F(CsumVerbose, EveryPacketOfABurst) {
    ASSERT_EQ(start(), 0);
    rte_mbuf *pkts[3] = {packet(udp4_frame()), packet(frame_prefix(udp4_frame(), 10)),
                         packet(udp4_frame())};
    ASSERT_EQ(burst(pkts, 3, 32), 3);
    const std::string &text = written_text();
    size_t blocks = 0;
    for (size_t at = text.find("-----------------\n"); at != std::string::npos;
         at = text.find("-----------------\n", at + 1))
        blocks++;
    EXPECT_EQ(blocks, 3u);
    EXPECT_LT(text.find("pkt_len=72"), text.find("pkt_len=10"));
    rte_pktmbuf_free_bulk(pkts, 3);
}

// The level is read once per burst, so `set verbose` acts while forwarding.
TEST_F(CsumVerbose, LevelZeroWritesNothingOnEitherBurst) {
    params_.verbose_level = 0;
    ASSERT_EQ(start(), 0);
    EXPECT_EQ(block_of(udp4_frame()), "");
    rte_pktmbuf_free(m_);
    params_.verbose_level = 1;
    EXPECT_NE(block_of(udp4_frame()), "");
    rte_pktmbuf_free(m_);
    stop();

    cfg_->port[1].parse_tunnel = true; // the segmentation burst
    params_.verbose_level = 0;
    ASSERT_EQ(start(), 0);
    ASSERT_NE(stream_.priv, nullptr);
    EXPECT_EQ(block_of(vxlan_frame()), "");
    rte_pktmbuf_free(m_);
    params_.verbose_level = 2;
    EXPECT_NE(block_of(vxlan_frame()), "");
    rte_pktmbuf_free(m_);
}

} // namespace
} // namespace pmdfwd::testing
