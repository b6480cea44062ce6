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
#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
    int actions_update(uint16_t port, rte_flow *flow, const rte_flow_action *actions,
                       rte_flow_error *error) override;
#endif
    int flush(uint16_t port, rte_flow_error *error) override;
    int query(uint16_t port, rte_flow *flow, const rte_flow_action &action, void *data,
              rte_flow_error *error) override;
    int isolate(uint16_t port, bool on, rte_flow_error *error) override;
    int dev_dump(uint16_t port, rte_flow *flow, FILE *file, rte_flow_error *error) override;
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
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
    int action_handle_query_update(uint16_t port, rte_flow_action_handle *handle,
                                   const void *update, void *query, rte_flow_query_update_mode mode,
                                   rte_flow_error *error) override;
#endif

    int info_get(uint16_t port, rte_flow_port_info *port_info, rte_flow_queue_info *queue_info,
                 rte_flow_error *error) override;
    int configure(uint16_t port, const rte_flow_port_attr &port_attr, uint16_t nb_queue,
                  const rte_flow_queue_attr &queue_attr, rte_flow_error *error) override;
    rte_flow_pattern_template *pattern_template_create(uint16_t port,
                                                       const rte_flow_pattern_template_attr &attr,
                                                       const rte_flow_item *pattern,
                                                       rte_flow_error *error, int *rc) override;
    int pattern_template_destroy(uint16_t port, rte_flow_pattern_template *t,
                                 rte_flow_error *error) override;
    rte_flow_actions_template *actions_template_create(uint16_t port,
                                                       const rte_flow_actions_template_attr &attr,
                                                       const rte_flow_action *actions,
                                                       const rte_flow_action *masks,
                                                       rte_flow_error *error, int *rc) override;
    int actions_template_destroy(uint16_t port, rte_flow_actions_template *t,
                                 rte_flow_error *error) override;
    rte_flow_template_table *
    template_table_create(uint16_t port, const rte_flow_template_table_attr &attr,
                          rte_flow_pattern_template *const *patterns, uint8_t nb_patterns,
                          rte_flow_actions_template *const *actions, uint8_t nb_actions,
                          rte_flow_error *error, int *rc) override;
#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
    int template_table_resize(uint16_t port, rte_flow_template_table *table, uint32_t nb_rules,
                              rte_flow_error *error) override;
    int template_table_resize_complete(uint16_t port, rte_flow_template_table *table,
                                       rte_flow_error *error) override;
#endif
    int template_table_destroy(uint16_t port, rte_flow_template_table *table,
                               rte_flow_error *error) override;
    rte_flow *async_create(uint16_t port, uint32_t queue, const rte_flow_op_attr &op,
                           rte_flow_template_table *table, const rte_flow_item *pattern,
                           uint8_t pattern_index, const rte_flow_action *actions,
                           uint8_t actions_index, rte_flow_error *error, int *rc) override;
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
    rte_flow *async_create_by_index(uint16_t port, uint32_t queue, const rte_flow_op_attr &op,
                                    rte_flow_template_table *table, uint32_t rule_index,
                                    const rte_flow_item *pattern, uint8_t pattern_index,
                                    const rte_flow_action *actions, uint8_t actions_index,
                                    rte_flow_error *error, int *rc) override;
#endif
    int async_destroy(uint16_t port, uint32_t queue, const rte_flow_op_attr &op, rte_flow *flow,
                      rte_flow_error *error) override;
#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
    int async_actions_update(uint16_t port, uint32_t queue, const rte_flow_op_attr &op,
                             rte_flow *flow, const rte_flow_action *actions, uint8_t actions_index,
                             rte_flow_error *error) override;
#endif
#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
    int async_update_resized(uint16_t port, uint32_t queue, const rte_flow_op_attr &op,
                             rte_flow *flow, rte_flow_error *error) override;
#endif
    int push(uint16_t port, uint32_t queue, rte_flow_error *error) override;
    int pull(uint16_t port, uint32_t queue, rte_flow_op_result *res, uint16_t n,
             rte_flow_error *error) override;
    rte_flow_action_handle *async_action_handle_create(uint16_t port, uint32_t queue,
                                                       const rte_flow_op_attr &op,
                                                       const rte_flow_indir_action_conf &conf,
                                                       const rte_flow_action &action,
                                                       rte_flow_error *error, int *rc) override;
    int async_action_handle_destroy(uint16_t port, uint32_t queue, const rte_flow_op_attr &op,
                                    rte_flow_action_handle *handle, rte_flow_error *error) override;
    int async_action_handle_update(uint16_t port, uint32_t queue, const rte_flow_op_attr &op,
                                   rte_flow_action_handle *handle, const void *update,
                                   rte_flow_error *error) override;
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
    int async_action_handle_query_update(uint16_t port, uint32_t queue, const rte_flow_op_attr &op,
                                         rte_flow_action_handle *handle, const void *update,
                                         void *query, rte_flow_query_update_mode mode,
                                         rte_flow_error *error) override;
#endif
};

} // namespace pmdfwd::flow
