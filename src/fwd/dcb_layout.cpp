#include "fwd/dcb_layout.h"

#include <rte_version.h>

#include <algorithm>
#include <bit>
#include <string>

namespace pmdfwd {

namespace {

using Queues = rte_eth_dcb_tc_queue_mapping;
constexpr uint8_t kEveryClass = 0xff; // testpmd's DEFAULT_DCB_FWD_TC_MASK

// The classes of the mask, renumbered from 0 (dcb_fwd_tc_update_dcb_info).
rte_eth_dcb_info selected(const rte_eth_dcb_info &org, uint8_t mask) {
    if (mask == kEveryClass) return org;
    rte_eth_dcb_info d{};
    uint8_t tc = 0;
    for (uint8_t i = 0; i < org.nb_tcs && i < RTE_ETH_DCB_NUM_TCS; i++) {
        if (!(mask & (1u << i))) continue;
        for (size_t pool = 0; pool < RTE_ETH_MAX_VMDQ_POOL; pool++) {
            d.tc_queue.tc_rxq[pool][tc] = org.tc_queue.tc_rxq[pool][i];
            d.tc_queue.tc_txq[pool][tc] = org.tc_queue.tc_txq[pool][i];
        }
        tc++;
    }
    d.nb_tcs = tc;
    return d;
}

// dcb_fwd_check_cores_per_tc: the lcores of a class split its queues evenly.
bool cores_divide_queues(const std::vector<rte_eth_dcb_info> &dcb, uint8_t cores) {
    for (const rte_eth_dcb_info &d : dcb)
        for (uint8_t tc = 0; tc < d.nb_tcs && tc < RTE_ETH_DCB_NUM_TCS; tc++)
            for (size_t pool = 0; pool < RTE_ETH_MAX_VMDQ_POOL; pool++) {
                const Queues &q = d.tc_queue;
                if (q.tc_rxq[pool][tc].nb_queue == 0) break;
                if (q.tc_rxq[pool][tc].nb_queue % cores || q.tc_txq[pool][tc].nb_queue % cores)
                    return false;
            }
    return true;
}

// get_fwd_port_total_tc_num: the classes forwarded, over every port.
size_t forwarded_classes(const std::vector<rte_eth_dcb_info> &dcb, uint8_t mask) {
    size_t n = 0;
    for (const rte_eth_dcb_info &d : dcb) {
        const unsigned all = d.nb_tcs >= 8 ? 0xffu : (1u << d.nb_tcs) - 1;
        n += static_cast<size_t>(std::popcount(mask & all));
    }
    return n;
}

// How many lcores the layout takes, or testpmd's refusal.
Result<size_t> lcores_needed(const std::vector<rte_eth_dcb_info> &dcb, size_t nb_lcores,
                             const DcbSettings &s, const DcbRules &rules) {
    const size_t classes = forwarded_classes(dcb, rules.class_selection ? s.tc_mask : kEveryClass);
    if (!rules.class_selection) return std::min(nb_lcores, classes);
    if (s.tc_cores == 0 || !cores_divide_queues(dcb, s.tc_cores))
        return Error("Error: check forwarding cores-per-TC failed!");
    if (classes == 0) return Error("Error: total forwarding TC num is zero!");
    const size_t target = classes * s.tc_cores;
    if (nb_lcores < target) return Error("Error: the number of forwarding cores is insufficient!");
    return target;
}

// Where the walk over ports, classes and the lcores sharing one is.
struct Walk {
    size_t rxp = 0, txp = 0, tc = 0, sub = 0;
    rte_eth_dcb_info rx{}, tx{};
};

class Layout {
  public:
    Layout(const std::vector<uint16_t> &ports, const std::vector<rte_eth_dcb_info> &dcb,
           Topology topology, const DcbSettings &s, const DcbRules &r)
        : ports_(ports), dcb_(dcb), s_(s), r_(r),
          topology_(r.topology_peers ? topology : Topology::Paired),
          cores_(r.class_selection ? s.tc_cores : 1),
          mask_(r.class_selection ? s.tc_mask : kEveryClass) {}

    Result<StreamLayout> run(size_t lcores) {
        at_port(0);
        for (size_t lc = 0; lc < lcores; lc++) {
            if (Status st = one_lcore(); !st) return st;
            if (!next_class()) break;
        }
        return std::move(out_);
    }

  private:
    void at_port(size_t rxp) {
        w_.rxp = rxp;
        w_.txp = peer_index(topology_, rxp, ports_.size());
        w_.rx = selected(dcb_[w_.rxp], mask_);
        w_.tx = selected(dcb_[w_.txp], mask_);
    }

    // The class's queues in each pool that has it, this lcore's share of them.
    Status one_lcore() {
        std::vector<size_t> group;
        for (size_t pool = 0; pool < RTE_ETH_MAX_VMDQ_POOL; pool++) {
            const auto &rxq = w_.rx.tc_queue.tc_rxq[pool][w_.tc];
            const auto &txq = w_.tx.tc_queue.tc_txq[pool][w_.tc];
            if (rxq.nb_queue == 0) break;
            const uint16_t nb_rx = static_cast<uint16_t>(rxq.nb_queue / cores_);
            const uint16_t nb_tx = static_cast<uint16_t>(txq.nb_queue / cores_);
            if (nb_tx == 0)
                return Error("port " + std::to_string(ports_[w_.txp]) +
                             " has no TX queue for "
                             "traffic class " +
                             std::to_string(w_.tc) + " (pool " + std::to_string(pool) + ")");
            const uint16_t rx_base = static_cast<uint16_t>(rxq.base + nb_rx * w_.sub);
            const uint16_t tx_base = static_cast<uint16_t>(txq.base + nb_tx * w_.sub);
            for (uint16_t j = 0; j < nb_rx; j++) {
                group.push_back(out_.specs.size());
                out_.specs.push_back({ports_[w_.rxp], static_cast<uint16_t>(rx_base + j),
                                      ports_[w_.txp], static_cast<uint16_t>(tx_base + j % nb_tx)});
            }
            // testpmd 25.11 counts the share per pool, not per lcore: the
            // same with one pool, which DCB without VT has.
            if (r_.class_selection) w_.sub++;
        }
        out_.groups.push_back(std::move(group));
        return {};
    }

    // Moves to the next lcore's share, class or RX port; false past the last port.
    bool next_class() {
        if (r_.class_selection && w_.sub < cores_) return true;
        w_.sub = 0;
        if (++w_.tc < w_.rx.nb_tcs) return true;
        w_.tc = 0;
        const size_t half = s_.nb_ports / 2;
        const size_t step = s_.numa && ports_.size() <= half ? half / ports_.size() : 1;
        if (w_.rxp + step >= ports_.size()) return false;
        at_port(w_.rxp + step);
        return true;
    }

    const std::vector<uint16_t> &ports_;
    const std::vector<rte_eth_dcb_info> &dcb_;
    const DcbSettings &s_;
    const DcbRules &r_;
    const Topology topology_;
    const uint8_t cores_, mask_;
    Walk w_;
    StreamLayout out_;
};

} // namespace

DcbRules this_dpdks_dcb_rules() {
#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)
    return {.topology_peers = true, .class_selection = true};
#else
    return {};
#endif
}

Result<StreamLayout> dcb_layout(const std::vector<uint16_t> &ports,
                                const std::vector<rte_eth_dcb_info> &dcb, Topology topology,
                                size_t nb_lcores, const DcbSettings &settings,
                                const DcbRules &rules) {
    if (ports.empty() || dcb.size() != ports.size()) return Error("no forwarding port to lay out");
    const Result<size_t> lcores = lcores_needed(dcb, nb_lcores, settings, rules);
    if (!lcores) return lcores.status();
    return Layout(ports, dcb, topology, settings, rules).run(*lcores);
}

} // namespace pmdfwd
