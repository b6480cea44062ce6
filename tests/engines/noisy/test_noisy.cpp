// noisy through the registry, on real mbufs: with every parameter 0 it is
// io; with a FIFO it holds packets, sends the oldest when a burst does not
// fit, flushes after the flush time (over as many calls as max needs), and
// frees what it still holds at stop; testpmd's refusals at start.
#include "../support/eal_main.h"
#include "../support/engine_harness.h"

#include <rte_ring.h>

#include <chrono>
#include <string>
#include <thread>

namespace pmdfwd::testing {
namespace {

constexpr const char *kKeys[] = {"tx-sw-buffer-size", "tx-sw-buffer-flushtime",
                                 "lkup-memory",       "lkup-num-writes",
                                 "lkup-num-reads",    "lkup-num-reads-writes"};

class Noisy : public EngineTest {
  protected:
    void SetUp() override {
        EngineTest::SetUp();
        ASSERT_NE(use("noisy"), nullptr);
    }
    // The settings are the engine's, shared by every test: back to 0.
    void TearDown() override {
        stop();
        for (const char *key : kKeys)
            EXPECT_EQ(set_param(key, "0"), "") << key;
        EngineTest::TearDown();
    }

    // n packets, each 64 bytes starting with its index.
    std::vector<rte_mbuf *> numbered(unsigned n, uint8_t first = 0) {
        std::vector<rte_mbuf *> v;
        for (unsigned i = 0; i < n; i++)
            v.push_back(make_packets(1, 64, static_cast<uint8_t>(first + i))[0]);
        return v;
    }

    // One call as the host makes it: rx in pkts, the packets to send out.
    std::vector<rte_mbuf *> call(const std::vector<rte_mbuf *> &rx, uint16_t max = 32) {
        rte_mbuf *pkts[512];
        std::copy(rx.begin(), rx.end(), pkts);
        const uint16_t n = burst(pkts, static_cast<uint16_t>(rx.size()), max);
        EXPECT_LE(n, max);
        return {pkts, pkts + n};
    }

    static void free_all(const std::vector<rte_mbuf *> &v) {
        for (rte_mbuf *m : v)
            rte_pktmbuf_free(m);
    }
};

TEST_F(Noisy, RunsAfterAnEmptyReceiveForItsFlushTimer) {
    EXPECT_TRUE(engine_->flags & PMDFWD_ENGINE_F_GENERATOR);
    EXPECT_FALSE(engine_->flags & PMDFWD_ENGINE_F_NO_RX);
}

TEST_F(Noisy, WithEveryParameterZeroForwardsAsIo) {
    ASSERT_EQ(start(), 0);
    const std::vector<rte_mbuf *> rx = numbered(5);
    const std::vector<std::vector<uint8_t>> before = [&] {
        std::vector<std::vector<uint8_t>> b;
        for (rte_mbuf *m : rx)
            b.push_back(packet_bytes(m));
        return b;
    }();
    const std::vector<rte_mbuf *> out = call(rx);
    ASSERT_EQ(out, rx);
    for (size_t i = 0; i < out.size(); i++)
        EXPECT_EQ(packet_bytes(out[i]), before[i]);
    EXPECT_TRUE(call({}).empty());
    EXPECT_EQ(stream_.engine_consumed, 0u);
    free_all(out);
}

TEST_F(Noisy, LookupsInItsMemoryLeaveThePacketsAsIo) {
    ASSERT_EQ(set_param("lkup-memory", "1"), "");
    ASSERT_EQ(set_param("lkup-num-writes", "3"), "");
    ASSERT_EQ(set_param("lkup-num-reads", "3"), "");
    ASSERT_EQ(set_param("lkup-num-reads-writes", "2"), "");
    ASSERT_EQ(start(), 0);
    const std::vector<rte_mbuf *> rx = numbered(8);
    const std::vector<uint8_t> first = packet_bytes(rx[0]);
    const std::vector<rte_mbuf *> out = call(rx);
    ASSERT_EQ(out, rx);
    EXPECT_EQ(packet_bytes(out[0]), first);
    free_all(out);
}

TEST_F(Noisy, LookupsWithoutMemoryRefuseTheStartInTestpmdsWords) {
    ASSERT_EQ(set_param("lkup-num-reads", "1"), "");
    ::testing::internal::CaptureStderr();
    EXPECT_NE(start(), 0);
    EXPECT_EQ(::testing::internal::GetCapturedStderr(), "--noisy-lkup-memory-size must be > 0\n");
}

TEST_F(Noisy, AFifoSizeNotAPowerOfTwoRefusesTheStartInTestpmdsWords) {
    ASSERT_EQ(set_param("tx-sw-buffer-size", "100"), "");
    ::testing::internal::CaptureStderr();
    EXPECT_NE(start(), 0);
    // After DPDK's own RING: line, as in testpmd.
    const std::string err = ::testing::internal::GetCapturedStderr();
    EXPECT_NE(err.find("rte_ring_create(0), size 100) failed\n"
                       "the FIFO size must be a power of 2 up to " +
                       std::to_string(RTE_RING_SZ_MASK) + "\n"),
              std::string::npos)
        << err;
    EXPECT_EQ(stream_.priv, nullptr);
}

TEST_F(Noisy, ANegativeValueIsRefusedWithWhatIsAllowed) {
    EXPECT_EQ(set_param("tx-sw-buffer-flushtime", "-1"),
              "noisy tx-sw-buffer-flushtime '-1' is not allowed (allowed: 0..2147483647)");
}

TEST_F(Noisy, TheFifoHoldsWhatFitsAndStopFreesIt) {
    ASSERT_EQ(set_param("tx-sw-buffer-size", "8"), "");
    const unsigned idle = in_use();
    ASSERT_EQ(start(), 0);
    EXPECT_TRUE(call(numbered(4)).empty());
    EXPECT_TRUE(call(numbered(3)).empty()); // 7: full, as testpmd's ring of 8
    EXPECT_TRUE(call({}).empty());          // no flush time: held
    EXPECT_EQ(in_use(), idle + 7);
    stop();
    EXPECT_EQ(in_use(), idle);
    EXPECT_EQ(stream_.engine_consumed, 7u);
}

TEST_F(Noisy, ABurstThatDoesNotFitSendsTheOldestAndTakesTheirPlace) {
    ASSERT_EQ(set_param("tx-sw-buffer-size", "4"), "");
    ASSERT_EQ(start(), 0);
    const std::vector<rte_mbuf *> a = numbered(2), b = numbered(2), c = numbered(2);
    EXPECT_TRUE(call(a).empty());
    EXPECT_EQ(call(b), a); // 1 free < 2: a leaves, b goes in
    EXPECT_EQ(call(c), b);
    EXPECT_EQ(stream_.engine_consumed, 0u);
    free_all(a);
    free_all(b);
}

// testpmd dequeues as many as came in, which a FIFO holding fewer cannot
// give: the new packets without room are dropped (testpmd leaks them).
TEST_F(Noisy, NewPacketsWithoutRoomAreFreedAndCounted) {
    ASSERT_EQ(set_param("tx-sw-buffer-size", "2"), "");
    const unsigned idle = in_use();
    ASSERT_EQ(start(), 0);
    EXPECT_TRUE(call(numbered(4)).empty());
    EXPECT_EQ(stream_.engine_consumed, 4u);
    EXPECT_EQ(in_use(), idle);
}

TEST_F(Noisy, TheFlushTimeSendsTheWholeFifoInOrder) {
    ASSERT_EQ(set_param("tx-sw-buffer-size", "64"), "");
    ASSERT_EQ(set_param("tx-sw-buffer-flushtime", "50"), "");
    ASSERT_EQ(start(), 0);
    std::vector<rte_mbuf *> in = numbered(20);
    const std::vector<rte_mbuf *> more = numbered(20, 20);
    EXPECT_TRUE(call(in).empty());
    EXPECT_TRUE(call(more).empty());
    in.insert(in.end(), more.begin(), more.end());
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    // 40 held, 16 a call: three calls, then nothing.
    std::vector<rte_mbuf *> out;
    for (size_t want : {16u, 16u, 8u}) {
        const std::vector<rte_mbuf *> got = call({}, 16);
        EXPECT_EQ(got.size(), want);
        out.insert(out.end(), got.begin(), got.end());
    }
    EXPECT_EQ(out, in);
    EXPECT_TRUE(call({}, 16).empty());
    free_all(out);
}

TEST_F(Noisy, NothingIsFlushedBeforeTheFlushTime) {
    ASSERT_EQ(set_param("tx-sw-buffer-size", "64"), "");
    ASSERT_EQ(set_param("tx-sw-buffer-flushtime", "60000"), "");
    ASSERT_EQ(start(), 0);
    EXPECT_TRUE(call(numbered(3)).empty());
    EXPECT_TRUE(call({}).empty());
}

TEST_F(Noisy, DescribeShowsTheSettings) {
    ASSERT_EQ(set_param("tx-sw-buffer-size", "64"), "");
    char buf[256] = "";
    engine_->describe(stream_.engine_ctx, buf, sizeof(buf));
    EXPECT_STREQ(buf, "noisy: FIFO size 64, flush after 0 ms, 0 MB of memory: 0 writes, "
                      "0 reads, 0 reads-writes per packet");
}

} // namespace
} // namespace pmdfwd::testing
