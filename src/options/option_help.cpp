// The --help text and the option table as data (for the manual page and
// completion), both written from the option table in its order.
#include "options/option_groups.h"
#include "options/options.h"

#include "engine_host/engine_api.h"

#include "text/lines.h"

#include <string>
#include <vector>

namespace pmdfwd {

namespace {

using opt::groups;
using opt::Option;
using opt::OptionGroup;

} // namespace

std::vector<OptionDoc> option_docs(const EngineApi &engines) {
    std::vector<OptionDoc> docs;
    for (const OptionGroup &g : groups(engines))
        for (const Option &o : g.options)
            docs.push_back({g.title, o.short_name, o.name, o.arg ? o.arg : "", o.help});
    return docs;
}

std::string usage(const char *prog, const EngineApi &engines) {
    std::string s = std::string("usage: ") + prog + " [EAL options] -- [options]\n";
    for (const OptionGroup &g : groups(engines)) {
        s += std::string("\n") + g.title + ":\n";
        for (const Option &o : g.options) {
            std::string left = "  ";
            if (o.short_name) left += std::string("-") + o.short_name + ", ";
            left += std::string("--") + o.name;
            if (o.arg) left += std::string("=") + o.arg;
            if (left.size() < 34)
                left.resize(34, ' ');
            else
                left += "\n" + std::string(34, ' ');
            s += left + o.help + "\n";
        }
    }
    s += "\nengines:\n";
    s += "  --<engine>-<key>=<value>        an engine's parameter (\"engine parameters\" below)\n";
    s += "\nA long option may be shortened to any unique prefix; one testpmd accepts means what "
         "it means there (--stats 2).\n";
    s += "\nforwarding modes:\n";
    const std::vector<EngineInfo> list = engines.list();
    for (const EngineInfo &e : list) {
        std::string left = "  " + e.name;
        if (left.size() < 18) left.resize(18, ' ');
        s += left + e.summary + "\n";
    }
    std::string params;
    for (const EngineInfo &e : list)
        for (const std::string &line : split_lines(engines.param_help(e.name)))
            params += "  --" + e.name + "-" + line + "\n";
    if (!params.empty()) s += "\nengine parameters (also `set <mode> <key> <value>`):\n" + params;
    return s;
}

} // namespace pmdfwd
