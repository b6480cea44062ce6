// One shell line through run_command(), its output kept only when asked for:
// how the command-family tests drive a host.
#pragma once

#include "shell/command_table.h"

#include <string>

namespace pmdfwd::testing {

inline bool run(const Host &h, const std::string &line, std::string *out = nullptr) {
    std::string o;
    const bool ok = run_command(h, line, &o);
    if (out) *out = o;
    return ok;
}

} // namespace pmdfwd::testing
