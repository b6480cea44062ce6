// The option groups, one file each (options/groups/), and the table they
// make in --help's order: what the parser reads and the help writes.
#pragma once

#include "engine_host/engine_api.h"
#include "options/option_row.h"

#include <string_view>
#include <vector>

namespace pmdfwd::opt {

std::vector<Option> forwarding_options();
std::vector<Option> port_options();
std::vector<Option> threshold_options();
std::vector<Option> memory_options();
std::vector<Option> offload_options();
std::vector<Option> link_options();
std::vector<Option> generator_options();
std::vector<Option> process_options();
// After parsing: --proc-id below --num-procs, and one process only.
Status check_process_options(const Config &c);
// The engines' parameter aliases (pmdfwd_param.alias).
std::vector<Option> engine_alias_options(const EngineApi &engines);
std::vector<Option> engine_alias_options(const std::vector<EngineInfo> &engines);

// The host's own groups, without the engines' aliases.
const std::vector<OptionGroup> &host_groups();
// The host's own groups, then the engines' aliases: the table the parser
// reads and the help writes.
std::vector<OptionGroup> groups(const EngineApi &engines);

// getopt_long's rule: the option named exactly, else the one whose name
// begins with `name`, testpmd's options first; nullptr for none, an error
// naming them for several.
Result<const Option *> find_long(const std::vector<OptionGroup> &table, std::string_view name);

// The option check the registry runs before a plugin's engines register
// (EngineCheck::Options, installed by main): ok, or which alias or parameter name clashes with
// what.
Status check_engine_options(const std::vector<EngineInfo> &registered,
                            const std::vector<EngineInfo> &adding);

} // namespace pmdfwd::opt
