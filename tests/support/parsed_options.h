// parse_options' answer in the shape option tests compare: ok, help or an
// error, with the error's message.
#pragma once

#include "engine_host/engine_api.h"
#include "options/options.h"

#include <string>
#include <vector>

namespace pmdfwd::testing {

enum class Parsed { Ok, Help, Error };

// Against the engines given, the process's (its linked engines) by default.
inline Parsed parse(std::vector<std::string> args, Config &cfg, std::string &err,
                    const EngineApi &engines = registry_engines()) {
    const Result<ParseResult> r = parse_options(args, cfg, engines);
    err = r.message();
    if (!r) return Parsed::Error;
    return *r == ParseResult::Help ? Parsed::Help : Parsed::Ok;
}

} // namespace pmdfwd::testing
