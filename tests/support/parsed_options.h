// parse_options' answer in the shape option tests compare: ok, help or an
// error, with the error's message.
#pragma once

#include "options/options.h"

#include <string>
#include <vector>

namespace pmdfwd::testing {

enum class Parsed { Ok, Help, Error };

inline Parsed parse(std::vector<std::string> args, Config &cfg, std::string &err) {
    const Result<ParseResult> r = parse_options(args, cfg);
    err = r.message();
    if (!r) return Parsed::Error;
    return *r == ParseResult::Help ? Parsed::Help : Parsed::Ok;
}

} // namespace pmdfwd::testing
