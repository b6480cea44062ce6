// parse_options and apply_engine_params: the command line read against the
// option table (options/option_groups.h), getopt_long's way.
#include "options/option_groups.h"
#include "options/options.h"

#include "engine_host/engine_api.h"

#include <optional>
#include <string_view>
#include <vector>

namespace pmdfwd {

namespace {

using opt::groups;
using opt::Option;
using opt::OptionGroup;

// pmdfwd's own options: an abbreviation testpmd accepts must not become
// ambiguous because of them.
bool pmdfwd_only(std::string_view name) {
    return name == "run-time" || name == "stats-format" || name == "engine-plugin" ||
           name == "testpmd-texts";
}

} // namespace

// getopt_long's rule: an exact name, else the one option whose name the
// text begins ("--stats 2" is --stats-period), testpmd's options first.
// Several such options are an error naming them; none is nullptr.
Result<const opt::Option *> opt::find_long(const std::vector<OptionGroup> &table,
                                           std::string_view name) {
    std::vector<const Option *> prefixed, testpmds;
    for (const OptionGroup &g : table)
        for (const Option &o : g.options) {
            const std::string_view n = o.name;
            if (n == name) return &o;
            if (n.substr(0, name.size()) != name) continue;
            prefixed.push_back(&o);
            if (!pmdfwd_only(n)) testpmds.push_back(&o);
        }
    if (prefixed.size() == 1) return prefixed[0];
    if (testpmds.size() == 1) return testpmds[0];
    if (prefixed.empty()) return static_cast<const Option *>(nullptr);
    std::string msg = "option '--" + std::string(name) + "' is ambiguous; possibilities:";
    for (const Option *o : prefixed)
        msg += std::string(" '--") + o->name + "'";
    return Error(msg);
}

namespace {

using opt::find_long;

const Option *find_short(const std::vector<OptionGroup> &table, char c) {
    for (const OptionGroup &g : table)
        for (const Option &o : g.options)
            if (o.short_name == c) return &o;
    return nullptr;
}

enum class Step { Next, Help };

// Applies opt, taking its value from `value` or the next argument.
Result<Step> apply_option(const Option &opt, std::optional<std::string> value,
                          const std::vector<std::string> &args, size_t &i, Config &cfg) {
    if (opt.apply == nullptr) return Step::Help;
    if (opt.arg == nullptr && value && !opt.flag_value) {
        return Error("option --" + std::string(opt.name) + " takes no value");
    }
    // "--flag=" is a value left out, not "on" (the flag alone means on).
    if (opt.flag_value && value && value->empty()) {
        return Error("option --" + std::string(opt.name) +
                     "= has an empty value (allowed: on, off, or --" + opt.name + " alone for on)");
    }
    if (opt.arg != nullptr && !value) {
        if (i + 1 >= args.size()) {
            return Error("option --" + std::string(opt.name) + " needs a value: " + opt.arg);
        }
        value = args[++i];
    }
    if (Status applied = opt.apply(cfg, value.value_or("")); !applied) return applied;
    return Step::Next;
}

// A long option's name and its =value, if it has one: "--name[=value]".
struct LongArg {
    std::string_view name;
    std::optional<std::string> value;
};

LongArg split_long(std::string_view arg) {
    const std::string_view body = arg.substr(2);
    const size_t eq = body.find('=');
    if (eq == std::string_view::npos) return {body, std::nullopt};
    return {body.substr(0, eq), std::string(body.substr(eq + 1))};
}

Result<Step> parse_long(const std::vector<OptionGroup> &table, const std::vector<std::string> &args,
                        size_t &i, Config &cfg) {
    const auto [name, value] = split_long(args[i]);
    const Result<const Option *> opt = find_long(table, name);
    if (!opt) return opt.status();
    if (*opt != nullptr) return apply_option(**opt, value, args, i, cfg);
    if (value && name.find('-') != std::string_view::npos) {
        // --<engine>-<key>=<value>: checked once plugins are loaded.
        cfg.engine_params.emplace_back(std::string(name), *value);
        return Step::Next;
    }
    return Error("unknown option '" + args[i] + "' (see --help)");
}

// -i, -a, -h, or several of them in one word (-ia), as getopt.
Result<Step> parse_short(const std::vector<OptionGroup> &table,
                         const std::vector<std::string> &args, size_t &i, Config &cfg) {
    const std::string a = args[i];
    for (size_t k = 1; k < a.size(); k++) {
        const Option *opt = find_short(table, a[k]);
        if (opt == nullptr || (opt->arg != nullptr && a.size() > 2)) {
            return Error("unknown option '" + a + "' (see --help)");
        }
        const Result<Step> s = apply_option(*opt, std::nullopt, args, i, cfg);
        if (!s || *s != Step::Next) return s;
    }
    return Step::Next;
}

Status forward_mode_known(const EngineApi &engines, const std::string &mode) {
    if (engines.find(mode)) return {};
    return Error("forward-mode: " + engines.unknown_mode(mode) +
                 "; an engine built as a plugin needs --engine-plugin=PATH");
}

} // namespace

Result<ParseResult> parse_options(const std::vector<std::string> &args, Config &cfg,
                                  const EngineApi &engines) {
    const std::vector<OptionGroup> table = groups(engines);
    for (size_t i = 0; i < args.size(); i++) {
        const std::string &a = args[i];
        const std::string mode = cfg.forward_mode;
        const bool long_option = a.rfind("--", 0) == 0 && a.size() > 2;
        if (!long_option && (a.size() < 2 || a[0] != '-' || a[1] == '-'))
            return Error("unknown option '" + a + "' (see --help)");
        const Result<Step> s =
            long_option ? parse_long(table, args, i, cfg) : parse_short(table, args, i, cfg);
        if (!s) return s.status();
        if (*s == Step::Next && cfg.forward_mode != mode) {
            if (Status known = forward_mode_known(engines, cfg.forward_mode); !known) return known;
        }
        if (*s == Step::Help) return ParseResult::Help;
    }
    if (Status procs = opt::check_process_options(cfg); !procs) return procs;
    return ParseResult::Ok;
}

std::vector<std::string> engine_plugin_paths(const std::vector<std::string> &args,
                                             const EngineApi &engines) {
    const std::vector<OptionGroup> table = groups(engines);
    std::vector<std::string> paths;
    for (size_t i = 0; i < args.size(); i++) {
        const std::string_view a = args[i];
        const Option *opt = nullptr;
        std::optional<std::string> value;
        if (a.starts_with("--") && a.size() > 2) {
            const LongArg arg = split_long(a);
            value = arg.value;
            const Result<const Option *> found = find_long(table, arg.name);
            if (found) opt = *found;
        } else if (a.size() == 2 && a[0] == '-') {
            opt = find_short(table, a[1]);
        }
        if (opt == nullptr || opt->arg == nullptr) continue;
        if (!value && i + 1 < args.size()) value = args[++i];
        if (value && std::string_view(opt->name) == "engine-plugin") paths.push_back(*value);
    }
    return paths;
}

Status apply_engine_params(const Config &cfg, EngineApi &engines) {
    for (const auto &[name, value] : cfg.engine_params) {
        // The engine is the longest registered name followed by '-'.
        std::string engine;
        bool has_params = false;
        for (const EngineInfo &e : engines.list()) {
            const std::string_view en = e.name;
            if (name.size() > en.size() + 1 && name.compare(0, en.size(), en) == 0 &&
                name[en.size()] == '-' && en.size() > engine.size()) {
                engine = e.name;
                has_params = e.has_params;
            }
        }
        if (!has_params) return Error("unknown option '--" + name + "=" + value + "' (see --help)");
        const std::string key = name.substr(engine.size() + 1);
        if (Status set = engines.set_param(engine, key, value); !set)
            return Error("--" + name + ": " + set.message());
    }
    return {};
}

} // namespace pmdfwd
