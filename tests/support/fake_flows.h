// rte_flow without a PMD (ports/flow/flow_control.h): rules are kept and
// answered as a PMD that takes them would, or refused with the error a test
// sets, so the flow commands' texts and the rule list can be checked.
#pragma once

#include "ports/flow/flow_control.h"

#include <cerrno>
#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace pmdfwd::testing {

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
    int flush(uint16_t, rte_flow_error *e) override {
        flushes++;
        return answer(e);
    }
    int query(uint16_t, rte_flow *, const rte_flow_action &, void *data,
              rte_flow_error *e) override {
        if (const int rc = answer(e)) return rc;
        auto *c = static_cast<rte_flow_query_count *>(data);
        c->hits_set = c->bytes_set = 1;
        c->hits = hits;
        c->bytes = bytes;
        return 0;
    }
    int isolate(uint16_t, bool on, rte_flow_error *e) override {
        if (const int rc = answer(e)) return rc;
        isolated = on;
        return 0;
    }
    int aged_flows(uint16_t, void **contexts, uint32_t n, rte_flow_error *e) override {
        if (const int rc = answer(e)) return rc;
        for (uint32_t i = 0; i < n && i < aged.size(); i++)
            contexts[i] = aged[i];
        return static_cast<int>(aged.size());
    }

    int handle_creates = 0, handle_destroys = 0, handle_updates = 0;
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
        return reinterpret_cast<rte_flow_action_handle *>(flows_.back().get());
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
    // A COUNT handle's counters (the only kind the tests query).
    int action_handle_query(uint16_t, const rte_flow_action_handle *, void *data,
                            rte_flow_error *e) override {
        if (const int rc = answer(e)) return rc;
        auto *c = static_cast<rte_flow_query_count *>(data);
        c->hits_set = c->bytes_set = 1;
        c->hits = hits;
        c->bytes = bytes;
        return 0;
    }

  private:
    int answer(rte_flow_error *e) {
        if (!fail_errno) return 0;
        rte_flow_error_set(e, fail_errno, fail_type, nullptr, fail_message);
        return -fail_errno;
    }
    std::vector<std::unique_ptr<char>> flows_;
};

} // namespace pmdfwd::testing
