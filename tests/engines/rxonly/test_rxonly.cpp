// rxonly through the registry, on real mbufs: every received packet is
// counted and goes back to the pool, and nothing is transmitted.
#include "../support/eal_main.h"
#include "../support/engine_harness.h"

namespace pmdfwd::testing {
namespace {

class Rxonly : public EngineTest {
  protected:
    void SetUp() override {
        EngineTest::SetUp();
        ASSERT_NE(use("rxonly"), nullptr);
        ASSERT_EQ(start(), 0);
    }
};

TEST_F(Rxonly, NeedsTheHostToReceive) {
    EXPECT_FALSE(engine_->flags & PMDFWD_ENGINE_F_NO_RX);
}

TEST_F(Rxonly, FreesAndCountsEveryPacket) {
    const unsigned before = in_use();
    std::vector<rte_mbuf *> pkts = make_packets(32, 64);
    ASSERT_EQ(in_use(), before + 32);
    EXPECT_EQ(burst(pkts.data(), 32, 32), 0);
    EXPECT_EQ(in_use(), before);
    EXPECT_EQ(stream_.engine_consumed, 32u);
    EXPECT_EQ(stream_.engine_generated, 0u);
    EXPECT_EQ(stream_.engine_untouched, 0u);
}

TEST_F(Rxonly, CountsAcrossBursts) {
    std::vector<rte_mbuf *> a = make_packets(7, 60);
    std::vector<rte_mbuf *> b = make_packets(5, 1500);
    EXPECT_EQ(burst(a.data(), 7, 32), 0);
    EXPECT_EQ(burst(b.data(), 5, 32), 0);
    EXPECT_EQ(burst(nullptr, 0, 32), 0);
    EXPECT_EQ(stream_.engine_consumed, 12u);
}

TEST_F(Rxonly, FreesWholeSegmentChains) {
    const unsigned before = in_use();
    std::vector<rte_mbuf *> heads = make_packets(4, 64);
    std::vector<rte_mbuf *> tails = make_packets(4, 64);
    for (int i = 0; i < 4; i++)
        ASSERT_EQ(rte_pktmbuf_chain(heads[i], tails[i]), 0);
    ASSERT_EQ(in_use(), before + 8);
    EXPECT_EQ(burst(heads.data(), 4, 32), 0);
    EXPECT_EQ(in_use(), before);
    EXPECT_EQ(stream_.engine_consumed, 4u);
}

} // namespace
} // namespace pmdfwd::testing
