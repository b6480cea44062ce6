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

std::vector<Option> engine_alias_options(const EngineApi &engines) {
    std::vector<Option> rows;
    for (const EngineInfo &e : engines.list())
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

} // namespace pmdfwd::opt
