// testpmd's flow rule commands (`flow validate|create|destroy|flush|dump|
// list|query|isolate|aged`, `flow indirect_action`, `flow queue ... aged`, `flow
// pull`): the rule's words go to the table-driven grammar
// (src/ports/flow/flow_parse.h), the rule list, indirect actions and
// testpmd's texts are the port's (src/ports/flow/flow_rules.h), `help flow`
// lists the tables.
#include "shell/command_families.h"
#include "shell/commands/flow_command_support.h"

#include "ports/flow/flow_complete.h"
#include "ports/flow/flow_items.h"
#include "ports/flow/flow_parse.h"
#include "ports/flow/flow_rules.h"

#include <rte_version.h>

#include <algorithm>
#include <cstring>
#include <optional>

namespace pmdfwd::shell {

namespace {

using flow::parse_flow_number;

// The rule list's commands name a port that must exist; validate, create
// and isolate leave it to rte_flow (ENODEV), as testpmd does.
bool port_exists(Ctx &c, const Args &a) {
    return flow_port_exists(c, a);
}

bool bad_rule(Ctx &c, const std::string &why) {
    return flow_bad_rule(c, why);
}

Result<flow::ParsedRule> parse_rule(Ctx &c, const Args &a) {
    return flow::parse_flow_rule(a.rest(1), flow_action_defaults(c));
}

bool validate(Ctx &c, const Args &a) {
    Result<flow::ParsedRule> rule = parse_rule(c, a);
    if (!rule) return bad_rule(c, rule.message());
    return c.flows.validate(a.port(0), *rule, c.out);
}

bool create(Ctx &c, const Args &a) {
    Result<flow::ParsedRule> rule = parse_rule(c, a);
    if (!rule) return bad_rule(c, rule.message());
    return c.flows.create(a.port(0), std::move(*rule), c.out);
}

// 23.07 names rules by 64-bit user ids too (`user_id`), and reads any id
// as 64 bits.
#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
constexpr bool kUserIds = true;
constexpr uint64_t kMaxRuleId = UINT64_MAX;
#else
constexpr bool kUserIds = false;
constexpr uint64_t kMaxRuleId = UINT32_MAX;
#endif

// The ids after `rule`: "N [rule N]...", from 23.07 with `user_id` between
// them (they are then user ids).
struct RuleIds {
    std::vector<uint64_t> ids;
    bool by_user_id = false;
};

Result<RuleIds> rule_ids(const std::vector<std::string> &words) {
    RuleIds r;
    bool want_id = true;
    for (const std::string &w : words) {
        if (kUserIds && w == "user_id" && !want_id) {
            r.by_user_id = true;
        } else if (want_id) {
            const Result<uint64_t> id = parse_flow_number("rule", w, kMaxRuleId);
            if (!id) return id.status();
            r.ids.push_back(*id);
            want_id = false;
        } else if (w == "rule") {
            want_id = true;
        } else {
            return Error("destroy: unexpected '" + w.substr(0, 40) + "' (allowed: rule" +
                         (kUserIds ? ", user_id)" : ")"));
        }
    }
    if (want_id) return Error("destroy: a rule id is missing after 'rule'");
    return r;
}

bool destroy(Ctx &c, const Args &a) {
    if (!port_exists(c, a)) return false;
    const Result<RuleIds> ids = rule_ids(a.rest(1));
    if (!ids) return bad_rule(c, ids.message());
    return c.flows.destroy(a.port(0), ids->ids, c.out, ids->by_user_id);
}

// "[group N]...": the groups to list.
Result<std::vector<uint32_t>> groups(const std::vector<std::string> &words) {
    std::vector<uint32_t> g;
    for (size_t i = 0; i < words.size(); i += 2) {
        if (words[i] != "group")
            return Error("list: unexpected '" + words[i].substr(0, 40) + "' (allowed: group)");
        if (i + 1 == words.size()) return Error("list: a group id is missing after 'group'");
        const Result<uint64_t> id = parse_flow_number("group", words[i + 1], UINT32_MAX);
        if (!id) return id.status();
        g.push_back(static_cast<uint32_t>(*id));
    }
    return g;
}

bool list(Ctx &c, const Args &a) {
    if (!port_exists(c, a)) return false;
    const Result<std::vector<uint32_t>> g = groups(a.rest(1));
    if (!g) return bad_rule(c, g.message());
    c.flows.list(a.port(0), *g, c.out);
    return true;
}

bool flush(Ctx &c, const Args &a) {
    return port_exists(c, a) && c.flows.flush(a.port(0), c.out);
}

bool query(Ctx &c, const Args &a) {
    if (!port_exists(c, a)) return false;
    const auto type = a.word(2) == "count" ? RTE_FLOW_ACTION_TYPE_COUNT : RTE_FLOW_ACTION_TYPE_AGE;
    return c.flows.query(a.port(0), a.number(1), type, c.out, a.size() > 3);
}

// testpmd's file path token holds 127 characters.
constexpr size_t kMaxDumpPath = 127;

// "[user_id]... all|rule N [FILE]" (user_id from 23.07: N is a user id).
struct DumpArgs {
    std::optional<uint64_t> id; // none: all rules
    bool by_user_id = false;
    std::string file; // none: the output
};

Result<DumpArgs> dump_args(const std::vector<std::string> &w) {
    DumpArgs d;
    size_t i = 0;
    for (; kUserIds && i < w.size() && w[i] == "user_id"; i++)
        d.by_user_id = true;
    const char *allowed = kUserIds ? " (allowed: all, rule, user_id)" : " (allowed: all, rule)";
    if (i == w.size()) return Error(std::string("dump: the line ends") + allowed);
    if (w[i] == "rule") {
        if (++i == w.size()) return Error("dump: a rule id is missing after 'rule'");
        const Result<uint64_t> id = parse_flow_number("rule", w[i], kMaxRuleId);
        if (!id) return id.status();
        d.id = *id;
    } else if (w[i] != "all") {
        return Error("dump: unexpected '" + w[i].substr(0, 40) + "'" + allowed);
    }
    if (++i < w.size()) {
        if (w[i].size() > kMaxDumpPath)
            return Error("dump: the file path is longer than " + std::to_string(kMaxDumpPath) +
                         " characters");
        d.file = w[i++];
    }
    if (i < w.size())
        return Error("dump: unexpected '" + w[i].substr(0, 40) + "' after the file path");
    return d;
}

bool dump(Ctx &c, const Args &a) {
    const Result<DumpArgs> d = dump_args(a.rest(1));
    if (!d) return bad_rule(c, d.message());
    if (!port_exists(c, a)) return false;
    return c.flows.dump(a.port(0), d->id, d->by_user_id, d->file, c.out);
}

std::vector<std::string> dump_next_words(const std::vector<std::string> &words) {
    if (words.empty() || (kUserIds && words.back() == "user_id"))
        return kUserIds ? std::vector<std::string>{"all", "rule", "user_id"}
                        : std::vector<std::string>{"all", "rule"};
    return {};
}

bool aged(Ctx &c, const Args &a) {
    return port_exists(c, a) && c.flows.aged(a.port(0), a.size() > 1, c.out);
}

// The action words after `action`, read as a rule's action list: the
// indirect action is the first.
Result<flow::ParsedRule> indirect_action(Ctx &c, std::span<const std::string> words) {
    std::vector<std::string> rule{"pattern", "end", "actions"};
    rule.insert(rule.end(), words.begin(), words.end());
    return flow::parse_flow_rule(rule, flow_action_defaults(c));
}

// "[action_id N] [ingress] [egress] [transfer] action ACTION... / end", the
// attributes in any order.
bool indirect_create(Ctx &c, const Args &a) {
    const std::vector<std::string> words = a.rest(1);
    uint32_t id = flow::FlowRules::kAutoId;
    rte_flow_indir_action_conf conf{};
    size_t i = 0;
    for (; i < words.size() && words[i] != "action"; i++) {
        if (words[i] == "ingress") {
            conf.ingress = 1;
        } else if (words[i] == "egress") {
            conf.egress = 1;
        } else if (words[i] == "transfer") {
            conf.transfer = 1;
        } else if (words[i] == "action_id" && i + 1 < words.size()) {
            const Result<uint64_t> n = parse_flow_number("action_id", words[++i], UINT32_MAX);
            if (!n) return bad_rule(c, n.message());
            id = static_cast<uint32_t>(*n);
        } else {
            return bad_rule(c, "indirect_action create: unexpected '" + words[i].substr(0, 40) +
                                   "' (allowed: action_id, ingress, egress, transfer, action)");
        }
    }
    if (i == words.size())
        return bad_rule(c, "indirect_action create: no 'action' (allowed: action)");
    Result<flow::ParsedRule> rule =
        indirect_action(c, std::span<const std::string>(words).subspan(i + 1));
    if (!rule) return bad_rule(c, rule.message());
    if (!port_exists(c, a)) return false;
    // A conntrack object starts from `set conntrack`'s context
    // (port_action_handle_create copies it in).
    if (rule->actions.at(0).type == RTE_FLOW_ACTION_TYPE_CONNTRACK)
        std::memcpy(const_cast<void *>(rule->actions[0].conf), &c.raw.conntrack,
                    sizeof(c.raw.conntrack));
    return c.flows.indirect_create(a.port(0), id, conf, std::move(*rule), c.out);
}

bool indirect_update(Ctx &c, const Args &a) {
    Result<flow::ParsedRule> rule = indirect_action(c, a.rest(2));
    if (!rule) return bad_rule(c, rule.message());
    if (!port_exists(c, a)) return false;
    return c.flows.indirect_update(a.port(0), static_cast<uint32_t>(a.number(1)), *rule, c.out);
}

// "action_id N [action_id N]...": a port without such actions destroys
// nothing and says nothing (testpmd's port_action_handle_destroy).
bool indirect_destroy(Ctx &c, const Args &a) {
    const std::vector<std::string> words = a.rest(1);
    std::vector<uint32_t> ids;
    for (size_t i = 0; i < words.size(); i += 2) {
        if (words[i] != "action_id" || i + 1 == words.size())
            return bad_rule(c, "indirect_action destroy: expected 'action_id {id}' at '" +
                                   words[i].substr(0, 40) + "'");
        const Result<uint64_t> n = parse_flow_number("action_id", words[i + 1], UINT32_MAX);
        if (!n) return bad_rule(c, n.message());
        ids.push_back(static_cast<uint32_t>(*n));
    }
    if (ids.empty()) return bad_rule(c, "indirect_action destroy: no 'action_id {id}'");
    return c.flows.indirect_destroy(a.port(0), ids, c.out);
}

#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
// 23.03's "query_update <id> [mode query_first|update_first]... action
// ACTION... end" (testpmd's next_ia_qu_attr): the update is the first
// action (END: none), no mode is rte_flow's 0.
bool indirect_query_update(Ctx &c, const Args &a) {
    const std::vector<std::string> words = a.rest(2);
    auto mode = static_cast<rte_flow_query_update_mode>(0);
    size_t i = 0;
    for (; i + 1 < words.size() && words[i] == "mode"; i += 2) {
        const Result<rte_flow_query_update_mode> m = flow_qu_mode(words[i + 1]);
        if (!m) return bad_rule(c, "indirect_action query_update: " + m.message());
        mode = *m;
    }
    if (i == words.size() || words[i] != "action")
        return bad_rule(c, "indirect_action query_update: expected 'action' at '" +
                               (i < words.size() ? words[i].substr(0, 40) : "") +
                               "' (allowed: mode, action)");
    Result<flow::ParsedRule> rule =
        indirect_action(c, std::span<const std::string>(words).subspan(i + 1));
    if (!rule) return bad_rule(c, rule.message());
    return port_exists(c, a) &&
           c.flows.indirect_query_update(a.port(0), static_cast<uint32_t>(a.number(1)), mode, *rule,
                                         c.out);
}

Spec indirect_query_update_row(const ArgType &port) {
    return {.syntax = "flow indirect_action <port> query_update <id> <spec>...",
            .help = "query [and|or] update an indirect action: [mode query_first|update_first] "
                    "action {action} / end",
            .types = {port, arg::number("<id>", "indirect action", 0, UINT32_MAX)},
            .run = indirect_query_update};
}
#endif

bool indirect_query(Ctx &c, const Args &a) {
    return port_exists(c, a) &&
           c.flows.indirect_query(a.port(0), static_cast<uint32_t>(a.number(1)), c.out);
}

// The aged rules of an asynchronous queue: pmdfwd does not ask for them
// yet (rte_flow_get_q_aged_flows), and answers as testpmd does for a queue
// its `flow configure` did not make (port_queue_flow_aged: the port, then
// the queue).
bool queue_aged(Ctx &c, const Args &a) {
    if (!port_exists(c, a)) return false;
    return fail(c, "Error: queue #" + std::to_string(a.number(1)) + " is invalid");
}

// testpmd's boolean words; a word checked here, not by a choice token, so
// that a wrong one is the grammar's "Bad arguments" as testpmd says it.
bool isolate(Ctx &c, const Args &a) {
    static const char *const kOn[] = {"1", "on", "true", "yes"};
    static const char *const kOff[] = {"0", "off", "false", "no"};
    const std::string &w = a.word(1);
    const auto is = [&](const auto &words) {
        return std::any_of(std::begin(words), std::end(words),
                           [&](const char *x) { return w == x; });
    };
    if (!is(kOn) && !is(kOff))
        return bad_rule(c, "isolate: '" + w.substr(0, 40) +
                               "' is not a boolean (allowed: 0, 1, on, off, true, false, yes, no)");
    return c.flows.isolate(a.port(0), is(kOn), c.out);
}

std::string field_line(const flow::FlowField &f, const char *value) {
    std::string left = "        ";
    left.append(f.name).append(" ");
    if (value)
        left.append(value);
    else
        left.append("{").append(flow::field_allowed(f)).append("}");
    left.resize(std::max<size_t>(left.size() + 1, 44), ' ');
    return left.append(f.help).append("\n");
}

// `help flow`: the grammar and every item and action with its fields, from
// the tables the parser reads.
bool help_flow(Ctx &c, const Args &) {
    std::string &o = *c.out;
    o += "flow validate|create {port_id} [group {group_id}] [priority {level}] [ingress] "
         "[egress] [transfer] "
#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
         "[user_id {user_id}] "
#endif
         "pattern {item} [/ {item} [...]] / end actions {action} "
         "[/ {action} [...]] / end\n\n"
         "pattern items (each field: is|spec|last|mask {value}, or prefix {bits}):\n";
    for (const flow::FlowItem &i : flow::flow_items()) {
        o += "    " + std::string(i.name) + ": " + i.help + "\n";
        for (const flow::FlowField &f : i.fields)
            o += field_line(f, nullptr);
        for (const flow::FlowItemType &t : i.types) {
            o += "        type " + std::string(t.name) + ": " + t.help + "\n";
            for (const flow::FlowField &f : t.fields)
                o += "    " + field_line(f, nullptr);
        }
    }
    o += "\nactions:\n";
    for (const flow::FlowAction &act : flow::flow_actions()) {
        o += "    " + std::string(act.name) + ": " + act.help + "\n";
        for (const flow::FlowParam &p : act.params)
            o += field_line(p.field, p.read ? p.value : nullptr);
    }
    return true;
}

std::vector<std::string> next_words(const std::vector<std::string> &words) {
    return flow::flow_rule_next_words(words);
}

#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
// 24.03's `flow update <port> <rule_id> actions ACTION... / end [user_id]`
// (port_flow_update): the rule keeps its attributes and pattern.
bool update(Ctx &c, const Args &a) {
    if (!port_exists(c, a)) return false;
    const std::vector<std::string> &w = a.rest(2);
    if (w.empty() || w[0] != "actions")
        return bad_rule(c, "update: " +
                               (w.empty() ? std::string("the line ends")
                                          : "unexpected '" + w[0].substr(0, 40) + "'") +
                               " (allowed: actions)");
    size_t pos = 1;
    Result<flow::ParsedRule> actions =
        flow::parse_flow_action_list(w, &pos, flow_action_defaults(c));
    if (!actions) return bad_rule(c, actions.message());
    const bool by_user_id = pos < w.size() && w[pos] == "user_id";
    pos += by_user_id ? 1 : 0;
    if (pos < w.size())
        return bad_rule(c, "update: unexpected '" + w[pos].substr(0, 40) +
                               "' after the actions' 'end' (allowed: user_id)");
    return c.flows.update(a.port(0), static_cast<uint32_t>(a.number(1)), std::move(*actions), c.out,
                          by_user_id);
}

Spec update_row(const ArgType &port) {
    return {.syntax = "flow update <port> <rule_id> <actions>...",
            .help = "update a flow rule with new actions: actions {action} [/ {action} [...]] / "
                    "end [user_id]",
            .types = {port, arg::number("<rule_id>", "rule", 0, UINT32_MAX)},
            .run = update};
}
#endif

} // namespace

std::vector<Spec> flow_commands() {
    const ArgType port = arg::port_number("<port>");
    std::vector<Spec> v = {
        {.syntax = "flow validate <port> <rule>...",
         .help = "check whether a flow rule can be created ('help flow': the rule's words)",
         .types = {port},
         .run = validate,
         .complete_rest = next_words},
        {.syntax = "flow create <port> <rule>...",
         .help = "create a flow rule ('help flow': the rule's words)",
         .types = {port},
         .run = create,
         .complete_rest = next_words},
        {.syntax = "flow destroy <port> rule <ids>...",
         .help = kUserIds ? "destroy specific flow rules: rule {rule_id} [rule {rule_id}]... "
                            "[user_id] (user_id: the ids are user ids)"
                          : "destroy specific flow rules: rule {rule_id} [rule {rule_id}]...",
         .types = {port},
         .run = destroy},
        {.syntax = "flow dump <port> <what>...",
         .help = kUserIds ? "dump single/all flow rules to file: [user_id] all|rule {rule_id} "
                            "[{file path}] (user_id: the id is a user id; no file: the output)"
                          : "dump single/all flow rules to file: all|rule {rule_id} "
                            "[{file path}] (no file: the output)",
         .types = {port},
         .run = dump,
         .complete_rest = dump_next_words},
        {.syntax = "flow flush <port>",
         .help = "destroy all flow rules",
         .types = {port},
         .run = flush},
        {.syntax = kUserIds ? "flow query <port> <id> count|age [user_id]"
                            : "flow query <port> <id> count|age",
         .help = kUserIds ? "query an existing flow rule (user_id: by its user id)"
                          : "query an existing flow rule",
         .types = {port, arg::number("<id>", "rule", 0, kMaxRuleId)},
         .run = query},
        {.syntax = "flow list <port> <groups>...",
         .help = "list existing flow rules sorted by priority, filtered by group identifiers: "
                 "[group {group_id}]...",
         .types = {port},
         .run = list},
        {.syntax = "flow isolate <port> <boolean>",
         .help = "restrict ingress traffic to the defined flow rules",
         .types = {port},
         .run = isolate},
        {.syntax = "flow aged <port> [destroy]",
         .help = "list and destroy aged flows flow rules",
         .types = {port},
         .run = aged},
        {.syntax = "flow indirect_action <port> create <spec>...",
         .help = "create an indirect action: [action_id {id}] [ingress] [egress] [transfer] "
                 "action {action} / end",
         .types = {port},
         .run = indirect_create},
        {.syntax = "flow indirect_action <port> update <id> action <action>...",
         .help = "update an indirect action: {action} / end",
         .types = {port, arg::number("<id>", "indirect action", 0, UINT32_MAX)},
         .run = indirect_update},
        {.syntax = "flow indirect_action <port> destroy <ids>...",
         .help = "destroy indirect actions: action_id {id} [action_id {id}]...",
         .types = {port},
         .run = indirect_destroy},
        {.syntax = "flow indirect_action <port> query <id>",
         .help = "query an indirect action",
         .types = {port, arg::number("<id>", "indirect action", 0, UINT32_MAX)},
         .run = indirect_query},
        {.syntax = "flow queue <port> aged <queue> [destroy]",
         .help = "list and destroy aged flows of an asynchronous flow queue",
         .types = {port, arg::number("<queue>", "queue", 0, UINT32_MAX)},
         .run = queue_aged},
        {.syntax = "help flow",
         .help = "the flow rule grammar: pattern items and their fields, actions and their "
                 "parameters",
         .run = help_flow},
    };
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
    // after query, as testpmd's indirect_action subcommands
    const auto query = std::find_if(v.begin(), v.end(), [](const Spec &s) {
        return std::string_view(s.syntax) == "flow indirect_action <port> query <id>";
    });
    v.insert(query + 1, indirect_query_update_row(port));
#endif
#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
    v.insert(v.begin() + 3, update_row(port)); // after destroy, as testpmd's help lists it
#endif
    return v;
}

} // namespace pmdfwd::shell
