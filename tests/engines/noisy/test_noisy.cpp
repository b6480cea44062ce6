// noisy through the registry, on real mbufs: with every parameter 0 it is
// io; with a FIFO it holds packets, sends the oldest when a burst does not
// fit, flushes after the flush time (over as many calls as max needs), and
// frees what it still holds at stop; testpmd's refusals at start.
#include "../support/eal_main.h"
#include "../support/engine_harness.h"

#include <rte_ring.h>
#include <rte_version.h>

#include <chrono>
#include <string>
#include <thread>

namespace pmdfwd::testing {
namespace {

constexpr const char *kKeys[] = {"tx-sw-buffer-size", "tx-sw-buffer-flushtime",
                                 "lkup-memory",       "lkup-num-writes",
                                 "lkup-num-reads",    "lkup-num-reads-writes"};

// --noisy-forward-mode came with testpmd 23.07.
constexpr bool kForwardModes = RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0);

// A UDP/IPv4 frame: MACs 02:..:01 -> 02:..:02, 10.0.0.1:1000 -> 10.0.0.2:2000.
std::vector<uint8_t> udp_frame() {
    std::vector<uint8_t> f = {2,    0,    0,    0,    0,  2, 2, 0, 0,  0,  0, 1,
                              0x08, 0x00,                                        // Ethernet
                              0x45, 0,    0,    28,   0,  0, 0, 0, 64, 17, 0, 0, // IPv4
                              10,   0,    0,    1,    10, 0, 0, 2,               //
                              0x03, 0xe8, 0x07, 0xd0, 0,  8, 0, 0};              // UDP
    f.resize(64);
    return f;
}

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
        if (kForwardModes) {
            EXPECT_EQ(set_param("forward-mode", "io"), "");
        }
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
              "noisy tx-sw-buffer-flushtime: -1 is out of range (allowed: 0..2147483647)");
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
    EXPECT_STREQ(buf, "noisy: io forwarding, FIFO size 64, flush after 0 ms, 0 MB of memory: 0 "
                      "writes, 0 reads, 0 reads-writes per packet");
}

// The one frame's bytes after a burst in forward mode `mode`.
class NoisyForwardMode : public Noisy {
  protected:
    std::vector<uint8_t> forwarded(const char *mode, rte_mbuf **sent = nullptr) {
        EXPECT_EQ(set_param("forward-mode", mode), "");
        EXPECT_EQ(start(), 0);
        const std::vector<rte_mbuf *> out = call({packet(udp_frame())});
        EXPECT_EQ(out.size(), 1u);
        if (out.empty()) return {};
        std::vector<uint8_t> bytes = packet_bytes(out[0]);
        if (sent != nullptr) {
            *sent = out[0];
        } else {
            free_all(out);
        }
        return bytes;
    }
};

TEST_F(NoisyForwardMode, IsAnOptionFrom2307) {
    EXPECT_EQ(set_param("forward-mode", "mac").empty(), kForwardModes);
    if (kForwardModes) {
        EXPECT_NE(set_param("forward-mode", "rxonly"), "");
    }
}

TEST_F(NoisyForwardMode, IoLeavesTheFrame) {
    if (!kForwardModes) GTEST_SKIP() << "no --noisy-forward-mode before DPDK 23.07";
    EXPECT_EQ(forwarded("io"), udp_frame());
}

TEST_F(NoisyForwardMode, MacWritesTheNextHop) {
    if (!kForwardModes) GTEST_SKIP() << "no --noisy-forward-mode before DPDK 23.07";
    rte_mbuf *m = nullptr;
    std::vector<uint8_t> want = udp_frame();
    std::copy(tx_.peer_mac, tx_.peer_mac + 6, want.begin());
    std::copy(tx_.mac, tx_.mac + 6, want.begin() + 6);
    EXPECT_EQ(forwarded("mac", &m), want);
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(m->l2_len, 14u);
    EXPECT_EQ(m->l3_len, 20u);
    rte_pktmbuf_free(m);
}

TEST_F(NoisyForwardMode, MacswapSwapsTheAddresses) {
    if (!kForwardModes) GTEST_SKIP() << "no --noisy-forward-mode before DPDK 23.07";
    std::vector<uint8_t> want = udp_frame();
    std::swap_ranges(want.begin(), want.begin() + 6, want.begin() + 6);
    EXPECT_EQ(forwarded("macswap"), want);
}

TEST_F(NoisyForwardMode, FiveTupleSwapSwapsEveryLayer) {
    if (!kForwardModes) GTEST_SKIP() << "no --noisy-forward-mode before DPDK 23.07";
    std::vector<uint8_t> want = udp_frame();
    std::swap_ranges(want.begin(), want.begin() + 6, want.begin() + 6);
    std::swap_ranges(want.begin() + 26, want.begin() + 30, want.begin() + 30);
    std::swap_ranges(want.begin() + 34, want.begin() + 36, want.begin() + 36);
    rte_mbuf *m = nullptr;
    EXPECT_EQ(forwarded("5tswap", &m), want);
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(m->l4_len, 8u);
    rte_pktmbuf_free(m);
}

// The mode rewrites on receive, before the FIFO holds the packet.
TEST_F(NoisyForwardMode, RewritesBeforeBuffering) {
    if (!kForwardModes) GTEST_SKIP() << "no --noisy-forward-mode before DPDK 23.07";
    ASSERT_EQ(set_param("tx-sw-buffer-size", "2"), "");
    ASSERT_EQ(set_param("forward-mode", "macswap"), "");
    ASSERT_EQ(start(), 0);
    EXPECT_TRUE(call({packet(udp_frame())}).empty());
    const std::vector<rte_mbuf *> out = call({packet(udp_frame())});
    ASSERT_EQ(out.size(), 1u);
    std::vector<uint8_t> want = udp_frame();
    std::swap_ranges(want.begin(), want.begin() + 6, want.begin() + 6);
    EXPECT_EQ(packet_bytes(out[0]), want);
    free_all(out);
}

} // namespace
} // namespace pmdfwd::testing
