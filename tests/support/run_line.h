// One shell line through run_command(), its output kept only when asked for:
// how the command-family tests drive a host.
#pragma once

#include "shell/command_file_text.h"
#include "shell/command_table.h"

#include <gtest/gtest.h>

#include <string>

namespace pmdfwd::testing {

inline bool run(const Host &h, const std::string &line, std::string *out = nullptr) {
    std::string o;
    const bool ok = run_command(h, line, &o);
    if (out) *out = o;
    return ok;
}

// The output of a line that must succeed (ok) or be refused (!ok); the
// test fails, naming the line, when it does not.
inline std::string out_of(const Host &h, const std::string &line, bool ok = true) {
    std::string out;
    EXPECT_EQ(run(h, line, &out), ok) << line << ": " << out;
    return out;
}

// Stops every port, for the rows refused while one runs.
inline void stop_ports(const Host &h) {
    ASSERT_TRUE(run(h, "port stop all"));
}

// Whether a command's output holds what.
inline bool has(const std::string &out, const std::string &what) {
    return out.find(what) != std::string::npos;
}

// What `load FILE` ends with on this build's DPDK (the fakes' hosts have
// no prompt: no line is echoed; shell/command_file_text.h, its own test).
inline std::string loaded(const std::string &file) {
    return shell::command_file_end_text({file, "", false});
}

} // namespace pmdfwd::testing
