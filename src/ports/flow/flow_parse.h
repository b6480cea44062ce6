// A flow rule's words (what follows `flow validate|create <port>`) read
// through the item and action tables into rte_flow's attribute, pattern
// and actions, in storage the rule owns: testpmd's grammar
//     [group N] [priority N] [ingress] [egress] [transfer] [user_id N (23.07)]
//     pattern ITEM [FIELD is|spec|last|mask|prefix VALUE]... / ... / end
//     actions ACTION [PARAM VALUE]... / ... / end
#pragma once

#include "ports/flow/flow_actions.h"
#include "util/status.h"

#include <rte_flow.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace pmdfwd::flow {

// The most items or actions a rule may have: far more than any PMD takes,
// few enough that a runaway line is refused rather than built.
constexpr size_t kMaxRuleEntries = 1024;

struct ParsedRule {
    rte_flow_attr attr{};
    // DPDK 23.07's `user_id N` attribute: the user's id for the rule, which
    // `flow destroy|query|update ... user_id` name it by (0: none).
    uint64_t user_id = 0;
    std::vector<rte_flow_item> pattern;   // ends with RTE_FLOW_ITEM_TYPE_END
    std::vector<rte_flow_action> actions; // ends with RTE_FLOW_ACTION_TYPE_END
    // What the items' spec, last and mask and the actions' conf point to
    // (zeroed, as testpmd's): heap blocks, so moving the rule keeps them.
    std::vector<std::unique_ptr<uint8_t[]>> storage;
};

// The rule, or why the words are not one ("pattern: unknown item 'foo'
// (allowed: void, any, ...)").
Result<ParsedRule> parse_flow_rule(std::span<const std::string> words,
                                   const ActionDefaults &defaults);

// `set raw_encap|raw_decap`'s items: ITEM ... / ... / end_set, into the
// rule's pattern, no END after them ("/ end" ends the list with an END
// item, as testpmd's grammar reads it).
Result<ParsedRule> parse_flow_items(std::span<const std::string> words);

// `set sample_actions`'s actions: ACTION ... / ... / end, into the rule's
// actions (END last).
Result<ParsedRule> parse_flow_actions(std::span<const std::string> words,
                                      const ActionDefaults &defaults);

// A pattern template's items: ITEM ... / ... / end, the line's last words
// (END last).
Result<ParsedRule> parse_flow_pattern(std::span<const std::string> words);

// Actions ACTION ... / ... / end from words[*pos] (END last), *pos then
// past the "end": what follows is the caller's (an actions template's
// `mask`).
Result<ParsedRule> parse_flow_action_list(std::span<const std::string> words, size_t *pos,
                                          const ActionDefaults &defaults);

} // namespace pmdfwd::flow
