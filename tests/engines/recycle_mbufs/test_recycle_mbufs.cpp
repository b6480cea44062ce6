// recycle_mbufs through the registry on a stream whose ports cannot recycle
// (the suite has no ports): the stream says so once at start and forwards as
// io, where testpmd would call the PMD's missing recycle function.
#include "../support/eal_main.h"
#include "../support/engine_harness.h"

#include <string>

namespace pmdfwd::testing {
namespace {

class RecycleMbufs : public EngineTest {
  protected:
    void SetUp() override {
        EngineTest::SetUp();
        ASSERT_NE(use("recycle_mbufs"), nullptr);
    }
};

TEST_F(RecycleMbufs, AStreamThatCannotRecycleSaysSoAndForwardsAsIo) {
    ::testing::internal::CaptureStderr();
    ASSERT_EQ(start(), 0);
    const std::string said = ::testing::internal::GetCapturedStderr();
    EXPECT_NE(said.find("Failed to get rx queue mbufs recycle info (port 0 queue 0 to port 1 "
                        "queue 0: "),
              std::string::npos)
        << said;
    EXPECT_NE(said.find("forwarding without recycling"), std::string::npos) << said;
    std::vector<uint8_t> bytes(64, 0xab);
    rte_mbuf *pkts[2] = {packet(bytes), packet(bytes)};
    ::testing::internal::CaptureStderr();
    EXPECT_EQ(burst(pkts, 2, 32), 2);
    EXPECT_EQ(burst(pkts, 2, 32), 2);
    EXPECT_EQ(::testing::internal::GetCapturedStderr(), "") << "said once, at start";
    for (rte_mbuf *m : pkts) {
        EXPECT_EQ(rte_pktmbuf_data_len(m), 64u);
        EXPECT_EQ(rte_pktmbuf_mtod(m, uint8_t *)[0], 0xab) << "unchanged";
        rte_pktmbuf_free(m);
    }
    EXPECT_EQ(stream_.engine_dropped + stream_.engine_consumed, 0u);
}

TEST_F(RecycleMbufs, StopsAndStartsAgainCleanly) {
    ::testing::internal::CaptureStderr();
    ASSERT_EQ(start(), 0);
    stop();
    ASSERT_EQ(start(), 0);
    (void)::testing::internal::GetCapturedStderr();
    EXPECT_EQ(stream_.priv, nullptr);
}

} // namespace
} // namespace pmdfwd::testing
