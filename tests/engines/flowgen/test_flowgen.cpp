// flowgen through the registry, on real mbufs: it frees and counts what it
// received, and sends txonly's frame with the destination address walking
// over --flowgen-flows flows, each with a correct IPv4 checksum.
#include "../support/eal_main.h"
#include "../support/engine_harness.h"

#include <rte_ethdev.h>

#include <cstdio>

namespace pmdfwd::testing {
namespace {

constexpr uint32_t kDst = RTE_IPV4(198, 18, 0, 2);

class Flowgen : public EngineTest {
  protected:
    void SetUp() override {
        EngineTest::SetUp();
        ASSERT_NE(use("flowgen"), nullptr);
        // The flow count is engine-wide: remember the built-in default the
        // first time (no test has changed it yet) and restore it after each.
        static const std::string default_flows = flows_now();
        default_flows_ = default_flows;
    }
    void TearDown() override {
        EXPECT_EQ(set("flows", default_flows_.c_str()), "");
        EXPECT_EQ(set("clones", "0"), "");
        EngineTest::TearDown();
    }

    std::string flows_now() { return flows_of(*engine_); }

    static std::string flows_of(const pmdfwd_engine &e) {
        char buf[256] = "";
        e.describe(engine_context(e), buf, sizeof(buf));
        unsigned n = 0;
        EXPECT_EQ(std::sscanf(buf, "flowgen: %u flows", &n), 1) << buf;
        return std::to_string(n);
    }

    std::string set(const char *key, const char *value) { return set_param(key, value); }

    std::string default_flows_;
};

uint32_t dst_of(const std::vector<uint8_t> &f) {
    return uint32_t{f[30]} << 24 | uint32_t{f[31]} << 16 | uint32_t{f[32]} << 8 | f[33];
}

// Its settings live in its context, not in the engine's file: a second
// descriptor of the same source (a plugin registering it twice) keeps its own.
TEST_F(Flowgen, EachDescriptorKeepsItsOwnSettings) {
    pmdfwd_engine twin = *engine_;
    twin.name = "flowgen-twin";
    ASSERT_TRUE(set_engine_param(twin, "flows", "3").ok());
    ASSERT_EQ(set("flows", "5"), "");
    EXPECT_EQ(flows_of(twin), "3");
    EXPECT_EQ(flows_now(), "5");
}

TEST_F(Flowgen, NeedsTheHostToReceive) {
    EXPECT_FALSE(engine_->flags & PMDFWD_ENGINE_F_NO_RX);
}

TEST_F(Flowgen, FreesWhatItReceivedAndSendsABurst) {
    ASSERT_EQ(start(), 0);
    const unsigned before = in_use();
    std::vector<rte_mbuf *> rx = make_packets(5, 64);
    rte_mbuf *pkts[32];
    std::copy(rx.begin(), rx.end(), pkts);
    ASSERT_EQ(burst(pkts, 5, 32), 32);
    EXPECT_EQ(stream_.engine_consumed, 5u);
    EXPECT_EQ(stream_.engine_generated, 32u);
    EXPECT_EQ(in_use(), before + 32);
    rte_pktmbuf_free_bulk(pkts, 32);
    EXPECT_EQ(in_use(), before);
}

TEST_F(Flowgen, WalksTheDestinationOverTheFlows) {
    ASSERT_EQ(set("flows", "4"), "");
    ASSERT_EQ(start(), 0);
    rte_mbuf *pkts[10];
    ASSERT_EQ(burst(pkts, 0, 10), 10);
    for (uint32_t i = 0; i < 10; i++) {
        const std::vector<uint8_t> got = packet_bytes(pkts[i]);
        EXPECT_EQ(got, expected_udp_frame(64, kDst + i % 4)) << "packet " << i;
        EXPECT_TRUE(ipv4_checksum_ok(got)) << "packet " << i;
        EXPECT_EQ(pkts[i]->l2_len, 14u);
        EXPECT_EQ(pkts[i]->l3_len, 20u);
    }
    rte_pktmbuf_free_bulk(pkts, 10);
    // The next burst carries on where this one stopped (10 % 4 = 2).
    ASSERT_EQ(burst(pkts, 0, 3), 3);
    EXPECT_EQ(dst_of(packet_bytes(pkts[0])), kDst + 2);
    EXPECT_EQ(dst_of(packet_bytes(pkts[1])), kDst + 3);
    EXPECT_EQ(dst_of(packet_bytes(pkts[2])), kDst + 0);
    rte_pktmbuf_free_bulk(pkts, 3);
}

TEST_F(Flowgen, DefaultsTo1024Flows) {
    params_.burst = 512;
    ASSERT_EQ(start(), 0);
    std::vector<rte_mbuf *> pkts(512);
    uint32_t last = 0;
    for (int b = 0; b < 3; b++) {
        ASSERT_EQ(burst(pkts.data(), 0, 512), 512);
        last = dst_of(packet_bytes(pkts[511]));
        if (b == 1) {
            EXPECT_EQ(last, kDst + 1023);
        }
        rte_pktmbuf_free_bulk(pkts.data(), 512);
    }
    EXPECT_EQ(last, kDst + 511);
    char buf[256];
    engine_->describe(engine_context(*engine_), buf, sizeof(buf));
    EXPECT_STREQ(buf, "flowgen: 1024 flows, UDP 9 -> 9, 198.18.0.1 -> 198.18.0.2 .. 198.18.4.1, "
                      "0 clones");
    ASSERT_EQ(set("flows", "65536"), "");
    ASSERT_EQ(set("clones", "3"), "");
    engine_->describe(engine_context(*engine_), buf, sizeof(buf));
    EXPECT_STREQ(buf, "flowgen: 65536 flows, UDP 9 -> 9, 198.18.0.1 -> 198.18.0.2 .. "
                      "198.19.0.1, 3 clones");
}

// Every destination of the largest flow set, at a length where one of them
// needs the checksum's second carry fold (1500 B, on a little-endian host).
TEST_F(Flowgen, EveryFlowHasAValidChecksum) {
    ASSERT_EQ(set("flows", "65536"), "");
    params_.txpkt_len = 1500;
    params_.burst = 512;
    ASSERT_EQ(start(), 0);
    std::vector<rte_mbuf *> pkts(512);
    uint32_t bad = 0;
    for (uint32_t b = 0; b < 65536 / 512; b++) {
        ASSERT_EQ(burst(pkts.data(), 0, 512), 512);
        for (uint32_t i = 0; i < 512; i++) {
            const std::vector<uint8_t> f = packet_bytes(pkts[i]);
            const uint32_t flow = b * 512 + i;
            if (dst_of(f) != kDst + flow || !ipv4_checksum_ok(f)) {
                if (bad++ < 5) ADD_FAILURE() << "flow " << flow;
            }
        }
        rte_pktmbuf_free_bulk(pkts.data(), 512);
    }
    EXPECT_EQ(bad, 0u);
}

TEST_F(Flowgen, PatchesHeadersThatStraddleSegments) {
    ASSERT_EQ(set("flows", "3"), "");
    // The IPv4 header starts in the second segment and ends in the third.
    params_.nb_txpkt_segs = 3;
    params_.txpkt_seg_len[0] = 10;
    params_.txpkt_seg_len[1] = 18;
    params_.txpkt_seg_len[2] = 72;
    params_.txpkt_len = 100;
    ASSERT_EQ(start(), 0);
    rte_mbuf *pkts[3];
    ASSERT_EQ(burst(pkts, 0, 3), 3);
    for (uint32_t i = 0; i < 3; i++) {
        EXPECT_EQ(pkts[i]->nb_segs, 3u);
        EXPECT_EQ(pkts[i]->data_len, 10u);
        const std::vector<uint8_t> got = packet_bytes(pkts[i]);
        EXPECT_EQ(got, expected_udp_frame(100, kDst + i)) << "packet " << i;
        EXPECT_TRUE(ipv4_checksum_ok(got));
    }
    rte_pktmbuf_free_bulk(pkts, 3);
}

TEST_F(Flowgen, StillFreesWhatItReceivedWhenThePoolRunsShort) {
    rte_mempool *small = make_pool(48, 0);
    ASSERT_NE(small, nullptr);
    stream_.pool = small;
    ASSERT_EQ(start(), 0);
    rte_mbuf *held[32]; // 16 left for a burst of 32
    ASSERT_EQ(rte_pktmbuf_alloc_bulk(small, held, 32), 0);
    const unsigned before = in_use();
    std::vector<rte_mbuf *> rx = make_packets(4, 64);
    rte_mbuf *pkts[32];
    std::copy(rx.begin(), rx.end(), pkts);
    EXPECT_EQ(burst(pkts, 4, 32), 0);
    EXPECT_EQ(stream_.engine_consumed, 4u);
    EXPECT_EQ(stream_.engine_generated, 0u);
    EXPECT_EQ(in_use(), before);
    EXPECT_EQ(rte_mempool_in_use_count(small), 32u);
    rte_pktmbuf_free_bulk(held, 32);
    stop();
    rte_mempool_free(small);
}

TEST_F(Flowgen, FlowsParameterSaysWhatIsAllowed) {
    EXPECT_EQ(set("flows", "65536"), "");
    EXPECT_EQ(set("flows", "1"), "");
    for (const char *bad : {"0", "65537", "-1", "99999999999999999999"})
        EXPECT_EQ(set("flows", bad),
                  "flowgen flows: " + std::string(bad) + " is out of range (allowed: 1..65536)");
    for (const char *bad : {"12x", "", " 5"})
        EXPECT_EQ(set("flows", bad),
                  "flowgen flows: '" + std::string(bad) + "' is not a number (allowed: 1..65536)");
    EXPECT_EQ(set("flow", "4"), "unknown flowgen parameter 'flow' (allowed: flows, clones)");
}

// The parameter table's default (what --help shows) is what flowgen starts
// with.
TEST_F(Flowgen, HelpShowsTheDefaultItStartsWith) {
    const std::string help = engine_param_help(*engine_);
    EXPECT_NE(help.find("flows=N  destination addresses to cycle through (N: 1..65536, default " +
                        default_flows_ + ")\n"),
              std::string::npos)
        << help;
    EXPECT_NE(help.find("clones=N  send each packet N more times (N: 0..511, default 0)\n"),
              std::string::npos)
        << help;
}

TEST_F(Flowgen, ClonesRepeatEachPacketAsTestpmd) {
    // --flowgen-clones=2: each packet three times in a row, the same mbuf
    // with its reference count raised; flows advance per packet sent.
    ASSERT_EQ(set("flows", "100"), "");
    ASSERT_EQ(set("clones", "2"), "");
    ASSERT_EQ(start(), 0);
    const unsigned before = in_use();
    rte_mbuf *pkts[32];
    ASSERT_EQ(burst(pkts, 0, 32), 32);
    EXPECT_EQ(stream_.engine_generated, 32u);
    EXPECT_EQ(in_use(), before + 11) << "ceil(32 / 3) mbufs";
    for (unsigned i = 0; i < 32; i++) {
        EXPECT_EQ(pkts[i], pkts[i / 3 * 3]) << i;
        EXPECT_EQ(dst_of(packet_bytes(pkts[i])), kDst + i / 3 * 3) << i;
    }
    EXPECT_EQ(rte_mbuf_refcnt_read(pkts[0]), 3);
    EXPECT_EQ(rte_mbuf_refcnt_read(pkts[31]), 2) << "the burst cut the last one's clones";
    rte_mbuf *next[32];
    ASSERT_EQ(burst(next, 0, 32), 32);
    EXPECT_EQ(dst_of(packet_bytes(next[0])), kDst + 32) << "flows carry on from the last sent";
    rte_pktmbuf_free_bulk(pkts, 32); // the host frees every entry
    rte_pktmbuf_free_bulk(next, 32);
    EXPECT_EQ(in_use(), before);
}

TEST_F(Flowgen, ClonesBeyondTheBurstFillIt) {
    ASSERT_EQ(set("clones", "511"), "");
    ASSERT_EQ(start(), 0);
    const unsigned before = in_use();
    rte_mbuf *pkts[32];
    ASSERT_EQ(burst(pkts, 0, 32), 32);
    EXPECT_EQ(in_use(), before + 1);
    EXPECT_EQ(rte_mbuf_refcnt_read(pkts[0]), 32);
    rte_pktmbuf_free_bulk(pkts, 32);
    EXPECT_EQ(in_use(), before);
}

TEST_F(Flowgen, ClonesRefuseFastFreePorts) {
    ASSERT_EQ(set("clones", "1"), "");
    tx_.tx_offloads = RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE;
    EXPECT_NE(start(), 0);
}

TEST_F(Flowgen, ClonesParameterSaysWhatIsAllowed) {
    EXPECT_NE(set("clones", "512").find("allowed: 0..511"), std::string::npos);
    EXPECT_NE(set("clones", "-1").find("allowed: 0..511"), std::string::npos);
    EXPECT_NE(set("nosuch", "1").find("allowed: flows, clones"), std::string::npos);
}

} // namespace
} // namespace pmdfwd::testing
