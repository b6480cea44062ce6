#include "engine_host/param_value.h"

#include "util/value_parse.h"

#include <algorithm>
#include <vector>

namespace pmdfwd {

namespace {

std::vector<std::string> choices_of(const pmdfwd_param &row) {
    std::vector<std::string> v;
    for (const char *const *c = row.choices; c != nullptr && *c != nullptr; ++c)
        v.emplace_back(*c);
    return v;
}

std::string joined(const std::vector<std::string> &items, std::string_view sep) {
    std::string s;
    for (const std::string &item : items)
        s += (s.empty() ? "" : std::string(sep)) + item;
    return s;
}

// The kind's value through the host's one set of value parsers
// (util/value_parse.h), its error naming the parameter as "<engine> <key>".
Status parse_kind(const std::string &what, const pmdfwd_param &row, const std::string &text,
                  pmdfwd_param_value *out) {
    switch (row.kind) {
    case PMDFWD_PARAM_INT: {
        const Result<int64_t> v = parse_int(what, text, row.min, row.max);
        if (!v) return v.status();
        out->i = *v;
        return {};
    }
    case PMDFWD_PARAM_BOOL: {
        const Result<bool> v = parse_on_off(what, text);
        if (!v) return v.status();
        out->i = *v;
        return {};
    }
    case PMDFWD_PARAM_MAC: {
        const Result<std::array<uint8_t, 6>> v = parse_mac(text);
        if (!v) return Error(what + ": " + v.message());
        std::copy(v->begin(), v->end(), out->mac);
        return {};
    }
    case PMDFWD_PARAM_IPV4: {
        const Result<uint32_t> v = parse_ipv4(what, text);
        if (!v) return v.status();
        out->ipv4 = *v;
        return {};
    }
    default:
        return {}; // STRING: the engine's set checks it
    }
}

} // namespace

bool known_param_kind(uint32_t kind) {
    return kind >= PMDFWD_PARAM_INT && kind <= PMDFWD_PARAM_STRING;
}

Status parse_param_value(std::string_view engine, const pmdfwd_param &row, const std::string &text,
                         pmdfwd_param_value *out) {
    *out = pmdfwd_param_value{};
    out->text = text.c_str();
    if (row.kind == PMDFWD_PARAM_CHOICE) {
        // A name nobody declared reads as the other "unknown" messages do.
        const std::vector<std::string> choices = choices_of(row);
        for (size_t i = 0; i < choices.size(); i++) {
            if (choices[i] != text) continue;
            out->i = static_cast<int64_t>(i);
            return {};
        }
        return Error("unknown " + std::string(engine) + " " + (row.what ? row.what : row.key) +
                     " '" + text + "' (allowed: " + joined(choices, ", ") + ")");
    }
    return parse_kind(std::string(engine) + " " + row.key, row, text, out);
}

std::string param_metavar(const pmdfwd_param &row) {
    if (row.metavar != nullptr) return row.metavar;
    switch (row.kind) {
    case PMDFWD_PARAM_INT:
        return "N";
    case PMDFWD_PARAM_BOOL:
        return "on|off";
    case PMDFWD_PARAM_CHOICE:
        return joined(choices_of(row), "|");
    case PMDFWD_PARAM_MAC:
        return "XX:XX:XX:XX:XX:XX";
    case PMDFWD_PARAM_IPV4:
        return "A.B.C.D";
    default:
        return "TEXT";
    }
}

std::string param_help_line(const pmdfwd_param &row) {
    const std::string name = param_metavar(row);
    std::vector<std::string> notes;
    if (row.kind == PMDFWD_PARAM_INT)
        notes.push_back(name + ": " + std::to_string(row.min) + ".." + std::to_string(row.max));
    if (row.kind == PMDFWD_PARAM_CHOICE && row.metavar != nullptr)
        notes.push_back(name + ": " + joined(choices_of(row), "|"));
    if (row.default_value != nullptr) notes.push_back(std::string("default ") + row.default_value);
    std::string line = std::string(row.key) + "=" + name + "  " + (row.help ? row.help : "");
    if (!notes.empty()) line += " (" + joined(notes, ", ") + ")";
    return line;
}

} // namespace pmdfwd
