#include "ports/flow/flow_control_ethdev.h"

#include <rte_errno.h>

#include <vector>

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

#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
int FlowControlEthdev::actions_update(uint16_t port, rte_flow *flow, const rte_flow_action *actions,
                                      rte_flow_error *error) {
    return answer(rte_flow_actions_update(port, flow, actions, error));
}
#endif

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

int FlowControlEthdev::dev_dump(uint16_t port, rte_flow *flow, FILE *file, rte_flow_error *error) {
    return answer(rte_flow_dev_dump(port, flow, file, error));
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

int FlowControlEthdev::info_get(uint16_t port, rte_flow_port_info *port_info,
                                rte_flow_queue_info *queue_info, rte_flow_error *error) {
    return answer(rte_flow_info_get(port, port_info, queue_info, error));
}

int FlowControlEthdev::configure(uint16_t port, const rte_flow_port_attr &port_attr,
                                 uint16_t nb_queue, const rte_flow_queue_attr &queue_attr,
                                 rte_flow_error *error) {
    // Every queue the same, as testpmd configures them.
    std::vector<const rte_flow_queue_attr *> queues(nb_queue, &queue_attr);
    return answer(rte_flow_configure(port, &port_attr, nb_queue, queues.data(), error));
}

rte_flow_pattern_template *FlowControlEthdev::pattern_template_create(
    uint16_t port, const rte_flow_pattern_template_attr &attr, const rte_flow_item *pattern,
    rte_flow_error *error, int *rc) {
    rte_flow_pattern_template *t = rte_flow_pattern_template_create(port, &attr, pattern, error);
    *rc = t ? 0 : -rte_errno;
    return t;
}

int FlowControlEthdev::pattern_template_destroy(uint16_t port, rte_flow_pattern_template *t,
                                                rte_flow_error *error) {
    return answer(rte_flow_pattern_template_destroy(port, t, error));
}

rte_flow_actions_template *FlowControlEthdev::actions_template_create(
    uint16_t port, const rte_flow_actions_template_attr &attr, const rte_flow_action *actions,
    const rte_flow_action *masks, rte_flow_error *error, int *rc) {
    rte_flow_actions_template *t =
        rte_flow_actions_template_create(port, &attr, actions, masks, error);
    *rc = t ? 0 : -rte_errno;
    return t;
}

int FlowControlEthdev::actions_template_destroy(uint16_t port, rte_flow_actions_template *t,
                                                rte_flow_error *error) {
    return answer(rte_flow_actions_template_destroy(port, t, error));
}

rte_flow_template_table *FlowControlEthdev::template_table_create(
    uint16_t port, const rte_flow_template_table_attr &attr,
    rte_flow_pattern_template *const *patterns, uint8_t nb_patterns,
    rte_flow_actions_template *const *actions, uint8_t nb_actions, rte_flow_error *error, int *rc) {
    rte_flow_template_table *t = rte_flow_template_table_create(
        port, &attr, const_cast<rte_flow_pattern_template **>(patterns), nb_patterns,
        const_cast<rte_flow_actions_template **>(actions), nb_actions, error);
    *rc = t ? 0 : -rte_errno;
    return t;
}

int FlowControlEthdev::template_table_destroy(uint16_t port, rte_flow_template_table *table,
                                              rte_flow_error *error) {
    return answer(rte_flow_template_table_destroy(port, table, error));
}

#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
int FlowControlEthdev::template_table_resize(uint16_t port, rte_flow_template_table *table,
                                             uint32_t nb_rules, rte_flow_error *error) {
    return answer(rte_flow_template_table_resize(port, table, nb_rules, error));
}

int FlowControlEthdev::template_table_resize_complete(uint16_t port, rte_flow_template_table *table,
                                                      rte_flow_error *error) {
    return answer(rte_flow_template_table_resize_complete(port, table, error));
}
#endif

rte_flow *FlowControlEthdev::async_create(uint16_t port, uint32_t queue, const rte_flow_op_attr &op,
                                          rte_flow_template_table *table,
                                          const rte_flow_item *pattern, uint8_t pattern_index,
                                          const rte_flow_action *actions, uint8_t actions_index,
                                          rte_flow_error *error, int *rc) {
    rte_flow *f = rte_flow_async_create(port, queue, &op, table, pattern, pattern_index, actions,
                                        actions_index, nullptr, error);
    *rc = f ? 0 : -rte_errno;
    return f;
}

#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
rte_flow *FlowControlEthdev::async_create_by_index(
    uint16_t port, uint32_t queue, const rte_flow_op_attr &op, rte_flow_template_table *table,
    uint32_t rule_index, const rte_flow_item *pattern, uint8_t pattern_index,
    const rte_flow_action *actions, uint8_t actions_index, rte_flow_error *error, int *rc) {
    rte_flow *f = pattern ? rte_flow_async_create_by_index_with_pattern(
                                port, queue, &op, table, rule_index, pattern, pattern_index,
                                actions, actions_index, nullptr, error)
                          : rte_flow_async_create_by_index(port, queue, &op, table, rule_index,
                                                           actions, actions_index, nullptr, error);
    *rc = f ? 0 : -rte_errno;
    return f;
}
#endif

int FlowControlEthdev::async_destroy(uint16_t port, uint32_t queue, const rte_flow_op_attr &op,
                                     rte_flow *flow, rte_flow_error *error) {
    return answer(rte_flow_async_destroy(port, queue, &op, flow, nullptr, error));
}

int FlowControlEthdev::push(uint16_t port, uint32_t queue, rte_flow_error *error) {
    return answer(rte_flow_push(port, queue, error));
}

int FlowControlEthdev::pull(uint16_t port, uint32_t queue, rte_flow_op_result *res, uint16_t n,
                            rte_flow_error *error) {
    return answer(rte_flow_pull(port, queue, res, n, error));
}

rte_flow_action_handle *FlowControlEthdev::async_action_handle_create(
    uint16_t port, uint32_t queue, const rte_flow_op_attr &op,
    const rte_flow_indir_action_conf &conf, const rte_flow_action &action, rte_flow_error *error,
    int *rc) {
    rte_flow_action_handle *h =
        rte_flow_async_action_handle_create(port, queue, &op, &conf, &action, nullptr, error);
    *rc = h ? 0 : -rte_errno;
    return h;
}

int FlowControlEthdev::async_action_handle_destroy(uint16_t port, uint32_t queue,
                                                   const rte_flow_op_attr &op,
                                                   rte_flow_action_handle *handle,
                                                   rte_flow_error *error) {
    return answer(rte_flow_async_action_handle_destroy(port, queue, &op, handle, nullptr, error));
}

int FlowControlEthdev::async_action_handle_update(uint16_t port, uint32_t queue,
                                                  const rte_flow_op_attr &op,
                                                  rte_flow_action_handle *handle,
                                                  const void *update, rte_flow_error *error) {
    return answer(
        rte_flow_async_action_handle_update(port, queue, &op, handle, update, nullptr, error));
}

#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
int FlowControlEthdev::action_handle_query_update(uint16_t port, rte_flow_action_handle *handle,
                                                  const void *update, void *query,
                                                  rte_flow_query_update_mode mode,
                                                  rte_flow_error *error) {
    return answer(rte_flow_action_handle_query_update(port, handle, update, query, mode, error));
}

int FlowControlEthdev::async_action_handle_query_update(
    uint16_t port, uint32_t queue, const rte_flow_op_attr &op, rte_flow_action_handle *handle,
    const void *update, void *query, rte_flow_query_update_mode mode, rte_flow_error *error) {
    return answer(rte_flow_async_action_handle_query_update(port, queue, &op, handle, update, query,
                                                            mode, nullptr, error));
}
#endif

#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
int FlowControlEthdev::async_actions_update(uint16_t port, uint32_t queue,
                                            const rte_flow_op_attr &op, rte_flow *flow,
                                            const rte_flow_action *actions, uint8_t actions_index,
                                            rte_flow_error *error) {
    return answer(rte_flow_async_actions_update(port, queue, &op, flow, actions, actions_index,
                                                nullptr, error));
}
#endif

#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
int FlowControlEthdev::async_update_resized(uint16_t port, uint32_t queue,
                                            const rte_flow_op_attr &op, rte_flow *flow,
                                            rte_flow_error *error) {
    return answer(rte_flow_async_update_resized(port, queue, &op, flow, nullptr, error));
}
#endif

} // namespace pmdfwd::flow
