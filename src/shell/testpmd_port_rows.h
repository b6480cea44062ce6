// Rows whose <port> testpmd checks with port_id_is_invalid(ENABLED_WARN):
// any port number parses, and one that does not exist gets "Invalid port N"
// alone (no list of the valid ones) before the row runs. The traffic
// management and meter families wrap their rows in this.
#pragma once

#include "shell/command_spec.h"

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <string_view>

namespace pmdfwd::shell {

// testpmd's port_id_is_invalid(ENABLED_WARN): whether the port exists,
// else its "Invalid port N" alone.
inline bool testpmd_port_exists(Ctx &c, uint64_t port) {
    const std::vector<uint16_t> ids = c.ports.port_ids();
    if (std::find(ids.begin(), ids.end(), port) != ids.end()) return true;
    return fail(c, "Invalid port " + std::to_string(port));
}

// The row's <port> (a.number at its place among the placeholders and
// choices), checked as testpmd checks it; a row without one, or one whose
// types already name it (it checks the port itself, later: 24.11's shaper
// profile echo comes first), is left as is.
inline Spec with_testpmd_port(Spec s) {
    for (const ArgType &t : s.types)
        if (t.placeholder && std::string_view(t.placeholder) == "<port>") return s;
    std::istringstream words(s.syntax);
    size_t at = 0;
    std::string w;
    while (words >> w && w != "<port>")
        if (w.front() == '<' || w.find('|') != std::string::npos) at++;
    if (w != "<port>") return s;
    s.types.push_back(arg::port_number("<port>"));
    s.run = [run = std::move(s.run), at](Ctx &c, const Args &a) {
        return testpmd_port_exists(c, a.number(at)) && run(c, a);
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
