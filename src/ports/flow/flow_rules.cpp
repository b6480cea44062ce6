#include "ports/flow/flow_rules.h"

#include "ports/flow/flow_complain.h"
#include "ports/flow/flow_query_text.h"
#include "text/text_format.h"

#include <algorithm>
#include <cinttypes>
#include <climits>
#include <cstring>

namespace pmdfwd::flow {

namespace {

// testpmd's ", user-id 0x.." after a rule's created/destroyed/updated line
// where the user id names the rule (23.07's user_id), else nothing.
std::string user_id_note(bool shown, uint64_t user_id) {
    return shown ? text_format(", user-id 0x%" PRIx64, user_id) : std::string();
}

const char *item_name(rte_flow_item_type type) {
    const char *name = nullptr;
    if (static_cast<uint32_t>(type) > INT_MAX) return "PMD_INTERNAL";
    if (rte_flow_conv(RTE_FLOW_CONV_OP_ITEM_NAME_PTR, &name, sizeof(name),
                      reinterpret_cast<void *>(static_cast<uintptr_t>(type)), nullptr) <= 0)
        return "[UNKNOWN]";
    return name;
}

const char *action_name(rte_flow_action_type type) {
    const char *name = nullptr;
    if (static_cast<uint32_t>(type) > INT_MAX) return "PMD_INTERNAL";
    if (rte_flow_conv(RTE_FLOW_CONV_OP_ACTION_NAME_PTR, &name, sizeof(name),
                      reinterpret_cast<void *>(static_cast<uintptr_t>(type)), nullptr) <= 0)
        return "[UNKNOWN]";
    return name;
}

std::string attr_text(const rte_flow_attr &a) {
    return {a.ingress ? 'i' : '-', a.egress ? 'e' : '-', a.transfer ? 't' : '-'};
}

// The rule's age action's configuration, to point its context at the rule.
rte_flow_action_age *age_of(ParsedRule &rule) {
    for (rte_flow_action &a : rule.actions)
        if (a.type == RTE_FLOW_ACTION_TYPE_AGE)
            return static_cast<rte_flow_action_age *>(const_cast<void *>(a.conf));
    return nullptr;
}

} // namespace

size_t FlowRules::count(uint16_t port) const {
    auto it = rules_.find(port);
    return it == rules_.end() ? 0 : it->second.size();
}

bool FlowRules::validate(uint16_t port, const ParsedRule &rule, std::string *out) {
    rte_flow_error error = poisoned_error(0x11);
    if (const int rc = ctl_.validate(port, rule, &error); rc < 0) {
        *out += flow_complaint(error, rc);
        return false;
    }
    *out += "Flow rule validated\n";
    return true;
}

bool FlowRules::create(uint16_t port, ParsedRule rule, std::string *out) {
    List &list = rules_[port];
    uint32_t id = 0;
    if (!list.empty()) {
        if (list.back()->id == UINT32_MAX) {
            *out += "Highest rule ID is already assigned, delete it first";
            return false;
        }
        id = list.back()->id + 1;
    }
    auto r = std::make_unique<Rule>();
    r->id = id;
    r->parsed = std::move(rule);
    // The aged list hands back this context: the rule itself.
    if (rte_flow_action_age *age = age_of(r->parsed)) age->context = r.get();
    rte_flow_error error = poisoned_error(0x22);
    int rc = 0;
    r->flow = ctl_.create(port, r->parsed, &error, &rc);
    if (!r->flow) {
        *out += flow_complaint(error, rc);
        return false;
    }
    append_format(out, "Flow rule #%" PRIu32 " created%s\n", id,
                  user_id_note(r->parsed.user_id != 0, r->parsed.user_id).c_str());
    list.push_back(std::move(r));
    return true;
}

bool FlowRules::destroy_one(uint16_t port, List &list, size_t i, std::string *out,
                            bool by_user_id) {
    rte_flow_error error = poisoned_error(0x33);
    if (const int rc = ctl_.destroy(port, list[i]->flow, &error); rc < 0) {
        *out += flow_complaint(error, rc);
        return false;
    }
    append_format(out, "Flow rule #%" PRIu32 " destroyed%s\n", list[i]->id,
                  user_id_note(by_user_id, list[i]->parsed.user_id).c_str());
    list.erase(list.begin() + static_cast<ptrdiff_t>(i));
    return true;
}

bool FlowRules::destroy(uint16_t port, const std::vector<uint64_t> &ids, std::string *out,
                        bool by_user_id) {
    List &list = rules_[port];
    bool ok = true;
    // testpmd walks its list newest first; ids it does not hold are passed over.
    for (size_t i = list.size(); i-- > 0;) {
        const uint64_t id = by_user_id ? list[i]->parsed.user_id : list[i]->id;
        if (std::find(ids.begin(), ids.end(), id) != ids.end())
            ok = destroy_one(port, list, i, out, by_user_id) && ok;
    }
    return ok;
}

FlowRules::Rule *FlowRules::find(uint16_t port, uint64_t id, bool by_user_id) {
    auto it = rules_.find(port);
    if (it == rules_.end()) return nullptr;
    Rule *found = nullptr;
    // The newest of equal user ids, as testpmd's newest-first list finds it.
    for (const auto &r : it->second)
        if ((by_user_id ? r->parsed.user_id : r->id) == id) found = r.get();
    return found;
}

#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
bool FlowRules::update(uint16_t port, uint32_t id, ParsedRule actions, std::string *out,
                       bool by_user_id) {
    Rule *rule = find(port, id, by_user_id);
    if (!rule) {
        append_format(out, "Failed to find flow %" PRIu32 "\n", id);
        return false;
    }
    if (rte_flow_action_age *age = age_of(actions)) age->context = rule;
    rte_flow_error error = poisoned_error(0x33);
    if (const int rc = ctl_.actions_update(port, rule->flow, actions.actions.data(), &error);
        rc < 0) {
        *out += flow_complaint(error, rc);
        return false;
    }
    append_format(out, "Flow rule #%" PRIu32 " updated with new actions%s\n", rule->id,
                  user_id_note(by_user_id, rule->parsed.user_id).c_str());
    replace_actions(*rule, std::move(actions));
    return true;
}
#endif

// The old actions' blocks stay: the pattern's may share the storage.
void FlowRules::replace_actions(Rule &rule, ParsedRule actions) {
    rule.parsed.actions = std::move(actions.actions);
    for (auto &block : actions.storage)
        rule.parsed.storage.push_back(std::move(block));
}

bool FlowRules::flush(uint16_t port, std::string *out) {
    auto it = rules_.find(port);
    if (it == rules_.end() || it->second.empty()) return true;
    rte_flow_error error = poisoned_error(0x44);
    if (const int rc = ctl_.flush(port, &error); rc < 0) *out += flow_complaint(error, rc);
    rules_.erase(it); // testpmd forgets them whatever the PMD said, and succeeds
    return true;
}

void FlowRules::list(uint16_t port, const std::vector<uint32_t> &groups, std::string *out) const {
    auto it = rules_.find(port);
    if (it == rules_.end() || it->second.empty()) return;
    std::vector<const Rule *> shown;
    for (const auto &r : it->second)
        if (groups.empty() ||
            std::find(groups.begin(), groups.end(), r->parsed.attr.group) != groups.end())
            shown.push_back(r.get());
    std::sort(shown.begin(), shown.end(), [](const Rule *a, const Rule *b) {
        const rte_flow_attr &x = a->parsed.attr, &y = b->parsed.attr;
        return std::tie(x.group, x.priority, a->id) < std::tie(y.group, y.priority, b->id);
    });
    *out += "ID\tGroup\tPrio\tAttr\tRule\n";
    for (const Rule *r : shown) {
        const rte_flow_attr &a = r->parsed.attr;
        append_format(out, "%" PRIu32 "\t%" PRIu32 "\t%" PRIu32 "\t%s\t", r->id, a.group,
                      a.priority, attr_text(a).c_str());
        for (const rte_flow_item &i : r->parsed.pattern)
            if (i.type != RTE_FLOW_ITEM_TYPE_END && i.type != RTE_FLOW_ITEM_TYPE_VOID)
                append_format(out, "%s ", item_name(i.type));
        *out += "=>";
        for (const rte_flow_action &act : r->parsed.actions)
            if (act.type != RTE_FLOW_ACTION_TYPE_END && act.type != RTE_FLOW_ACTION_TYPE_VOID)
                append_format(out, " %s", action_name(act.type));
        *out += "\n";
    }
}

bool FlowRules::query(uint16_t port, uint64_t id, rte_flow_action_type type, std::string *out,
                      bool by_user_id) {
    const Rule *rule = find(port, id, by_user_id);
    if (!rule) {
        append_format(out, "Flow rule #%" PRIu64 " not found\n", id);
        return false;
    }
    QueryAnswer q = empty_answer();
    rte_flow_error error = poisoned_error(0x55);
    const rte_flow_action action{type, nullptr};
    if (const int rc = ctl_.query(port, rule->flow, action, &q, &error); rc < 0) {
        *out += flow_complaint(error, rc);
        return false;
    }
    append_query_text(out, action_name(type), type == RTE_FLOW_ACTION_TYPE_COUNT, q);
    return true;
}

bool FlowRules::isolate(uint16_t port, bool on, std::string *out) {
    rte_flow_error error = poisoned_error(0x66);
    if (const int rc = ctl_.isolate(port, on, &error); rc < 0) {
        *out += flow_complaint(error, rc);
        return false;
    }
    append_format(out, "Ingress traffic on port %u is %s to the defined flow rules\n", port,
                  on ? "now restricted" : "not restricted anymore");
    return true;
}

bool FlowRules::aged(uint16_t port, bool destroy, std::string *out) {
    rte_flow_error error = poisoned_error(0x77);
    const int total = ctl_.aged_flows(port, nullptr, 0, &error);
    append_format(out, "Port %u total aged flows: %d\n", port, total);
    if (total < 0) {
        *out += flow_complaint(error, total);
        return false;
    }
    if (total == 0) return true;
    std::vector<void *> contexts(static_cast<size_t>(total));
    append_format(out, "%-20s\tID\tGroup\tPrio\tAttr\n", "Type");
    const int got = ctl_.aged_flows(port, contexts.data(), static_cast<uint32_t>(total), &error);
    if (got != total) {
        append_format(out, "Port:%d get aged flows count(%d) != total(%d)\n", port, got, total);
        return false;
    }
    List &list = rules_[port];
    int destroyed = 0;
    for (void *ctx : contexts) {
        auto at =
            std::find_if(list.begin(), list.end(), [&](const auto &r) { return r.get() == ctx; });
        if (at == list.end()) {
            append_format(out, "Error: get Null context in port %u\n", port);
            continue;
        }
        const Rule &r = **at;
        append_format(out, "%-20s\t%" PRIu32 "\t%" PRIu32 "\t%" PRIu32 "\t%s\t\n", "Flow", r.id,
                      r.parsed.attr.group, r.parsed.attr.priority,
                      attr_text(r.parsed.attr).c_str());
        if (destroy && destroy_one(port, list, static_cast<size_t>(at - list.begin()), out))
            destroyed++;
    }
    append_format(out, "\n%d flows destroyed\n", destroyed);
    return true;
}

} // namespace pmdfwd::flow
