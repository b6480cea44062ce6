// TmControl over rte_tm: each call as it is.
#pragma once

#include "ports/tm/tm_control.h"

namespace pmdfwd::tm {

class TmControlEthdev : public TmControl {
  public:
    int capabilities(uint16_t port, rte_tm_capabilities *cap, rte_tm_error *error) override;
    int level_capabilities(uint16_t port, uint32_t level, rte_tm_level_capabilities *cap,
                           rte_tm_error *error) override;
    int node_capabilities(uint16_t port, uint32_t node, rte_tm_node_capabilities *cap,
                          rte_tm_error *error) override;
    int node_type(uint16_t port, uint32_t node, int *is_leaf, rte_tm_error *error) override;
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
    int node_query(uint16_t port, uint32_t node, uint32_t *parent, uint32_t *priority,
                   uint32_t *weight, uint32_t *level, rte_tm_node_params *params,
                   rte_tm_error *error) override;
#endif
    int node_stats(uint16_t port, uint32_t node, rte_tm_node_stats *stats, uint64_t *mask,
                   bool clear, rte_tm_error *error) override;
    int shaper_profile_add(uint16_t port, uint32_t id, const rte_tm_shaper_params &p,
                           rte_tm_error *error) override;
    int shaper_profile_delete(uint16_t port, uint32_t id, rte_tm_error *error) override;
    int shared_shaper_add_update(uint16_t port, uint32_t id, uint32_t profile,
                                 rte_tm_error *error) override;
    int shared_shaper_delete(uint16_t port, uint32_t id, rte_tm_error *error) override;
    int wred_profile_add(uint16_t port, uint32_t id, const rte_tm_wred_params &p,
                         rte_tm_error *error) override;
    int wred_profile_delete(uint16_t port, uint32_t id, rte_tm_error *error) override;
    int node_shaper_update(uint16_t port, uint32_t node, uint32_t profile,
                           rte_tm_error *error) override;
    int node_add(uint16_t port, uint32_t node, uint32_t parent, uint32_t priority, uint32_t weight,
                 uint32_t level, const rte_tm_node_params &p, rte_tm_error *error) override;
    int node_delete(uint16_t port, uint32_t node, rte_tm_error *error) override;
    int node_parent_update(uint16_t port, uint32_t node, uint32_t parent, uint32_t priority,
                           uint32_t weight, rte_tm_error *error) override;
    int node_suspend(uint16_t port, uint32_t node, rte_tm_error *error) override;
    int node_resume(uint16_t port, uint32_t node, rte_tm_error *error) override;
    int hierarchy_commit(uint16_t port, bool clear_on_fail, rte_tm_error *error) override;
    int mark(uint16_t port, Mark what, int green, int yellow, int red,
             rte_tm_error *error) override;
};

} // namespace pmdfwd::tm
