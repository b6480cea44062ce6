// VLAN commands beyond the offload switches and filters (port_filter_commands.cpp):
// tag insertion (one tag or QinQ), the tag protocol ids, the port VLAN id,
// stripping per queue and the whole VLAN filter at once. Each goes to ethdev
// at once, as in testpmd, except insertion, which is port configuration
// applied at the next start.
#include "shell/command_families.h"

#include "ports/port_text.h"
#include "shell/commands/vlan_function_names.h"

#include <algorithm>
#include <cstdlib>

namespace pmdfwd::shell {

namespace {

bool vlan_tpid(Ctx &c, const Args &a) {
    const rte_vlan_type type =
        a.word(0) == "inner" ? RTE_ETH_VLAN_TYPE_INNER : RTE_ETH_VLAN_TYPE_OUTER;
    const auto tpid = static_cast<uint16_t>(a.number(1));
    const uint16_t port = a.port(2);
    const Status rc = c.ports.set_vlan_ether_type(port, type, tpid);
    if (rc.ok()) return true;
    return fail(c, std::string(kVlanTpidSetName) + "(port_pi=" + std::to_string(port) +
                       ", vlan_type=" + std::to_string(type) + ", tpid=" + std::to_string(tpid) +
                       ") failed diag=" + std::to_string(-rc.code()));
}

// testpmd's tx_qinq_set: port configuration, taken at the next start.
bool tx_qinq_set(Ctx &c, const Args &a) {
    const uint16_t p = a.port(0);
    if (c.ports.status(p) == PortStatus::Started)
        return fail(c, "Please stop port " + std::to_string(p) + " first");
    const Result<std::string> warning = c.ports.set_tx_qinq(p, static_cast<uint16_t>(a.number(1)),
                                                            static_cast<uint16_t>(a.number(2)));
    if (!warning) return fail(c, warning.status().message());
    c.ports.reconfigure(p, true, true);
    if (!warning->empty()) *c.out += "Warning: " + *warning + "\n";
    return true;
}

// testpmd ignores ethdev's answer here, and says nothing either way.
bool tx_vlan_pvid(Ctx &c, const Args &a) {
    const Status ignored =
        c.ports.set_vlan_pvid(a.port(0), static_cast<uint16_t>(a.number(1)), a.on(2));
    (void)ignored;
    return true;
}

// "<port>,<queue>" read as testpmd reads it: strtoul on each side of the
// comma; a port or queue out of its type's range is dropped silently.
bool vlan_stripq(Ctx &c, const Args &a) {
    const bool on = a.on(0);
    const std::string &word = a.word(1);
    const size_t comma = word.find(',');
    const uint64_t port = std::strtoull(word.substr(0, comma).c_str(), nullptr, 0);
    if (port >= RTE_MAX_ETHPORTS) return false;
    if (comma == std::string::npos || comma + 1 >= word.size())
        return fail(c, "must specify (port,queue_id)");
    const uint64_t queue = std::strtoull(word.c_str() + comma + 1, nullptr, 0);
    if (queue > UINT16_MAX) return false;
    const std::vector<uint16_t> ids = c.ports.port_ids();
    if (std::find(ids.begin(), ids.end(), port) == ids.end()) {
        *c.out += invalid_port_text(port, ids);
        return false;
    }
    const Status rc = c.ports.set_vlan_strip_on_queue(static_cast<uint16_t>(port),
                                                      static_cast<uint16_t>(queue), on);
    if (rc.ok()) return true;
    return fail(c, "rx_vlan_strip_set_on_queue(port_pi=" + std::to_string(port) +
                       ", queue_id=" + std::to_string(queue) + ", on=" + (on ? "1" : "0") +
                       ") failed diag=" + std::to_string(-rc.code()));
}

// testpmd's rx_vlan_all_filter_set: every id, stopping at the first refusal.
bool rx_vlan_all(Ctx &c, const Args &a) {
    const bool on = a.word(0) == "add";
    const uint16_t port = a.port(1);
    for (uint16_t vlan = 0; vlan < 4096; vlan++) {
        const Status rc = c.ports.vlan_filter(port, vlan, on);
        if (!rc.ok())
            return fail(c, "rte_eth_dev_vlan_filter(port_pi=" + std::to_string(port) +
                               ", vlan_id=" + std::to_string(vlan) + ", on=" + (on ? "1" : "0") +
                               ") failed diag=" + std::to_string(-rc.code()));
    }
    return true;
}

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

std::vector<Spec> vlan_commands() {
    return {
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
        {.syntax = "vlan set inner|outer tpid <tpid> <port>",
         .help = "the protocol id of the port's inner or outer VLAN tag",
         .types = {arg::number("<tpid>", "tpid", 0, UINT16_MAX)},
         .run = vlan_tpid},
        {.syntax = "tx_vlan set <port> <vlan> <outer>",
         .help = "insert two VLAN tags (QinQ) on a port's transmitted packets (port stopped)",
         .needs_stopped = true,
         .types = {arg::number("<vlan>", "vlan id", 0, 4095),
                   arg::number("<outer>", "outer vlan id", 0, 4095)},
         .run = tx_qinq_set},
        {.syntax = "tx_vlan set pvid <port> <vlan> on|off",
         .help = "the port VLAN id the PMD inserts",
         .types = {arg::number("<vlan>", "vlan id", 0, UINT16_MAX)},
         .run = tx_vlan_pvid},
        {.syntax = "vlan set stripq on|off <port,queue>",
         .help = "VLAN stripping on one RX queue",
         .run = vlan_stripq},
        {.syntax = "rx_vlan add|rm all <port>",
         .help = "every VLAN id in (or out of) the port's VLAN filter",
         .run = rx_vlan_all},
    };
}

} // namespace pmdfwd::shell
