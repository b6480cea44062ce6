// The option group "engine parameters by testpmd's names": one row per
// alias an engine's parameter table declares (pmdfwd_param.alias), so that
// testpmd's spellings of engine parameters are the engines' to declare and
// the host names no engine.
#include "options/option_groups.h"

#include "engine_host/engine_api.h"

#include <set>
#include <string>

namespace pmdfwd::opt {

namespace {

// Rows hold C strings; generated texts live as long as the process (a few
// per engine, the same ones each time).
const char *kept(const std::string &text) {
    static std::set<std::string> texts;
    return texts.insert(text).first->c_str();
}

// The alias goes the way of --<engine>-<key>=<value>, so the engine alone
// checks and keeps the value; a flag given alone means on.
Apply engine_param(std::string param, bool flag) {
    return [param = std::move(param), flag](Config &c, std::string_view v) -> Status {
        c.engine_params.emplace_back(param, flag && v.empty() ? std::string("on") : std::string(v));
        return {};
    };
}

} // namespace

std::vector<Option> engine_alias_options(const std::vector<EngineInfo> &engines) {
    std::vector<Option> rows;
    for (const EngineInfo &e : engines)
        for (const EngineAlias &a : e.aliases) {
            const std::string param = e.name + "-" + a.key;
            std::string help = e.name + ": " + a.help;
            if (a.alias != param) help += " (--" + param + ")";
            Option row{kept(a.alias), 0, a.flag ? nullptr : kept(a.metavar), kept(help),
                       engine_param(param, a.flag)};
            row.flag_value = a.flag;
            rows.push_back(std::move(row));
        }
    return rows;
}

std::vector<Option> engine_alias_options(const EngineApi &engines) {
    return engine_alias_options(engines.list());
}

namespace {

// The long option `name` resolves to in table: its name, "" for none, or
// "?" when ambiguous.
std::string resolved(const std::vector<OptionGroup> &table, std::string_view name) {
    const Result<const Option *> o = find_long(table, name);
    return !o ? "?" : *o == nullptr ? "" : (*o)->name;
}

const char *const kAliasRule =
    " (an alias must be no option's name, nor begin one or extend one, nor take an "
    "abbreviation or an engine's --<engine>-<key>)";

// Ok, or how `alias` takes over an option of `before`: its name, every
// abbreviation when the alias extends it (nb-coresx makes --nb-core
// ambiguous) or abbreviates it (nb-core would be the alias), or an
// abbreviation that now means the alias: pmdfwd's own options yield theirs to
// testpmd's spellings, so an alias engine-plugx would take --engine-plug.
// Shorter shared prefixes only make short abbreviations ambiguous, as
// testpmd's own options do (--p: --port-topology, --portmask).
Status check_abbreviations(const std::vector<OptionGroup> &before,
                           const std::vector<OptionGroup> &after, std::string_view alias) {
    for (const OptionGroup &g : before)
        for (const Option &o : g.options) {
            const std::string name = o.name;
            if (name == alias) return Error("is already the option --" + name);
            if (alias.starts_with(name))
                return Error("extends the option --" + name + " (its abbreviations, --" +
                             name.substr(0, name.size() - 1) + ", would be ambiguous)");
            if (std::string_view(name).starts_with(alias))
                return Error("abbreviates the option --" + name + " (--" + std::string(alias) +
                             " would no longer mean it)");
            // The longest such abbreviation says best what the alias takes.
            for (size_t n = name.size(); n > 0; n--) {
                const std::string p = name.substr(0, n);
                if (resolved(before, p) == name && resolved(after, p) == alias)
                    return Error("would make --" + p + " (--" + name + ") mean --" +
                                 std::string(alias));
            }
        }
    return {};
}

// Ok, or the first --<engine>-<key> of `engines` that no option took in
// `before` and one takes in `after` (--<engine>-kernel=scalar would reach
// an alias <engine>-kernel, not the engine).
Status check_engine_params(const std::vector<OptionGroup> &before,
                           const std::vector<OptionGroup> &after,
                           const std::vector<EngineInfo> &engines, std::string_view own) {
    for (const EngineInfo &e : engines)
        for (const std::string &key : e.param_keys) {
            const std::string param = e.name + "-" + key;
            if (param == own || resolved(before, param) != "") continue;
            if (resolved(after, param) != "")
                return Error("would take --" + param + ", engine '" + e.name + "' parameter '" +
                             key + "'");
        }
    return {};
}

// Ok, or the first --<engine>-<key> of a new engine that an option of
// `table` takes (an engine "nb" with a key "cores" could never be set);
// the parameter's own alias may.
Status check_own_params(const std::vector<OptionGroup> &table,
                        const std::vector<EngineInfo> &adding) {
    for (const EngineInfo &e : adding)
        for (const std::string &key : e.param_keys) {
            const std::string param = e.name + "-" + key, taken = resolved(table, param);
            if (taken == "") continue;
            bool own_alias = false;
            for (const EngineAlias &a : e.aliases)
                own_alias = own_alias || (a.key == key && a.alias == taken);
            if (own_alias) continue;
            return Error("engine '" + e.name + "' parameter '" + key + "': --" + param +
                         (taken == "?" ? " is ambiguous among the options"
                                       : " would be the option --" + taken) +
                         " (an engine's --<engine>-<key> must be no option's name or "
                         "abbreviation)");
        }
    return {};
}

std::vector<OptionGroup> with_aliases(const std::vector<EngineInfo> &engines) {
    std::vector<OptionGroup> table = host_groups();
    table.push_back({"aliases", engine_alias_options(engines)});
    return table;
}

} // namespace

Status check_engine_options(const std::vector<EngineInfo> &registered,
                            const std::vector<EngineInfo> &adding) {
    std::vector<EngineInfo> engines = registered;
    engines.insert(engines.end(), adding.begin(), adding.end());
    // One alias at a time, so that each is checked against the table with
    // its siblings that came before it.
    std::vector<EngineInfo> table_engines = registered;
    for (const EngineInfo &e : adding) {
        table_engines.push_back(e);
        table_engines.back().aliases.clear();
        for (const EngineAlias &a : e.aliases) {
            const std::vector<OptionGroup> before = with_aliases(table_engines);
            table_engines.back().aliases.push_back(a);
            const std::vector<OptionGroup> after = with_aliases(table_engines);
            Status ok = check_abbreviations(before, after, a.alias);
            if (ok) ok = check_engine_params(before, after, engines, e.name + "-" + a.key);
            if (!ok)
                return Error("engine '" + e.name + "' parameter '" + a.key + "' alias '" + a.alias +
                             "' " + ok.message() + kAliasRule);
        }
    }
    return check_own_params(with_aliases(table_engines), adding);
}

} // namespace pmdfwd::opt
