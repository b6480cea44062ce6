#include "shell/command_spec.h"

namespace pmdfwd::shell {

bool fail(Ctx &c, const std::string &msg) {
    *c.out += msg + "\n";
    return false;
}

bool dev_info_failed(Ctx &c, uint16_t port, const Status &refused) {
    return fail(c, "Error during getting device (port " + std::to_string(port) +
                       ") info: " + refused.message());
}

bool all_ports_stopped(Ctx &c) {
    for (uint16_t p : c.ports.port_ids())
        if (c.ports.status(p) != PortStatus::Stopped) return fail(c, "Please stop all ports first");
    return true;
}

} // namespace pmdfwd::shell
