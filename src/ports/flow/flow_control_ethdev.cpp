#include "ports/flow/flow_control_ethdev.h"

#include <rte_errno.h>

namespace pmdfwd::flow {

namespace {

// rte_flow's calls answer -rte_errno or set it; the answer carries it.
int answer(int rc) {
    return rc < 0 ? -rte_errno : rc;
}

} // namespace

int FlowControlEthdev::validate(uint16_t port, const ParsedRule &rule, rte_flow_error *error) {
    return answer(
        rte_flow_validate(port, &rule.attr, rule.pattern.data(), rule.actions.data(), error));
}

rte_flow *FlowControlEthdev::create(uint16_t port, const ParsedRule &rule, rte_flow_error *error,
                                    int *rc) {
    rte_flow *f =
        rte_flow_create(port, &rule.attr, rule.pattern.data(), rule.actions.data(), error);
    *rc = f ? 0 : -rte_errno;
    return f;
}

int FlowControlEthdev::destroy(uint16_t port, rte_flow *flow, rte_flow_error *error) {
    return answer(rte_flow_destroy(port, flow, error));
}

int FlowControlEthdev::flush(uint16_t port, rte_flow_error *error) {
    return answer(rte_flow_flush(port, error));
}

int FlowControlEthdev::query(uint16_t port, rte_flow *flow, const rte_flow_action &action,
                             void *data, rte_flow_error *error) {
    return answer(rte_flow_query(port, flow, &action, data, error));
}

int FlowControlEthdev::isolate(uint16_t port, bool on, rte_flow_error *error) {
    return answer(rte_flow_isolate(port, on ? 1 : 0, error));
}

int FlowControlEthdev::aged_flows(uint16_t port, void **contexts, uint32_t n,
                                  rte_flow_error *error) {
    return answer(rte_flow_get_aged_flows(port, contexts, n, error));
}

rte_flow_action_handle *
FlowControlEthdev::action_handle_create(uint16_t port, const rte_flow_indir_action_conf &conf,
                                        const rte_flow_action &action, rte_flow_error *error,
                                        int *rc) {
    rte_flow_action_handle *h = rte_flow_action_handle_create(port, &conf, &action, error);
    *rc = h ? 0 : -rte_errno;
    return h;
}

int FlowControlEthdev::action_handle_destroy(uint16_t port, rte_flow_action_handle *handle,
                                             rte_flow_error *error) {
    return answer(rte_flow_action_handle_destroy(port, handle, error));
}

int FlowControlEthdev::action_handle_update(uint16_t port, rte_flow_action_handle *handle,
                                            const void *update, rte_flow_error *error) {
    return answer(rte_flow_action_handle_update(port, handle, update, error));
}

int FlowControlEthdev::action_handle_query(uint16_t port, const rte_flow_action_handle *handle,
                                           void *data, rte_flow_error *error) {
    return answer(rte_flow_action_handle_query(port, handle, data, error));
}

} // namespace pmdfwd::flow
