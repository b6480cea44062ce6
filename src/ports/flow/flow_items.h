// The pattern items the flow grammar knows (testpmd's names and fields),
// as data: the parser, `help flow` and the refusals of a bad word read this
// table; an item is one row of it (flow_items.cpp).
#pragma once

#include "ports/flow/flow_field.h"

#include <rte_flow.h>

#include <span>
#include <string_view>

namespace pmdfwd::flow {

struct FlowItem {
    const char *name = nullptr;
    rte_flow_item_type type = RTE_FLOW_ITEM_TYPE_VOID;
    size_t size = 0; // sizeof(struct rte_flow_item_<name>); 0: no spec
    std::span<const FlowField> fields;
    const char *help = nullptr;
    // Its one field's is|spec|last|mask|prefix follows the item's name
    // (testpmd's `conntrack is 1`).
    bool bare_value = false;
};

std::span<const FlowItem> flow_items();
// The item named name, or nullptr.
const FlowItem *find_item(std::string_view name);
// The field of item named name, or nullptr.
const FlowField *find_field(const FlowItem &item, std::string_view name);

} // namespace pmdfwd::flow
