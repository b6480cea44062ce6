#include "shell/command_spec.h"

#include "options/scalar_parse.h"
#include "ports/port_text.h"

#include <algorithm>

namespace pmdfwd::shell {

bool fail(Ctx &c, const std::string &msg) {
    *c.out += msg + "\n";
    return false;
}

std::optional<uint16_t> port_arg(Ctx &c, const std::string &word) {
    std::string err;
    const std::vector<uint16_t> ids = c.ports.port_ids();
    auto v = parse_uint("port", word, 0, UINT64_MAX, &err);
    if (v && std::find(ids.begin(), ids.end(), *v) != ids.end()) return static_cast<uint16_t>(*v);
    if (v) {
        // testpmd's words: harnesses key on "Invalid port".
        *c.out += invalid_port_text(*v, ids);
        return std::nullopt;
    }
    std::string allowed;
    for (uint16_t id : ids)
        allowed += (allowed.empty() ? "" : ", ") + std::to_string(id);
    fail(c, "Bad arguments: port '" + word + "' is not a number (allowed: " + allowed + ")");
    return std::nullopt;
}

std::optional<std::vector<uint16_t>> ports_arg(Ctx &c, const std::string &word) {
    if (word == "all") return c.ports.port_ids();
    auto p = port_arg(c, word);
    if (!p) return std::nullopt;
    return std::vector<uint16_t>{*p};
}

std::optional<uint64_t> uint_arg(Ctx &c, const char *what, const std::string &word, uint64_t lo,
                                 uint64_t hi) {
    std::string err;
    auto v = parse_uint(what, word, lo, hi, &err);
    if (!v) fail(c, err);
    return v;
}

bool set_on_off(Ctx &c, const char *what, const std::string &word, bool Config::*field) {
    std::string err;
    auto v = parse_on_off(what, word, &err);
    if (!v) return fail(c, err);
    c.config.*field = *v;
    return true;
}

} // namespace pmdfwd::shell
