// An engine's parameters as the host serves them: the table a version-3
// engine declares (pmdfwd_param), checked when it registers, each value
// parsed and checked before the engine sees it, and the help lines written
// from it; or, for an engine without a table (version 2), its set_param and
// param_help hooks. EngineApi and the registry reach parameters only here.
#pragma once

#include "engine_host/engine_api.h"
#include "util/status.h"

#include <pmdfwd/engine.h>

#include <string>
#include <vector>

namespace pmdfwd {

// The rows e declares, in version 5's layout (a version-3 or 4 row read
// through its own, shorter layout: no alias, a set without context); none
// for a version-2 descriptor, which ends before the table's fields and must
// not be read past param_help.
std::vector<pmdfwd_param> param_table(const pmdfwd_engine &e);
// A table or a set_param hook.
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
// The keys of its parameter table (none for a version-2 set_param).
std::vector<std::string> engine_param_keys(const pmdfwd_engine &e);

} // namespace pmdfwd
