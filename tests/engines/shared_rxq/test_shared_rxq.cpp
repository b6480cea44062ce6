// shared_rxq through the registry, on real mbufs: what one stream receives is
// counted on the stream of its source port (mbuf->port) and the same queue
// among its lcore's streams, what no stream owns is dropped on the receiving
// stream, and everything goes back to the pool with nothing transmitted.
#include "../support/eal_main.h"
#include "../support/engine_harness.h"

namespace pmdfwd::testing {
namespace {

class SharedRxq : public EngineTest {
  protected:
    void SetUp() override {
        EngineTest::SetUp();
        ASSERT_NE(use("shared_rxq"), nullptr);
        // The lcore runs three streams: port 0 queue 0 (stream_, the one that
        // receives), port 1 queue 0, and port 1 queue 1.
        port1_ = stream_;
        port1_.rx_port = 1;
        port1_q1_ = port1_;
        port1_q1_.rx_queue = 1;
        lcore_ = {&stream_, &port1_, &port1_q1_};
        for (pmdfwd_stream *s : lcore_) {
            s->lcore_streams = lcore_.data();
            s->nb_lcore_streams = static_cast<uint32_t>(lcore_.size());
        }
        ASSERT_EQ(start(), 0);
    }

    // n packets that came from port.
    std::vector<rte_mbuf *> from(uint16_t port, unsigned n) {
        std::vector<rte_mbuf *> v = make_packets(n, 64);
        for (rte_mbuf *m : v)
            m->port = port;
        return v;
    }

    pmdfwd_stream port1_{};
    pmdfwd_stream port1_q1_{};
    std::array<pmdfwd_stream *, 3> lcore_{};
};

TEST_F(SharedRxq, CountsWhatItReceivesItselfAndTransmitsNothing) {
    EXPECT_TRUE(engine_->flags & PMDFWD_ENGINE_F_COUNTS_RX);
    EXPECT_FALSE(engine_->flags & PMDFWD_ENGINE_F_NO_RX);
}

TEST_F(SharedRxq, CountsItsOwnPortsPacketsOnItself) {
    const unsigned before = in_use();
    std::vector<rte_mbuf *> pkts = from(0, 8);
    EXPECT_EQ(burst(pkts.data(), 8, 32), 0);
    EXPECT_EQ(in_use(), before);
    EXPECT_EQ(stream_.engine_rx, 8u);
    EXPECT_EQ(stream_.engine_dropped, 0u);
    EXPECT_EQ(port1_.engine_rx, 0u);
}

TEST_F(SharedRxq, CountsAnotherPortsPacketsOnThatPortsStreamOfTheSameQueue) {
    std::vector<rte_mbuf *> pkts = from(1, 5);
    EXPECT_EQ(burst(pkts.data(), 5, 32), 0);
    EXPECT_EQ(port1_.engine_rx, 5u);
    EXPECT_EQ(port1_.engine_consumed, 5u);
    EXPECT_EQ(port1_q1_.engine_rx, 0u) << "queue 1 is another shared queue";
    EXPECT_EQ(stream_.engine_rx, 0u);
}

TEST_F(SharedRxq, SplitsAMixedBurstByRunsOfSourcePort) {
    const unsigned before = in_use();
    std::vector<rte_mbuf *> pkts;
    const std::pair<uint16_t, unsigned> runs[] = {{0, 2}, {1, 3}, {0, 1}, {1, 1}};
    for (const auto &[port, n] : runs) {
        std::vector<rte_mbuf *> run = from(port, n);
        pkts.insert(pkts.end(), run.begin(), run.end());
    }
    EXPECT_EQ(burst(pkts.data(), 7, 32), 0);
    EXPECT_EQ(stream_.engine_rx, 3u);
    EXPECT_EQ(port1_.engine_rx, 4u) << "the last packet counts on its own port too";
    EXPECT_EQ(in_use(), before);
}

TEST_F(SharedRxq, DropsOnTheReceivingStreamWhatNoStreamOfTheLcoreOwns) {
    const unsigned before = in_use();
    std::vector<rte_mbuf *> pkts = from(7, 4);
    std::vector<rte_mbuf *> unset = from(RTE_MBUF_PORT_INVALID, 2);
    pkts.insert(pkts.end(), unset.begin(), unset.end());
    EXPECT_EQ(burst(pkts.data(), 6, 32), 0);
    EXPECT_EQ(stream_.engine_dropped, 6u);
    EXPECT_EQ(stream_.engine_rx, 0u);
    EXPECT_EQ(port1_.engine_dropped, 0u);
    EXPECT_EQ(in_use(), before);
}

TEST_F(SharedRxq, AloneOnItsLcoreItOwnsOnlyItsPort) {
    pmdfwd_stream *alone[] = {&stream_};
    stream_.lcore_streams = alone;
    stream_.nb_lcore_streams = 1;
    std::vector<rte_mbuf *> pkts = from(0, 3);
    std::vector<rte_mbuf *> other = from(1, 2);
    pkts.insert(pkts.end(), other.begin(), other.end());
    EXPECT_EQ(burst(pkts.data(), 5, 32), 0);
    EXPECT_EQ(stream_.engine_rx, 3u);
    EXPECT_EQ(stream_.engine_dropped, 2u);
    EXPECT_EQ(port1_.engine_rx, 0u);
}

} // namespace
} // namespace pmdfwd::testing
