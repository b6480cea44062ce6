#include "ports/flow/flow_complete.h"

#include "ports/flow/flow_actions.h"
#include "ports/flow/flow_items.h"

#include <rte_version.h>

namespace pmdfwd::flow {

namespace {

enum class At { Attr, Item, ItemBody, ItemType, Op, Actions, Action, ActionBody, Done };

// Where the rule is after its words: what the next word may be, and the
// item or action it is inside.
struct Place {
    At at = At::Attr;
    const FlowItem *item = nullptr;
    const FlowItemType *type = nullptr; // the item's `type` word, once read
    const FlowAction *action = nullptr;
    uint64_t allowed = kAnyField;     // the item's fields that may come next
    const FlowField *field = nullptr; // the field an Op is for (none: a bare item's)
};

std::span<const FlowField> item_fields(const Place &p) {
    return p.type ? p.type->fields : p.item->fields;
}

// A parameter that reads a list up to "end" (RSS's types and queues).
bool takes_list(const FlowParam &p) {
    return p.value && std::string_view(p.value).ends_with("... end");
}

Place step(Place p, std::span<const std::string> words, size_t *i) {
    const std::string &w = words[(*i)++];
    const auto skip_value = [&] { *i += 1; };
    switch (p.at) {
    case At::Attr:
        if (w == "group" || w == "priority" || w == "user_id") skip_value();
        if (w == "pattern") p.at = At::Item;
        return p;
    case At::Item:
        p.item = find_item(w);
        p.type = nullptr;
        p.field = nullptr;
        p.allowed = p.item && p.item->order ? p.item->order->first : kAnyField;
        p.at = w == "end"           ? At::Actions
               : !p.item            ? At::Done
               : p.item->bare_value ? At::Op
                                    : At::ItemBody;
        return p;
    case At::ItemBody:
        if (w == "type" && !p.type && !p.item->types.empty()) {
            p.at = At::ItemType;
            return p;
        }
        if (w == "/") {
            p.at = p.allowed & kFieldsEnd ? At::Item : At::Done;
            return p;
        }
        if (const FlowField *f = find_field(item_fields(p), w)) {
            const size_t n = static_cast<size_t>(f - item_fields(p).data());
            p.at = p.allowed & field_bit(n) ? At::Op : At::Done;
            p.field = f;
            if (p.item->order) p.allowed = p.item->order->after[n];
            return p;
        }
        p.at = At::Done;
        return p;
    case At::ItemType:
        p.type = find_type(*p.item, w);
        p.at = p.type ? At::ItemBody : At::Done;
        return p;
    case At::Op:
        skip_value();
        p.at = At::ItemBody;
        return p;
    case At::Actions:
        p.at = w == "actions" ? At::Action : At::Done;
        return p;
    case At::Action:
        p.action = find_action(w);
        p.at = w == "end" ? At::Done : p.action ? At::ActionBody : At::Done;
        return p;
    case At::ActionBody: {
        if (w == "/") return Place{At::Action};
        const FlowParam *param = find_param(*p.action, w);
        if (!param) return Place{At::Done};
        if (param->value && !*param->value) return p; // a word alone (conntrack_update dir)
        if (!takes_list(*param)) {
            skip_value();
            return p;
        }
        while (*i < words.size() && words[*i] != "end")
            ++*i;
        *i += 1; // past "end", or past the line: a list is still being typed
        return p;
    }
    case At::Done:
        break;
    }
    return p;
}

template <typename Rows>
std::vector<std::string> names(const Rows &rows, const char *last) {
    std::vector<std::string> v;
    for (const auto &r : rows)
        v.emplace_back(r.name);
    v.emplace_back(last);
    return v;
}

// The operators a field takes (a bare item's value: all of them).
std::vector<std::string> op_names(const FlowField *f) {
    if (f && !field_takes_is(*f)) return {"mask", "spec"};
    if (f && !field_takes_range(*f)) return {"is", "mask", "spec"};
    return {"is", "last", "mask", "prefix", "spec"};
}

std::vector<std::string> type_names(const FlowItem &item) {
    std::vector<std::string> v;
    for (const FlowItemType &t : item.types)
        v.emplace_back(t.name);
    return v;
}

} // namespace

std::vector<std::string> flow_rule_next_words(std::span<const std::string> words) {
    Place p;
    size_t i = 0;
    while (i < words.size() && p.at != At::Done)
        p = step(p, words, &i);
    // A value was to come after the last word: nothing to offer.
    if (i > words.size()) return {};
    switch (p.at) {
    case At::Attr:
#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
        return {"egress", "group", "ingress", "pattern", "priority", "transfer", "user_id"};
#else
        return {"egress", "group", "ingress", "pattern", "priority", "transfer"};
#endif
    case At::Item:
        return names(flow_items(), "end");
    case At::ItemBody: {
        if (p.item->bare_value) return {"/"};
        std::vector<std::string> v;
        const std::span<const FlowField> fields = item_fields(p);
        for (size_t n = 0; n < fields.size(); n++)
            if (p.allowed & field_bit(n)) v.emplace_back(fields[n].name);
        if (p.allowed & kFieldsEnd) v.emplace_back("/");
        if (!p.type && !p.item->types.empty()) v.insert(v.begin(), "type");
        return v;
    }
    case At::ItemType:
        return type_names(*p.item);
    case At::Op:
        return op_names(p.field);
    case At::Actions:
        return {"actions"};
    case At::Action:
        return names(flow_actions(), "end");
    case At::ActionBody: {
        std::vector<std::string> v;
        for (const FlowParam &param : p.action->params)
            v.emplace_back(param.field.name);
        v.emplace_back("/");
        return v;
    }
    case At::Done:
        break;
    }
    return {};
}

} // namespace pmdfwd::flow
