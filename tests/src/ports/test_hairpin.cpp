// Hairpin queues laid out as testpmd's setup_hairpin_queues lays them out,
// for each --hairpin-mode and for --hairpin-map; and testpmd's check of
// --hairpinq against the ports (here: none).
#include "ports/hairpin.h"

#include <gtest/gtest.h>

using namespace pmdfwd;

namespace {

const std::vector<uint16_t> kFour = {0, 1, 2, 3};

HairpinLayout layout(uint32_t mode, uint16_t rxq = 1, uint16_t txq = 1, uint16_t n = 2) {
    return {rxq, txq, n, mode, {}};
}

using Peers = std::pair<uint16_t, uint16_t>;

// (peer port of the TX queues, peer port of the RX queues) of a port
// started after prev, the nth of its start.
Peers peers(const HairpinLayout &l, uint16_t port, uint16_t prev, uint16_t nth,
            const std::vector<uint16_t> &all = kFour) {
    const auto q = hairpin_queues(l, {.port = port, .prev = prev, .nth = nth}, all);
    return {q.front().conf.peers[0].port, q.back().conf.peers[0].port};
}

constexpr uint16_t kNone = RTE_MAX_ETHPORTS;

} // namespace

TEST(Hairpin, QueuesFollowTheForwardingOnesTxFirst) {
    const auto q = hairpin_queues(layout(0, 3, 2, 2), {.port = 1}, kFour);
    ASSERT_EQ(q.size(), 4u);
    // TX queues 2, 3 to RX queues 3, 4 of the peer; RX queues 3, 4 from TX 2, 3.
    EXPECT_FALSE(q[0].rx);
    EXPECT_EQ(q[0].queue, 2);
    EXPECT_EQ(q[0].conf.peers[0].queue, 3);
    EXPECT_EQ(q[1].queue, 3);
    EXPECT_EQ(q[1].conf.peers[0].queue, 4);
    EXPECT_TRUE(q[2].rx);
    EXPECT_EQ(q[2].queue, 3);
    EXPECT_EQ(q[2].conf.peers[0].queue, 2);
    EXPECT_EQ(q[3].queue, 4);
    for (const HairpinQueue &h : q) {
        EXPECT_EQ(h.conf.peer_count, 1u);
        EXPECT_EQ(h.conf.peers[0].port, 1); // mode 0: the port itself, bound by the PMD
        EXPECT_FALSE(h.conf.manual_bind);
        EXPECT_FALSE(h.conf.tx_explicit);
    }
}

// testpmd's loop: a port's TX queues peer the RX queues of the port
// configured before it (the first: the last port), its RX queues the TX
// queues of the next port (the last: the first).
TEST(Hairpin, LoopSendsToThePreviousPortAndTakesFromTheNext) {
    const HairpinLayout l = layout(kHairpinLoop);
    EXPECT_EQ(peers(l, 0, kNone, 0), Peers(3, 1));
    EXPECT_EQ(peers(l, 1, 0, 1), Peers(0, 2));
    EXPECT_EQ(peers(l, 3, 2, 3), Peers(2, 0));
    EXPECT_TRUE(hairpin_queues(l, {.port = 0}, kFour)[0].conf.manual_bind);
}

TEST(Hairpin, PairedPortsTwoByTwo) {
    const HairpinLayout l = layout(kHairpinPaired);
    EXPECT_EQ(peers(l, 0, kNone, 0), Peers(1, 1));
    EXPECT_EQ(peers(l, 1, 0, 1), Peers(0, 0));
    EXPECT_EQ(peers(l, 2, 1, 2), Peers(3, 3));
    // An odd last port pairs with itself.
    const std::vector<uint16_t> three = {0, 1, 2};
    EXPECT_EQ(peers(l, 2, 1, 2, three), Peers(2, 2));
}

TEST(Hairpin, ExplicitTxRuleAndMemoryBits) {
    const uint32_t mode =
        kHairpinTxExplicit | kHairpinRxForceMem | kHairpinTxLockedMem | kHairpinRxRteMem;
    const auto q = hairpin_queues(layout(mode, 1, 1, 1), {.port = 0}, kFour);
    ASSERT_EQ(q.size(), 2u);
    const rte_eth_hairpin_conf &tx = q[0].conf, &rx = q[1].conf;
    EXPECT_TRUE(tx.tx_explicit && rx.tx_explicit);
    EXPECT_FALSE(tx.manual_bind); // no layout bit: the port itself
    EXPECT_FALSE(tx.force_memory);
    EXPECT_TRUE(rx.force_memory);
    EXPECT_TRUE(tx.use_locked_device_memory);
    EXPECT_FALSE(rx.use_locked_device_memory);
    EXPECT_TRUE(rx.use_rte_memory);
    EXPECT_FALSE(tx.use_rte_memory);
}

TEST(Hairpin, MapsPlaceQueuesInsteadOfTheMode) {
    HairpinLayout l = layout(kHairpinLoop);
    l.maps = {{.rx_port = 0, .rxq_head = 1, .tx_port = 1, .txq_head = 2, .nb_queues = 3}};
    const auto rx_side = hairpin_queues(l, {.port = 0}, kFour);
    ASSERT_EQ(rx_side.size(), 3u);
    EXPECT_TRUE(rx_side[0].rx);
    EXPECT_EQ(rx_side[0].queue, 1);
    EXPECT_EQ(rx_side[2].queue, 3);
    EXPECT_EQ(rx_side[2].conf.peers[0].port, 1);
    EXPECT_EQ(rx_side[2].conf.peers[0].queue, 4);
    EXPECT_TRUE(rx_side[0].conf.manual_bind);
    const auto tx_side = hairpin_queues(l, {.port = 1}, kFour);
    ASSERT_EQ(tx_side.size(), 3u);
    EXPECT_FALSE(tx_side[0].rx);
    EXPECT_EQ(tx_side[0].queue, 2);
    EXPECT_EQ(tx_side[0].conf.peers[0].port, 0);
    EXPECT_EQ(tx_side[0].conf.peers[0].queue, 1);
    EXPECT_TRUE(hairpin_queues(l, {.port = 2}, kFour).empty());
}

TEST(Hairpin, NoQueuesWithoutHairpinq) {
    EXPECT_TRUE(hairpin_queues(layout(kHairpinLoop, 1, 1, 0), {.port = 0}, kFour).empty());
    Config c;
    EXPECT_TRUE(check_hairpin_queues(c).ok());
}

// Without a port testpmd's queue check allows no queue at all.
TEST(Hairpin, CheckedAgainstThePortsInTestpmdsWords) {
    Config c;
    c.nb_hairpinq = 1;
    const Status s = check_hairpin_queues(c);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.message(), "Fail: input txq (2) can't be greater than max_tx_queues (0) of port 0\n"
                           "txq + hairpinq 2 invalid - must be >= 0 && <= 0");
}
