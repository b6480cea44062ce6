// show ... and clear ...: statistics and state, allowed while forwarding.
#include "shell/command_families.h"

namespace pmdfwd::shell {

std::vector<Spec> show_commands() {
    using H = Stats;
    return {
        {.syntax = "show port stats all|<port>",
         .help = "NIC statistics (testpmd format)",
         .run = print_ports<&H::port_stats>},
        {.syntax = "clear port stats all|<port>",
         .help = "reset NIC statistics",
         .run =
             [](Ctx &c, const Args &a) {
                 for (uint16_t p : a.ports(0)) {
                     c.stats.clear_port_stats(p);
                     *c.out +=
                         c.config.stats_format == StatsFormat::Json
                             ? "{\"type\":\"port_stats_cleared\",\"port\":" + std::to_string(p) +
                                   "}\n"
                             : "\n  NIC statistics for port " + std::to_string(p) + " cleared\n";
                 }
                 return true;
             }},
        {.syntax = "show fwd stats all",
         .help = "forward statistics per stream and port",
         .run = print<&H::fwd_stats>},
        {.syntax = "clear fwd stats all",
         .help = "reset forward statistics",
         .run = act<&H::clear_fwd_stats>},
        {.syntax = "show config fwd",
         .help = "streams, lcores, engine settings",
         .run = print<&H::fwd_config>},
        {.syntax = "show mempool",
         .help = "mbuf pools: size, in use, available (leak checks)",
         .run = print<&H::mempool_info>},
    };
}

} // namespace pmdfwd::shell
