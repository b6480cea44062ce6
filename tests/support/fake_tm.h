// rte_tm without a PMD (ports/tm/tm_control.h): every call is counted and
// its arguments kept, and answered as a PMD that takes it would (the
// capabilities, node type and statistics a test sets), or refused with the
// error a test sets, so the traffic management commands can be checked.
#pragma once

#include "fake_api_calls.h"
#include "ports/tm/tm_control.h"

#include <string>
#include <vector>

namespace pmdfwd::testing {

class FakeTmControl : public tm::TmControl,
                      public FakeApiCalls<rte_tm_error, RTE_TM_ERROR_TYPE_UNSPECIFIED> {
  public:
    // What the reads answer.
    rte_tm_capabilities cap{};
    rte_tm_level_capabilities level_cap{};
    rte_tm_node_capabilities node_cap{};
    int is_leaf = 0;
    rte_tm_node_stats stats{};
    uint64_t stats_mask = 0;
    // The last parameters passed.
    rte_tm_shaper_params shaper{};
    rte_tm_wred_params wred{};
    rte_tm_node_params node{};
    std::vector<uint32_t> node_shared;
    std::vector<int> node_weight_modes;

    int capabilities(uint16_t port, rte_tm_capabilities *c, rte_tm_error *e) override {
        *c = cap;
        return answer(e, "cap", {port});
    }
    int level_capabilities(uint16_t port, uint32_t level, rte_tm_level_capabilities *c,
                           rte_tm_error *e) override {
        *c = level_cap;
        return answer(e, "level_cap", {port, level});
    }
    int node_capabilities(uint16_t port, uint32_t n, rte_tm_node_capabilities *c,
                          rte_tm_error *e) override {
        *c = node_cap;
        return answer(e, "node_cap", {port, n});
    }
    int node_type(uint16_t port, uint32_t n, int *leaf, rte_tm_error *e) override {
        *leaf = is_leaf;
        return answer(e, "node_type", {port, n});
    }
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
    // What node_query answers (rte_tm_node_query's out parameters).
    uint32_t query_parent = RTE_TM_NODE_ID_NULL, query_priority = 0, query_weight = 1,
             query_level = 0;
    rte_tm_node_params query_params{};
    int node_query(uint16_t port, uint32_t n, uint32_t *parent, uint32_t *priority,
                   uint32_t *weight, uint32_t *level, rte_tm_node_params *params,
                   rte_tm_error *e) override {
        *parent = query_parent;
        *priority = query_priority;
        *weight = query_weight;
        *level = query_level;
        *params = query_params;
        return answer(e, "node_query", {port, n});
    }
#endif
    int node_stats(uint16_t port, uint32_t n, rte_tm_node_stats *s, uint64_t *mask, bool clear,
                   rte_tm_error *e) override {
        *s = stats;
        *mask = stats_mask;
        return answer(e, "node_stats", {port, n, clear});
    }
    int shaper_profile_add(uint16_t port, uint32_t id, const rte_tm_shaper_params &p,
                           rte_tm_error *e) override {
        shaper = p;
        return answer(e, "shaper_profile_add", {port, id});
    }
    int shaper_profile_delete(uint16_t port, uint32_t id, rte_tm_error *e) override {
        return answer(e, "shaper_profile_delete", {port, id});
    }
    int shared_shaper_add_update(uint16_t port, uint32_t id, uint32_t profile,
                                 rte_tm_error *e) override {
        return answer(e, "shared_shaper_add_update", {port, id, profile});
    }
    int shared_shaper_delete(uint16_t port, uint32_t id, rte_tm_error *e) override {
        return answer(e, "shared_shaper_delete", {port, id});
    }
    int wred_profile_add(uint16_t port, uint32_t id, const rte_tm_wred_params &p,
                         rte_tm_error *e) override {
        wred = p;
        return answer(e, "wred_profile_add", {port, id});
    }
    int wred_profile_delete(uint16_t port, uint32_t id, rte_tm_error *e) override {
        return answer(e, "wred_profile_delete", {port, id});
    }
    int node_shaper_update(uint16_t port, uint32_t n, uint32_t profile, rte_tm_error *e) override {
        return answer(e, "node_shaper_update", {port, n, profile});
    }
    int node_add(uint16_t port, uint32_t n, uint32_t parent, uint32_t priority, uint32_t weight,
                 uint32_t level, const rte_tm_node_params &p, rte_tm_error *e) override {
        node = p;
        node_shared.assign(p.shared_shaper_id, p.shared_shaper_id + p.n_shared_shapers);
        node_weight_modes.clear();
        // leaf and nonleaf share a union: is_leaf says which the test adds.
        if (!is_leaf && p.nonleaf.wfq_weight_mode)
            node_weight_modes.assign(p.nonleaf.wfq_weight_mode,
                                     p.nonleaf.wfq_weight_mode + p.nonleaf.n_sp_priorities);
        return answer(e, "node_add", {port, n, parent, priority, weight, level});
    }
    int node_delete(uint16_t port, uint32_t n, rte_tm_error *e) override {
        return answer(e, "node_delete", {port, n});
    }
    int node_parent_update(uint16_t port, uint32_t n, uint32_t parent, uint32_t priority,
                           uint32_t weight, rte_tm_error *e) override {
        return answer(e, "node_parent_update", {port, n, parent, priority, weight});
    }
    int node_suspend(uint16_t port, uint32_t n, rte_tm_error *e) override {
        return answer(e, "node_suspend", {port, n});
    }
    int node_resume(uint16_t port, uint32_t n, rte_tm_error *e) override {
        return answer(e, "node_resume", {port, n});
    }
    int hierarchy_commit(uint16_t port, bool clear, rte_tm_error *e) override {
        return answer(e, "hierarchy_commit", {port, clear});
    }
    int mark(uint16_t port, Mark what, int g, int y, int r, rte_tm_error *e) override {
        const char *name = what == Mark::VlanDei ? "mark_vlan_dei"
                           : what == Mark::IpEcn ? "mark_ip_ecn"
                                                 : "mark_ip_dscp";
        return answer(
            e, name,
            {port, static_cast<uint64_t>(g), static_cast<uint64_t>(y), static_cast<uint64_t>(r)});
    }
};

} // namespace pmdfwd::testing
