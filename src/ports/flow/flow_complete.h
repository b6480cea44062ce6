// What may come next in a flow rule, from the same tables the parser reads:
// the shell's TAB completion after `flow validate|create <port>`.
#pragma once

#include <span>
#include <string>
#include <vector>

namespace pmdfwd::flow {

// The words that may follow words (a rule's first words, complete ones): an
// attribute or `pattern`, an item or `end`, an item's fields or `/`, a
// field's is|spec|last|mask|prefix, `actions`, an action or `end`, its
// parameters or `/`; none where a value comes.
std::vector<std::string> flow_rule_next_words(std::span<const std::string> words);

} // namespace pmdfwd::flow
