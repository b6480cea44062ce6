// testpmd's parse_item_list: a list of decimal numbers, comma-separated, as
// `set txpkts`, `set rxoffs` and i40e's `pctype mapping update` read them.
#pragma once

#include "util/status.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace pmdfwd::shell {

// At most max_items values (each wraps as testpmd's unsigned int does),
// different from one another when unique; else testpmd's message
// ("character x is not a decimal digit", "Number of <item_name> = ...").
// testpmd reads no further than cmdline's 128-character token.
Result<std::vector<uint32_t>> parse_item_list(std::string_view text, const char *item_name,
                                              unsigned max_items, bool unique = false);

} // namespace pmdfwd::shell
