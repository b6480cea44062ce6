#include "ports/mtr/mtr_control_ethdev.h"

namespace pmdfwd::mtr {

int MtrControlEthdev::capabilities(uint16_t port, rte_mtr_capabilities *cap, rte_mtr_error *error) {
    return rte_mtr_capabilities_get(port, cap, error);
}

int MtrControlEthdev::profile_add(uint16_t port, uint32_t id, const rte_mtr_meter_profile &p,
                                  rte_mtr_error *error) {
    // rte_mtr takes the profile by non-const pointer (it does not write it).
    rte_mtr_meter_profile copy = p;
    return rte_mtr_meter_profile_add(port, id, &copy, error);
}

int MtrControlEthdev::profile_delete(uint16_t port, uint32_t id, rte_mtr_error *error) {
    return rte_mtr_meter_profile_delete(port, id, error);
}

int MtrControlEthdev::policy_delete(uint16_t port, uint32_t id, rte_mtr_error *error) {
    return rte_mtr_meter_policy_delete(port, id, error);
}

int MtrControlEthdev::enable(uint16_t port, uint32_t mtr, rte_mtr_error *error) {
    return rte_mtr_meter_enable(port, mtr, error);
}

int MtrControlEthdev::disable(uint16_t port, uint32_t mtr, rte_mtr_error *error) {
    return rte_mtr_meter_disable(port, mtr, error);
}

int MtrControlEthdev::destroy(uint16_t port, uint32_t mtr, rte_mtr_error *error) {
    return rte_mtr_destroy(port, mtr, error);
}

int MtrControlEthdev::profile_update(uint16_t port, uint32_t mtr, uint32_t profile,
                                     rte_mtr_error *error) {
    return rte_mtr_meter_profile_update(port, mtr, profile, error);
}

int MtrControlEthdev::dscp_table_update(uint16_t port, uint32_t mtr,
                                        rte_mtr_color_in_protocol proto, rte_color *table,
                                        rte_mtr_error *error) {
    return rte_mtr_meter_dscp_table_update(port, mtr, proto, table, error);
}

int MtrControlEthdev::vlan_table_update(uint16_t port, uint32_t mtr,
                                        rte_mtr_color_in_protocol proto, rte_color *table,
                                        rte_mtr_error *error) {
    return rte_mtr_meter_vlan_table_update(port, mtr, proto, table, error);
}

int MtrControlEthdev::in_protocol_get(uint16_t port, uint32_t mtr, uint64_t *mask,
                                      rte_mtr_error *error) {
    return rte_mtr_color_in_protocol_get(port, mtr, mask, error);
}

int MtrControlEthdev::in_protocol_set(uint16_t port, uint32_t mtr, rte_mtr_color_in_protocol proto,
                                      uint32_t priority, rte_mtr_error *error) {
    return rte_mtr_color_in_protocol_set(port, mtr, proto, priority, error);
}

int MtrControlEthdev::in_protocol_priority_get(uint16_t port, uint32_t mtr,
                                               rte_mtr_color_in_protocol proto, uint32_t *priority,
                                               rte_mtr_error *error) {
    return rte_mtr_color_in_protocol_priority_get(port, mtr, proto, priority, error);
}

int MtrControlEthdev::stats_update(uint16_t port, uint32_t mtr, uint64_t mask,
                                   rte_mtr_error *error) {
    return rte_mtr_stats_update(port, mtr, mask, error);
}

int MtrControlEthdev::stats_read(uint16_t port, uint32_t mtr, rte_mtr_stats *stats, uint64_t *mask,
                                 bool clear, rte_mtr_error *error) {
    return rte_mtr_stats_read(port, mtr, stats, mask, clear ? 1 : 0, error);
}

} // namespace pmdfwd::mtr
