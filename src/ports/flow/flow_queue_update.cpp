// The rule list's updates of queue rules (flow_rules.h): testpmd's
// port_queue_flow_update (23.07 on) and port_queue_flow_update_resized
// (24.03 on) in config.c, and their texts.
#include "ports/flow/flow_complain.h"
#include "ports/flow/flow_rules.h"
#include "text/text_format.h"

#include <rte_version.h>

#include <cinttypes>

namespace pmdfwd::flow {

#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
// A rule `flow create` made has no table: testpmd reads its missing
// table's templates (and crashes); pmdfwd counts none.
bool FlowRules::queue_update(uint16_t port, const QueueRule &op, uint32_t id, ParsedRule actions,
                             std::string *out) {
    if (!queue_valid(engines_[port], op.queue, out)) return false;
    Rule *rule = find(port, id, false);
    if (!rule) {
        append_format(out, "Flow rule #%" PRIu32 " is invalid\n", id);
        return false;
    }
    const uint32_t templates = rule->table_actions.value_or(0);
    if (op.actions_index >= templates) {
        append_format(out,
                      "Actions template index #%" PRIu32 " is invalid, %" PRIu32
                      " templates present in the table\n",
                      op.actions_index, templates);
        return false;
    }
    rte_flow_op_attr attr{};
    attr.postpone = op.postpone;
    rte_flow_error error = poisoned_error(0x44);
    int rc = 0;
    if (engine_ready(port, &error, &rc))
        rc = ctl_.async_actions_update(port, op.queue, attr, rule->flow, actions.actions.data(),
                                       static_cast<uint8_t>(op.actions_index), &error);
    if (rc < 0) {
        *out += flow_complaint(error, rc);
        return false;
    }
    replace_actions(*rule, std::move(actions));
    append_format(out, "Flow rule #%" PRIu32 " update enqueued\n", id);
    return true;
}
#endif

#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
bool FlowRules::queue_update_resized(uint16_t port, uint32_t queue, uint32_t id, std::string *out) {
    if (!queue_valid(engines_[port], queue, out)) return false;
    Rule *rule = find(port, id, false);
    if (!rule) return false;
    rte_flow_error error{};
    int rc = 0;
    if (engine_ready(port, &error, &rc))
        rc = ctl_.async_update_resized(port, queue, rte_flow_op_attr{}, rule->flow, &error);
    if (rc == 0) return true;
    *out += flow_complaint(error, rc);
    return false;
}
#endif

} // namespace pmdfwd::flow
