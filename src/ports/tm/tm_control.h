// What the traffic management commands ask of rte_tm, one call each, so that
// the family (src/shell/commands/tm_commands.cpp) runs over ethdev in pmdfwd
// (tm_control_ethdev.h) and over a fake in tests (tests/support/fake_tm.h).
// Each call returns rte_tm's answer (0 or -errno) with *error filled as the
// PMD (or rte_tm, for a PMD without TM ops) filled it.
#pragma once

#include <rte_tm.h>
#include <rte_version.h>

#include <cstdint>

namespace pmdfwd::tm {

class TmControl {
  public:
    virtual ~TmControl() = default;
    virtual int capabilities(uint16_t port, rte_tm_capabilities *cap, rte_tm_error *error) = 0;
    virtual int level_capabilities(uint16_t port, uint32_t level, rte_tm_level_capabilities *cap,
                                   rte_tm_error *error) = 0;
    virtual int node_capabilities(uint16_t port, uint32_t node, rte_tm_node_capabilities *cap,
                                  rte_tm_error *error) = 0;
    virtual int node_type(uint16_t port, uint32_t node, int *is_leaf, rte_tm_error *error) = 0;
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
    // rte_tm_node_query (24.11 on): a node's place and parameters.
    virtual int node_query(uint16_t port, uint32_t node, uint32_t *parent, uint32_t *priority,
                           uint32_t *weight, uint32_t *level, rte_tm_node_params *params,
                           rte_tm_error *error) = 0;
#endif
    virtual int node_stats(uint16_t port, uint32_t node, rte_tm_node_stats *stats, uint64_t *mask,
                           bool clear, rte_tm_error *error) = 0;
    virtual int shaper_profile_add(uint16_t port, uint32_t id, const rte_tm_shaper_params &p,
                                   rte_tm_error *error) = 0;
    virtual int shaper_profile_delete(uint16_t port, uint32_t id, rte_tm_error *error) = 0;
    virtual int shared_shaper_add_update(uint16_t port, uint32_t id, uint32_t profile,
                                         rte_tm_error *error) = 0;
    virtual int shared_shaper_delete(uint16_t port, uint32_t id, rte_tm_error *error) = 0;
    virtual int wred_profile_add(uint16_t port, uint32_t id, const rte_tm_wred_params &p,
                                 rte_tm_error *error) = 0;
    virtual int wred_profile_delete(uint16_t port, uint32_t id, rte_tm_error *error) = 0;
    virtual int node_shaper_update(uint16_t port, uint32_t node, uint32_t profile,
                                   rte_tm_error *error) = 0;
    virtual int node_add(uint16_t port, uint32_t node, uint32_t parent, uint32_t priority,
                         uint32_t weight, uint32_t level, const rte_tm_node_params &p,
                         rte_tm_error *error) = 0;
    virtual int node_delete(uint16_t port, uint32_t node, rte_tm_error *error) = 0;
    virtual int node_parent_update(uint16_t port, uint32_t node, uint32_t parent, uint32_t priority,
                                   uint32_t weight, rte_tm_error *error) = 0;
    virtual int node_suspend(uint16_t port, uint32_t node, rte_tm_error *error) = 0;
    virtual int node_resume(uint16_t port, uint32_t node, rte_tm_error *error) = 0;
    virtual int hierarchy_commit(uint16_t port, bool clear_on_fail, rte_tm_error *error) = 0;
    // rte_tm_mark_vlan_dei, _ip_ecn, _ip_dscp: the marking per color.
    enum class Mark { VlanDei, IpEcn, IpDscp };
    virtual int mark(uint16_t port, Mark what, int green, int yellow, int red,
                     rte_tm_error *error) = 0;
};

} // namespace pmdfwd::tm
