// testpmd's DCB layout (dcb_fwd_config_setup) over made-up rte_eth_dcb_info:
// 22.11's rules (paired ports, one lcore a class, as many classes as
// lcores) and 25.11's (topology peers, class mask, lcores per class,
// refusals), whichever DPDK the test is built against.
#include "fwd/dcb_layout.h"

#include <gtest/gtest.h>
#include <rte_version.h>

#include <string>

using namespace pmdfwd;

namespace {

constexpr DcbRules k2211{};
constexpr DcbRules k2511{.topology_peers = true, .class_selection = true};

// nb_tcs classes of per_tc RX and TX queues each, one after the other, in
// the given pools (DCB alone has one).
rte_eth_dcb_info classes(uint8_t nb_tcs, uint16_t per_tc, size_t pools = 1) {
    rte_eth_dcb_info d{};
    d.nb_tcs = nb_tcs;
    uint16_t base = 0;
    for (size_t pool = 0; pool < pools; pool++)
        for (uint8_t tc = 0; tc < nb_tcs; tc++, base = static_cast<uint16_t>(base + per_tc)) {
            d.tc_queue.tc_rxq[pool][tc] = {static_cast<uint16_t>(base), per_tc};
            d.tc_queue.tc_txq[pool][tc] = {static_cast<uint16_t>(base), per_tc};
        }
    return d;
}

// "rxport/rxq>txport/txq" per stream, lcore by lcore ("|" between lcores).
std::string text(const StreamLayout &l) {
    std::string s;
    for (const auto &g : l.groups) {
        if (!s.empty()) s.append(" | ");
        for (size_t i = 0; i < g.size(); i++) {
            const StreamSpec &sp = l.specs[g[i]];
            if (i) s.push_back(' ');
            s.append(std::to_string(sp.rx_port)).append("/").append(std::to_string(sp.rx_queue));
            s.append(">").append(std::to_string(sp.tx_port)).append("/");
            s.append(std::to_string(sp.tx_queue));
        }
    }
    return s;
}

std::string laid(const std::vector<uint16_t> &ports, const std::vector<rte_eth_dcb_info> &dcb,
                 Topology t, size_t lcores, const DcbSettings &s, const DcbRules &r) {
    const Result<StreamLayout> l = dcb_layout(ports, dcb, t, lcores, s, r);
    return l ? text(*l) : "error: " + l.message();
}

} // namespace

TEST(DcbLayout, OneLcoreAClassThenThePeerPort) {
    const auto d = classes(4, 2);
    EXPECT_EQ(laid({0, 1}, {d, d}, Topology::Paired, 8, {}, k2211),
              "0/0>1/0 0/1>1/1 | 0/2>1/2 0/3>1/3 | 0/4>1/4 0/5>1/5 | 0/6>1/6 0/7>1/7 | "
              "1/0>0/0 1/1>0/1 | 1/2>0/2 1/3>0/3 | 1/4>0/4 1/5>0/5 | 1/6>0/6 1/7>0/7");
    // 25.11 with its defaults (every class, one lcore each) lays it out alike.
    EXPECT_EQ(laid({0, 1}, {d, d}, Topology::Paired, 8, {}, k2511),
              laid({0, 1}, {d, d}, Topology::Paired, 8, {}, k2211));
}

TEST(DcbLayout, Before2511FewerLcoresPollFewerClasses) {
    const auto d = classes(4, 1);
    EXPECT_EQ(laid({0, 1}, {d, d}, Topology::Paired, 3, {}, k2211), "0/0>1/0 | 0/1>1/1 | 0/2>1/2");
    EXPECT_EQ(laid({0, 1}, {d, d}, Topology::Paired, 3, {}, k2511),
              "error: Error: the number of forwarding cores is insufficient!");
}

TEST(DcbLayout, ClassMaskAndLcoresPerClass) {
    const auto d = classes(4, 4);
    // Classes 0 and 2, two lcores each sharing a class's four queues.
    const DcbSettings s{.tc_mask = 0x5, .tc_cores = 2};
    EXPECT_EQ(laid({0, 1}, {d, d}, Topology::Paired, 8, s, k2511),
              "0/0>1/0 0/1>1/1 | 0/2>1/2 0/3>1/3 | 0/8>1/8 0/9>1/9 | 0/10>1/10 0/11>1/11 | "
              "1/0>0/0 1/1>0/1 | 1/2>0/2 1/3>0/3 | 1/8>0/8 1/9>0/9 | 1/10>0/10 1/11>0/11");
    // Before 25.11 the settings do not exist: every class, one lcore each.
    EXPECT_EQ(laid({0, 1}, {d, d}, Topology::Paired, 2, s, k2211),
              "0/0>1/0 0/1>1/1 0/2>1/2 0/3>1/3 | 0/4>1/4 0/5>1/5 0/6>1/6 0/7>1/7");
}

TEST(DcbLayout, RefusalsIn2511Words) {
    const auto d = classes(4, 4);
    EXPECT_EQ(laid({0, 1}, {d, d}, Topology::Paired, 16, {.tc_cores = 3}, k2511),
              "error: Error: check forwarding cores-per-TC failed!");
    EXPECT_EQ(laid({0, 1}, {d, d}, Topology::Paired, 16, {.tc_mask = 0x30}, k2511),
              "error: Error: total forwarding TC num is zero!");
    EXPECT_EQ(laid({0, 1}, {d, d}, Topology::Paired, 7, {}, k2511),
              "error: Error: the number of forwarding cores is insufficient!");
}

TEST(DcbLayout, PeersBy2511TopologyOrPairs) {
    const auto d = classes(1, 1);
    EXPECT_EQ(laid({0, 1, 2}, {d, d, d}, Topology::Chained, 3, {}, k2511),
              "0/0>1/0 | 1/0>2/0 | 2/0>0/0");
    EXPECT_EQ(laid({0, 1, 2}, {d, d, d}, Topology::Chained, 3, {}, k2211),
              "0/0>1/0 | 1/0>0/0 | 2/0>2/0");
}

TEST(DcbLayout, AClassInEveryPoolGoesToOneLcore) {
    const auto d = classes(2, 1, 2); // pools 0 and 1: queues 0,1 and 2,3
    EXPECT_EQ(laid({0, 1}, {d, d}, Topology::Paired, 4, {}, k2211),
              "0/0>1/0 0/2>1/2 | 0/1>1/1 0/3>1/3 | 1/0>0/0 1/2>0/2 | 1/1>0/1 1/3>0/3");
}

// testpmd's numa_support with at most half the ports forwarding: the RX port
// steps over the other half's share, here past the last forwarding port.
TEST(DcbLayout, NumaStepsOverHalfThePorts) {
    const auto d = classes(2, 1);
    EXPECT_EQ(laid({0, 1}, {d, d}, Topology::Paired, 4, {.numa = true, .nb_ports = 8}, k2211),
              "0/0>1/0 | 0/1>1/1");
    EXPECT_EQ(laid({0, 1}, {d, d}, Topology::Paired, 4, {.numa = true, .nb_ports = 2}, k2211),
              "0/0>1/0 | 0/1>1/1 | 1/0>0/0 | 1/1>0/1");
}

// What testpmd would divide by zero or index past: said, nothing laid out.
TEST(DcbLayout, ImpossibleInputIsRefused) {
    auto d = classes(2, 2);
    d.tc_queue.tc_txq[0][1].nb_queue = 0;
    EXPECT_EQ(laid({0, 1}, {d, d}, Topology::Paired, 4, {}, k2211),
              "error: port 1 has no TX queue for traffic class 1 (pool 0)");
    EXPECT_EQ(laid({}, {}, Topology::Paired, 4, {}, k2211), "error: no forwarding port to lay out");
    EXPECT_EQ(laid({0}, {}, Topology::Paired, 4, {}, k2211),
              "error: no forwarding port to lay out");
    // A port that reports no class gets no stream (before 25.11: no lcore).
    EXPECT_EQ(
        laid({0, 1}, {rte_eth_dcb_info{}, rte_eth_dcb_info{}}, Topology::Paired, 4, {}, k2211), "");
}

TEST(DcbLayout, ThisDpdksRules) {
    const DcbRules r = this_dpdks_dcb_rules();
#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)
    EXPECT_TRUE(r.topology_peers && r.class_selection);
#else
    EXPECT_FALSE(r.topology_peers || r.class_selection);
#endif
}
