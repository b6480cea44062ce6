// What the flow commands ask of rte_flow, one call each, so that the rule
// list (flow_rules.h) runs over ethdev in pmdfwd (flow_control_ethdev.h)
// and over a fake in tests (tests/support/fake_flows.h). Each call returns
// rte_flow's answer: 0 (a count for aged_flows) or -errno, with *error
// filled as the PMD filled it.
#pragma once

#include "ports/flow/flow_parse.h"

#include <rte_flow.h>
#include <rte_version.h>

#include <cstdint>
#include <cstdio>

namespace pmdfwd::flow {

class FlowControl {
  public:
    virtual ~FlowControl() = default;
    virtual int validate(uint16_t port, const ParsedRule &rule, rte_flow_error *error) = 0;
    // The rule's handle, or nullptr with *rc the -errno.
    virtual rte_flow *create(uint16_t port, const ParsedRule &rule, rte_flow_error *error,
                             int *rc) = 0;
    virtual int destroy(uint16_t port, rte_flow *flow, rte_flow_error *error) = 0;
#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
    // rte_flow_actions_update (24.03's testpmd `flow update`); actions end with END.
    virtual int actions_update(uint16_t port, rte_flow *flow, const rte_flow_action *actions,
                               rte_flow_error *error) = 0;
#endif
    virtual int flush(uint16_t port, rte_flow_error *error) = 0;
    virtual int query(uint16_t port, rte_flow *flow, const rte_flow_action &action, void *data,
                      rte_flow_error *error) = 0;
    virtual int isolate(uint16_t port, bool on, rte_flow_error *error) = 0;
    // rte_flow_dev_dump: the PMD's text of one rule (flow), or of all of
    // them (nullptr), written to file.
    virtual int dev_dump(uint16_t port, rte_flow *flow, FILE *file, rte_flow_error *error) = 0;
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
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
    // 23.03's query and update of an indirect action in one call
    // (rte_flow_action_handle_query_update): update, then query, or the
    // other way round as mode says.
    virtual int action_handle_query_update(uint16_t port, rte_flow_action_handle *handle,
                                           const void *update, void *query,
                                           rte_flow_query_update_mode mode,
                                           rte_flow_error *error) = 0;
#endif

    // The template and queue API (testpmd's `flow info|configure|
    // pattern_template|actions_template|template_table|queue|push|pull`).
    // A template or table handle, or nullptr with *rc the -errno.
    virtual int info_get(uint16_t port, rte_flow_port_info *port_info,
                         rte_flow_queue_info *queue_info, rte_flow_error *error) = 0;
    virtual int configure(uint16_t port, const rte_flow_port_attr &port_attr, uint16_t nb_queue,
                          const rte_flow_queue_attr &queue_attr, rte_flow_error *error) = 0;
    virtual rte_flow_pattern_template *
    pattern_template_create(uint16_t port, const rte_flow_pattern_template_attr &attr,
                            const rte_flow_item *pattern, rte_flow_error *error, int *rc) = 0;
    virtual int pattern_template_destroy(uint16_t port, rte_flow_pattern_template *t,
                                         rte_flow_error *error) = 0;
    virtual rte_flow_actions_template *
    actions_template_create(uint16_t port, const rte_flow_actions_template_attr &attr,
                            const rte_flow_action *actions, const rte_flow_action *masks,
                            rte_flow_error *error, int *rc) = 0;
    virtual int actions_template_destroy(uint16_t port, rte_flow_actions_template *t,
                                         rte_flow_error *error) = 0;
    virtual rte_flow_template_table *
    template_table_create(uint16_t port, const rte_flow_template_table_attr &attr,
                          rte_flow_pattern_template *const *patterns, uint8_t nb_patterns,
                          rte_flow_actions_template *const *actions, uint8_t nb_actions,
                          rte_flow_error *error, int *rc) = 0;
    virtual int template_table_destroy(uint16_t port, rte_flow_template_table *table,
                                       rte_flow_error *error) = 0;
#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
    // 24.03's resizable tables: rte_flow_template_table_resize and
    // rte_flow_template_table_resize_complete.
    virtual int template_table_resize(uint16_t port, rte_flow_template_table *table,
                                      uint32_t nb_rules, rte_flow_error *error) = 0;
    virtual int template_table_resize_complete(uint16_t port, rte_flow_template_table *table,
                                               rte_flow_error *error) = 0;
#endif
    // The asynchronous rule operations on queue (what `flow pull` answers).
    virtual rte_flow *async_create(uint16_t port, uint32_t queue, const rte_flow_op_attr &op,
                                   rte_flow_template_table *table, const rte_flow_item *pattern,
                                   uint8_t pattern_index, const rte_flow_action *actions,
                                   uint8_t actions_index, rte_flow_error *error, int *rc) = 0;
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
    // A rule at rule_index of a table that inserts by index (24.11's
    // testpmd): rte_flow_async_create_by_index, or with pattern (not
    // nullptr) rte_flow_async_create_by_index_with_pattern.
    virtual rte_flow *async_create_by_index(uint16_t port, uint32_t queue,
                                            const rte_flow_op_attr &op,
                                            rte_flow_template_table *table, uint32_t rule_index,
                                            const rte_flow_item *pattern, uint8_t pattern_index,
                                            const rte_flow_action *actions, uint8_t actions_index,
                                            rte_flow_error *error, int *rc) = 0;
#endif
    virtual int async_destroy(uint16_t port, uint32_t queue, const rte_flow_op_attr &op,
                              rte_flow *flow, rte_flow_error *error) = 0;
#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
    // 23.07's rte_flow_async_actions_update: the rule takes actions (END
    // last) of its table's actions template actions_index.
    virtual int async_actions_update(uint16_t port, uint32_t queue, const rte_flow_op_attr &op,
                                     rte_flow *flow, const rte_flow_action *actions,
                                     uint8_t actions_index, rte_flow_error *error) = 0;
#endif
#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
    // 24.03's rte_flow_async_update_resized: the rule moves to its table's
    // new size.
    virtual int async_update_resized(uint16_t port, uint32_t queue, const rte_flow_op_attr &op,
                                     rte_flow *flow, rte_flow_error *error) = 0;
#endif
    virtual int push(uint16_t port, uint32_t queue, rte_flow_error *error) = 0;
    // The number of results written to res (at most n), or -errno.
    virtual int pull(uint16_t port, uint32_t queue, rte_flow_op_result *res, uint16_t n,
                     rte_flow_error *error) = 0;
    // Indirect actions through a queue: the handle, or nullptr with *rc
    // the -errno.
    virtual rte_flow_action_handle *
    async_action_handle_create(uint16_t port, uint32_t queue, const rte_flow_op_attr &op,
                               const rte_flow_indir_action_conf &conf,
                               const rte_flow_action &action, rte_flow_error *error, int *rc) = 0;
    virtual int async_action_handle_destroy(uint16_t port, uint32_t queue,
                                            const rte_flow_op_attr &op,
                                            rte_flow_action_handle *handle,
                                            rte_flow_error *error) = 0;
    virtual int async_action_handle_update(uint16_t port, uint32_t queue,
                                           const rte_flow_op_attr &op,
                                           rte_flow_action_handle *handle, const void *update,
                                           rte_flow_error *error) = 0;
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
    // The query's answer lands in query when the operation completes.
    virtual int async_action_handle_query_update(uint16_t port, uint32_t queue,
                                                 const rte_flow_op_attr &op,
                                                 rte_flow_action_handle *handle, const void *update,
                                                 void *query, rte_flow_query_update_mode mode,
                                                 rte_flow_error *error) = 0;
#endif
};

} // namespace pmdfwd::flow
