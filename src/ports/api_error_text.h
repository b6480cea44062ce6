// What testpmd prints for the answers of DPDK's control APIs that report
// errors in a struct (rte_tm, rte_mtr): print_err_msg's line, and the
// capability listings' "name value" lines. One place for the traffic
// management and meter texts.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>

namespace pmdfwd {

// "<type's words>: [cause: <address>, ]<message> (error <type>)": types is
// the API's table of words in its enum's order; a type past its end, or
// with no words (nullptr), is "unknown type", as testpmd says.
template <class Error, size_t N>
std::string api_error_text(const Error &error, const char *const (&types)[N]) {
    const auto type = static_cast<size_t>(error.type);
    const char *what = type < N && types[type] != nullptr ? types[type] : "unknown type";
    std::string o = std::string(what) + ": ";
    if (error.cause != nullptr) {
        char buf[64];
        std::snprintf(buf, sizeof(buf), "cause: %p, ", error.cause);
        o += buf;
    }
    o += error.message ? error.message : "(no stated reason)";
    return o + " (error " + std::to_string(static_cast<int>(error.type)) + ")\n";
}

// One "name value" line, the value as its type prints (testpmd's PRIu32,
// PRId32, PRIu64).
template <class T>
void capability_line(std::string &o, const char *name, T v) {
    o.append(name).append(" ").append(std::to_string(v)).append("\n");
}

} // namespace pmdfwd
