#include "fwd/stream_plan.h"

#include <gtest/gtest.h>

using namespace pmdfwd;

namespace {

// The streams, or none with *err set: the tests check a plan, then the
// message of a refusal.
std::vector<StreamSpec> streams_or_error(const std::vector<uint16_t> &ports, Topology topology,
                                         uint16_t nb_rxq, uint16_t nb_txq, std::string *err) {
    Result<std::vector<StreamSpec>> r = build_streams(ports, topology, nb_rxq, nb_txq);
    if (!r) *err = r.message();
    return r ? std::move(r).value() : std::vector<StreamSpec>{};
}

std::vector<uint16_t> ports_or_error(const std::vector<uint16_t> &available,
                                     const std::vector<uint16_t> &list, uint16_t nb,
                                     std::string *err, std::string *note) {
    Result<std::vector<uint16_t>> r = select_fwd_ports(available, list, nb, note);
    if (!r) *err = r.message();
    return r ? std::move(r).value() : std::vector<uint16_t>{};
}

} // namespace

TEST(Streams, PairedTwoPortsOneQueue) {
    std::string err;
    auto s = streams_or_error({0, 1}, Topology::Paired, 1, 1, &err);
    ASSERT_EQ(s.size(), 2u);
    EXPECT_EQ(s[0].rx_port, 0);
    EXPECT_EQ(s[0].tx_port, 1);
    EXPECT_EQ(s[1].rx_port, 1);
    EXPECT_EQ(s[1].tx_port, 0);
}

TEST(Streams, PairedOddLastPortPairsWithItself) {
    // testpmd: 0<->1, and the last of an odd count forwards to itself.
    std::string err;
    auto s = streams_or_error({0, 1, 2}, Topology::Paired, 1, 1, &err);
    ASSERT_EQ(s.size(), 3u) << err;
    EXPECT_EQ(s[0].tx_port, 1);
    EXPECT_EQ(s[1].tx_port, 0);
    EXPECT_EQ(s[2].rx_port, 2);
    EXPECT_EQ(s[2].tx_port, 2);
    auto one = streams_or_error({5}, Topology::Paired, 1, 1, &err);
    ASSERT_EQ(one.size(), 1u);
    EXPECT_EQ(one[0].tx_port, 5);
    EXPECT_EQ(topology_warning(Topology::Paired, 3),
              "Warning! port-topology=paired and odd forward ports number, the last port will "
              "pair with itself.");
    EXPECT_EQ(topology_warning(Topology::Paired, 2), "");
    EXPECT_EQ(topology_warning(Topology::Chained, 3), "");
}

TEST(Streams, ForwardingPortsFromMaskListAndNumber) {
    std::string err, note;
    // No list: every port; --nb-ports keeps the first N.
    EXPECT_EQ(ports_or_error({0, 1, 2}, {}, 0, &err, &note), (std::vector<uint16_t>{0, 1, 2}));
    EXPECT_EQ(ports_or_error({0, 1, 2}, {}, 2, &err, &note), (std::vector<uint16_t>{0, 1}));
    // A list keeps its order; absent ports are noted and skipped.
    EXPECT_EQ(ports_or_error({0, 1, 2, 3}, {3, 1}, 0, &err, &note), (std::vector<uint16_t>{3, 1}));
    EXPECT_TRUE(note.empty());
    EXPECT_EQ(ports_or_error({0, 1}, {0, 1, 7}, 0, &err, &note), (std::vector<uint16_t>{0, 1}));
    EXPECT_NE(note.find("port 7"), std::string::npos) << note;
    // Nothing left, or more than there are: an error saying what is allowed.
    EXPECT_TRUE(ports_or_error({0, 1}, {4}, 0, &err, &note).empty());
    EXPECT_NE(err.find("no forwarding port"), std::string::npos) << err;
    EXPECT_TRUE(ports_or_error({0, 1}, {}, 3, &err, &note).empty());
    EXPECT_NE(err.find("allowed: 1..2"), std::string::npos) << err;
}

// Issue 18 item 10: with every port closed and no list given, the error
// names the closed ports, not a --portmask/--portlist nobody gave.
TEST(Streams, NoPortLeftWithoutAListSaysThePortsAreClosed) {
    std::string err, note;
    EXPECT_TRUE(ports_or_error({}, {}, 0, &err, &note).empty());
    EXPECT_NE(err.find("every port is closed"), std::string::npos) << err;
    EXPECT_EQ(err.find("--portmask"), std::string::npos) << err;
}

TEST(Streams, ChainedAndLoop) {
    std::string err;
    auto c = streams_or_error({0, 1, 2}, Topology::Chained, 1, 1, &err);
    ASSERT_EQ(c.size(), 3u);
    EXPECT_EQ(c[2].tx_port, 0);
    EXPECT_EQ(c[1].tx_port, 2);
    auto l = streams_or_error({4}, Topology::Loop, 1, 1, &err);
    ASSERT_EQ(l.size(), 1u);
    EXPECT_EQ(l[0].tx_port, 4);
}

TEST(Streams, QueuesMapOneToOne) {
    std::string err;
    auto s = streams_or_error({0, 1}, Topology::Paired, 4, 4, &err);
    ASSERT_EQ(s.size(), 8u);
    for (const StreamSpec &sp : s)
        EXPECT_EQ(sp.rx_queue, sp.tx_queue);
    EXPECT_TRUE(streams_or_error({0, 1}, Topology::Paired, 4, 2, &err).empty());
    EXPECT_NE(err.find("txq (2) must be at least rxq (4)"), std::string::npos);
}

TEST(Streams, PortIdsNeedNotBeDense) {
    std::string err;
    auto s = streams_or_error({3, 7}, Topology::Paired, 1, 1, &err);
    ASSERT_EQ(s.size(), 2u);
    EXPECT_EQ(s[0].tx_port, 7);
    EXPECT_EQ(s[1].tx_port, 3);
}

TEST(Spread, BalancedContiguousGroups) {
    auto g = spread_streams(8, 3);
    ASSERT_EQ(g.size(), 3u);
    EXPECT_EQ(g[0], (std::vector<size_t>{0, 1, 2}));
    EXPECT_EQ(g[1], (std::vector<size_t>{3, 4, 5}));
    EXPECT_EQ(g[2], (std::vector<size_t>{6, 7}));
    EXPECT_EQ(spread_streams(2, 4).size(), 2u); // never more lcores than streams
    size_t total = 0;
    for (auto &v : spread_streams(17, 5))
        total += v.size();
    EXPECT_EQ(total, 17u);
}

TEST(Streams, QueueByQueueKeepsEachLoopOnOneLcore) {
    // testpmd's order: the streams of one queue index pass the same packets
    // back and forth between the ports, so they must share an lcore, or
    // every packet crosses cores (2Q2C ran at less than half speed).
    std::string err;
    auto s = streams_or_error({0, 1}, Topology::Paired, 2, 2, &err);
    ASSERT_EQ(s.size(), 4u);
    EXPECT_EQ(s[0].rx_port, 0);
    EXPECT_EQ(s[0].rx_queue, 0);
    EXPECT_EQ(s[1].rx_port, 1);
    EXPECT_EQ(s[1].rx_queue, 0);
    EXPECT_EQ(s[2].rx_port, 0);
    EXPECT_EQ(s[2].rx_queue, 1);
    for (const auto &group : spread_streams(s.size(), 2)) {
        for (size_t i : group)
            EXPECT_EQ(s[i].rx_queue, s[group.front()].rx_queue);
    }
}
