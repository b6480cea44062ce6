// MtrControl over rte_mtr: each call as it is.
#pragma once

#include "ports/mtr/mtr_control.h"

namespace pmdfwd::mtr {

class MtrControlEthdev : public MtrControl {
  public:
    int capabilities(uint16_t port, rte_mtr_capabilities *cap, rte_mtr_error *error) override;
    int profile_add(uint16_t port, uint32_t id, const rte_mtr_meter_profile &p,
                    rte_mtr_error *error) override;
    int profile_delete(uint16_t port, uint32_t id, rte_mtr_error *error) override;
    int policy_delete(uint16_t port, uint32_t id, rte_mtr_error *error) override;
    int enable(uint16_t port, uint32_t mtr, rte_mtr_error *error) override;
    int disable(uint16_t port, uint32_t mtr, rte_mtr_error *error) override;
    int destroy(uint16_t port, uint32_t mtr, rte_mtr_error *error) override;
    int profile_update(uint16_t port, uint32_t mtr, uint32_t profile,
                       rte_mtr_error *error) override;
    int dscp_table_update(uint16_t port, uint32_t mtr, rte_mtr_color_in_protocol proto,
                          rte_color *table, rte_mtr_error *error) override;
    int vlan_table_update(uint16_t port, uint32_t mtr, rte_mtr_color_in_protocol proto,
                          rte_color *table, rte_mtr_error *error) override;
    int in_protocol_get(uint16_t port, uint32_t mtr, uint64_t *mask, rte_mtr_error *error) override;
    int in_protocol_set(uint16_t port, uint32_t mtr, rte_mtr_color_in_protocol proto,
                        uint32_t priority, rte_mtr_error *error) override;
    int in_protocol_priority_get(uint16_t port, uint32_t mtr, rte_mtr_color_in_protocol proto,
                                 uint32_t *priority, rte_mtr_error *error) override;
    int stats_update(uint16_t port, uint32_t mtr, uint64_t mask, rte_mtr_error *error) override;
    int stats_read(uint16_t port, uint32_t mtr, rte_mtr_stats *stats, uint64_t *mask, bool clear,
                   rte_mtr_error *error) override;
};

} // namespace pmdfwd::mtr
