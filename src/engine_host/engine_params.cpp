#include "engine_host/engine_params.h"

#include "engine_host/abi_calls.h"
#include "engine_host/param_value.h"
#include "text/printable.h"

#include <algorithm>
#include <optional>
#include <set>

namespace pmdfwd {

namespace {

bool valid_key(std::string_view key) {
    return !key.empty() && key.size() <= 32 && std::all_of(key.begin(), key.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    });
}

std::optional<pmdfwd_param> find_row(const pmdfwd_engine &e, const std::string &key) {
    for (const pmdfwd_param &row : param_table(e))
        if (key == row.key) return row;
    return std::nullopt;
}

std::string keys(const pmdfwd_engine &e) {
    std::string s;
    for (const pmdfwd_param &row : param_table(e))
        s += (s.empty() ? "" : ", ") + std::string(row.key);
    return s;
}

// What is wrong with one row, said after "engine 'E' parameter 'K' ".
Status check_row(const pmdfwd_engine &e, const pmdfwd_param &row) {
    if (!known_param_kind(row.kind))
        return Error("has an unknown kind " + std::to_string(row.kind));
    if (row.set == nullptr) return Error("has no set function");
    if (row.alias != nullptr && !valid_key(row.alias))
        return Error("has an alias '" + std::string(row.alias) +
                     "' that is not allowed (1..32 characters of a-z, 0-9, '-')");
    if (row.kind == PMDFWD_PARAM_INT && row.min > row.max) return Error("has min above max");
    if (row.kind == PMDFWD_PARAM_CHOICE && (row.choices == nullptr || row.choices[0] == nullptr))
        return Error("has no choices");
    if (row.default_value == nullptr) return {};
    pmdfwd_param_value v;
    const Status parsed = parse_param_value(e.name, row, row.default_value, &v);
    if (parsed) return {};
    return Error("has a default its own check refuses: " + parsed.message());
}

} // namespace

std::span<const pmdfwd_param> param_table(const pmdfwd_engine &e) {
    if (e.params == nullptr) return {};
    return {e.params, e.nb_params};
}

bool has_params(const pmdfwd_engine &e) {
    return !param_table(e).empty();
}

Status check_param_table(const pmdfwd_engine &e) {
    const std::string engine = "engine '" + std::string(e.name) + "'";
    if (e.params == nullptr && e.nb_params != 0)
        return Error(engine + " declares " + std::to_string(e.nb_params) +
                     " parameters and no table");
    std::set<std::string_view> seen;
    for (const pmdfwd_param &row : param_table(e)) {
        const std::string_view key = row.key ? row.key : "";
        if (!valid_key(key))
            return Error(engine + " parameter '" + std::string(key) +
                         "' is not allowed (1..32 characters of a-z, 0-9, '-')");
        if (!seen.insert(key).second)
            return Error(engine + " declares parameter '" + std::string(key) + "' twice");
        if (Status row_ok = check_row(e, row); !row_ok)
            return Error(engine + " parameter '" + std::string(key) + "' " + row_ok.message());
    }
    return {};
}

Status set_engine_param(const pmdfwd_engine &e, const std::string &key, const std::string &value) {
    if (!has_params(e)) return Error("engine " + std::string(e.name) + " has no parameters");
    const std::optional<pmdfwd_param> row = find_row(e, key);
    if (!row)
        return Error("unknown " + std::string(e.name) + " parameter '" + key +
                     "' (allowed: " + keys(e) + ")");
    pmdfwd_param_value v;
    if (Status parsed = parse_param_value(e.name, *row, value, &v); !parsed) return parsed;
    return call_param_set(e, *row, v);
}

std::string engine_param_help(const pmdfwd_engine &e) {
    std::string s;
    for (const pmdfwd_param &row : param_table(e))
        s += printable(param_help_line(row)) + "\n";
    return s;
}

std::vector<std::string> engine_param_keys(const pmdfwd_engine &e) {
    std::vector<std::string> v;
    for (const pmdfwd_param &row : param_table(e))
        v.emplace_back(row.key);
    return v;
}

std::vector<EngineAlias> engine_aliases(const pmdfwd_engine &e) {
    std::vector<EngineAlias> v;
    for (const pmdfwd_param &row : param_table(e))
        if (row.alias != nullptr)
            v.push_back({row.alias, row.key, param_metavar(row),
                         printable(row.help ? row.help : ""), row.kind == PMDFWD_PARAM_BOOL});
    return v;
}

} // namespace pmdfwd
