// rte_flow without a PMD (ports/flow/flow_control.h): rules are kept and
// answered as a PMD that takes them would, or refused with the error a test
// sets, so the flow commands' texts and the rule list can be checked.
#pragma once

#include "ports/flow/flow_control.h"

#include <rte_version.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace pmdfwd::testing {

// The quota item and actions (and query_update) came with DPDK 23.03: the
// flow tests expect them in lists and completions from there on.
inline constexpr bool kDpdkHasQuota = RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0);

class FakeFlowControl : public flow::FlowControl {
  public:
    // The next calls fail with this (errno 0: they succeed).
    int fail_errno = 0;
    rte_flow_error_type fail_type = RTE_FLOW_ERROR_TYPE_UNSPECIFIED;
    const char *fail_message = nullptr;
    int validates = 0, creates = 0, destroys = 0, flushes = 0;
    std::vector<void *> aged;         // what aged_flows hands back
    std::vector<void *> age_contexts; // the contexts of created rules' age actions
    uint64_t hits = 7, bytes = 420;
    bool isolated = false;
    // Sees each rule validate hands the PMD (what the grammar built).
    std::function<void(const flow::ParsedRule &)> on_validate;

    int validate(uint16_t, const flow::ParsedRule &rule, rte_flow_error *e) override {
        validates++;
        if (on_validate) on_validate(rule);
        return answer(e);
    }
    rte_flow *create(uint16_t, const flow::ParsedRule &rule, rte_flow_error *e, int *rc) override {
        creates++;
        *rc = answer(e);
        if (*rc) return nullptr;
        for (const rte_flow_action &a : rule.actions)
            if (a.type == RTE_FLOW_ACTION_TYPE_AGE)
                age_contexts.push_back(static_cast<const rte_flow_action_age *>(a.conf)->context);
        flows_.push_back(std::make_unique<char>());
        return reinterpret_cast<rte_flow *>(flows_.back().get());
    }
    int destroy(uint16_t, rte_flow *, rte_flow_error *e) override {
        destroys++;
        return answer(e);
    }
#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
    int updates = 0;
    // The action types of the last update.
    std::vector<rte_flow_action_type> updated;
    int actions_update(uint16_t, rte_flow *, const rte_flow_action *actions,
                       rte_flow_error *e) override {
        updates++;
        updated.clear();
        for (const rte_flow_action *a = actions; a->type != RTE_FLOW_ACTION_TYPE_END; a++)
            updated.push_back(a->type);
        return answer(e);
    }
#endif
    int flush(uint16_t, rte_flow_error *e) override {
        flushes++;
        return answer(e);
    }
    int query(uint16_t, rte_flow *, const rte_flow_action &, void *data,
              rte_flow_error *e) override {
        return count_answer(data, e);
    }
    int isolate(uint16_t, bool on, rte_flow_error *e) override {
        if (const int rc = answer(e)) return rc;
        isolated = on;
        return 0;
    }
    // What dev_dump was last asked for (nullptr: all rules), and the text
    // it writes.
    int dumps = 0;
    rte_flow *dumped = nullptr;
    const char *dump_text = "fake PMD dump\n";
    int dev_dump(uint16_t, rte_flow *flow, FILE *file, rte_flow_error *e) override {
        dumps++;
        dumped = flow;
        if (const int rc = answer(e)) return rc;
        std::fputs(dump_text, file);
        return 0;
    }
    int aged_flows(uint16_t, void **contexts, uint32_t n, rte_flow_error *e) override {
        if (const int rc = answer(e)) return rc;
        for (uint32_t i = 0; i < n && i < aged.size(); i++)
            contexts[i] = aged[i];
        return static_cast<int>(aged.size());
    }

    int handle_creates = 0, handle_destroys = 0, handle_updates = 0;
    int64_t unused_quota = 42;             // what a QUOTA handle's query answers (23.03 on)
    rte_flow_action_conntrack conntrack{}; // the last conntrack object created
    rte_flow_action_handle *action_handle_create(uint16_t, const rte_flow_indir_action_conf &,
                                                 const rte_flow_action &action, rte_flow_error *e,
                                                 int *rc) override {
        handle_creates++;
        if (action.type == RTE_FLOW_ACTION_TYPE_CONNTRACK)
            conntrack = *static_cast<const rte_flow_action_conntrack *>(action.conf);
        *rc = answer(e);
        if (*rc) return nullptr;
        flows_.push_back(std::make_unique<char>());
        auto *h = reinterpret_cast<rte_flow_action_handle *>(flows_.back().get());
        handle_types_[h] = action.type;
        return h;
    }
    int action_handle_destroy(uint16_t, rte_flow_action_handle *, rte_flow_error *e) override {
        handle_destroys++;
        return answer(e);
    }
    int action_handle_update(uint16_t, rte_flow_action_handle *, const void *,
                             rte_flow_error *e) override {
        handle_updates++;
        return answer(e);
    }
    // A CONNTRACK handle's context is `conntrack` (what a test sets, else
    // what was created); any other handle answers a COUNT's counters.
    int action_handle_query(uint16_t, const rte_flow_action_handle *h, void *data,
                            rte_flow_error *e) override {
        const auto type = handle_types_.find(h);
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
        if (type != handle_types_.end() && type->second == RTE_FLOW_ACTION_TYPE_QUOTA) {
            if (const int rc = answer(e)) return rc;
            static_cast<rte_flow_query_quota *>(data)->quota = unused_quota;
            return 0;
        }
#endif
        if (type == handle_types_.end() || type->second != RTE_FLOW_ACTION_TYPE_CONNTRACK)
            return count_answer(data, e);
        if (const int rc = answer(e)) return rc;
        *static_cast<rte_flow_action_conntrack *>(data) = conntrack;
        return 0;
    }

#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
    // query_update: the update's action type and the mode it came with;
    // the answer is action_handle_query's (a QUOTA handle's `unused_quota`).
    int query_updates = 0, async_query_updates = 0;
    rte_flow_action_type last_update_type = RTE_FLOW_ACTION_TYPE_VOID;
    rte_flow_query_update_mode last_qu_mode{};
    int action_handle_query_update(uint16_t port, rte_flow_action_handle *h, const void *update,
                                   void *query, rte_flow_query_update_mode mode,
                                   rte_flow_error *e) override {
        query_updates++;
        last_update_type = static_cast<const rte_flow_action *>(update)->type;
        last_qu_mode = mode;
        return action_handle_query(port, h, query, e);
    }
    int async_action_handle_query_update(uint16_t, uint32_t, const rte_flow_op_attr &,
                                         rte_flow_action_handle *, const void *update, void *,
                                         rte_flow_query_update_mode mode,
                                         rte_flow_error *e) override {
        async_query_updates++;
        last_update_type = static_cast<const rte_flow_action *>(update)->type;
        last_qu_mode = mode;
        return answer(e);
    }
#endif
#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
    int async_updates = 0;
    uint8_t last_actions_index = 0;
    int async_actions_update(uint16_t, uint32_t, const rte_flow_op_attr &, rte_flow *,
                             const rte_flow_action *, uint8_t actions_index,
                             rte_flow_error *e) override {
        async_updates++;
        last_actions_index = actions_index;
        return answer(e);
    }
#endif
#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
    int resized_updates = 0;
    int async_update_resized(uint16_t, uint32_t, const rte_flow_op_attr &, rte_flow *,
                             rte_flow_error *e) override {
        resized_updates++;
        return answer(e);
    }
#endif

    // The template and queue API: handles as a PMD that takes everything
    // gives them, counted; pull hands back `pulled` results, all succeeded
    // but `pull_failed`.
    int configures = 0, pattern_templates = 0, actions_templates = 0, tables = 0;
    int template_destroys = 0, async_creates = 0, async_destroys = 0, pushes = 0;
    uint16_t last_nb_queue = 0;
    bool last_masks = false; // the last actions template had masks
    uint8_t last_nb_patterns = 0, last_nb_actions = 0;
    int pulled = 0, pull_failed = 0;
    int info_get(uint16_t, rte_flow_port_info *pi, rte_flow_queue_info *qi,
                 rte_flow_error *e) override {
        if (const int rc = answer(e)) return rc;
        pi->max_nb_queues = 8;
        qi->max_size = 256;
        pi->max_nb_counters = 1024;
        pi->max_nb_aging_objects = 16;
        pi->max_nb_meters = 4;
        return 0;
    }
    int configure(uint16_t, const rte_flow_port_attr &, uint16_t nb_queue,
                  const rte_flow_queue_attr &, rte_flow_error *e) override {
        configures++;
        last_nb_queue = nb_queue;
        return answer(e);
    }
    rte_flow_pattern_template *pattern_template_create(uint16_t,
                                                       const rte_flow_pattern_template_attr &,
                                                       const rte_flow_item *, rte_flow_error *e,
                                                       int *rc) override {
        pattern_templates++;
        return handle<rte_flow_pattern_template>(e, rc);
    }
    int pattern_template_destroy(uint16_t, rte_flow_pattern_template *,
                                 rte_flow_error *e) override {
        template_destroys++;
        return answer(e);
    }
    rte_flow_actions_template *actions_template_create(uint16_t,
                                                       const rte_flow_actions_template_attr &,
                                                       const rte_flow_action *,
                                                       const rte_flow_action *masks,
                                                       rte_flow_error *e, int *rc) override {
        actions_templates++;
        last_masks = masks != nullptr;
        return handle<rte_flow_actions_template>(e, rc);
    }
    int actions_template_destroy(uint16_t, rte_flow_actions_template *,
                                 rte_flow_error *e) override {
        template_destroys++;
        return answer(e);
    }
    rte_flow_template_table *template_table_create(uint16_t, const rte_flow_template_table_attr &,
                                                   rte_flow_pattern_template *const *,
                                                   uint8_t nb_patterns,
                                                   rte_flow_actions_template *const *,
                                                   uint8_t nb_actions, rte_flow_error *e,
                                                   int *rc) override {
        tables++;
        last_nb_patterns = nb_patterns;
        last_nb_actions = nb_actions;
        return handle<rte_flow_template_table>(e, rc);
    }
    int template_table_destroy(uint16_t, rte_flow_template_table *, rte_flow_error *e) override {
        template_destroys++;
        return answer(e);
    }
#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
    int template_table_resize(uint16_t, rte_flow_template_table *, uint32_t nb_rules,
                              rte_flow_error *e) override {
        last_resize_rules = nb_rules;
        return answer(e);
    }
    int template_table_resize_complete(uint16_t, rte_flow_template_table *,
                                       rte_flow_error *e) override {
        resize_completes++;
        return answer(e);
    }
    uint32_t last_resize_rules = 0;
    int resize_completes = 0;
#endif
    rte_flow *async_create(uint16_t, uint32_t, const rte_flow_op_attr &, rte_flow_template_table *,
                           const rte_flow_item *, uint8_t, const rte_flow_action *, uint8_t,
                           rte_flow_error *e, int *rc) override {
        async_creates++;
        return handle<rte_flow>(e, rc);
    }
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
    // The last by-index creation: its index and whether a pattern came.
    int index_creates = 0;
    uint32_t last_rule_index = 0;
    bool last_with_pattern = false;
    rte_flow *async_create_by_index(uint16_t, uint32_t, const rte_flow_op_attr &,
                                    rte_flow_template_table *, uint32_t rule_index,
                                    const rte_flow_item *pattern, uint8_t, const rte_flow_action *,
                                    uint8_t, rte_flow_error *e, int *rc) override {
        index_creates++;
        last_rule_index = rule_index;
        last_with_pattern = pattern != nullptr;
        return handle<rte_flow>(e, rc);
    }
#endif
    int async_destroy(uint16_t, uint32_t, const rte_flow_op_attr &, rte_flow *,
                      rte_flow_error *e) override {
        async_destroys++;
        return answer(e);
    }
    int push(uint16_t, uint32_t, rte_flow_error *e) override {
        pushes++;
        return answer(e);
    }
    int pull(uint16_t, uint32_t, rte_flow_op_result *res, uint16_t n, rte_flow_error *e) override {
        if (const int rc = answer(e)) return rc;
        const int got = std::min<int>(pulled, n);
        for (int i = 0; i < got; i++)
            res[i].status = i < pull_failed ? RTE_FLOW_OP_ERROR : RTE_FLOW_OP_SUCCESS;
        return got;
    }

    int async_handle_creates = 0, async_handle_destroys = 0, async_handle_updates = 0;
    rte_flow_action_handle *async_action_handle_create(uint16_t, uint32_t, const rte_flow_op_attr &,
                                                       const rte_flow_indir_action_conf &,
                                                       const rte_flow_action &action,
                                                       rte_flow_error *e, int *rc) override {
        async_handle_creates++;
        auto *h = handle<rte_flow_action_handle>(e, rc);
        if (h) handle_types_[h] = action.type;
        return h;
    }
    int async_action_handle_destroy(uint16_t, uint32_t, const rte_flow_op_attr &,
                                    rte_flow_action_handle *, rte_flow_error *e) override {
        async_handle_destroys++;
        return answer(e);
    }
    int async_action_handle_update(uint16_t, uint32_t, const rte_flow_op_attr &,
                                   rte_flow_action_handle *, const void *,
                                   rte_flow_error *e) override {
        async_handle_updates++;
        return answer(e);
    }

  private:
    template <typename T>
    T *handle(rte_flow_error *e, int *rc) {
        *rc = answer(e);
        if (*rc) return nullptr;
        flows_.push_back(std::make_unique<char>());
        return reinterpret_cast<T *>(flows_.back().get());
    }
    int answer(rte_flow_error *e) {
        if (!fail_errno) return 0;
        rte_flow_error_set(e, fail_errno, fail_type, nullptr, fail_message);
        return -fail_errno;
    }
    // A query's answer: the counters, set.
    int count_answer(void *data, rte_flow_error *e) {
        if (const int rc = answer(e)) return rc;
        auto *c = static_cast<rte_flow_query_count *>(data);
        c->hits_set = c->bytes_set = 1;
        c->hits = hits;
        c->bytes = bytes;
        return 0;
    }
    std::vector<std::unique_ptr<char>> flows_;
    std::map<const rte_flow_action_handle *, rte_flow_action_type> handle_types_;
};

} // namespace pmdfwd::testing
