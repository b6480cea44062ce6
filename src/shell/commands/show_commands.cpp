// show ... and clear ...: statistics and state, allowed while forwarding.
#include "shell/command_spec.h"

namespace pmdfwd::shell {

std::vector<Spec> show_commands() {
    using H = HostControl;
    return {
        {"show port stats all|<port>", "NIC statistics (testpmd format)", false,
         print_ports<&H::port_stats>},
        {"clear port stats all|<port>", "reset NIC statistics", false,
         [](Ctx &c, const Args &a) {
             auto ports = ports_arg(c, a[0]);
             if (!ports) return false;
             for (uint16_t p : *ports) {
                 c.host.clear_port_stats(p);
                 *c.out +=
                     c.host.config().stats_format == StatsFormat::Json
                         ? "{\"type\":\"port_stats_cleared\",\"port\":" + std::to_string(p) + "}\n"
                         : "\n  NIC statistics for port " + std::to_string(p) + " cleared\n";
             }
             return true;
         }},
        {"show fwd stats all", "forward statistics per stream and port", false,
         print<&H::fwd_stats>},
        {"clear fwd stats all", "reset forward statistics", false, act<&H::clear_fwd_stats>},
        {"show config fwd", "streams, lcores, engine settings", false, print<&H::fwd_config>},
        {"show mempool", "mbuf pools: size, in use, available (leak checks)", false,
         print<&H::mempool_info>},
    };
}

} // namespace pmdfwd::shell
