// The host's own `set <setting>` rows that are not forwarding configuration
// (fwd_config_commands.cpp has those): what it prints and records (the
// per-packet dump, EAL's log levels, which xstats `show port xstats` shows,
// the cycle and burst records) and how `port attach` sets up new ports.
#include "shell/command_families.h"

#include <rte_log.h>
#include <rte_version.h>

namespace pmdfwd::shell {

namespace {

// set log global|<type> <level>: EAL's global level, or the level of every
// log type the regular expression matches.
bool set_log(Ctx &c, const Args &a) {
    const std::string type = a.word(0);
    const auto level = static_cast<uint32_t>(a.number(1));
    if (type == "global") {
        rte_log_set_global_level(level);
        return true;
    }
    return rte_log_set_level_regexp(type.c_str(), level) >= 0 || fail(c, "Unable to set log level");
}

} // namespace

std::vector<Spec> set_commands() {
    return {
        {.syntax = "set verbose <level>",
         .help = "per-packet dump: 1 received, 2 sent, 3 both, 0 none (testpmd's format)",
         .types = {arg::number("<level>", "verbose", 0, UINT16_MAX)},
         .run =
             [](Ctx &c, const Args &a) {
                 const uint64_t n = a.number(0);
                 PortControl &pc = c.ports;
                 *c.out += "Change verbose level from " + std::to_string(pc.verbose()) + " to " +
                           std::to_string(n) + "\n";
                 pc.set_verbose(static_cast<unsigned>(n));
                 return true;
             }},
            {.syntax = "set log <type> <level>",
             .help = "EAL's log level: global, or of the log types a regex matches",
             .types = {arg::number("<level>", "level", 0, UINT32_MAX)},
             .run = set_log},
            {.syntax = "set xstats-hide-zero on|off",
             .help = "leave the counters at zero out of show port xstats",
             .run = set_flag<&Config::xstats_hide_zero>},
#if RTE_VERSION >= RTE_VERSION_NUM(25, 3, 0, 0)
            {.syntax = "set xstats-show-state on|off",
             .help = "print each counter's state (E enabled, D disabled) in show port xstats",
             .run = set_flag<&Config::xstats_show_state>},
            {.syntax = "set xstats-hide-disabled on|off",
             .help = "leave the disabled counters out of show port xstats",
             .run = set_flag<&Config::xstats_hide_disabled>},
#endif
            {.syntax = "set record-core-cycles on|off",
             .help = "count CPU cycles per packet",
             .needs_stopped = true,
             .run = set_flag<&Config::record_core_cycles>},
            {.syntax = "set record-burst-stats on|off",
             .help = "record burst size statistics",
             .needs_stopped = true,
             .run = set_flag<&Config::record_burst_stats>},
            {.syntax = "set port setup on iterator|event",
             .help = "port attach sets up the probed device's ports (iterator) or every new port "
                     "(event)",
             .run = [](Ctx &c, const Args &a) {
                 c.config.setup_on_probe_event = a.word(0) == "event";
                 return true;
             }},
    };
}

} // namespace pmdfwd::shell
