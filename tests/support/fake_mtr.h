// rte_mtr without a PMD (ports/mtr/mtr_control.h): every call is counted and
// its arguments kept, and answered as a PMD that takes it would (the
// capabilities, protocols and statistics a test sets), or refused with the
// error a test sets, so the meter commands can be checked.
#pragma once

#include "fake_api_calls.h"
#include "ports/mtr/mtr_control.h"

#include <initializer_list>
#include <string>
#include <vector>

namespace pmdfwd::testing {

class FakeMtrControl : public mtr::MtrControl,
                       public FakeApiCalls<rte_mtr_error, RTE_MTR_ERROR_TYPE_UNSPECIFIED> {
  public:
    // What the reads answer.
    rte_mtr_capabilities cap{};
    uint64_t protocols = 0;
    rte_mtr_stats stats{};
    uint64_t stats_mask = 0;
    // The last profile and table.
    rte_mtr_meter_profile profile{};
    std::vector<rte_color> table; // empty: the call passed none

    int capabilities(uint16_t port, rte_mtr_capabilities *c, rte_mtr_error *e) override {
        *c = cap;
        return answer(e, "cap", {port});
    }
    int profile_add(uint16_t port, uint32_t id, const rte_mtr_meter_profile &p,
                    rte_mtr_error *e) override {
        profile = p;
        return answer(e, "profile_add", {port, id});
    }
    int profile_delete(uint16_t port, uint32_t id, rte_mtr_error *e) override {
        return answer(e, "profile_delete", {port, id});
    }
    int policy_delete(uint16_t port, uint32_t id, rte_mtr_error *e) override {
        return answer(e, "policy_delete", {port, id});
    }
    int enable(uint16_t port, uint32_t m, rte_mtr_error *e) override {
        return answer(e, "enable", {port, m});
    }
    int disable(uint16_t port, uint32_t m, rte_mtr_error *e) override {
        return answer(e, "disable", {port, m});
    }
    int destroy(uint16_t port, uint32_t m, rte_mtr_error *e) override {
        return answer(e, "destroy", {port, m});
    }
    int profile_update(uint16_t port, uint32_t m, uint32_t p, rte_mtr_error *e) override {
        return answer(e, "profile_update", {port, m, p});
    }
    int dscp_table_update(uint16_t port, uint32_t m, rte_mtr_color_in_protocol proto, rte_color *t,
                          rte_mtr_error *e) override {
        table.assign(t, t ? t + 64 : t);
        return answer(e, "dscp_table", {port, m, static_cast<uint64_t>(proto)});
    }
    int vlan_table_update(uint16_t port, uint32_t m, rte_mtr_color_in_protocol proto, rte_color *t,
                          rte_mtr_error *e) override {
        table.assign(t, t ? t + 16 : t);
        return answer(e, "vlan_table", {port, m, static_cast<uint64_t>(proto)});
    }
    int in_protocol_get(uint16_t port, uint32_t m, uint64_t *mask, rte_mtr_error *e) override {
        *mask = fail_errno ? 0 : protocols;
        return answer(e, "in_protocol_get", {port, m});
    }
    int in_protocol_set(uint16_t port, uint32_t m, rte_mtr_color_in_protocol proto, uint32_t prio,
                        rte_mtr_error *e) override {
        return answer(e, "in_protocol_set", {port, m, static_cast<uint64_t>(proto), prio});
    }
    int in_protocol_priority_get(uint16_t port, uint32_t m, rte_mtr_color_in_protocol proto,
                                 uint32_t *prio, rte_mtr_error *e) override {
        *prio = 3;
        return answer(e, "in_protocol_priority_get", {port, m, static_cast<uint64_t>(proto)});
    }
    int stats_update(uint16_t port, uint32_t m, uint64_t mask, rte_mtr_error *e) override {
        return answer(e, "stats_update", {port, m, mask});
    }
    int stats_read(uint16_t port, uint32_t m, rte_mtr_stats *s, uint64_t *mask, bool clear,
                   rte_mtr_error *e) override {
        *s = stats;
        *mask = stats_mask;
        return answer(e, "stats_read", {port, m, clear});
    }
};

} // namespace pmdfwd::testing
