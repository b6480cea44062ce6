#include "ports/flow/flow_parse.h"

#include "ports/flow/flow_items.h"

#include <rte_version.h>

#include <string_view>

namespace pmdfwd::flow {

namespace {

// The words with a cursor, and the rule being built.
struct Reader {
    std::span<const std::string> words;
    size_t pos = 0;
    ParsedRule rule;

    bool done() const { return pos == words.size(); }
    // The next word, or "" at the end of the line.
    std::string_view peek() const { return done() ? std::string_view() : words[pos]; }
    std::string_view take() { return done() ? std::string_view() : std::string_view(words[pos++]); }
    uint8_t *alloc(size_t n) {
        rule.storage.push_back(std::make_unique<uint8_t[]>(n)); // zeroed
        return rule.storage.back().get();
    }
};

// A word quoted in a message, cut short: a 64 KiB word is not repeated.
std::string quoted(std::string_view w) {
    if (w.empty()) return "the end of the line";
    std::string q = "'";
    q.append(w.substr(0, 40));
    q.append(w.size() > 40 ? "...'" : "'");
    return q;
}

template <typename Row>
std::string names_of(std::span<const Row> rows) {
    std::string s;
    for (const Row &r : rows)
        s += (s.empty() ? "" : ", ") + std::string(r.name);
    return s;
}

// The fields of the allowed set, and "/" if the item may end there.
std::string field_names(std::span<const FlowField> fields, uint64_t allowed) {
    std::string s;
    for (size_t i = 0; i < fields.size(); i++)
        if (allowed & field_bit(i)) s += (s.empty() ? "" : ", ") + std::string(fields[i].name);
    if (allowed & kFieldsEnd) s += s.empty() ? "/" : ", /";
    return s;
}

std::string param_names(const FlowAction &action) {
    std::string s;
    for (const FlowParam &p : action.params)
        s += std::string(p.field.name) + ", ";
    return s;
}

Status read_u32(Reader &r, const char *name, uint32_t *out) {
    const Result<uint64_t> v = parse_flow_number(name, r.take(), UINT32_MAX);
    if (!v) return v.status();
    *out = static_cast<uint32_t>(*v);
    return {};
}

#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
constexpr const char *kAttributes = "group, priority, ingress, egress, transfer, user_id, pattern";

Status read_user_id(Reader &r) {
    const Result<uint64_t> v = parse_flow_number("user_id", r.take(), UINT64_MAX);
    if (!v) return v.status();
    r.rule.user_id = *v;
    return {};
}
#else
constexpr const char *kAttributes = "group, priority, ingress, egress, transfer, pattern";
#endif

Status read_attributes(Reader &r) {
    while (true) {
        const std::string_view w = r.take();
        if (w == "pattern") return {};
        Status s;
        if (w == "group")
            s = read_u32(r, "group", &r.rule.attr.group);
        else if (w == "priority")
            s = read_u32(r, "priority", &r.rule.attr.priority);
        else if (w == "ingress")
            r.rule.attr.ingress = 1;
        else if (w == "egress")
            r.rule.attr.egress = 1;
        else if (w == "transfer")
            r.rule.attr.transfer = 1;
#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
        else if (w == "user_id")
            s = read_user_id(r);
#endif
        else
            return Error("unexpected " + quoted(w) + " (allowed: " + kAttributes + ")");
        if (!s) return s;
    }
}

bool is_op(std::string_view w) {
    return w == "is" || w == "spec" || w == "last" || w == "mask" || w == "prefix";
}

// The operators field f takes, for messages.
const char *ops_allowed(const FlowField &f) {
    if (!field_takes_is(f)) return "spec, mask";
    return field_takes_range(f) ? "is, spec, last, mask, prefix" : "is, spec, mask";
}

// One FIELD OP VALUE of item, into its spec, last or mask block.
Status read_field_op(Reader &r, const FlowItem &item, const FlowField &f, rte_flow_item *it,
                     uint8_t *blocks) {
    const std::string_view op = r.take();
    uint8_t *spec = blocks, *last = blocks + item.size, *mask = blocks + 2 * item.size;
    const std::string where = std::string(item.name) + " " + f.name;
    if (r.done())
        return Error(where + ": " + quoted(op) + (op.empty() ? "" : " needs a value") +
                     " (allowed: " + ops_allowed(f) + ")");
    if ((op == "is" && !field_takes_is(f)) ||
        ((op == "last" || op == "prefix") && !field_takes_range(f)))
        return Error(where + ": unexpected " + quoted(op) + " (allowed: " + ops_allowed(f) + ")");
    const std::string_view value = r.take();
    Status s;
    if (op == "is") {
        s = write_is(f, value, spec, mask);
        it->spec = spec;
        it->mask = mask;
    } else if (op == "spec") {
        s = write_value(f, value, spec);
        it->spec = spec;
    } else if (op == "last") {
        s = write_value(f, value, last);
        it->last = last;
    } else if (op == "mask") {
        s = write_value(f, value, mask);
        it->mask = mask;
    } else if (op == "prefix") {
        const Result<uint64_t> n =
            parse_flow_number(std::string(f.name) + " prefix", value, field_bits(f));
        s = n ? write_prefix(f, static_cast<unsigned>(*n), mask) : n.status();
        it->mask = mask;
    } else {
        return Error(where + ": unexpected " + quoted(op) + " (allowed: " + ops_allowed(f) + ")");
    }
    return s ? s : Error(std::string(item.name) + " " + s.message());
}

// An item whose one value follows its name, once: OP VALUE /.
Status read_bare_item(Reader &r, const FlowItem &item, rte_flow_item *it, uint8_t *blocks) {
    if (!is_op(r.peek()))
        return Error(std::string(item.name) + ": unexpected " + quoted(r.peek()) +
                     " (allowed: is, spec, last, mask, prefix)");
    if (Status s = read_field_op(r, item, item.fields[0], it, blocks); !s) return s;
    if (r.peek() != "/")
        return Error(std::string(item.name) + ": unexpected " + quoted(r.peek()) + " (allowed: /)");
    return {};
}

// `type WORD` of an item that has one: the word's value into the type
// field, all its bits masked (testpmd's parse_vc_item_l2tpv2_type).
Result<const FlowItemType *> read_item_type(Reader &r, const FlowItem &item, rte_flow_item *it,
                                            uint8_t *blocks) {
    r.take();
    const std::string_view w = r.take();
    const FlowItemType *type = find_type(item, w);
    if (!type)
        return Error(std::string(item.name) + " type: unknown " + quoted(w) +
                     " (allowed: " + names_of(item.types) + ")");
    uint8_t *spec = blocks, *mask = blocks + 2 * item.size;
    const FlowField &f = *item.type_field;
    if (Status s = write_value(f, std::to_string(type->value), spec); !s) return s;
    if (Status s = write_prefix(f, field_bits(f), mask); !s) return s;
    it->spec = spec;
    it->mask = mask;
    return type;
}

// An item and its fields, up to and including the "/" after them.
Status read_item(Reader &r, const FlowItem &item) {
    rte_flow_item it{};
    it.type = item.type;
    uint8_t *blocks = item.size ? r.alloc(3 * item.size) : nullptr;
    if (item.bare_value) {
        if (Status s = read_bare_item(r, item, &it, blocks); !s) return s;
    }
    std::span<const FlowField> fields = item.fields;
    std::string type_word = item.types.empty() ? "" : "type, ";
    if (!item.types.empty() && r.peek() == "type") {
        const Result<const FlowItemType *> type = read_item_type(r, item, &it, blocks);
        if (!type) return type.status();
        fields = (*type)->fields;
        type_word.clear();
    }
    // Which fields may come next (all, unless the item orders them).
    uint64_t allowed = item.order ? item.order->first : kAnyField;
    while (r.peek() != "/" || !(allowed & kFieldsEnd)) {
        const std::string_view w = r.take();
        const FlowField *f = find_field(fields, w);
        const size_t i = f ? static_cast<size_t>(f - fields.data()) : 0;
        if (!f || !(allowed & field_bit(i)))
            return Error(std::string(item.name) + ": unexpected " + quoted(w) +
                         " (allowed: " + type_word + field_names(fields, allowed) + ")");
        if (Status s = read_field_op(r, item, *f, &it, blocks); !s) return s;
        if (item.order) allowed = item.order->after[i];
    }
    r.take();
    r.rule.pattern.push_back(it);
    return {};
}

// The items up to end_word ("end" in a rule, "end_set" in `set raw_encap`,
// where "end" is an END item that ends the list too, as testpmd reads it).
Status read_pattern(Reader &r, std::string_view end_word = "end") {
    while (true) {
        const std::string_view w = r.take();
        if (w == end_word) return {};
        if (w == "end") {
            r.rule.pattern.push_back({RTE_FLOW_ITEM_TYPE_END, nullptr, nullptr, nullptr});
            return {};
        }
        if (w.empty())
            return Error("pattern: the line ends before the pattern's '" + std::string(end_word) +
                         "'");
        const FlowItem *item = find_item(w);
        if (!item)
            return Error("pattern: unknown item " + quoted(w) + " (allowed: " +
                         names_of(flow_items()) + ", " + std::string(end_word) + ")");
        if (r.rule.pattern.size() == kMaxRuleEntries)
            return Error("pattern: more than " + std::to_string(kMaxRuleEntries) + " items");
        if (Status s = read_item(r, *item); !s) return s;
    }
}

Status read_param(Reader &r, const FlowAction &action, const FlowParam &p, uint8_t *conf) {
    const std::string where = std::string(action.name) + " " + p.field.name;
    Status s;
    if (p.read) {
        const size_t from = r.pos;
        s = p.read(r.words, &r.pos, conf);
        if (!s && r.pos == from) r.pos++; // a reader that failed on its first word
    } else if (r.done()) {
        return Error(where + ": a value is missing (allowed: " + field_allowed(p.field) + ")");
    } else {
        s = write_value(p.field, r.take(), conf);
    }
    return s ? s : Error(action.name + std::string(" ") + s.message());
}

Status read_action(Reader &r, const FlowAction &action, const ActionDefaults &defaults) {
    rte_flow_action a{};
    a.type = action.type;
    uint8_t *conf = action.conf_size ? r.alloc(action.conf_size) : nullptr;
    if (conf && action.init) action.init(defaults, conf);
    a.conf = conf;
    while (r.peek() != "/") {
        const std::string_view w = r.take();
        const FlowParam *p = find_param(action, w);
        if (!p)
            return Error(std::string(action.name) + ": unexpected " + quoted(w) +
                         " (allowed: " + param_names(action) + "/)");
        if (Status s = read_param(r, action, *p, conf); !s) return s;
    }
    r.take();
    r.rule.actions.push_back(a);
    return {};
}

Status read_action_list(Reader &r, const ActionDefaults &defaults) {
    while (true) {
        const std::string_view w = r.take();
        if (w == "end") return {};
        if (w.empty()) return Error("actions: the line ends before the actions' 'end'");
        const FlowAction *action = find_action(w);
        if (!action)
            return Error("actions: unknown action " + quoted(w) +
                         " (allowed: " + names_of(flow_actions()) + ", end)");
        if (r.rule.actions.size() == kMaxRuleEntries)
            return Error("actions: more than " + std::to_string(kMaxRuleEntries) + " actions");
        if (Status s = read_action(r, *action, defaults); !s) return s;
    }
}

Status read_actions(Reader &r, const ActionDefaults &defaults) {
    if (r.take() != "actions") return Error("pattern: no 'actions' after 'end' (allowed: actions)");
    return read_action_list(r, defaults);
}

Status read_to_the_end(Reader &r, const char *what) {
    if (!r.done()) return Error("unexpected " + quoted(r.peek()) + " after " + what);
    return {};
}

} // namespace

Result<ParsedRule> parse_flow_items(std::span<const std::string> words) {
    Reader r{words, 0, {}};
    if (Status s = read_pattern(r, "end_set"); !s) return s;
    if (Status s = read_to_the_end(r, "'end_set'"); !s) return s;
    return std::move(r.rule);
}

Result<ParsedRule> parse_flow_actions(std::span<const std::string> words,
                                      const ActionDefaults &defaults) {
    Reader r{words, 0, {}};
    if (Status s = read_action_list(r, defaults); !s) return s;
    if (Status s = read_to_the_end(r, "the actions' 'end'"); !s) return s;
    r.rule.actions.push_back({RTE_FLOW_ACTION_TYPE_END, nullptr});
    return std::move(r.rule);
}

Result<ParsedRule> parse_flow_pattern(std::span<const std::string> words) {
    Reader r{words, 0, {}};
    if (Status s = read_pattern(r); !s) return s;
    if (Status s = read_to_the_end(r, "the pattern's 'end'"); !s) return s;
    r.rule.pattern.push_back({RTE_FLOW_ITEM_TYPE_END, nullptr, nullptr, nullptr});
    return std::move(r.rule);
}

Result<ParsedRule> parse_flow_action_list(std::span<const std::string> words, size_t *pos,
                                          const ActionDefaults &defaults) {
    Reader r{words, *pos, {}};
    if (Status s = read_action_list(r, defaults); !s) return s;
    r.rule.actions.push_back({RTE_FLOW_ACTION_TYPE_END, nullptr});
    *pos = r.pos;
    return std::move(r.rule);
}

Result<ParsedRule> parse_flow_rule(std::span<const std::string> words,
                                   const ActionDefaults &defaults) {
    Reader r{words, 0, {}};
    if (Status s = read_attributes(r); !s) return s;
    if (Status s = read_pattern(r); !s) return s;
    if (Status s = read_actions(r, defaults); !s) return s;
    if (Status s = read_to_the_end(r, "the actions' 'end'"); !s) return s;
    r.rule.pattern.push_back({RTE_FLOW_ITEM_TYPE_END, nullptr, nullptr, nullptr});
    r.rule.actions.push_back({RTE_FLOW_ACTION_TYPE_END, nullptr});
    return std::move(r.rule);
}

} // namespace pmdfwd::flow
