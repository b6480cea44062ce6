// What the flow commands ask of rte_flow, one call each, so that the rule
// list (flow_rules.h) runs over ethdev in pmdfwd (flow_control_ethdev.h)
// and over a fake in tests (tests/support/fake_flows.h). Each call returns
// rte_flow's answer: 0 (a count for aged_flows) or -errno, with *error
// filled as the PMD filled it.
#pragma once

#include "ports/flow/flow_parse.h"

#include <rte_flow.h>

#include <cstdint>

namespace pmdfwd::flow {

class FlowControl {
  public:
    virtual ~FlowControl() = default;
    virtual int validate(uint16_t port, const ParsedRule &rule, rte_flow_error *error) = 0;
    // The rule's handle, or nullptr with *rc the -errno.
    virtual rte_flow *create(uint16_t port, const ParsedRule &rule, rte_flow_error *error,
                             int *rc) = 0;
    virtual int destroy(uint16_t port, rte_flow *flow, rte_flow_error *error) = 0;
    virtual int flush(uint16_t port, rte_flow_error *error) = 0;
    virtual int query(uint16_t port, rte_flow *flow, const rte_flow_action &action, void *data,
                      rte_flow_error *error) = 0;
    virtual int isolate(uint16_t port, bool on, rte_flow_error *error) = 0;
    // The contexts of aged rules (up to n; none: how many there are).
    virtual int aged_flows(uint16_t port, void **contexts, uint32_t n, rte_flow_error *error) = 0;
    // Indirect actions: the handle, or nullptr with *rc the -errno.
    virtual rte_flow_action_handle *action_handle_create(uint16_t port,
                                                         const rte_flow_indir_action_conf &conf,
                                                         const rte_flow_action &action,
                                                         rte_flow_error *error, int *rc) = 0;
    virtual int action_handle_destroy(uint16_t port, rte_flow_action_handle *handle,
                                      rte_flow_error *error) = 0;
    virtual int action_handle_update(uint16_t port, rte_flow_action_handle *handle,
                                     const void *update, rte_flow_error *error) = 0;
    virtual int action_handle_query(uint16_t port, const rte_flow_action_handle *handle, void *data,
                                    rte_flow_error *error) = 0;
};

} // namespace pmdfwd::flow
