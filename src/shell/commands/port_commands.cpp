// Per-port settings: peer addresses, VLAN insertion.
#include "shell/command_families.h"

namespace pmdfwd::shell {

namespace {

// testpmd's rule: the tag is part of the port's configuration, set while the
// port is stopped and applied at its next start.
bool port_stopped(Ctx &c, uint16_t port) {
    if (c.ports.status(port) != PortStatus::Started) return true;
    return fail(c, "Please stop port " + std::to_string(port) + " first");
}

bool tx_vlan_set(Ctx &c, const Args &a) {
    const uint16_t p = a.port(0);
    if (!port_stopped(c, p)) return false;
    const Result<std::string> warning =
        c.ports.set_tx_vlan(p, true, static_cast<uint16_t>(a.number(1)));
    if (!warning) return fail(c, warning.status().message());
    c.ports.reconfigure(p, true, true); // as testpmd, at the next start
    if (!warning->empty()) *c.out += "Warning: " + *warning + "\n";
    return true;
}

} // namespace

std::vector<Spec> port_commands() {
    return {
        {.syntax = "set eth-peer <port> <mac>",
         .help = "peer MAC address of a port",
         .needs_stopped = true,
         .run =
             [](Ctx &c, const Args &a) {
                 c.ports.set_peer(a.port(0), a.mac(1));
                 return true;
             }},
        {.syntax = "tx_vlan set <port> <tci>",
         .help = "insert a VLAN tag on a port's transmitted packets",
         .needs_stopped = true,
         .types = {arg::number("<tci>", "vlan id", 0, 4095)},
         .run = tx_vlan_set},
        {.syntax = "tx_vlan reset <port>",
         .help = "stop inserting VLAN tags on a port",
         .needs_stopped = true,
         .run =
             [](Ctx &c, const Args &a) {
                 const uint16_t p = a.port(0);
                 if (!port_stopped(c, p)) return false;
                 const Result<std::string> reset = c.ports.set_tx_vlan(p, false, 0);
                 if (!reset) return fail(c, reset.status().message());
                 c.ports.reconfigure(p, true, true);
                 return true;
             }},
    };
}

} // namespace pmdfwd::shell
