// The rule list's query_update of indirect actions (flow_rules.h), 23.03
// on: testpmd's port_action_handle_query_update and
// port_queue_action_handle_query_update (config.c) and their texts.
#include "ports/flow/flow_complain.h"
#include "ports/flow/flow_rules.h"
#include "text/text_format.h"

#include <rte_version.h>

#include <cinttypes>

#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)

namespace pmdfwd::flow {

// The update is the action itself (its conf is the PMD's to read), and
// the answer is dumped as a query's.
bool FlowRules::indirect_query_update(uint16_t port, uint32_t id, rte_flow_query_update_mode mode,
                                      const ParsedRule &rule, std::string *out) {
    const Indirect *ia = find_indirect(port, id, out);
    if (!ia || !ia->handle) return false;
    QueryAnswer q = empty_answer();
    rte_flow_error error = poisoned_error(0x00);
    if (const int rc = ctl_.action_handle_query_update(port, ia->handle, &rule.actions.at(0), &q,
                                                       mode, &error);
        rc < 0) {
        *out += flow_complaint(error, rc);
        return false;
    }
    append_indirect_answer(out, port, id, ia->type, q);
    return true;
}

// testpmd asks no queue of its own here: the PMD judges it.
bool FlowRules::queue_indirect_query_update(uint16_t port, const QueueRule &op, uint32_t id,
                                            rte_flow_query_update_mode mode, const ParsedRule &rule,
                                            std::string *out) {
    Indirect *ia = find_indirect(port, id, out);
    if (!ia || !ia->handle) return false;
    rte_flow_op_attr attr{};
    attr.postpone = op.postpone;
    ia->queued = empty_answer();
    rte_flow_error error = poisoned_error(0x00);
    int rc = 0;
    if (engine_ready(port, &error, &rc))
        rc = ctl_.async_action_handle_query_update(port, op.queue, attr, ia->handle,
                                                   &rule.actions.at(0), &ia->queued, mode, &error);
    if (rc < 0) {
        *out += flow_complaint(error, rc);
        return false;
    }
    append_format(out, "port-%u: indirect action #%" PRIu32 " update-and-query queued\n", port, id);
    return true;
}

} // namespace pmdfwd::flow

#endif
