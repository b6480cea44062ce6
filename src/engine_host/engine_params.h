// An engine's parameters as the host serves them: the table the engine
// declares (pmdfwd_param), checked when it registers, each value parsed and
// checked before the engine sees it, and the help lines written from it.
// EngineApi and the registry reach parameters only here.
#pragma once

#include "engine_host/engine_api.h"
#include "util/status.h"

#include <pmdfwd/engine.h>

#include <span>
#include <string>
#include <vector>

namespace pmdfwd {

// The rows e declares.
std::span<const pmdfwd_param> param_table(const pmdfwd_engine &e);
bool has_params(const pmdfwd_engine &e);
// Ok or what is wrong with e's table (rows, keys, kinds, defaults).
Status check_param_table(const pmdfwd_engine &e);
// Ok or why key=value was refused: an unknown key, a bad value (what is
// allowed), or the engine's own message.
Status set_engine_param(const pmdfwd_engine &e, const std::string &key, const std::string &value);
// One line per parameter ("key=VALUE  what"); "" when it has none.
std::string engine_param_help(const pmdfwd_engine &e);
// The parameters that have an alias (pmdfwd_param.alias).
std::vector<EngineAlias> engine_aliases(const pmdfwd_engine &e);
// The keys of its parameter table.
std::vector<std::string> engine_param_keys(const pmdfwd_engine &e);

} // namespace pmdfwd
