// Per-port settings: peer addresses, VLAN insertion.
#include "shell/command_spec.h"

#include "options/scalar_parse.h"

namespace pmdfwd::shell {

namespace {

// testpmd's rule: the tag is part of the port's configuration, set while the
// port is stopped and applied at its next start.
bool port_stopped(Ctx &c, uint16_t port) {
    if (c.ports.status(port) != PortStatus::Started) return true;
    return fail(c, "Please stop port " + std::to_string(port) + " first");
}

bool tx_vlan_set(Ctx &c, const Args &a) {
    auto p = port_arg(c, a[0]);
    if (!p || !port_stopped(c, *p)) return false;
    auto tci = uint_arg(c, "vlan id", a[1], 0, 4095);
    if (!tci) return false;
    std::string note;
    std::string err = c.ports.set_tx_vlan(*p, true, static_cast<uint16_t>(*tci), &note);
    if (!err.empty()) return fail(c, err);
    c.ports.reconfigure(*p, true, true); // as testpmd, at the next start
    if (!note.empty()) *c.out += "Warning: " + note + "\n";
    return true;
}

std::vector<Spec> rows() {
    return {
        {.syntax = "set eth-peer <port> <mac>",
         .help = "peer MAC address of a port",
         .needs_stopped = true,
         .run =
             [](Ctx &c, const Args &a) {
                 auto p = port_arg(c, a[0]);
                 if (!p) return false;
                 std::string err;
                 auto mac = parse_mac(a[1], &err);
                 if (!mac) return fail(c, err);
                 c.ports.set_peer(*p, *mac);
                 return true;
             }},
        {.syntax = "tx_vlan set <port> <tci>",
         .help = "insert a VLAN tag on a port's transmitted packets",
         .needs_stopped = true,
         .run = tx_vlan_set},
        {.syntax = "tx_vlan reset <port>",
         .help = "stop inserting VLAN tags on a port",
         .needs_stopped = true,
         .run =
             [](Ctx &c, const Args &a) {
                 auto p = port_arg(c, a[0]);
                 if (!p || !port_stopped(c, *p)) return false;
                 std::string note;
                 std::string err = c.ports.set_tx_vlan(*p, false, 0, &note);
                 if (!err.empty()) return fail(c, err);
                 c.ports.reconfigure(*p, true, true);
                 return true;
             }},
    };
}

const FamilyRegistrar registered{{.order = 40, .section = "config", .rows = rows}};

} // namespace

} // namespace pmdfwd::shell
