// The application's command line (after EAL's `--`), with testpmd's option
// names and meanings wherever pmdfwd has the feature.
#pragma once

#include "engine_host/engine_api.h"
#include "options/config.h"
#include "util/status.h"

#include <string>
#include <vector>

namespace pmdfwd {

enum class ParseResult { Ok, Help };

// Parses args (not including the program name) into cfg. An error says
// which option was wrong, why, and what is allowed. Options of the form
// --<engine>-<key>=<value> are kept in cfg.engine_params for
// apply_engine_params(), since plugins may register engines later.
// --forward-mode must name one of the engines.
Result<ParseResult> parse_options(const std::vector<std::string> &args, Config &cfg,
                                  const EngineApi &engines);

// The values of every --engine-plugin in args, read before parse_options
// (plugins' modes are valid --forward-mode values) the parser's way: a
// unique prefix (--engine-plug), =PATH or the next argument, and never
// from another option's value. The rest is parse_options' to judge.
std::vector<std::string> engine_plugin_paths(const std::vector<std::string> &args,
                                             const EngineApi &engines);

// Hands every --<engine>-<key>=<value> to its engine's set_param.
Status apply_engine_params(const Config &cfg, EngineApi &engines);

// The --help text; lists the engines.
std::string usage(const char *prog, const EngineApi &engines);

// The option table as data, in --help's order, for the generated manual
// page and bash completion (doc/man/): they list what --help lists.
struct OptionDoc {
    std::string group;
    char short_name;  // 0 if none
    std::string name; // without "--"
    std::string arg;  // empty for a flag
    std::string help;
};
std::vector<OptionDoc> option_docs(const EngineApi &engines);

} // namespace pmdfwd
