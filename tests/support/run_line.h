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

// Whether a command's output holds what.
inline bool has(const std::string &out, const std::string &what) {
    return out.find(what) != std::string::npos;
}

} // namespace pmdfwd::testing
