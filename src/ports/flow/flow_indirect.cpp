// The rule list's indirect actions (flow_rules.h): testpmd 22.11's
// port_action_handle_create|destroy|update|query (config.c) and their texts.
#include "ports/flow/flow_complain.h"
#include "ports/flow/flow_destroy_listed.h"
#include "ports/flow/flow_query_text.h"
#include "ports/flow/flow_rules.h"
#include "text/text_format.h"

#include <rte_version.h>

#include <algorithm>
#include <cinttypes>
#include <cstring>

namespace pmdfwd::flow {

FlowRules::Indirect *FlowRules::find_indirect(uint16_t port, uint32_t id, std::string *out) {
    auto list = indirect_.find(port);
    if (list != indirect_.end())
        if (auto it = list->second.find(id); it != list->second.end()) return &it->second;
    append_format(out, "Failed to find indirect action #%" PRIu32 " on port %u\n", id, port);
    return nullptr;
}

// testpmd's action_alloc: the given id, or the highest one plus one.
FlowRules::Indirect *FlowRules::alloc_indirect(uint16_t port, uint32_t *id, std::string *out) {
    IndirectList &list = indirect_[port];
    if (*id == kAutoId) {
        if (!list.empty() && list.begin()->first == UINT32_MAX - 1) {
            *out += "Highest indirect action ID is already assigned, delete it first\n";
            return nullptr;
        }
        *id = list.empty() ? 0 : list.begin()->first + 1;
    }
    if (list.contains(*id)) {
        append_format(out, "Indirect action #%" PRIu32 " is already assigned, delete it first\n",
                      *id);
        return nullptr;
    }
    return &list[*id];
}

// testpmd's action_alloc, then the PMD; a refused action is destroyed again
// (its line said) before the PMD's complaint.
bool FlowRules::indirect_create(uint16_t port, uint32_t id, const rte_flow_indir_action_conf &conf,
                                ParsedRule rule, std::string *out) {
    Indirect *slot = alloc_indirect(port, &id, out);
    if (!slot) return false;
    Indirect &ia = *slot;
    ia.parsed = std::move(rule);
    rte_flow_error error = poisoned_error(0x22);
    int rc = 0;
    ia.handle = ctl_.action_handle_create(port, conf, ia.parsed.actions.at(0), &error, &rc);
    if (!ia.handle) {
        indirect_destroy(port, {id}, out);
        *out += flow_complaint(error, rc);
        return false;
    }
    ia.type = ia.parsed.actions[0].type;
    append_format(out, "Indirect action #%" PRIu32 " created\n", id);
    return true;
}

// An action without a handle leaves the list without asking the PMD.
bool FlowRules::indirect_destroy(uint16_t port, const std::vector<uint32_t> &ids,
                                 std::string *out) {
    const auto destroy = [&](const Indirect &ia, rte_flow_error *error) {
        return ia.handle ? ctl_.action_handle_destroy(port, ia.handle, error) : 0;
    };
    auto list = indirect_.find(port);
    if (list == indirect_.end()) return true;
    return destroy_listed(list->second, ids, "Indirect action", "destroyed", 0x33, destroy, out);
}

// AGE and CONNTRACK take their configuration as the update, the others the
// whole action (testpmd's port_action_handle_update).
bool FlowRules::indirect_update(uint16_t port, uint32_t id, const ParsedRule &rule,
                                std::string *out) {
    Indirect *ia = find_indirect(port, id, out);
    if (!ia) return false;
    const rte_flow_action &action = rule.actions.at(0);
    const bool conf_only =
        ia->type == RTE_FLOW_ACTION_TYPE_AGE || ia->type == RTE_FLOW_ACTION_TYPE_CONNTRACK;
    rte_flow_error error = poisoned_error(0x00);
    if (const int rc = ctl_.action_handle_update(
            port, ia->handle, conf_only ? action.conf : static_cast<const void *>(&action), &error);
        rc < 0) {
        *out += flow_complaint(error, rc);
        return false;
    }
    append_format(out, "Indirect action #%" PRIu32 " updated\n", id);
    return true;
}

namespace {

// testpmd queried AGE and COUNT actions only until 25.11 (and the stable
// releases it was backported to: 22.11.11, 23.11.6, 24.11.4) let
// CONNTRACK through to the dump it always had.
constexpr bool kConntrackQuery =
#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)
    true;
#else
    (RTE_VER_YEAR == 22 && RTE_VER_MONTH == 11 && RTE_VER_MINOR >= 11) ||
    (RTE_VER_YEAR == 23 && RTE_VER_MONTH == 11 && RTE_VER_MINOR >= 6) ||
    (RTE_VER_YEAR == 24 && RTE_VER_MONTH == 11 && RTE_VER_MINOR >= 4);
#endif

// 23.03 queries QUOTA actions too.
bool queryable(rte_flow_action_type type) {
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
    if (type == RTE_FLOW_ACTION_TYPE_QUOTA) return true;
#endif
    return type == RTE_FLOW_ACTION_TYPE_AGE || type == RTE_FLOW_ACTION_TYPE_COUNT ||
           (kConntrackQuery && type == RTE_FLOW_ACTION_TYPE_CONNTRACK);
}

} // namespace

// testpmd's port_action_handle_query and its dump.
bool FlowRules::indirect_query(uint16_t port, uint32_t id, std::string *out) {
    const Indirect *ia = find_indirect(port, id, out);
    if (!ia) return false;
    if (!queryable(ia->type)) {
        append_format(out,
                      "Indirect action %" PRIu32 " (type: %d) on port %u doesn't support query\n",
                      id, static_cast<int>(ia->type), port);
        return false;
    }
    QueryAnswer q = empty_answer();
    rte_flow_error error = poisoned_error(0x55);
    if (const int rc = ctl_.action_handle_query(port, ia->handle, &q, &error); rc < 0) {
        *out += flow_complaint(error, rc);
        return false;
    }
    append_indirect_answer(out, port, id, ia->type, q);
    return true;
}

} // namespace pmdfwd::flow
