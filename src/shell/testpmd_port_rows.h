// Rows whose <port> testpmd checks with port_id_is_invalid(ENABLED_WARN):
// any port number parses, and one that does not exist gets "Invalid port N"
// alone (no list of the valid ones) before the row runs. The traffic
// management and meter families wrap their rows in this.
#pragma once

#include "shell/command_spec.h"

#include <algorithm>
#include <cstdint>
#include <sstream>

namespace pmdfwd::shell {

// The row's <port> (a.number at its place among the placeholders and
// choices), checked as testpmd checks it; a row without one is left as is.
inline Spec with_testpmd_port(Spec s) {
    std::istringstream words(s.syntax);
    size_t at = 0;
    std::string w;
    while (words >> w && w != "<port>")
        if (w.front() == '<' || w.find('|') != std::string::npos) at++;
    if (w != "<port>") return s;
    s.types.push_back(arg::port_number("<port>"));
    s.run = [run = std::move(s.run), at](Ctx &c, const Args &a) {
        const std::vector<uint16_t> ids = c.ports.port_ids();
        if (std::find(ids.begin(), ids.end(), a.number(at)) == ids.end())
            return fail(c, "Invalid port " + std::to_string(a.number(at)));
        return run(c, a);
    };
    return s;
}

// testpmd's RTE_UINT16/32/64 tokens; messages name the placeholder.
inline ArgType testpmd_u16(const char *placeholder) {
    return arg::number(placeholder, placeholder, 0, UINT16_MAX);
}
inline ArgType testpmd_u32(const char *placeholder) {
    return arg::number(placeholder, placeholder, 0, UINT32_MAX);
}
inline ArgType testpmd_u64(const char *placeholder) {
    return arg::number(placeholder, placeholder, 0, UINT64_MAX);
}

// A u32 token's value, and a <port> with_testpmd_port checked.
inline uint32_t u32_at(const Args &a, size_t i) {
    return static_cast<uint32_t>(a.number(i));
}
inline uint16_t port_at(const Args &a, size_t i) {
    return static_cast<uint16_t>(a.number(i));
}

inline std::vector<Spec> with_testpmd_ports(std::vector<Spec> rows) {
    for (Spec &s : rows)
        s = with_testpmd_port(std::move(s));
    return rows;
}

} // namespace pmdfwd::shell
