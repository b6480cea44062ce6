// Ports added and removed while pmdfwd runs (testpmd's port attach, port
// detach, device detach): EAL probes or removes the device; a new port
// joins stopped and is configured at its first start.
#include "shell/command_families.h"

namespace pmdfwd::shell {

std::vector<Spec> port_attach_commands() {
    return {
        {.syntax = "port attach <identifier>",
         .help = "probe a device (a PCI address or a vdev string) and add its ports, stopped",
         .needs_stopped = true,
         .run =
             [](Ctx &c, const Args &a) {
                 *c.out += c.ports.attach(a.word(0));
                 return true;
             }},
        {.syntax = "port detach <port>",
         .help = "remove a stopped port's device",
         .needs_stopped = true,
         .run =
             [](Ctx &c, const Args &a) {
                 *c.out += c.ports.detach_port(a.port(0));
                 return true;
             }},
        {.syntax = "device detach <identifier>",
         .help = "remove a device by its identifier (its ports stopped)",
         .needs_stopped = true,
         .run =
             [](Ctx &c, const Args &a) {
                 *c.out += c.ports.detach_device(a.word(0));
                 return true;
             }},
    };
}

} // namespace pmdfwd::shell
