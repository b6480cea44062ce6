// The option groups, one file each (options/groups/), and the table they
// make in --help's order: what the parser reads and the help writes.
#pragma once

#include "options/option_row.h"

#include <vector>

namespace pmdfwd::opt {

std::vector<Option> forwarding_options();
std::vector<Option> port_options();
std::vector<Option> threshold_options();
std::vector<Option> memory_options();
std::vector<Option> offload_options();
std::vector<Option> link_options();
std::vector<Option> generator_options();

const std::vector<OptionGroup> &groups();

} // namespace pmdfwd::opt
