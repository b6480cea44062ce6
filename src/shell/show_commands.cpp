// show ... and clear ...: statistics and state, allowed while forwarding.
#include "command_spec.h"

namespace pmdfwd::shell {

std::vector<Spec> show_commands() {
    return {
        {"show port stats all|<port>", "NIC statistics (testpmd format)", false,
         [](Ctx &c, const Args &a) {
             auto ports = ports_arg(c, a[0]);
             if (!ports) return false;
             for (uint16_t p : *ports)
                 *c.out += c.host.port_stats(p);
             return true;
         }},
        {"clear port stats all|<port>", "reset NIC statistics", false,
         [](Ctx &c, const Args &a) {
             auto ports = ports_arg(c, a[0]);
             if (!ports) return false;
             for (uint16_t p : *ports) {
                 c.host.clear_port_stats(p);
                 *c.out += "\n  NIC statistics for port " + std::to_string(p) + " cleared\n";
             }
             return true;
         }},
        {"show fwd stats all", "forward statistics per stream and port", false,
         [](Ctx &c, const Args &) {
             *c.out += c.host.fwd_stats();
             return true;
         }},
        {"clear fwd stats all", "reset forward statistics", false,
         [](Ctx &c, const Args &) {
             c.host.clear_fwd_stats();
             return true;
         }},
        {"show config fwd", "streams, lcores, engine settings", false,
         [](Ctx &c, const Args &) {
             *c.out += c.host.fwd_config();
             return true;
         }},
        {"show mempool", "mbuf pools: size, in use, available (leak checks)", false,
         [](Ctx &c, const Args &) {
             *c.out += c.host.mempool_info();
             return true;
         }},
    };
}

} // namespace pmdfwd::shell
