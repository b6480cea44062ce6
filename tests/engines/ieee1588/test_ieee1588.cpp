// ieee1588 through the registry, on real mbufs with the PTP flags a NIC
// would set written by hand: testpmd's refusals, line for line, of what is
// not a hardware-timestamped PTP V2 Sync; an accepted Sync goes back with
// its MACs swapped, asking for a TX timestamp, which the next call reads.
// The suite has no ports: the timestamp reads fail, as on a PMD without
// timesync.
#include "../support/eal_main.h"
#include "../support/engine_harness.h"

#include <rte_ether.h>

#include <cstdio>
#include <string>

namespace pmdfwd::testing {
namespace {

constexpr uint64_t kPtp = RTE_MBUF_F_RX_IEEE1588_PTP;
constexpr uint64_t kTmst = RTE_MBUF_F_RX_IEEE1588_TMST;

// dst 02:..:01, src 02:..:02, type, then PTP message id and version.
std::vector<uint8_t> frame(uint16_t type, uint8_t msg_id = 0, uint8_t version = 2) {
    std::vector<uint8_t> f = {2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 2};
    f.push_back(static_cast<uint8_t>(type >> 8));
    f.push_back(static_cast<uint8_t>(type));
    f.push_back(msg_id);
    f.push_back(version);
    f.resize(60, 0);
    return f;
}

class Ieee1588 : public EngineTest {
  protected:
    void SetUp() override {
        EngineTest::SetUp();
        ASSERT_NE(use("ieee1588"), nullptr);
        ASSERT_EQ(start(), 0);
    }

    // The engine's lines for one call on this packet, and what it returned.
    std::string run(rte_mbuf *m, uint64_t flags, uint16_t *out) {
        m->ol_flags |= flags;
        pkts_[0] = m;
        ::testing::internal::CaptureStdout();
        *out = burst(pkts_, 1, 32);
        std::fflush(stdout);
        return ::testing::internal::GetCapturedStdout();
    }

    std::string refused(const std::vector<uint8_t> &bytes, uint64_t flags) {
        const unsigned idle = in_use();
        uint16_t out = 99;
        std::string said = run(packet(bytes), flags, &out);
        EXPECT_EQ(out, 0);
        EXPECT_EQ(in_use(), idle);
        return said;
    }

    rte_mbuf *pkts_[32] = {};
};

TEST_F(Ieee1588, AnswersOnTheArrivalPortAndRunsForTheTxTimestamp) {
    EXPECT_TRUE(engine_->flags & PMDFWD_ENGINE_F_REPLIES);
    EXPECT_TRUE(engine_->flags & PMDFWD_ENGINE_F_GENERATOR);
}

TEST_F(Ieee1588, AFrameTheHardwareDidNotFlagIsFreedWithItsType) {
    EXPECT_EQ(refused(frame(RTE_ETHER_TYPE_IPV4), 0),
              "Port 0 Received non PTP packet type=0x 800 len=60\n");
    EXPECT_EQ(refused(frame(RTE_ETHER_TYPE_1588), 0),
              "Port 0 Received PTP packet not filtered by hardware\n");
    EXPECT_EQ(stream_.engine_consumed, 2u);
}

TEST_F(Ieee1588, ARuntIsReadNoFurtherThanItsEnd) {
    EXPECT_EQ(refused({1, 2, 3, 4, 5}, 0), "Port 0 Received non PTP packet type=0x   0 len=5\n");
    EXPECT_EQ(refused({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0x88, 0xf7}, kPtp | kTmst),
              "Port 0 Received PTP V2 Ethernet frame with wrong PTP protocol version 0x0 "
              "(should be 0x02)\n");
}

TEST_F(Ieee1588, FlaggedFramesThatAreNotASyncAreFreedSayingWhy) {
    EXPECT_EQ(refused(frame(RTE_ETHER_TYPE_IPV4), kPtp),
              "Port 0 Received NON PTP packet incorrectly detected by hardware\n");
    EXPECT_EQ(refused(frame(RTE_ETHER_TYPE_1588, 0, 1), kPtp),
              "Port 0 Received PTP V2 Ethernet frame with wrong PTP protocol version 0x1 "
              "(should be 0x02)\n");
    EXPECT_EQ(refused(frame(RTE_ETHER_TYPE_1588, 0xb), kPtp),
              "Port 0 Received PTP V2 Ethernet frame with unexpected message ID 0xb "
              "(expected 0x0 - PTP_SYNC_MESSAGE)\n");
    EXPECT_EQ(refused(frame(RTE_ETHER_TYPE_1588), kPtp),
              "Port 0 IEEE1588 PTP V2 SYNC Message filtered by hardware\n"
              "Port 0 Received PTP packet not timestamped by hardware\n");
}

TEST_F(Ieee1588, ATimestampedSyncGoesBackSwappedAskingForATxTimestamp) {
    uint16_t out = 0;
    EXPECT_EQ(run(packet(frame(RTE_ETHER_TYPE_1588)), kPtp | kTmst, &out),
              "Port 0 IEEE1588 PTP V2 SYNC Message filtered by hardware\n"
              "Port 0 RX timestamp registers not valid\n");
    ASSERT_EQ(out, 1);
    rte_mbuf *m = pkts_[0];
    std::vector<uint8_t> want = frame(RTE_ETHER_TYPE_1588);
    std::swap_ranges(want.begin(), want.begin() + 6, want.begin() + 6);
    EXPECT_EQ(packet_bytes(m), want);
    EXPECT_TRUE(m->ol_flags & RTE_MBUF_F_TX_IEEE1588_TMST);
    rte_pktmbuf_free(m);
    // The next pass, with nothing received, reads the TX timestamp once.
    ::testing::internal::CaptureStdout();
    EXPECT_EQ(burst(pkts_, 0, 32), 0);
    EXPECT_EQ(burst(pkts_, 0, 32), 0);
    std::fflush(stdout);
    EXPECT_EQ(::testing::internal::GetCapturedStdout(),
              "Port 1 TX timestamp registers not valid after 1000 micro-seconds\n");
}

} // namespace
} // namespace pmdfwd::testing
