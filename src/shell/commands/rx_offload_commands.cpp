// testpmd's RX offload commands: `port config <port> rx_offload X on|off` for
// the port and all its queues, `port <port> rxq <queue> rx_offload X on|off`
// for one queue. The port must be stopped; the change is applied at its next
// start, where a PMD without the offload refuses it (ethdev's words).
#include "shell/command_families.h"
#include "shell/commands/offload_support.h"

#include <rte_ethdev.h>
#include <rte_version.h>

#include <strings.h>

#include <algorithm>

namespace pmdfwd::shell {

namespace {

// The offload names testpmd's rows take (its token lists, too long for a
// usage line as choices); the queue row leaves out rss_hash, a port-wide
// setting.
const std::vector<std::string> kQueueOffloads = {
    "vlan_strip", "ipv4_cksum",       "udp_cksum",    "tcp_cksum",   "tcp_lro",
    "qinq_strip", "outer_ipv4_cksum", "macsec_strip", "vlan_filter", "vlan_extend",
    "scatter",    "buffer_split",     "timestamp",    "security",    "keep_crc"};

// A word outside testpmd's list is a line its cmdline does not parse.
bool listed(Ctx &c, const std::string &word, bool port_wide) {
    std::vector<std::string> names = kQueueOffloads;
    if (port_wide) names.push_back("rss_hash");
    if (kAllOffloads) names.insert(names.begin(), "all");
    if (std::find(names.begin(), names.end(), word) != names.end()) return true;
    if (c.config.testpmd_texts) return fail(c, "Bad arguments");
    std::string allowed;
    for (const std::string &n : names) {
        if (!allowed.empty()) allowed += ", ";
        allowed += n;
    }
    return fail(c, "Bad arguments: '" + word + "' is not allowed here (allowed: " + allowed + ")");
}

// testpmd's search_rx_offload: the flag ethdev names so, any case.
uint64_t rx_offload_named(const std::string &name) {
    for (int bit = 0; bit < 64; bit++) {
        const uint64_t f = UINT64_C(1) << bit;
        if (strcasecmp(rte_eth_dev_rx_offload_name(f), name.c_str()) == 0) return f;
    }
    return 0;
}

bool not_stopped(Ctx &c, uint16_t port) {
    if (c.ports.status(port) == PortStatus::Stopped) return false;
    fail(c, "Error: Can't config offload when Port " + std::to_string(port) + " is not stopped");
    return true;
}

// testpmd's eth_dev_info_get_print_err.
bool dev_info(Ctx &c, uint16_t port, rte_eth_dev_info *info) {
    const Status s = c.ports.dev_info(port, info);
    if (s.ok()) return true;
    return dev_info_failed(c, port, s);
}

bool port_rx_offload(Ctx &c, uint16_t port, const std::string &name, bool on) {
    if (not_stopped(c, port)) return false;
    const bool all = all_offloads(name);
    const uint64_t offload = all ? 0 : rx_offload_named(name);
    if (!all && offload == 0) return fail(c, "Unknown offload name: " + name);
    rte_eth_dev_info info{};
    if (!dev_info(c, port, &info)) return false;
    if (!all && !offload_reported(c, port, offload, info.rx_offload_capa, false, name))
        return false;
    c.ports.set_rx_offload(port, std::nullopt, all ? info.rx_offload_capa : offload, on);
    c.ports.reconfigure(port, true, true);
    return true;
}

// One port or, from 23.11, all of them: each refuses on its own, as
// testpmd's loop over the ports.
bool ports_rx_offload(Ctx &c, const Args &a) {
    if (!listed(c, a.word(1), true)) return false;
    bool ok = true;
    for (uint16_t port : kAllOffloads ? a.ports(0) : std::vector<uint16_t>{a.port(0)})
        ok = port_rx_offload(c, port, a.word(1), a.on(2)) && ok;
    return ok;
}

bool queue_rx_offload(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    if (!listed(c, a.word(2), false) || not_stopped(c, port)) return false;
    rte_eth_dev_info info{};
    if (!dev_info(c, port, &info)) return false;
    const uint64_t queue = a.number(1);
    if (queue >= info.nb_rx_queues)
        return fail(c, "Error: input queue_id should be 0 ... " +
                           std::to_string(info.nb_rx_queues - 1));
    const bool all = all_offloads(a.word(2));
    const uint64_t offload = all ? info.rx_queue_offload_capa : rx_offload_named(a.word(2));
    if (!all && offload == 0) return fail(c, "Unknown offload name: " + a.word(2));
    if (!all && !offload_reported(c, port, offload, info.rx_queue_offload_capa, true, a.word(2)))
        return false;
    c.ports.set_rx_offload(port, static_cast<uint16_t>(queue), offload, a.on(3));
    c.ports.reconfigure(port, true, true);
    return true;
}

} // namespace

std::vector<Spec> rx_offload_commands() {
    std::vector<Spec> v = {
        {.syntax = kAllOffloads ? "port config all|<port> rx_offload <offload> on|off"
                                : "port config <port> rx_offload <offload> on|off",
         .help = "an RX offload of the port and its queues (vlan_strip, buffer_split, ...)",
         .needs_stopped = true,
         .run = ports_rx_offload},
        {.syntax = "port <port> rxq <queue> rx_offload <offload> on|off",
         .help = "an RX offload of one queue, applied at the port's next start",
         .needs_stopped = true,
         .run = queue_rx_offload},
    };
#if RTE_VERSION >= RTE_VERSION_NUM(23, 11, 0, 0)
    // Its own row: the table tries the literal "port config all ..." rows
    // before a port token's "all".
    v.push_back({.syntax = "port config all rx_offload <offload> on|off",
                 .help = "an RX offload of every port and its queues",
                 .needs_stopped = true,
                 .run = [](Ctx &c, const Args &a) {
                     if (!listed(c, a.word(0), true)) return false;
                     bool ok = true;
                     for (uint16_t port : c.ports.port_ids())
                         ok = port_rx_offload(c, port, a.word(0), a.on(1)) && ok;
                     return ok;
                 }});
#endif
    return v;
}

} // namespace pmdfwd::shell
