// testpmd 22.11's template and queue flow commands (`flow info|configure|
// pattern_template|actions_template|template_table|queue create|queue
// destroy|queue indirect_action|push|pull`), with 24.11's words where its
// grammar grew (configure's quotas_number and host_port, a table's
// insertion type, hash function and specializations, a queue rule's
// rule_index): the words are read here in cmdline_flow.c's order,
// items and actions through the flow grammar's tables (flow_parse.h), and
// the port's templates, tables and queues are the rule list's
// (flow_rules.h, flow_templates.cpp).
#include "shell/command_families.h"
#include "shell/commands/flow_command_support.h"

#include "ports/flow/flow_complete.h"
#include "ports/flow/flow_parse.h"
#include "ports/flow/flow_rules.h"

#include <rte_version.h>

#include <algorithm>
#include <optional>
#include <span>

namespace pmdfwd::shell {

namespace {

using flow::FlowRules;
using flow::parse_flow_number;
using Words = std::vector<std::string>;

// A word quoted in a message, cut short.
std::string quote(const std::string &w) {
    std::string q = "'";
    q.append(w, 0, 40);
    q += '\'';
    return q;
}

// The words with a cursor; a value after a keyword is read as testpmd's
// grammar reads it, or the line is refused with why.
struct Cursor {
    const Words &w;
    size_t i = 0;

    bool done() const { return i == w.size(); }
    const std::string &word() const { return w[i]; }
    Result<uint32_t> number(const std::string &name, uint32_t max = UINT32_MAX) {
        const Result<uint64_t> n = wide_number(name, max);
        if (!n) return n.status();
        return static_cast<uint32_t>(*n);
    }
    Result<uint64_t> wide_number(const std::string &name, uint64_t max) {
        if (++i == w.size()) return Error(name + ": a value is missing");
        return parse_flow_number(name, w[i++], max);
    }
    // One of testpmd's names for a value (its index in names).
    Result<uint32_t> name_index(const std::string &name, std::span<const char *const> names) {
        if (++i == w.size()) return Error(name + ": a value is missing");
        const std::string &v = w[i++];
        std::string allowed;
        for (size_t n = 0; n < names.size(); n++) {
            if (v == names[n]) return static_cast<uint32_t>(n);
            allowed += (n ? ", " : "") + std::string(names[n]);
        }
        return Error(name + ": " + quote(v) + " is not allowed here (allowed: " + allowed + ")");
    }
    // testpmd's boolean words (COMMON_BOOLEAN).
    Result<bool> boolean(const std::string &name) {
        static const char *const kOn[] = {"1", "on", "true", "yes"};
        static const char *const kOff[] = {"0", "off", "false", "no"};
        if (++i == w.size()) return Error(name + ": a value is missing");
        const std::string &v = w[i++];
        for (const char *x : kOn)
            if (v == x) return true;
        for (const char *x : kOff)
            if (v == x) return false;
        return Error(name + ": " + quote(v) +
                     " is not a boolean (allowed: 0, 1, on, off, true, false, yes, no)");
    }
    Status expect(const char *keyword) {
        if (!done() && word() == keyword) {
            i++;
            return {};
        }
        return Error(std::string("expected '") + keyword + "' at " +
                     (done() ? "the end of the line" : quote(word())));
    }
    // "KEYWORD N" / "KEYWORD BOOL" where the grammar wants that keyword.
    Result<uint32_t> number_after(const char *keyword) {
        if (Status s = expect(keyword); !s) return s;
        --i;
        return number(keyword);
    }
    Result<bool> boolean_after(const char *keyword) {
        if (Status s = expect(keyword); !s) return s;
        --i;
        return boolean(keyword);
    }
    Status unexpected(const char *allowed) const {
        return Error("unexpected " + (done() ? std::string("the end of the line") : quote(word())) +
                     " (allowed: " + allowed + ")");
    }
};

// The uint32 a keyword sets, from a list of them; a value read or why not.
bool read_into(Cursor &cur, uint32_t *field, Status *why) {
    const Result<uint32_t> n = cur.number(cur.word());
    if (!n) {
        *why = n.status();
        return false;
    }
    *field = *n;
    return true;
}

// "KEYWORD N [KEYWORD N]...": the ids (one at least), each up to max.
Result<std::vector<uint64_t>> wide_ids_after(const Words &words, const char *keyword,
                                             uint64_t max) {
    Cursor cur{words};
    std::vector<uint64_t> ids;
    while (!cur.done() || ids.empty()) {
        if (Status s = cur.expect(keyword); !s) return s;
        --cur.i;
        const Result<uint64_t> id = cur.wide_number(keyword, max);
        if (!id) return id.status();
        ids.push_back(*id);
    }
    return ids;
}

Result<std::vector<uint32_t>> ids_after(const Words &words, const char *keyword) {
    const Result<std::vector<uint64_t>> wide = wide_ids_after(words, keyword, UINT32_MAX);
    if (!wide) return wide.status();
    return std::vector<uint32_t>(wide->begin(), wide->end());
}

bool info(Ctx &c, const Args &a) {
    return flow_port_exists(c, a) && c.flows.info(a.port(0), c.out);
}

#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
constexpr const char *kConfigureWords =
    "queues_number, queues_size, counters_number, aging_counters_number, meters_number, "
    "conn_tracks_number, quotas_number, flags, host_port";

// 24.11's host_port: the port id shared objects belong to (16 bits).
bool read_host_port(Cursor &cur, FlowRules::EngineConfig *cfg, Status *why) {
    const Result<uint32_t> n = cur.number("host_port", UINT16_MAX);
    if (!n) *why = n.status();
    if (n) cfg->port.host_port_id = static_cast<uint16_t>(*n);
    return static_cast<bool>(n);
}
#else
constexpr const char *kConfigureWords = "queues_number, queues_size, counters_number, "
                                        "aging_counters_number, meters_number, "
                                        "conn_tracks_number, flags";
#endif

// "[queues_number N] [queues_size N] [counters_number N] ..." in any order.
Result<FlowRules::EngineConfig> engine_config(const Words &words) {
    FlowRules::EngineConfig cfg;
    Cursor cur{words};
    while (!cur.done()) {
        const std::string &k = cur.word();
        Status why;
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
        if (k == "host_port") {
            if (!read_host_port(cur, &cfg, &why)) return why;
            continue;
        }
#endif
        uint32_t *field = k == "queues_number"           ? &cfg.nb_queue
                          : k == "queues_size"           ? &cfg.queue.size
                          : k == "counters_number"       ? &cfg.port.nb_counters
                          : k == "aging_counters_number" ? &cfg.port.nb_aging_objects
                          : k == "meters_number"         ? &cfg.port.nb_meters
                          : k == "conn_tracks_number"    ? &cfg.port.nb_conn_tracks
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
                          : k == "quotas_number" ? &cfg.port.nb_quotas
#endif
                          : k == "flags" ? &cfg.port.flags
                                         : nullptr;
        if (!field) return cur.unexpected(kConfigureWords);
        if (!read_into(cur, field, &why)) return why;
    }
    return cfg;
}

bool configure(Ctx &c, const Args &a) {
    const Result<FlowRules::EngineConfig> cfg = engine_config(a.rest(1));
    if (!cfg) return flow_bad_rule(c, "configure: " + cfg.message());
    return flow_port_exists(c, a) && c.flows.configure(a.port(0), *cfg, c.out);
}

// "[pattern_template_id N] [relaxed BOOL] [ingress] [egress] [transfer]
// template ITEM ... / end".
bool pattern_template_create(Ctx &c, const Args &a) {
    const Words &words = a.rest(1);
    FlowRules::TemplateAttr attr;
    Cursor cur{words};
    for (; !cur.done() && cur.word() != "template";) {
        const std::string &k = cur.word();
        Status why;
        if (k == "pattern_template_id") {
            if (!read_into(cur, &attr.id, &why)) return flow_bad_rule(c, why.message());
        } else if (k == "relaxed") {
            const Result<bool> b = cur.boolean("relaxed");
            if (!b) return flow_bad_rule(c, b.message());
            attr.relaxed = *b;
        } else if (k == "ingress" || k == "egress" || k == "transfer") {
            (k == "ingress" ? attr.ingress : k == "egress" ? attr.egress : attr.transfer) = true;
            cur.i++;
        } else {
            return flow_bad_rule(c, "pattern_template create: " +
                                        cur.unexpected("pattern_template_id, relaxed, ingress, "
                                                       "egress, transfer, template")
                                            .message());
        }
    }
    if (Status s = cur.expect("template"); !s)
        return flow_bad_rule(c, "pattern_template create: " + s.message());
    Result<flow::ParsedRule> pattern =
        flow::parse_flow_pattern(std::span<const std::string>(words).subspan(cur.i));
    if (!pattern) return flow_bad_rule(c, pattern.message());
    return flow_port_exists(c, a) &&
           c.flows.pattern_template_create(a.port(0), attr, std::move(*pattern), c.out);
}

// "[ingress] [egress] [transfer] template ACTION ... / end", or with
// "actions_template_id N" (testpmd's grammar: the last attribute) the
// masks after: "template ... / end mask ... / end".
bool actions_template_create(Ctx &c, const Args &a) {
    const Words &words = a.rest(1);
    FlowRules::TemplateAttr attr;
    Cursor cur{words};
    bool with_id = false;
    for (; !cur.done() && cur.word() != "template" && !with_id;) {
        const std::string &k = cur.word();
        Status why;
        if (k == "actions_template_id") {
            if (!read_into(cur, &attr.id, &why)) return flow_bad_rule(c, why.message());
            with_id = true;
        } else if (k == "ingress" || k == "egress" || k == "transfer") {
            (k == "ingress" ? attr.ingress : k == "egress" ? attr.egress : attr.transfer) = true;
            cur.i++;
        } else {
            return flow_bad_rule(c, "actions_template create: " +
                                        cur.unexpected("actions_template_id, ingress, egress, "
                                                       "transfer, template")
                                            .message());
        }
    }
    if (Status s = cur.expect("template"); !s)
        return flow_bad_rule(c, "actions_template create: " + s.message());
    Result<flow::ParsedRule> actions =
        flow::parse_flow_action_list(words, &cur.i, flow_action_defaults(c));
    if (!actions) return flow_bad_rule(c, actions.message());
    flow::ParsedRule masks;
    if (with_id) {
        if (Status s = cur.expect("mask"); !s)
            return flow_bad_rule(c, "actions_template create: " + s.message());
        Result<flow::ParsedRule> m =
            flow::parse_flow_action_list(words, &cur.i, flow_action_defaults(c));
        if (!m) return flow_bad_rule(c, m.message());
        masks = std::move(*m);
    }
    if (!cur.done())
        return flow_bad_rule(c, "actions_template create: " + cur.unexpected("nothing").message());
    return flow_port_exists(c, a) &&
           c.flows.actions_template_create(a.port(0), attr, std::move(*actions), std::move(masks),
                                           c.out);
}

// "KEYWORD N [KEYWORD N]...": destroy them; a port without them destroys
// nothing and says nothing (testpmd's).
template <bool (FlowRules::*Destroy)(uint16_t, const std::vector<uint32_t> &, std::string *)>
bool destroy_ids(Ctx &c, const Args &a, const char *keyword) {
    const Result<std::vector<uint32_t>> ids = ids_after(a.rest(1), keyword);
    if (!ids) return flow_bad_rule(c, ids.message());
    return flow_port_exists(c, a) && (c.flows.*Destroy)(a.port(0), *ids, c.out);
}

bool pattern_template_destroy(Ctx &c, const Args &a) {
    return destroy_ids<&FlowRules::pattern_template_destroy>(c, a, "pattern_template");
}

bool actions_template_destroy(Ctx &c, const Args &a) {
    return destroy_ids<&FlowRules::actions_template_destroy>(c, a, "actions_template");
}

bool table_destroy(Ctx &c, const Args &a) {
    return destroy_ids<&FlowRules::table_destroy>(c, a, "table");
}

#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
// 24.03's "resize table_resize_id N table_resize_rules_num N", those words
// in that order and nothing after.
bool table_resize(Ctx &c, const Args &a) {
    Cursor cur{a.rest(1)};
    const Result<uint32_t> id = cur.number_after("table_resize_id");
    if (!id) return flow_bad_rule(c, "template_table resize: " + id.message());
    const Result<uint32_t> rules = cur.number_after("table_resize_rules_num");
    if (!rules) return flow_bad_rule(c, "template_table resize: " + rules.message());
    if (!cur.done())
        return flow_bad_rule(c, "template_table resize: " + cur.unexpected("nothing").message());
    return flow_port_exists(c, a) && c.flows.table_resize(a.port(0), *id, *rules, c.out);
}

// "resize_complete table N [table N]...": testpmd completes the first.
bool table_resize_complete(Ctx &c, const Args &a) {
    const Result<std::vector<uint32_t>> ids = ids_after(a.rest(1), "table");
    if (!ids) return flow_bad_rule(c, "template_table resize_complete: " + ids.message());
    return flow_port_exists(c, a) && c.flows.table_resize_complete(a.port(0), ids->front(), c.out);
}

// Listed after the family's other rows, under 24.03's `help`.
std::vector<Spec> table_resize_rows(const ArgType &port) {
    return {
        {.syntax = "flow template_table <port> resize <resize>...",
         .help = "resize template table: table_resize_id {id} table_resize_rules_num {n}",
         .types = {port},
         .run = table_resize},
        {.syntax = "flow template_table <port> resize_complete <ids>...",
         .help = "complete table resize: table {id} [table {id}]...",
         .types = {port},
         .run = table_resize_complete},
    };
}
#endif

#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
constexpr const char *kTableWords =
    "table_id, group, insertion_type, hash_func, priority, ingress, egress, transfer, "
    "wire_orig, vport_orig, resizable, rules_number, pattern_template, actions_template";

// 24.11's table attributes: the insertion type and hash function by
// testpmd's names (rte_flow's enums in order), the specializations (the
// transfer ones only after `transfer`).
std::optional<Status> table_attribute_2411(Cursor &cur, rte_flow_template_table_attr *attr) {
    static const char *const kInsertion[] = {"pattern", "index", "index_with_pattern"};
    static const char *const kHash[] = {"default", "linear", "crc32", "crc16"};
    static_assert(RTE_FLOW_TABLE_INSERTION_TYPE_INDEX_WITH_PATTERN == 2 &&
                  RTE_FLOW_TABLE_HASH_FUNC_CRC16 == 3);
    const std::string &k = cur.word();
    if (k == "insertion_type" || k == "hash_func") {
        const bool insertion = k == "insertion_type";
        const Result<uint32_t> n =
            insertion ? cur.name_index(k, kInsertion) : cur.name_index(k, kHash);
        if (!n) return n.status();
        if (insertion)
            attr->insertion_type = static_cast<rte_flow_table_insertion_type>(*n);
        else
            attr->hash_func = static_cast<rte_flow_table_hash_func>(*n);
        return Status{};
    }
    uint32_t bit = k == "wire_orig"    ? RTE_FLOW_TABLE_SPECIALIZE_TRANSFER_WIRE_ORIG
                   : k == "vport_orig" ? RTE_FLOW_TABLE_SPECIALIZE_TRANSFER_VPORT_ORIG
                   : k == "resizable"  ? RTE_FLOW_TABLE_SPECIALIZE_RESIZABLE
                                       : 0;
    if (!bit) return std::nullopt;
    if (k != "resizable" && !attr->flow_attr.transfer) return Error(k + ": only after 'transfer'");
    attr->specialize |= bit;
    cur.i++;
    return Status{};
}
#else
constexpr const char *kTableWords = "table_id, group, priority, ingress, egress, transfer, "
                                    "rules_number, pattern_template, actions_template";
#endif

// One of `template_table create`'s attributes, into spec.
Status table_attribute(Cursor &cur, FlowRules::TableSpec *spec) {
    const std::string &k = cur.word();
    rte_flow_attr &fa = spec->attr.flow_attr;
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
    if (std::optional<Status> s = table_attribute_2411(cur, &spec->attr)) return *s;
#endif
    if (k == "ingress" || k == "egress" || k == "transfer") {
        if (k == "ingress") fa.ingress = 1;
        if (k == "egress") fa.egress = 1;
        if (k == "transfer") fa.transfer = 1;
        cur.i++;
        return {};
    }
    uint32_t value = 0;
    uint32_t *field = k == "table_id"           ? &spec->id
                      : k == "group"            ? &fa.group
                      : k == "priority"         ? &fa.priority
                      : k == "rules_number"     ? &spec->attr.nb_flows
                      : k == "pattern_template" ? &value
                      : k == "actions_template" ? &value
                                                : nullptr;
    if (!field) return cur.unexpected(kTableWords);
    const bool pattern = k == "pattern_template", actions = k == "actions_template";
    Status why;
    if (!read_into(cur, field, &why)) return why;
    if (pattern) spec->patterns.push_back(value);
    if (actions) spec->actions.push_back(value);
    return {};
}

bool table_create(Ctx &c, const Args &a) {
    const Words &words = a.rest(1);
    FlowRules::TableSpec spec;
    Cursor cur{words};
    while (!cur.done())
        if (Status s = table_attribute(cur, &spec); !s)
            return flow_bad_rule(c, "template_table create: " + s.message());
    return flow_port_exists(c, a) && c.flows.table_create(a.port(0), spec, c.out);
}

// 24.11: `rule_index N` may follow the table, and then the pattern
// template index may be left out (0).
constexpr bool kRuleIndex = RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0);

// "template_table N [rule_index N] pattern_template N actions_template N".
Status queue_create_indexes(Cursor &cur, FlowRules::QueueRule *op) {
    const Result<uint32_t> table = cur.number_after("template_table");
    if (!table) return table.status();
    op->table = *table;
    bool indexed = false;
    if (kRuleIndex && !cur.done() && cur.word() == "rule_index") {
        const Result<uint32_t> n = cur.number("rule_index");
        if (!n) return n.status();
        op->rule_index = *n;
        indexed = true;
    }
    if (!indexed || (!cur.done() && cur.word() == "pattern_template")) {
        const Result<uint32_t> n = cur.number_after("pattern_template");
        if (!n) return n.status();
        op->pattern_index = *n;
    }
    const Result<uint32_t> actions = cur.number_after("actions_template");
    if (!actions) return actions.status();
    op->actions_index = *actions;
    return {};
}

// "template_table N pattern_template N actions_template N postpone BOOL
// pattern ... / end actions ... / end", in that order (testpmd's).
bool queue_create(Ctx &c, const Args &a) {
    const Words &words = a.rest(2);
    FlowRules::QueueRule op;
    op.queue = static_cast<uint32_t>(a.number(1));
    Cursor cur{words};
    if (Status s = queue_create_indexes(cur, &op); !s)
        return flow_bad_rule(c, "queue create: " + s.message());
    const Result<bool> postpone = cur.boolean_after("postpone");
    if (!postpone) return flow_bad_rule(c, "queue create: " + postpone.message());
    op.postpone = *postpone;
    if (cur.done() || cur.word() != "pattern")
        return flow_bad_rule(c, "queue create: " + cur.unexpected("pattern").message());
    Result<flow::ParsedRule> rule = flow::parse_flow_rule(
        std::span<const std::string>(words).subspan(cur.i), flow_action_defaults(c));
    if (!rule) return flow_bad_rule(c, rule.message());
    // testpmd reads the port's queues without asking whether it exists: an
    // unknown port has none.
    return c.flows.queue_create(static_cast<uint16_t>(a.number(0)), op, std::move(*rule), c.out);
}

// 23.07 reads the rule ids as 64 bits.
constexpr uint64_t kMaxQueueRuleId =
    RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0) ? UINT64_MAX : UINT32_MAX;

// "postpone BOOL rule N [rule N]...".
bool queue_destroy(Ctx &c, const Args &a) {
    const Words &words = a.rest(2);
    Cursor cur{words};
    const Result<bool> postpone = cur.boolean_after("postpone");
    if (!postpone) return flow_bad_rule(c, "queue destroy: " + postpone.message());
    const Result<std::vector<uint64_t>> ids = wide_ids_after(
        Words(words.begin() + static_cast<ptrdiff_t>(cur.i), words.end()), "rule", kMaxQueueRuleId);
    if (!ids) return flow_bad_rule(c, ids.message());
    // Rule ids stop at 32 bits: a wider one names no rule.
    std::vector<uint32_t> rules;
    for (uint64_t id : *ids)
        if (id <= UINT32_MAX) rules.push_back(static_cast<uint32_t>(id));
    return flow_port_exists(c, a) &&
           c.flows.queue_destroy(a.port(0), static_cast<uint32_t>(a.number(1)), *postpone, rules,
                                 c.out);
}

// The action words after `action`, read as a rule's action list: the
// indirect action is the first.
Result<flow::ParsedRule> indirect_action_words(Ctx &c, const Words &words, size_t from) {
    Words rule{"pattern", "end", "actions"};
    rule.insert(rule.end(), words.begin() + static_cast<ptrdiff_t>(from), words.end());
    return flow::parse_flow_rule(rule, flow_action_defaults(c));
}

FlowRules::QueueRule queue_of(const Args &a) {
    FlowRules::QueueRule op;
    op.queue = static_cast<uint32_t>(a.number(1));
    return op;
}

// "[action_id N] [ingress] [egress] [transfer] [postpone BOOL] action
// ACTION / end", the attributes in any order.
bool queue_indirect_create(Ctx &c, const Args &a) {
    const Words &words = a.rest(2);
    FlowRules::QueueRule op = queue_of(a);
    uint32_t id = FlowRules::kAutoId;
    rte_flow_indir_action_conf conf{};
    Cursor cur{words};
    while (!cur.done() && cur.word() != "action") {
        const std::string &k = cur.word();
        if (k == "ingress" || k == "egress" || k == "transfer") {
            if (k == "ingress") conf.ingress = 1;
            if (k == "egress") conf.egress = 1;
            if (k == "transfer") conf.transfer = 1;
            cur.i++;
            continue;
        }
        Status why;
        if (k == "action_id") {
            if (!read_into(cur, &id, &why)) return flow_bad_rule(c, why.message());
        } else if (k == "postpone") {
            const Result<bool> b = cur.boolean("postpone");
            if (!b) return flow_bad_rule(c, b.message());
            op.postpone = *b;
        } else {
            return flow_bad_rule(c, "indirect_action create: " +
                                        cur.unexpected("action_id, ingress, egress, transfer, "
                                                       "postpone, action")
                                            .message());
        }
    }
    if (Status s = cur.expect("action"); !s)
        return flow_bad_rule(c, "indirect_action create: " + s.message());
    Result<flow::ParsedRule> rule = indirect_action_words(c, words, cur.i);
    if (!rule) return flow_bad_rule(c, rule.message());
    return flow_port_exists(c, a) &&
           c.flows.queue_indirect_create(a.port(0), op, id, conf, std::move(*rule), c.out);
}

// "<id> [postpone BOOL] action ACTION / end".
bool queue_indirect_update(Ctx &c, const Args &a) {
    const Words &words = a.rest(3);
    FlowRules::QueueRule op = queue_of(a);
    Cursor cur{words};
    if (!cur.done() && cur.word() == "postpone") {
        const Result<bool> b = cur.boolean("postpone");
        if (!b) return flow_bad_rule(c, b.message());
        op.postpone = *b;
    }
    if (Status s = cur.expect("action"); !s)
        return flow_bad_rule(c, "indirect_action update: " + s.message());
    Result<flow::ParsedRule> rule = indirect_action_words(c, words, cur.i);
    if (!rule) return flow_bad_rule(c, rule.message());
    return flow_port_exists(c, a) &&
           c.flows.queue_indirect_update(a.port(0), op, static_cast<uint32_t>(a.number(2)), *rule,
                                         c.out);
}

#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
// 23.03's "<id> [mode NAME] [postpone BOOL]... action ACTION... end"
// (testpmd's next_qia_qu_attr).
bool queue_indirect_query_update(Ctx &c, const Args &a) {
    const Words &words = a.rest(3);
    FlowRules::QueueRule op = queue_of(a);
    auto mode = static_cast<rte_flow_query_update_mode>(0);
    Cursor cur{words};
    for (; !cur.done() && (cur.word() == "mode" || cur.word() == "postpone");) {
        if (cur.word() == "postpone") {
            const Result<bool> b = cur.boolean("postpone");
            if (!b) return flow_bad_rule(c, b.message());
            op.postpone = *b;
            continue;
        }
        if (++cur.i == words.size()) return flow_bad_rule(c, "mode: a value is missing");
        const Result<rte_flow_query_update_mode> m = flow_qu_mode(words[cur.i++]);
        if (!m) return flow_bad_rule(c, m.message());
        mode = *m;
    }
    if (Status s = cur.expect("action"); !s)
        return flow_bad_rule(c, "indirect_action query_update: " + s.message());
    Result<flow::ParsedRule> rule = indirect_action_words(c, words, cur.i);
    if (!rule) return flow_bad_rule(c, rule.message());
    return flow_port_exists(c, a) &&
           c.flows.queue_indirect_query_update(a.port(0), op, static_cast<uint32_t>(a.number(2)),
                                               mode, *rule, c.out);
}
#endif

// "[postpone BOOL] [action_id N]..." in any order.
bool queue_indirect_destroy(Ctx &c, const Args &a) {
    const Words &words = a.rest(2);
    FlowRules::QueueRule op = queue_of(a);
    std::vector<uint32_t> ids;
    Cursor cur{words};
    while (!cur.done()) {
        Status why;
        uint32_t id = 0;
        if (cur.word() == "postpone") {
            const Result<bool> b = cur.boolean("postpone");
            if (!b) return flow_bad_rule(c, b.message());
            op.postpone = *b;
        } else if (cur.word() == "action_id") {
            if (!read_into(cur, &id, &why)) return flow_bad_rule(c, why.message());
            ids.push_back(id);
        } else {
            return flow_bad_rule(c, "indirect_action destroy: " +
                                        cur.unexpected("postpone, action_id").message());
        }
    }
    return flow_port_exists(c, a) && c.flows.queue_indirect_destroy(a.port(0), op, ids, c.out);
}

bool push(Ctx &c, const Args &a) {
    return flow_port_exists(c, a) &&
           c.flows.push(a.port(0), static_cast<uint32_t>(a.number(1)), c.out);
}

bool pull(Ctx &c, const Args &a) {
    return flow_port_exists(c, a) &&
           c.flows.pull(a.port(0), static_cast<uint32_t>(a.number(1)), c.out);
}

#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
// 23.07's "rule N actions_template N postpone BOOL pattern ... end actions
// ... end" (testpmd's QUEUE_UPDATE_ID on through QUEUE_CREATE_POSTPONE):
// the pattern is read, the rule keeps its own.
bool queue_update(Ctx &c, const Args &a) {
    const Words &words = a.rest(2);
    FlowRules::QueueRule op = queue_of(a);
    Cursor cur{words};
    const Result<uint32_t> rule_id = cur.number_after("rule");
    if (!rule_id) return flow_bad_rule(c, "queue update: " + rule_id.message());
    const Result<uint32_t> actions = cur.number_after("actions_template");
    if (!actions) return flow_bad_rule(c, "queue update: " + actions.message());
    op.actions_index = *actions;
    const Result<bool> postpone = cur.boolean_after("postpone");
    if (!postpone) return flow_bad_rule(c, "queue update: " + postpone.message());
    op.postpone = *postpone;
    if (cur.done() || cur.word() != "pattern")
        return flow_bad_rule(c, "queue update: " + cur.unexpected("pattern").message());
    Result<flow::ParsedRule> rule = flow::parse_flow_rule(
        std::span<const std::string>(words).subspan(cur.i), flow_action_defaults(c));
    if (!rule) return flow_bad_rule(c, rule.message());
    return flow_port_exists(c, a) &&
           c.flows.queue_update(a.port(0), op, *rule_id, std::move(*rule), c.out);
}
#endif

#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
// 24.03's "rule N [rule N]...": testpmd moves the first.
bool queue_update_resized(Ctx &c, const Args &a) {
    const Result<std::vector<uint64_t>> ids = wide_ids_after(a.rest(2), "rule", kMaxQueueRuleId);
    if (!ids) return flow_bad_rule(c, "queue update_resized: " + ids.message());
    return flow_port_exists(c, a) &&
           c.flows.queue_update_resized(a.port(0), static_cast<uint32_t>(a.number(1)),
                                        static_cast<uint32_t>(ids->front()), c.out);
}
#endif

// The rows of the queue commands later DPDKs added, in the order testpmd
// lists them: query_update (23.03), update (23.07), update_resized (24.03).
std::vector<Spec> queue_update_rows([[maybe_unused]] const ArgType &port,
                                    [[maybe_unused]] const ArgType &queue) {
    std::vector<Spec> rows;
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
    rows.push_back(
        {.syntax = "flow queue <port> indirect_action <queue> query_update <id> <spec>...",
         .help = "enqueue an indirect action's query and update: [mode "
                 "query_first|update_first] [postpone {boolean}] action {action} / end",
         .types = {port, queue, arg::number("<id>", "indirect action", 0, UINT32_MAX)},
         .run = queue_indirect_query_update});
#endif
#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
    rows.push_back({.syntax = "flow queue <port> update <queue> <rule>...",
                    .help = "enqueue a flow rule's update: rule {id} actions_template {index} "
                            "postpone {boolean} pattern ... / end actions ... / end",
                    .types = {port, queue},
                    .run = queue_update});
#endif
#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
    rows.push_back({.syntax = "flow queue <port> update_resized <queue> <rules>...",
                    .help = "enqueue a flow rule's update after its table's resize: rule {id}",
                    .types = {port, queue},
                    .run = queue_update_resized});
#endif
    return rows;
}

// TAB: the attributes until "template", then what the grammar's tables
// take next (the items; the actions); after_value: the attributes a value
// follows (nothing offered there).
std::vector<std::string> template_next(const Words &words, std::vector<std::string> attributes,
                                       std::vector<std::string> after_value,
                                       std::vector<std::string> lead) {
    const auto t = std::find(words.begin(), words.end(), "template");
    if (t == words.end()) {
        if (!words.empty() &&
            std::find(after_value.begin(), after_value.end(), words.back()) != after_value.end())
            return {};
        return attributes;
    }
    lead.insert(lead.end(), t + 1, words.end());
    std::vector<std::string> next = flow::flow_rule_next_words(lead);
    return next == std::vector<std::string>{"actions"} ? std::vector<std::string>{} : next;
}

std::vector<std::string> pattern_template_next(const Words &words) {
    return template_next(
        words, {"egress", "ingress", "pattern_template_id", "relaxed", "template", "transfer"},
        {"pattern_template_id", "relaxed"}, {"pattern"});
}

std::vector<std::string> actions_template_next(const Words &words) {
    return template_next(words,
                         {"actions_template_id", "egress", "ingress", "template", "transfer"},
                         {"actions_template_id"}, {"pattern", "end", "actions"});
}

// TAB after `flow queue <port> create <queue>`: its keywords in order (each
// with its value), then the rule's words.
std::vector<std::string> queue_create_next(const Words &words) {
    size_t i = 0;
    Words next{"template_table"};
    while (i < words.size()) {
        const std::string &k = words[i];
        if (k == "pattern" && next == Words{"pattern"})
            return flow::flow_rule_next_words(
                Words(words.begin() + static_cast<ptrdiff_t>(i), words.end()));
        if (std::find(next.begin(), next.end(), k) == next.end() || ++i == words.size()) return {};
        i++;
        next = k == "template_table"     ? (kRuleIndex ? Words{"pattern_template", "rule_index"}
                                                       : Words{"pattern_template"})
               : k == "rule_index"       ? Words{"actions_template", "pattern_template"}
               : k == "pattern_template" ? Words{"actions_template"}
               : k == "actions_template" ? Words{"postpone"}
                                         : Words{"pattern"};
    }
    return next;
}

} // namespace

std::vector<Spec> flow_template_commands() {
    const ArgType port = arg::port_number("<port>");
    const ArgType queue = arg::number("<queue>", "queue", 0, UINT32_MAX);
    std::vector<Spec> rows{
        {.syntax = "flow info <port>",
         .help = "get information about flow engine",
         .types = {port},
         .run = info},
        {.syntax = "flow configure <port> <attributes>...",
         .help = kRuleIndex ? "configure flow engine: [queues_number {n}] [queues_size {n}] "
                              "[counters_number {n}] [aging_counters_number {n}] "
                              "[meters_number {n}] [conn_tracks_number {n}] [quotas_number {n}] "
                              "[flags {n}] [host_port {port_id}]"
                            : "configure flow engine: [queues_number {n}] [queues_size {n}] "
                              "[counters_number {n}] [aging_counters_number {n}] "
                              "[meters_number {n}] [conn_tracks_number {n}] [flags {n}]",
         .types = {port},
         .run = configure},
        {.syntax = "flow pattern_template <port> create <template>...",
         .help = "create pattern template: [pattern_template_id {id}] [relaxed {boolean}] "
                 "[ingress] [egress] [transfer] template {item} [/ {item} [...]] / end",
         .types = {port},
         .run = pattern_template_create,
         .complete_rest = pattern_template_next},
        {.syntax = "flow pattern_template <port> destroy <ids>...",
         .help = "destroy pattern template: pattern_template {id} [pattern_template {id}]...",
         .types = {port},
         .run = pattern_template_destroy},
        {.syntax = "flow actions_template <port> create <template>...",
         .help = "create actions template: [ingress] [egress] [transfer] "
                 "[actions_template_id {id}] template {action} [/ {action} [...]] / end "
                 "[mask {action} [/ {action} [...]] / end] (mask: with an id)",
         .types = {port},
         .run = actions_template_create,
         .complete_rest = actions_template_next},
        {.syntax = "flow actions_template <port> destroy <ids>...",
         .help = "destroy actions template: actions_template {id} [actions_template {id}]...",
         .types = {port},
         .run = actions_template_destroy},
        {.syntax = "flow template_table <port> create <attributes>...",
         .help = kRuleIndex
                     ? "create template table: [table_id {id}] [group {n}] "
                       "[insertion_type pattern|index|index_with_pattern] "
                       "[hash_func default|linear|crc32|crc16] [priority {n}] [ingress] "
                       "[egress] [transfer [wire_orig] [vport_orig]] [resizable] "
                       "[rules_number {n}] [pattern_template {id}]... [actions_template {id}]..."
                     : "create template table: [table_id {id}] [group {n}] [priority {n}] "
                       "[ingress] [egress] [transfer] [rules_number {n}] "
                       "[pattern_template {id}]... [actions_template {id}]...",
         .types = {port},
         .run = table_create},
        {.syntax = "flow template_table <port> destroy <ids>...",
         .help = "destroy template table: table {id} [table {id}]...",
         .types = {port},
         .run = table_destroy},
        {.syntax = "flow queue <port> create <queue> <rule>...",
         .help = kRuleIndex ? "enqueue a flow rule creation: template_table {id} "
                              "[rule_index {index}] pattern_template {index} (optional after "
                              "rule_index) actions_template {index} postpone {boolean} "
                              "pattern ... / end actions ... / end"
                            : "enqueue a flow rule creation: template_table {id} "
                              "pattern_template {index} actions_template {index} "
                              "postpone {boolean} pattern ... / end actions ... / end",
         .types = {port, queue},
         .run = queue_create,
         .complete_rest = queue_create_next},
        {.syntax = "flow queue <port> destroy <queue> <rules>...",
         .help = "enqueue flow rule destructions: postpone {boolean} rule {id} [rule {id}]...",
         .types = {port, queue},
         .run = queue_destroy},
        {.syntax = "flow queue <port> indirect_action <queue> create <spec>...",
         .help = "enqueue an indirect action's creation: [action_id {id}] [ingress] [egress] "
                 "[transfer] [postpone {boolean}] action {action} / end",
         .types = {port, queue},
         .run = queue_indirect_create},
        {.syntax = "flow queue <port> indirect_action <queue> update <id> <spec>...",
         .help = "enqueue an indirect action's update: [postpone {boolean}] action {action} / end",
         .types = {port, queue, arg::number("<id>", "indirect action", 0, UINT32_MAX)},
         .run = queue_indirect_update},
        {.syntax = "flow queue <port> indirect_action <queue> destroy <ids>...",
         .help = "enqueue indirect actions' destruction: [postpone {boolean}] "
                 "[action_id {id}]...",
         .types = {port, queue},
         .run = queue_indirect_destroy},
        {.syntax = "flow push <port> queue <queue>",
         .help = "push the queued operations of an asynchronous flow queue to the device",
         .types = {port, queue},
         .run = push},
        {.syntax = "flow pull <port> queue <queue>",
         .help = "pull the results of an asynchronous flow queue's operations",
         .types = {port, queue},
         .run = pull},
    };
#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
    for (Spec &s : table_resize_rows(port))
        rows.push_back(std::move(s));
#endif
    for (Spec &s : queue_update_rows(port, queue))
        rows.push_back(std::move(s));
    return rows;
}

} // namespace pmdfwd::shell
