// The option group "forwarding": its rows, in --help's order.
#include "options/option_row.h"

#include "options/prompt.h"
#include "options/scalar_parse.h"
#include "options/structured_parse.h"

#include <rte_version.h>

#include <string>

namespace pmdfwd::opt {

namespace {

// Checked against the engines parse_options() is handed, right after this
// option (forward_mode_known()).
Status apply_forward_mode(Config &c, std::string_view v) {
    c.forward_mode = v;
    c.announcements.push_back("Set " + c.forward_mode + " packet forwarding mode");
    return {};
}

// A flag testpmd announces when it parses it.
Apply announced_flag(bool Config::*field, const char *line) {
    return [=](Config &c, std::string_view) -> Status {
        c.*field = true;
        c.announcements.emplace_back(line);
        return {};
    };
}

// testpmd 25.11 runs up to 16 command files in order; older ones, the
// last one named.
#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)
constexpr size_t kMaxCmdlineFiles = 16;
#else
constexpr size_t kMaxCmdlineFiles = 1;
#endif

// --cmdline-file, and 25.11's --cmdline-file-noecho (echo false).
Apply cmdline_file(bool echo) {
    return [=](Config &c, std::string_view v) -> Status {
        if (v.empty()) {
            return Error(std::string(echo ? "cmdline-file" : "cmdline-file-noecho") +
                         ": the file name is empty (expected --cmdline-file=FILE, a file of "
                         "shell commands)");
        }
        if (kMaxCmdlineFiles == 1) c.cmdline_files.clear();
        if (c.cmdline_files.size() >= kMaxCmdlineFiles)
            return Error("Too many cmdline files specified (maximum " +
                         std::to_string(kMaxCmdlineFiles) + ")");
        c.cmdline_files.push_back({std::string(v), echo});
        c.announcements.push_back("CLI commands to be read from " + std::string(v));
        return {};
    };
}

} // namespace

std::vector<Option> forwarding_options() {
    return {
        {"forward-mode", 0, "MODE", "forwarding engine (see the list below)", apply_forward_mode},
            {"interactive", 'i', nullptr, "run the interactive shell",
             announced_flag(&Config::interactive, "Interactive-mode selected")},
            {"auto-start", 'a', nullptr, "start forwarding at once in interactive mode",
             announced_flag(&Config::auto_start, "Auto-start selected")},
            {"tx-first", 0, nullptr, "send one burst on every stream before forwarding",
             announced_flag(&Config::tx_first, "Ports to start sending a burst of packets first")},
            {"stats-period", 0, "N", "print port statistics every N seconds",
             number("stats-period", &Config::stats_period, 1, 86400)},
            {"display-xstats", 0, "NAME[,NAME]...",
             "extended statistics shown with the port statistics",
             [](Config &c, std::string_view v) -> Status {
                 auto names = parse_name_list("display-xstats", v);
                 if (!names) return names.status();
                 c.display_xstats = *names;
                 return {};
             }},
            {"run-time", 0, "SECONDS", "stop by itself after SECONDS (with -i: quit the shell)",
             [](Config &c, std::string_view v) -> Status {
                 auto s = parse_seconds("run-time", v);
                 if (!s) return s.status();
                 c.run_time = *s;
                 return {};
             }},
            {"stats-format", 0, "text|json", "statistics as testpmd text or JSON lines",
             choice<StatsFormat>("stats-format", &Config::stats_format,
                                 {{"text", StatsFormat::Text}, {"json", StatsFormat::Json}})},
            {"cmdline-file", 0, "FILE", "run the shell commands in FILE first", cmdline_file(true)},
#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0) // testpmd 25.11's (older ones: unknown)
            {"cmdline-file-noecho", 0, "FILE",
             "run the shell commands in FILE first, not showing each", cmdline_file(false)},
#endif
            {"prompt", 0, "TEXT",
             "the shell's prompt (default: testpmd> as dpdk-testpmd, else pmdfwd> )",
             [](Config &c, std::string_view v) -> Status {
                 auto p = prompt_from_option(v);
                 if (!p) return p.status();
                 c.prompt = *p;
                 return {};
             }},
            {"testpmd-texts", 0, nullptr,
             "print only dpdk-testpmd's lines, none of pmdfwd's additions (user guide, Texts)",
             flag(&Config::testpmd_texts)},
            {"record-core-cycles", 0, nullptr, "count busy CPU cycles per packet",
             flag(&Config::record_core_cycles)},
            {"record-burst-stats", 0, nullptr, "record burst size statistics",
             flag(&Config::record_burst_stats)},
            {"mlockall", 0, nullptr, "lock all memory (the default)",
             set_flag(&Config::no_mlockall, false)},
            {"no-mlockall", 0, nullptr, "do not lock memory", flag(&Config::no_mlockall)},
            {"no-flush-rx", 0, nullptr, "do not drain RX queues at start",
             flag(&Config::no_flush_rx)},
            {"engine-plugin", 0, "PATH",
             "load forwarding engines from a shared object (repeatable); a name without '/' is "
             "searched in the plugin directory and where dlopen searches, not in the current "
             "directory (./x.so)",
             // main() loads plugins before parsing, so that their modes are
             // valid --forward-mode values; accepted here and nothing more.
             [](Config &, std::string_view) -> Status { return {}; }},
            {"help", 'h', nullptr, "show this help", nullptr},
    };
}

} // namespace pmdfwd::opt
