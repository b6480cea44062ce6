// The pattern items the flow grammar knows (testpmd's names and fields),
// as data: the parser, `help flow` and the refusals of a bad word read this
// table; an item is one row of it (flow_items.cpp).
#pragma once

#include "ports/flow/flow_field.h"

#include <rte_flow.h>

#include <cstdint>
#include <span>
#include <string_view>

namespace pmdfwd::flow {

// One word after an item's `type` (testpmd's l2tpv2 message types): the
// value it writes, fully masked, into the item's type field, and the fields
// that follow it in place of the item's own.
struct FlowItemType {
    const char *name = nullptr;
    uint64_t value = 0;
    std::span<const FlowField> fields{};
    const char *help = nullptr;
};

// The fields of an item that orders them (testpmd's compare: op first, a's
// fields up to b_type, b's up to width), as sets of bits: bit i is the
// item's fields[i], kFieldsEnd the "/" that ends the item.
constexpr uint64_t kFieldsEnd = uint64_t{1} << 63;
constexpr uint64_t kAnyField = ~uint64_t{0};
constexpr uint64_t field_bit(size_t i) {
    return uint64_t{1} << i;
}
struct FieldOrder {
    uint64_t first = kAnyField;      // what may follow the item's name
    std::span<const uint64_t> after; // after fields[i]'s value: after[i]
};

struct FlowItem {
    const char *name = nullptr;
    rte_flow_item_type type = RTE_FLOW_ITEM_TYPE_VOID;
    size_t size = 0; // sizeof(struct rte_flow_item_<name>); 0: no spec
    std::span<const FlowField> fields{};
    const char *help = nullptr;
    // Its one field's is|spec|last|mask|prefix follows the item's name
    // (testpmd's `conntrack is 1`).
    bool bare_value = false;
    // Where `type WORD` writes its value, and the words it takes (none: the
    // item has no `type`).
    const FlowField *type_field = nullptr;
    std::span<const FlowItemType> types{};
    // The order its fields come in; none: any order, "/" anywhere.
    const FieldOrder *order = nullptr;
};

std::span<const FlowItem> flow_items();
// The item named name, or nullptr.
const FlowItem *find_item(std::string_view name);
// The field of item named name, or nullptr.
const FlowField *find_field(const FlowItem &item, std::string_view name);
// The field named name among fields, or nullptr.
const FlowField *find_field(std::span<const FlowField> fields, std::string_view name);
// The item's `type` word named name, or nullptr.
const FlowItemType *find_type(const FlowItem &item, std::string_view name);

} // namespace pmdfwd::flow
