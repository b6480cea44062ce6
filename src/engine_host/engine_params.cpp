#include "engine_host/engine_params.h"

#include "engine_host/abi_calls.h"
#include "engine_host/param_value.h"

#include <algorithm>
#include <set>

namespace pmdfwd {

namespace {

bool valid_key(std::string_view key) {
    return !key.empty() && key.size() <= 32 && std::all_of(key.begin(), key.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    });
}

const pmdfwd_param *find_row(const pmdfwd_engine &e, const std::string &key) {
    for (const pmdfwd_param &row : param_table(e))
        if (key == row.key) return &row;
    return nullptr;
}

std::string keys(const pmdfwd_engine &e) {
    std::string s;
    for (const pmdfwd_param &row : param_table(e))
        s += (s.empty() ? "" : ", ") + std::string(row.key);
    return s;
}

// What is wrong with one row, or "".
std::string check_row(const pmdfwd_engine &e, const pmdfwd_param &row) {
    if (!known_param_kind(row.kind)) return "has an unknown kind " + std::to_string(row.kind);
    if (row.set == nullptr) return "has no set function";
    if (row.kind == PMDFWD_PARAM_INT && row.min > row.max) return "has min above max";
    if (row.kind == PMDFWD_PARAM_CHOICE && (row.choices == nullptr || row.choices[0] == nullptr))
        return "has no choices";
    if (row.default_value == nullptr) return {};
    pmdfwd_param_value v;
    const std::string why = parse_param_value(e.name, row, row.default_value, &v);
    return why.empty() ? std::string() : "has a default its own check refuses: " + why;
}

} // namespace

std::span<const pmdfwd_param> param_table(const pmdfwd_engine &e) {
    if (e.abi_version < 3 || e.params == nullptr) return {};
    return {e.params, e.nb_params};
}

bool has_params(const pmdfwd_engine &e) {
    return !param_table(e).empty() || e.set_param != nullptr;
}

std::string check_param_table(const pmdfwd_engine &e) {
    if (e.abi_version < 3) return {};
    const std::string engine = "engine '" + std::string(e.name) + "'";
    if (e.params == nullptr && e.nb_params != 0)
        return engine + " declares " + std::to_string(e.nb_params) + " parameters and no table";
    std::set<std::string_view> seen;
    for (const pmdfwd_param &row : param_table(e)) {
        const std::string_view key = row.key ? row.key : "";
        if (!valid_key(key))
            return engine + " parameter '" + std::string(key) +
                   "' is not allowed (1..32 characters of a-z, 0-9, '-')";
        if (!seen.insert(key).second)
            return engine + " declares parameter '" + std::string(key) + "' twice";
        if (std::string why = check_row(e, row); !why.empty())
            return engine + " parameter '" + std::string(key) + "' " + why;
    }
    return {};
}

std::string set_engine_param(const pmdfwd_engine &e, const std::string &key,
                             const std::string &value) {
    if (param_table(e).empty())
        return e.set_param ? call_set_param(e, key, value)
                           : "engine " + std::string(e.name) + " has no parameters";
    const pmdfwd_param *row = find_row(e, key);
    if (row == nullptr)
        return "unknown " + std::string(e.name) + " parameter '" + key + "' (allowed: " + keys(e) +
               ")";
    pmdfwd_param_value v;
    if (std::string why = parse_param_value(e.name, *row, value, &v); !why.empty()) return why;
    return call_param_set(*row, v);
}

std::string engine_param_help(const pmdfwd_engine &e) {
    if (param_table(e).empty()) return call_param_help(e);
    std::string s;
    for (const pmdfwd_param &row : param_table(e))
        s += param_help_line(row) + "\n";
    return s;
}

} // namespace pmdfwd
