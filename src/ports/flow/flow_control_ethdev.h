// FlowControl over rte_flow: what pmdfwd runs.
#pragma once

#include "ports/flow/flow_control.h"

namespace pmdfwd::flow {

class FlowControlEthdev : public FlowControl {
  public:
    int validate(uint16_t port, const ParsedRule &rule, rte_flow_error *error) override;
    rte_flow *create(uint16_t port, const ParsedRule &rule, rte_flow_error *error,
                     int *rc) override;
    int destroy(uint16_t port, rte_flow *flow, rte_flow_error *error) override;
    int flush(uint16_t port, rte_flow_error *error) override;
    int query(uint16_t port, rte_flow *flow, const rte_flow_action &action, void *data,
              rte_flow_error *error) override;
    int isolate(uint16_t port, bool on, rte_flow_error *error) override;
    int aged_flows(uint16_t port, void **contexts, uint32_t n, rte_flow_error *error) override;
    rte_flow_action_handle *action_handle_create(uint16_t port,
                                                 const rte_flow_indir_action_conf &conf,
                                                 const rte_flow_action &action,
                                                 rte_flow_error *error, int *rc) override;
    int action_handle_destroy(uint16_t port, rte_flow_action_handle *handle,
                              rte_flow_error *error) override;
    int action_handle_update(uint16_t port, rte_flow_action_handle *handle, const void *update,
                             rte_flow_error *error) override;
    int action_handle_query(uint16_t port, const rte_flow_action_handle *handle, void *data,
                            rte_flow_error *error) override;
};

} // namespace pmdfwd::flow
