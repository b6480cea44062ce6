#include "ports/tm/tm_control_ethdev.h"

namespace pmdfwd::tm {

int TmControlEthdev::capabilities(uint16_t port, rte_tm_capabilities *cap, rte_tm_error *error) {
    return rte_tm_capabilities_get(port, cap, error);
}

int TmControlEthdev::level_capabilities(uint16_t port, uint32_t level,
                                        rte_tm_level_capabilities *cap, rte_tm_error *error) {
    return rte_tm_level_capabilities_get(port, level, cap, error);
}

int TmControlEthdev::node_capabilities(uint16_t port, uint32_t node, rte_tm_node_capabilities *cap,
                                       rte_tm_error *error) {
    return rte_tm_node_capabilities_get(port, node, cap, error);
}

int TmControlEthdev::node_type(uint16_t port, uint32_t node, int *is_leaf, rte_tm_error *error) {
    return rte_tm_node_type_get(port, node, is_leaf, error);
}

#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
int TmControlEthdev::node_query(uint16_t port, uint32_t node, uint32_t *parent, uint32_t *priority,
                                uint32_t *weight, uint32_t *level, rte_tm_node_params *params,
                                rte_tm_error *error) {
    return rte_tm_node_query(port, node, parent, priority, weight, level, params, error);
}
#endif

int TmControlEthdev::node_stats(uint16_t port, uint32_t node, rte_tm_node_stats *stats,
                                uint64_t *mask, bool clear, rte_tm_error *error) {
    return rte_tm_node_stats_read(port, node, stats, mask, clear, error);
}

// rte_tm's calls take their parameters by non-const pointer (they do not
// write them): a copy keeps the interface's const.
int TmControlEthdev::shaper_profile_add(uint16_t port, uint32_t id, const rte_tm_shaper_params &p,
                                        rte_tm_error *error) {
    rte_tm_shaper_params copy = p;
    return rte_tm_shaper_profile_add(port, id, &copy, error);
}

int TmControlEthdev::shaper_profile_delete(uint16_t port, uint32_t id, rte_tm_error *error) {
    return rte_tm_shaper_profile_delete(port, id, error);
}

int TmControlEthdev::shared_shaper_add_update(uint16_t port, uint32_t id, uint32_t profile,
                                              rte_tm_error *error) {
    return rte_tm_shared_shaper_add_update(port, id, profile, error);
}

int TmControlEthdev::shared_shaper_delete(uint16_t port, uint32_t id, rte_tm_error *error) {
    return rte_tm_shared_shaper_delete(port, id, error);
}

int TmControlEthdev::wred_profile_add(uint16_t port, uint32_t id, const rte_tm_wred_params &p,
                                      rte_tm_error *error) {
    rte_tm_wred_params copy = p;
    return rte_tm_wred_profile_add(port, id, &copy, error);
}

int TmControlEthdev::wred_profile_delete(uint16_t port, uint32_t id, rte_tm_error *error) {
    return rte_tm_wred_profile_delete(port, id, error);
}

int TmControlEthdev::node_shaper_update(uint16_t port, uint32_t node, uint32_t profile,
                                        rte_tm_error *error) {
    return rte_tm_node_shaper_update(port, node, profile, error);
}

int TmControlEthdev::node_add(uint16_t port, uint32_t node, uint32_t parent, uint32_t priority,
                              uint32_t weight, uint32_t level, const rte_tm_node_params &p,
                              rte_tm_error *error) {
    rte_tm_node_params copy = p;
    return rte_tm_node_add(port, node, parent, priority, weight, level, &copy, error);
}

int TmControlEthdev::node_delete(uint16_t port, uint32_t node, rte_tm_error *error) {
    return rte_tm_node_delete(port, node, error);
}

int TmControlEthdev::node_parent_update(uint16_t port, uint32_t node, uint32_t parent,
                                        uint32_t priority, uint32_t weight, rte_tm_error *error) {
    return rte_tm_node_parent_update(port, node, parent, priority, weight, error);
}

int TmControlEthdev::node_suspend(uint16_t port, uint32_t node, rte_tm_error *error) {
    return rte_tm_node_suspend(port, node, error);
}

int TmControlEthdev::node_resume(uint16_t port, uint32_t node, rte_tm_error *error) {
    return rte_tm_node_resume(port, node, error);
}

int TmControlEthdev::hierarchy_commit(uint16_t port, bool clear_on_fail, rte_tm_error *error) {
    return rte_tm_hierarchy_commit(port, clear_on_fail ? 1 : 0, error);
}

int TmControlEthdev::mark(uint16_t port, Mark what, int green, int yellow, int red,
                          rte_tm_error *error) {
    switch (what) {
    case Mark::VlanDei:
        return rte_tm_mark_vlan_dei(port, green, yellow, red, error);
    case Mark::IpEcn:
        return rte_tm_mark_ip_ecn(port, green, yellow, red, error);
    case Mark::IpDscp:
        break;
    }
    return rte_tm_mark_ip_dscp(port, green, yellow, red, error);
}

} // namespace pmdfwd::tm
