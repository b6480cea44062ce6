// The rule list's indirect actions through an asynchronous queue
// (flow_rules.h): testpmd 22.11's port_queue_action_handle_create|destroy|
// update (config.c) and their texts.
#include "ports/flow/flow_complain.h"
#include "ports/flow/flow_destroy_listed.h"
#include "ports/flow/flow_rules.h"
#include "text/text_format.h"

#include <algorithm>
#include <cinttypes>
#include <cstring>

namespace pmdfwd::flow {

namespace {

rte_flow_op_attr op_attr(const FlowRules::QueueRule &op) {
    rte_flow_op_attr a{};
    a.postpone = op.postpone;
    return a;
}

} // namespace

// testpmd's action_alloc takes the id first: an action refused for its
// queue stays in the list without a handle (its id taken, `flow
// indirect_action query` says it does not support queries), as testpmd's.
bool FlowRules::queue_indirect_create(uint16_t port, const QueueRule &op, uint32_t id,
                                      const rte_flow_indir_action_conf &conf, ParsedRule rule,
                                      std::string *out) {
    Indirect *slot = alloc_indirect(port, &id, out);
    if (!slot) return false;
    Indirect &ia = *slot;
    ia.parsed = std::move(rule);
    auto e = engines_.find(port);
    if (!queue_valid(e == engines_.end() ? Engine{} : e->second, op.queue, out)) return false;
    rte_flow_error error = poisoned_error(0x88);
    int rc = 0;
    if (engine_ready(port, &error, &rc))
        ia.handle = ctl_.async_action_handle_create(port, op.queue, op_attr(op), conf,
                                                    ia.parsed.actions.at(0), &error, &rc);
    if (!ia.handle) {
        queue_indirect_destroy(port, op, {id}, out);
        *out += flow_complaint(error, rc);
        return false;
    }
    ia.type = ia.parsed.actions[0].type;
    append_format(out, "Indirect action #%" PRIu32 " creation queued\n", id);
    return true;
}

// A handle or not, testpmd asks the PMD.
bool FlowRules::queue_indirect_destroy(uint16_t port, const QueueRule &op,
                                       const std::vector<uint32_t> &ids, std::string *out) {
    auto e = engines_.find(port);
    if (!queue_valid(e == engines_.end() ? Engine{} : e->second, op.queue, out)) return false;
    const auto destroy = [&](const Indirect &ia, rte_flow_error *error) {
        int rc = 0;
        if (engine_ready(port, error, &rc))
            rc = ctl_.async_action_handle_destroy(port, op.queue, op_attr(op), ia.handle, error);
        return rc;
    };
    auto list = indirect_.find(port);
    if (list == indirect_.end()) return true;
    return destroy_listed(list->second, ids, "Indirect action", "destruction queued", 0x99, destroy,
                          out);
}

// An action without a handle is refused silently (testpmd's
// port_action_handle_get_by_id); AGE takes its configuration as the
// update, the others the whole action.
bool FlowRules::queue_indirect_update(uint16_t port, const QueueRule &op, uint32_t id,
                                      const ParsedRule &rule, std::string *out) {
    Indirect *ia = find_indirect(port, id, out);
    if (!ia || !ia->handle) return false;
    auto e = engines_.find(port);
    if (!queue_valid(e == engines_.end() ? Engine{} : e->second, op.queue, out)) return false;
    const rte_flow_action &action = rule.actions.at(0);
    const void *update =
        ia->type == RTE_FLOW_ACTION_TYPE_AGE ? action.conf : static_cast<const void *>(&action);
    rte_flow_error error = poisoned_error(0x00);
    int rc = 0;
    if (engine_ready(port, &error, &rc))
        rc = ctl_.async_action_handle_update(port, op.queue, op_attr(op), ia->handle, update,
                                             &error);
    if (rc < 0) {
        *out += flow_complaint(error, rc);
        return false;
    }
    append_format(out, "Indirect action #%" PRIu32 " update queued\n", id);
    return true;
}

} // namespace pmdfwd::flow
