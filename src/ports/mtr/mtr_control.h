// What the meter commands ask of rte_mtr, one call each, so that the family
// (src/shell/commands/mtr_commands.cpp) runs over ethdev in pmdfwd
// (mtr_control_ethdev.h) and over a fake in tests (tests/support/fake_mtr.h).
// Each call returns rte_mtr's answer (0 or -errno) with *error filled as the
// PMD (or rte_mtr, for a PMD without meter ops) filled it.
#pragma once

#include <rte_mtr.h>

#include <cstdint>

namespace pmdfwd::mtr {

class MtrControl {
  public:
    virtual ~MtrControl() = default;
    virtual int capabilities(uint16_t port, rte_mtr_capabilities *cap, rte_mtr_error *error) = 0;
    virtual int profile_add(uint16_t port, uint32_t id, const rte_mtr_meter_profile &p,
                            rte_mtr_error *error) = 0;
    virtual int profile_delete(uint16_t port, uint32_t id, rte_mtr_error *error) = 0;
    virtual int policy_delete(uint16_t port, uint32_t id, rte_mtr_error *error) = 0;
    virtual int enable(uint16_t port, uint32_t mtr, rte_mtr_error *error) = 0;
    virtual int disable(uint16_t port, uint32_t mtr, rte_mtr_error *error) = 0;
    virtual int destroy(uint16_t port, uint32_t mtr, rte_mtr_error *error) = 0;
    virtual int profile_update(uint16_t port, uint32_t mtr, uint32_t profile,
                               rte_mtr_error *error) = 0;
    // table: nullptr (the PMD's default) or 64 (dscp) / 16 (vlan) colors.
    virtual int dscp_table_update(uint16_t port, uint32_t mtr, rte_mtr_color_in_protocol proto,
                                  rte_color *table, rte_mtr_error *error) = 0;
    virtual int vlan_table_update(uint16_t port, uint32_t mtr, rte_mtr_color_in_protocol proto,
                                  rte_color *table, rte_mtr_error *error) = 0;
    virtual int in_protocol_get(uint16_t port, uint32_t mtr, uint64_t *mask,
                                rte_mtr_error *error) = 0;
    virtual int in_protocol_set(uint16_t port, uint32_t mtr, rte_mtr_color_in_protocol proto,
                                uint32_t priority, rte_mtr_error *error) = 0;
    virtual int in_protocol_priority_get(uint16_t port, uint32_t mtr,
                                         rte_mtr_color_in_protocol proto, uint32_t *priority,
                                         rte_mtr_error *error) = 0;
    virtual int stats_update(uint16_t port, uint32_t mtr, uint64_t mask, rte_mtr_error *error) = 0;
    virtual int stats_read(uint16_t port, uint32_t mtr, rte_mtr_stats *stats, uint64_t *mask,
                           bool clear, rte_mtr_error *error) = 0;
};

} // namespace pmdfwd::mtr
