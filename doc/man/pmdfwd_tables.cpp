// Prints the tables that drive `pmdfwd --help` and the shell's `help` (the
// option table, the command table, the registered engines and their
// parameters) as tab-separated records, one per line, for gen_man.py to turn
// into pmdfwd(1) and the bash completion. It links the same code as pmdfwd,
// so the manual page cannot list anything else than --help and `help` do.
//
//   option <group> <short or -> <name> <arg or -> <help>
//   command <syntax> <help> <stopped: 0|1>
//   engine <name> <summary>
//   param <engine> <line of its parameter help>
#include "engine_host/engine_api.h"
#include "options/options.h"
#include "shell/command_table.h"
#include "text/lines.h"

#include <cstdio>
#include <string>
#include <vector>

namespace {

// Tabs and newlines separate records; a table text never holds them, but a
// plugin's could.
std::string field(std::string s) {
    for (char &c : s)
        if (c == '\t' || c == '\n') c = ' ';
    return s.empty() ? "-" : s;
}

void record(const std::vector<std::string> &fields) {
    std::string line;
    for (const std::string &f : fields) {
        if (!line.empty()) line += '\t';
        line += field(f);
    }
    std::printf("%s\n", line.c_str());
}

} // namespace

int main() {
    for (const pmdfwd::OptionDoc &o : pmdfwd::option_docs(pmdfwd::registry_engines()))
        record({"option", o.group, o.short_name ? std::string(1, o.short_name) : "", o.name, o.arg,
                o.help});
    for (const pmdfwd::CommandDoc &c : pmdfwd::command_docs(pmdfwd::registry_engines()))
        record({"command", c.syntax, c.help, c.needs_stopped ? "1" : "0"});
    for (const pmdfwd::EngineInfo &e : pmdfwd::registry_engines().list()) {
        record({"engine", e.name, e.summary});
        const std::string help = pmdfwd::registry_engines().param_help(e.name);
        for (const std::string &line : pmdfwd::split_lines(help))
            record({"param", e.name, line});
    }
    return std::fflush(stdout) == 0 ? 0 : 1;
}
