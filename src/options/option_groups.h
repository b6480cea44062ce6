// The option groups, one file each (options/groups/), and the table they
// make in --help's order: what the parser reads and the help writes.
#pragma once

#include "options/option_row.h"

#include <vector>

namespace pmdfwd {
class EngineApi;
}

namespace pmdfwd::opt {

std::vector<Option> forwarding_options();
std::vector<Option> port_options();
std::vector<Option> threshold_options();
std::vector<Option> memory_options();
std::vector<Option> offload_options();
std::vector<Option> link_options();
std::vector<Option> generator_options();
// The engines' parameter aliases (pmdfwd_param.alias).
std::vector<Option> engine_alias_options(const EngineApi &engines);

// The host's own groups, then the engines' aliases: the table the parser
// reads and the help writes.
std::vector<OptionGroup> groups(const EngineApi &engines);

} // namespace pmdfwd::opt
