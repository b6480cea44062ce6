#include "engine_host/param_value.h"

#include "text/ipv4_text.h"
#include "text/mac_text.h"

#include <algorithm>
#include <charconv>
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

// A decimal integer, an optional '-' and digits only (no blanks, no '+').
bool parse_int(std::string_view s, int64_t *out) {
    const char *end = s.data() + s.size();
    auto [ptr, ec] = std::from_chars(s.data(), end, *out, 10);
    return !s.empty() && ec == std::errc() && ptr == end;
}

// The kind's check; an error says the part of the message after
// "<engine> <key> 'v' ".
Status parse_kind(const pmdfwd_param &row, const std::string &text, pmdfwd_param_value *out) {
    switch (row.kind) {
    case PMDFWD_PARAM_INT:
        if (parse_int(text, &out->i) && out->i >= row.min && out->i <= row.max) return {};
        return Error("is not allowed (allowed: " + std::to_string(row.min) + ".." +
                     std::to_string(row.max) + ")");
    case PMDFWD_PARAM_BOOL:
        out->i = text == "on";
        if (text == "on" || text == "off") return {};
        return Error("is not allowed (allowed: on, off)");
    case PMDFWD_PARAM_MAC:
        if (auto mac = mac_from_text(text)) {
            std::copy(mac->begin(), mac->end(), out->mac);
            return {};
        }
        return Error("is not a MAC address (allowed: XX:XX:XX:XX:XX:XX, X a hexadecimal digit)");
    case PMDFWD_PARAM_IPV4: {
        std::string why;
        if (const std::optional<uint32_t> addr = ipv4_from_text(text, &why)) {
            out->ipv4 = *addr;
            return {};
        }
        return Error("is not an IPv4 address: " + why + " (allowed: A.B.C.D, each 0..255)");
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
    const Status kind = parse_kind(row, text, out);
    if (kind) return {};
    return Error(std::string(engine) + " " + row.key + " '" + text + "' " + kind.message());
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
