// txonly through the registry, on real mbufs: the frames it sends byte for
// byte, their mbuf fields and segments, its counters, and that every mbuf it
// takes from the pool goes back.
#include "../support/eal_main.h"
#include "../support/engine_harness.h"

#include "common/udp_generator.h"

#include <rte_ethdev.h>

namespace pmdfwd::testing {
namespace {

class Txonly : public EngineTest {
  protected:
    void SetUp() override {
        EngineTest::SetUp();
        ASSERT_NE(use("txonly"), nullptr);
    }

    // Sets --txpkts as the host does (segment list and its sum).
    void txpkts(std::initializer_list<uint16_t> segs) {
        params_.nb_txpkt_segs = static_cast<uint16_t>(segs.size());
        params_.txpkt_len = 0;
        uint16_t i = 0;
        for (uint16_t s : segs) {
            params_.txpkt_seg_len[i++] = s;
            params_.txpkt_len += s;
        }
    }

    void free_all(rte_mbuf **pkts, uint16_t n) { rte_pktmbuf_free_bulk(pkts, n); }

    std::string set(const char *key, const char *value) { return set_param(key, value); }

    // `show config fwd`'s and the start line's text of e.
    static std::string describe(const pmdfwd_engine &e) {
        char buf[256] = "";
        e.describe(engine_context(e), buf, sizeof(buf));
        return buf;
    }

    // Engine parameters are engine-wide: back to testpmd's defaults.
    void TearDown() override {
        EXPECT_EQ(set("ip", "198.18.0.1,198.18.0.2"), "");
        EXPECT_EQ(set("udp", "9,9"), "");
        EXPECT_EQ(set("multi-flow", "off"), "");
        EngineTest::TearDown();
    }
};

uint16_t be16_at(const std::vector<uint8_t> &f, size_t off) {
    return static_cast<uint16_t>(f[off] << 8 | f[off + 1]);
}

uint32_t be32_at(const std::vector<uint8_t> &f, size_t off) {
    return uint32_t{be16_at(f, off)} << 16 | be16_at(f, off + 2);
}

TEST_F(Txonly, GeneratesWithoutReceiving) {
    EXPECT_TRUE(engine_->flags & PMDFWD_ENGINE_F_NO_RX);
}

TEST_F(Txonly, DefaultsTo64ByteFrameWhenParamsGiveNoLength) {
    ASSERT_EQ(start(), 0);
    const unsigned before = in_use();
    rte_mbuf *pkts[32];
    ASSERT_EQ(burst(pkts, 0, 32), 32);
    const std::vector<uint8_t> want = expected_udp_frame(64);
    for (rte_mbuf *m : pkts) {
        const std::vector<uint8_t> got = packet_bytes(m);
        EXPECT_EQ(got, want);
        EXPECT_TRUE(ipv4_checksum_ok(got));
        EXPECT_EQ(m->pkt_len, 64u);
        EXPECT_EQ(m->data_len, 64u);
        EXPECT_EQ(m->nb_segs, 1u);
        EXPECT_EQ(m->next, nullptr);
        EXPECT_EQ(m->l2_len, 14u);
        EXPECT_EQ(m->l3_len, 20u);
        EXPECT_EQ(m->ol_flags, 0u);
    }
    EXPECT_EQ(stream_.engine_generated, 32u);
    EXPECT_EQ(stream_.engine_consumed, 0u);
    EXPECT_EQ(stream_.engine_untouched, 0u);
    EXPECT_EQ(in_use(), before + 32);
    free_all(pkts, 32);
    EXPECT_EQ(in_use(), before);
}

TEST_F(Txonly, FrameLengthFollowsTxpkts) {
    txpkts({300});
    ASSERT_EQ(start(), 0);
    rte_mbuf *pkts[32];
    ASSERT_EQ(burst(pkts, 0, 32), 32);
    EXPECT_EQ(packet_bytes(pkts[0]), expected_udp_frame(300));
    EXPECT_EQ(packet_bytes(pkts[31]), expected_udp_frame(300));
    EXPECT_EQ(pkts[0]->pkt_len, 300u);
    free_all(pkts, 32);
}

TEST_F(Txonly, LengthWithoutSegmentListIsOneSegment) {
    params_.txpkt_len = 100;
    ASSERT_EQ(start(), 0);
    rte_mbuf *pkts[1];
    ASSERT_EQ(burst(pkts, 0, 1), 1);
    EXPECT_EQ(packet_bytes(pkts[0]), expected_udp_frame(100));
    EXPECT_EQ(pkts[0]->nb_segs, 1u);
    free_all(pkts, 1);
}

TEST_F(Txonly, SegmentsFollowTxpktsList) {
    // 20 bytes: the IPv4 header straddles the first two segments.
    txpkts({20, 30, 50});
    ASSERT_EQ(start(), 0);
    const unsigned before = in_use();
    rte_mbuf *pkts[32];
    ASSERT_EQ(burst(pkts, 0, 32), 32);
    EXPECT_EQ(in_use(), before + 32 * 3);
    const std::vector<uint8_t> want = expected_udp_frame(100);
    for (rte_mbuf *m : pkts) {
        EXPECT_EQ(m->nb_segs, 3u);
        EXPECT_EQ(m->pkt_len, 100u);
        ASSERT_NE(m->next, nullptr);
        ASSERT_NE(m->next->next, nullptr);
        EXPECT_EQ(m->next->next->next, nullptr);
        EXPECT_EQ(m->data_len, 20u);
        EXPECT_EQ(m->next->data_len, 30u);
        EXPECT_EQ(m->next->next->data_len, 50u);
        EXPECT_EQ(rte_pktmbuf_mtod(m->next, uint8_t *)[0], want[20]);
        EXPECT_EQ(packet_bytes(m), want);
        EXPECT_EQ(m->l2_len, 14u);
        EXPECT_EQ(m->l3_len, 20u);
    }
    // No two packets share a segment.
    EXPECT_NE(pkts[0]->next, pkts[1]->next);
    free_all(pkts, 32);
    EXPECT_EQ(in_use(), before);
}

TEST_F(Txonly, RequestsThePortsVlanAndQinqInsertion) {
    tx_.tx_offloads = RTE_ETH_TX_OFFLOAD_VLAN_INSERT | RTE_ETH_TX_OFFLOAD_QINQ_INSERT;
    tx_.vlan_tci = 0x123;
    tx_.vlan_tci_outer = 0x456;
    ASSERT_EQ(start(), 0);
    rte_mbuf *pkts[4];
    ASSERT_EQ(burst(pkts, 0, 4), 4);
    for (rte_mbuf *m : pkts) {
        EXPECT_EQ(m->ol_flags, RTE_MBUF_F_TX_VLAN | RTE_MBUF_F_TX_QINQ);
        EXPECT_EQ(m->vlan_tci, 0x123);
        EXPECT_EQ(m->vlan_tci_outer, 0x456);
    }
    // The tag is inserted by the NIC, not written into the frame.
    EXPECT_EQ(packet_bytes(pkts[0]), expected_udp_frame(64));
    free_all(pkts, 4);
}

TEST_F(Txonly, RequestsMacsecInsertion) {
    tx_.tx_offloads = RTE_ETH_TX_OFFLOAD_MACSEC_INSERT;
    ASSERT_EQ(start(), 0);
    rte_mbuf *pkts[1];
    ASSERT_EQ(burst(pkts, 0, 1), 1);
    EXPECT_EQ(pkts[0]->ol_flags, RTE_MBUF_F_TX_MACSEC);
    free_all(pkts, 1);
}

TEST_F(Txonly, SendsAtMostMaxAndAtMostBurst) {
    ASSERT_EQ(start(), 0);
    rte_mbuf *pkts[64];
    ASSERT_EQ(burst(pkts, 0, 5), 5);
    ASSERT_EQ(burst(pkts + 5, 0, 64), 32);
    EXPECT_EQ(stream_.engine_generated, 37u);
    free_all(pkts, 37);
}

TEST_F(Txonly, SendsNothingWhenThePoolRunsShort) {
    rte_mempool *small = make_pool(48, 0);
    ASSERT_NE(small, nullptr);
    stream_.pool = small;
    ASSERT_EQ(start(), 0);
    rte_mbuf *held[32]; // elsewhere (RX rings, other streams): 16 left
    ASSERT_EQ(rte_pktmbuf_alloc_bulk(small, held, 32), 0);
    rte_mbuf *pkts[32];
    EXPECT_EQ(burst(pkts, 0, 32), 0);
    EXPECT_EQ(rte_mempool_in_use_count(small), 32u);
    EXPECT_EQ(stream_.engine_generated, 0u);
    // What the pool can supply still goes out.
    ASSERT_EQ(burst(pkts, 0, 16), 16);
    EXPECT_EQ(stream_.engine_generated, 16u);
    free_all(pkts, 16);
    free_all(held, 32);
    stop();
    rte_mempool_free(small);
}

TEST_F(Txonly, SegmentsOfABurstAreAllOrNothing) {
    rte_mempool *small = make_pool(48, 0);
    ASSERT_NE(small, nullptr);
    stream_.pool = small;
    txpkts({64, 64, 64});
    params_.burst = 16; // 48 segments: the whole pool
    ASSERT_EQ(start(), 0);
    rte_mbuf *held[8]; // 40 left: 16 heads fit, 48 segments do not
    ASSERT_EQ(rte_pktmbuf_alloc_bulk(small, held, 8), 0);
    rte_mbuf *pkts[16];
    EXPECT_EQ(burst(pkts, 0, 16), 0);
    EXPECT_EQ(rte_mempool_in_use_count(small), 8u);
    EXPECT_EQ(stream_.engine_generated, 0u);
    free_all(held, 8);
    stop();
    rte_mempool_free(small);
}

// Issue 13: a pool that can never hold one burst's mbufs used to make txonly
// send nothing and say nothing; the stream now refuses to start, saying why.
TEST_F(Txonly, RefusesAPoolThatCanNeverFillABurst) {
    rte_mempool *small = make_pool(40, 0);
    ASSERT_NE(small, nullptr);
    stream_.pool = small;
    txpkts({64, 64, 64});
    params_.burst = 16; // 48 segments
    ::testing::internal::CaptureStderr();
    EXPECT_NE(start(), 0);
    const std::string err = ::testing::internal::GetCapturedStderr();
    EXPECT_NE(err.find("one burst needs 48 mbufs (16 packets x 3 segments) and the pool holds "
                       "only 40: nothing could ever be sent"),
              std::string::npos)
        << err;
    rte_mempool_free(small);
}

TEST_F(Txonly, FrameIsBuiltAtStart) {
    ASSERT_EQ(start(), 0);
    tx_.mac[5] = 0x99; // a MAC change reaches the frames at the next start
    rte_mbuf *pkts[1];
    ASSERT_EQ(burst(pkts, 0, 1), 1);
    EXPECT_EQ(packet_bytes(pkts[0]), expected_udp_frame(64));
    rte_pktmbuf_free(pkts[0]);
    stop();
    ASSERT_EQ(start(), 0);
    ASSERT_EQ(burst(pkts, 0, 1), 1);
    std::array<uint8_t, 6> mac = kPortMac;
    mac[5] = 0x99;
    EXPECT_EQ(packet_bytes(pkts[0]), expected_udp_frame(64, RTE_IPV4(198, 18, 0, 2), mac));
    rte_pktmbuf_free(pkts[0]);
}

TEST_F(Txonly, RefusesFramesShorterThanTheHeaders) {
    txpkts({41});
    EXPECT_NE(start(), 0);
    txpkts({42});
    EXPECT_EQ(start(), 0);
}

TEST_F(Txonly, RefusesSegmentsLargerThanAnMbuf) {
    txpkts({64, RTE_MBUF_DEFAULT_DATAROOM + 1});
    EXPECT_NE(start(), 0);
    txpkts({64, RTE_MBUF_DEFAULT_DATAROOM});
    EXPECT_EQ(start(), 0);
}

TEST_F(Txonly, RefusesInconsistentParams) {
    txpkts({64, 64});
    params_.txpkt_len = 100;
    EXPECT_NE(start(), 0);
    params_.nb_txpkt_segs = PMDFWD_MAX_TXPKT_SEGS + 1;
    EXPECT_NE(start(), 0);
    txpkts({64});
    params_.burst = 0;
    EXPECT_NE(start(), 0);
}

TEST(TxonlyFrameSegments, ErrorsSayWhatIsAllowed) {
    pmdfwd_fwd_params p{};
    p.nb_txpkt_segs = 1;
    p.txpkt_seg_len[0] = p.txpkt_len = 30;
    engines::FrameSegments s{};
    EXPECT_EQ(engines::frame_segments(p, 2048, &s),
              "frame length 30 is not allowed (allowed: 42 (Ethernet+IPv4+UDP headers)..65549)");
    p.txpkt_seg_len[0] = p.txpkt_len = 3000;
    EXPECT_EQ(engines::frame_segments(p, 2048, &s),
              "--txpkts segment 0 of 3000 bytes does not fit an mbuf of this pool (2048 bytes "
              "of data room after the headroom)");
    p.nb_txpkt_segs = 9;
    EXPECT_EQ(engines::frame_segments(p, 2048, &s), "--txpkts has 9 segments (allowed: 1..8)");
}

// `show config fwd` and the start line print this text: it stays as it was.
TEST_F(Txonly, DescribesItsAddressesAndPorts) {
    auto described = [this] { return describe(*engine_); };
    EXPECT_EQ(described(), "txonly: 198.18.0.1:9 -> 198.18.0.2:9, multi-flow off");
    ASSERT_EQ(set("ip", "0.0.0.0,255.255.255.255"), "");
    ASSERT_EQ(set("udp", "0,65535"), "");
    ASSERT_EQ(set("multi-flow", "on"), "");
    EXPECT_EQ(described(), "txonly: 0.0.0.0:0 -> 255.255.255.255:65535, multi-flow on");
}

// Its settings live in its context, not in the engine's file: a second
// descriptor of the same source (a plugin registering it twice) keeps its own.
TEST_F(Txonly, EachDescriptorKeepsItsOwnSettings) {
    pmdfwd_engine twin = *engine_;
    twin.name = "txonly-twin";
    ASSERT_TRUE(set_engine_param(twin, "ip", "10.0.0.1,10.0.0.2").ok());
    ASSERT_TRUE(set_engine_param(twin, "multi-flow", "on").ok());
    EXPECT_EQ(describe(twin), "txonly: 10.0.0.1:9 -> 10.0.0.2:9, multi-flow on");
    EXPECT_EQ(describe(*engine_), "txonly: 198.18.0.1:9 -> 198.18.0.2:9, multi-flow off");
}

TEST_F(Txonly, TxIpAndTxUdpSetTheFrame) {
    // testpmd's --tx-ip=10.1.2.3,10.4.5.6 --tx-udp=1000,2000.
    ASSERT_EQ(set("ip", "10.1.2.3,10.4.5.6"), "");
    ASSERT_EQ(set("udp", "1000,2000"), "");
    ASSERT_EQ(start(), 0);
    rte_mbuf *pkts[2];
    ASSERT_EQ(burst(pkts, 0, 2), 2);
    const std::vector<uint8_t> f = packet_bytes(pkts[0]);
    EXPECT_EQ(be32_at(f, 26), RTE_IPV4(10, 1, 2, 3));
    EXPECT_EQ(be32_at(f, 30), RTE_IPV4(10, 4, 5, 6));
    EXPECT_EQ(be16_at(f, 34), 1000);
    EXPECT_EQ(be16_at(f, 36), 2000);
    EXPECT_TRUE(ipv4_checksum_ok(f));
    free_all(pkts, 2);
    // One UDP port is both, as testpmd.
    stop();
    ASSERT_EQ(set("udp", "53"), "");
    ASSERT_EQ(start(), 0);
    ASSERT_EQ(burst(pkts, 0, 1), 1);
    EXPECT_EQ(be16_at(packet_bytes(pkts[0]), 36), 53);
    free_all(pkts, 1);
}

TEST_F(Txonly, MultiFlowVariesTheSourceAsTestpmd) {
    ASSERT_EQ(set("multi-flow", "on"), "");
    ASSERT_EQ(start(), 0);
    rte_mbuf *pkts[32];
    ASSERT_EQ(burst(pkts, 0, 32), 32);
    // (dst | ip_var << 8) + lcore id, ip_var counting per lcore.
    const uint32_t first = be32_at(packet_bytes(pkts[0]), 26);
    const uint32_t lcore = rte_lcore_id();
    const uint32_t var0 = ((first - lcore) >> 8) & 0xff;
    for (unsigned i = 0; i < 32; i++) {
        const std::vector<uint8_t> f = packet_bytes(pkts[i]);
        const uint32_t want = (RTE_IPV4(198, 18, 0, 2) | (((var0 + i) & 0xff) << 8)) + lcore;
        EXPECT_EQ(be32_at(f, 26), want) << i;
        EXPECT_TRUE(ipv4_checksum_ok(f)) << i;
        EXPECT_EQ(be32_at(f, 30), RTE_IPV4(198, 18, 0, 2));
    }
    free_all(pkts, 32);
}

TEST_F(Txonly, MultiFlowPatchesHeadersThatStraddleSegments) {
    ASSERT_EQ(set("multi-flow", "on"), "");
    txpkts({28, 36}); // the source address crosses the first segment's end
    ASSERT_EQ(start(), 0);
    rte_mbuf *pkts[4];
    ASSERT_EQ(burst(pkts, 0, 4), 4);
    for (rte_mbuf *m : pkts) {
        EXPECT_EQ(m->nb_segs, 2u);
        EXPECT_TRUE(ipv4_checksum_ok(packet_bytes(m)));
    }
    EXPECT_NE(be32_at(packet_bytes(pkts[0]), 26), be32_at(packet_bytes(pkts[1]), 26));
    free_all(pkts, 4);
}

TEST_F(Txonly, ParametersSayWhatIsAllowed) {
    EXPECT_EQ(set("ip", "10.0.0.1"), "txonly ip '10.0.0.1' is not SRC,DST IPv4 addresses: it has "
                                     "no ',DST' (e.g. 198.18.0.1,198.18.0.2)");
    EXPECT_EQ(set("ip", "10.0.0.1,10.0.0.256"),
              "txonly ip '10.0.0.1,10.0.0.256' is not SRC,DST IPv4 addresses: DST: octet 4 '256' "
              "is over 255 (e.g. 198.18.0.1,198.18.0.2)");
    EXPECT_EQ(set("ip", "10.0.0.01,10.0.0.2"),
              "txonly ip '10.0.0.01,10.0.0.2' is not SRC,DST IPv4 addresses: SRC: octet 4 '01' "
              "has a leading zero (e.g. 198.18.0.1,198.18.0.2)");
    EXPECT_EQ(set("ip", "10.0.0.1,10.0.0.2,10.0.0.3"),
              "txonly ip '10.0.0.1,10.0.0.2,10.0.0.3' is not SRC,DST IPv4 addresses: DST: octet 4 "
              "'2,10' is not a decimal number (e.g. 198.18.0.1,198.18.0.2)");
    EXPECT_NE(set("udp", "70000").find("0..65535"), std::string::npos);
    EXPECT_NE(set("udp", "1,").find("0..65535"), std::string::npos);
    EXPECT_NE(set("multi-flow", "yes").find("allowed: on, off"), std::string::npos);
    EXPECT_NE(set("nosuch", "1").find("allowed: ip, udp, multi-flow"), std::string::npos);
    // A refused value changes nothing.
    ASSERT_EQ(start(), 0);
    rte_mbuf *pkts[1];
    ASSERT_EQ(burst(pkts, 0, 1), 1);
    EXPECT_EQ(packet_bytes(pkts[0]), expected_udp_frame(64));
    free_all(pkts, 1);
}

} // namespace
} // namespace pmdfwd::testing
