// Ports started, stopped, closed, reset and configured as testpmd's commands do
// it: port start|stop|close|reset, port config (queues, descriptors, MTU, ring sizes,
// offloads), queue setup, start, stop and deferred start, TX queue cleanup. Settings take
// effect at the port's next start; whatever would change running streams is
// refused while forwarding.
#include "shell/command_families.h"
#include "shell/commands/offload_support.h"

#include <algorithm>

#include "ports/port_text.h"

#include <rte_ether.h>
#include <rte_version.h>

#include <cstring>
#include <strings.h>

namespace pmdfwd::shell {

namespace {

// testpmd's stop_port and close_port flush a port's flow rules first (a
// started port's on stop, any open port's on close): the PMD drops them.
// With --disable-flow-flush (24.11 on), stop keeps them.
void flush_flows(Ctx &c, const Args &a) {
    if (a.word(0) == "stop" && !c.config.flow_flush) return;
    for (uint16_t p : a.ports(1)) {
        const PortStatus st = c.ports.status(p);
        if (a.word(0) == "stop" ? st == PortStatus::Started : st != PortStatus::Closed)
            c.flows.flush(p, c.out);
        // close_port destroys the template tables and templates too.
        if (a.word(0) == "close" && st != PortStatus::Closed) c.flows.templates_flush(p, c.out);
    }
}

// testpmd's reset_port: the PMD resets the device, configured again at
// its next start; stopped ports only.
bool reset(Ctx &c, std::optional<uint16_t> which) {
    for (uint16_t p : which ? std::vector<uint16_t>{*which} : c.ports.port_ids())
        if (c.ports.status(p) != PortStatus::Stopped)
            return fail(c, "Can not reset port(s), please stop port(s) first.");
    *c.out += c.ports.reset(which);
    return true;
}

bool lifecycle(Ctx &c, const Args &a) {
    std::optional<uint16_t> which; // all ports
    if (a.word(1) != "all") which = a.ports(1).front();
    PortControl &pc = c.ports;
    // testpmd's reset leaves the rules to the PMD's reset.
    if (a.word(0) == "stop" || a.word(0) == "close") flush_flows(c, a);
    if (a.word(0) == "start")
        *c.out += pc.start(which);
    else if (a.word(0) == "stop")
        *c.out += pc.stop(which);
    else if (a.word(0) == "close")
        *c.out += pc.close(which);
    else
        return reset(c, which);
    return true;
}

// The smallest limit over all ports, as testpmd's get_allowed_max_nb_*.
struct Limit {
    uint64_t value;
    uint16_t port;
};
Limit limit_of(Ctx &c, uint64_t start, bool want_min, uint64_t (*get)(const rte_eth_dev_info &)) {
    Limit l{start, 0};
    for (uint16_t p : c.ports.port_ids()) {
        rte_eth_dev_info info{};
        if (!c.ports.dev_info(p, &info).ok()) continue;
        const uint64_t v = get(info);
        if (want_min ? v > l.value : v < l.value) l = {v, p};
    }
    return l;
}

bool config_counts(Ctx &c, const Args &a) {
    if (!all_ports_stopped(c)) return false;
    const std::string &what = a.word(0);
    const uint64_t n = a.number(1);
    Config &cfg = c.config;
    const auto fail_limit = [&](const char *bound, const char *field, Limit l) {
        return fail(c, "Fail: input " + what + " (" + std::to_string(n) + ") can't be " + bound +
                           " " + field + " (" + std::to_string(l.value) + ") of port " +
                           std::to_string(l.port));
    };
    if (what == "rxq" || what == "txq") {
        const bool rx = what == "rxq";
        const Limit max = limit_of(
            c, kMaxQueues, false,
            rx ? [](const rte_eth_dev_info &i) { return uint64_t{i.max_rx_queues}; }
               : [](const rte_eth_dev_info &i) { return uint64_t{i.max_tx_queues}; });
        if (n > max.value)
            return fail_limit("greater than", rx ? "max_rx_queues" : "max_tx_queues", max);
        (rx ? cfg.nb_rxq : cfg.nb_txq) = static_cast<uint16_t>(n);
    } else {
        const bool rx = what == "rxd";
        const Limit max = limit_of(
            c, UINT16_MAX, false,
            rx ? [](const rte_eth_dev_info &i) { return uint64_t{i.rx_desc_lim.nb_max}; }
               : [](const rte_eth_dev_info &i) { return uint64_t{i.tx_desc_lim.nb_max}; });
        const Limit min = limit_of(
            c, 0, true,
            rx ? [](const rte_eth_dev_info &i) { return uint64_t{i.rx_desc_lim.nb_min}; }
               : [](const rte_eth_dev_info &i) { return uint64_t{i.tx_desc_lim.nb_min}; });
        if (n > max.value) return fail_limit("greater than", rx ? "max_rxds" : "max_txds", max);
        if (n < min.value) return fail_limit("less than", rx ? "min_rxds" : "min_txds", min);
        (rx ? cfg.nb_rxd : cfg.nb_txd) = static_cast<uint16_t>(n);
    }
    c.ports.reset_queue_settings();
    c.ports.reconfigure(std::nullopt, true, true);
    return true;
}

// testpmd's eth_dev_validate_mtu, then port_mtu_set.
bool config_mtu(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    const uint64_t mtu = a.number(1);
    PortControl &pc = c.ports;
    rte_eth_dev_info info{};
    if (!pc.dev_info(port, &info).ok()) return fail(c, "Set MTU failed: no device info");
    const std::string of = " for port_id " + std::to_string(port);
    if (mtu < info.min_mtu)
        return fail(c, "MTU (" + std::to_string(mtu) + ") < device min MTU (" +
                           std::to_string(info.min_mtu) + ")" + of);
    if (mtu > info.max_mtu)
        return fail(c, "MTU (" + std::to_string(mtu) + ") > device max MTU (" +
                           std::to_string(info.max_mtu) + ")" + of);
    const uint32_t overhead = info.max_mtu != UINT16_MAX && info.max_rx_pktlen > info.max_mtu
                                  ? info.max_rx_pktlen - info.max_mtu
                                  : RTE_ETHER_HDR_LEN + RTE_ETHER_CRC_LEN;
    if (mtu + overhead > info.max_rx_pktlen)
        return fail(c, "Frame size (" + std::to_string(mtu + overhead) +
                           ") > device max frame size (" + std::to_string(info.max_rx_pktlen) +
                           ")" + of);
    const Status rc = pc.set_mtu(port, static_cast<uint16_t>(mtu));
    if (!rc.ok()) return fail(c, "Set MTU failed. diag=" + std::to_string(-rc.code()));
    return true;
}

// testpmd's rx_queue_id_is_invalid / tx_queue_id_is_invalid: a <queue>
// (a number the table has read) below the configured count.
std::optional<uint16_t> queue_arg(Ctx &c, bool rx, uint64_t q) {
    const uint16_t nb = rx ? c.config.nb_rxq : c.config.nb_txq;
    if (q < nb) return static_cast<uint16_t>(q);
    fail(c, std::string("Invalid ") + (rx ? "RX" : "TX") + " queue " + std::to_string(q) +
                " (must be < " + (rx ? "nb_rxq" : "nb_txq") + "=" + std::to_string(nb) + ")");
    return std::nullopt;
}

bool ring_size(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    const bool rx = a.word(1) == "rxq";
    auto q = queue_arg(c, rx, a.number(2));
    if (!q) return false;
    PortControl &pc = c.ports;
    pc.set_queue_ring_size(port, rx, *q, static_cast<uint16_t>(a.number(3)));
    pc.reconfigure(port, false, true);
    return true;
}

bool queue_setup(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    const bool rx = a.word(1) == "rxq";
    auto q = queue_arg(c, rx, a.number(2));
    if (!q) return fail(c, std::string("Invalid ") + (rx ? "rx" : "tx") + " queue");
    // testpmd's check against the TX segments a packet may have, on the
    // count as configured: 0 (the PMD's default, testpmd's too) fails it.
    if (!rx) {
        const uint16_t own = c.ports.queue_ring_size(port, false, *q);
        if ((own ? own : c.config.nb_txd) < c.config.txpkts.size())
            return fail(c, "Failed to setup TX queue: not enough descriptors");
    }
    if (!c.ports.setup_queue(port, rx, *q).ok())
        return fail(c, std::string("Failed to setup ") + (rx ? "RX" : "TX") + " queue");
    return true;
}

bool queue_start_stop(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    PortControl &pc = c.ports;
    if (pc.status(port) != PortStatus::Started)
        return fail(c, "Please start port " + std::to_string(port) + " first");
    const bool rx = a.word(1) == "rxq";
    auto q = queue_arg(c, rx, a.number(2));
    if (!q) return false;
    if (pc.queue_start_stop(port, rx, *q, a.word(3) == "start").code() == ENOTSUP)
        return fail(c, "Function not supported in PMD");
    return true;
}

bool deferred_start(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    PortControl &pc = c.ports;
    if (pc.status(port) == PortStatus::Started)
        return fail(c, "Please stop port " + std::to_string(port) + " first");
    const bool rx = a.word(1) == "rxq";
    auto q = queue_arg(c, rx, a.number(2));
    if (!q) return false;
    const bool on = a.on(3);
    if (pc.deferred_start(port, rx, *q) != on) {
        pc.set_deferred_start(port, rx, *q, on);
        pc.reconfigure(port, false, true);
    }
    return true;
}

// The TX offload named as testpmd names them (mbuf_fast_free), any case.
uint64_t tx_offload_named(const std::string &name) {
    for (int bit = 0; bit < 64; bit++) {
        const uint64_t f = UINT64_C(1) << bit;
        const char *n = rte_eth_dev_tx_offload_name(f);
        if (n == nullptr || strcasecmp(n, "UNKNOWN") == 0) break;
        if (strcasecmp(n, name.c_str()) == 0) return f;
    }
    return 0;
}

// port config <port> tx_offload X on|off, and per queue (queue given).
bool tx_offload(Ctx &c, uint16_t port, std::optional<uint16_t> queue, const std::string &name,
                bool on) {
    PortControl &pc = c.ports;
    rte_eth_dev_info info{};
    if (!pc.dev_info(port, &info).ok()) return fail(c, "Error: no device info");
    if (pc.status(port) != PortStatus::Stopped)
        return fail(c, "Error: Can't config offload when Port " + std::to_string(port) +
                           " is not stopped");
    if (queue && *queue >= info.nb_tx_queues)
        return fail(c, "Error: input queue_id should be 0 ... " +
                           std::to_string(info.nb_tx_queues - 1));
    const uint64_t capa = queue ? info.tx_queue_offload_capa : info.tx_offload_capa;
    const bool all = all_offloads(name);
    const uint64_t offload = all ? capa : tx_offload_named(name);
    if (!all && offload == 0) return fail(c, "Unknown offload name: " + name);
    if (!all && !offload_reported(c, port, offload, capa, queue.has_value(), name)) return false;
    pc.set_tx_offload(port, queue, offload, on);
    pc.reconfigure(port, true, true);
    return true;
}

#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
// port config <port> txq <queue> affinity <value> (testpmd 23.03): a TX queue
// mapped to one of the ports the device aggregates (0: none chosen).
bool tx_affinity(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    const auto queue = static_cast<uint16_t>(a.number(1));
    if (queue >= c.config.nb_txq) return fail(c, "Invalid TX queue_id=" + std::to_string(queue));
    const Result<int> n = c.ports.count_aggr_ports(port);
    if (!n)
        return fail(c, std::string("Failed to count the aggregated ports: (") +
                           std::strerror(n.status().code()) + ")");
    const Status s = c.ports.map_tx_affinity(port, queue, static_cast<uint8_t>(a.number(2)));
    if (s.ok()) return true;
    return fail(c, "Failed to map tx queue with an aggregated port: " + s.message());
}
#endif

// testpmd's cmd_cleanup_txq_mbufs: only a started queue frees what it has sent.
bool cleanup_txq(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    const auto queue = static_cast<uint16_t>(a.number(1));
    const std::string of = "port " + std::to_string(port) + " Tx queue " + std::to_string(queue);
    TxQueueInfo info;
    if (!c.ports.txq_info(port, queue, &info).ok()) return fail(c, "Failed to get " + of + " info");
    if (info.q.queue_state != RTE_ETH_QUEUE_STATE_STARTED)
        return fail(c, "Tx queue " + std::to_string(queue) + " not started");
    const Result<uint32_t> freed =
        c.ports.tx_done_cleanup(port, queue, static_cast<uint32_t>(a.number(2)));
    if (!freed)
        return fail(c, "Failed to cleanup mbuf for " + of +
                           " error desc: " + std::strerror(freed.status().code()) + "(" +
                           std::to_string(-freed.status().code()) + ")");
    *c.out += "Cleanup " + of + " mbuf nums: " + std::to_string(*freed) + "\n";
    return true;
}

} // namespace

std::vector<Spec> port_config_commands() {
    std::vector<Spec> v = {
        {.syntax = "port start|stop|close|reset all|<port>",
         .help = "start (configuring what changed), stop, close or reset ports",
         .run = lifecycle},
        {.syntax = "port config all rxq|txq|rxd|txd <n>",
         .help = "queues or descriptors per port (ports stopped)",
         .needs_stopped = true,
         .types = {arg::number("<n>", nullptr, 1, UINT16_MAX)}, // named "rxq", "txd", ...
         .run = config_counts},
        {.syntax = "port config mtu <port> <mtu>",
         .help = "a port's MTU",
         .needs_stopped = true,
         .types = {arg::number("<mtu>", "mtu", 0, UINT16_MAX)},
         .run = config_mtu},
        {.syntax = "port config <port> rxq|txq <queue> ring_size <n>",
         .help = "one queue's descriptors",
         .needs_stopped = true,
         .types = {arg::number("<n>", "ring_size", 0, UINT16_MAX)},
         .run = ring_size},
        {.syntax = "port <port> rxq|txq <queue> setup",
         .help = "set a queue up again with its settings",
         .needs_stopped = true,
         .run = queue_setup},
        {.syntax = "port <port> rxq|txq <queue> start|stop",
         .help = "start or stop one queue of a started port",
         .needs_stopped = true,
         .run = queue_start_stop},
        {.syntax = "port cleanup <port> txq <queue> <count>",
         .help = "free up to <count> mbufs a TX queue has sent (0: all it can)",
         .needs_stopped = true,
         .types = {arg::number("<count>", "free_cnt", 0, UINT32_MAX)},
         .run = cleanup_txq},
        {.syntax = "port <port> rxq|txq <queue> deferred_start on|off",
         .help = "whether the queue waits for its own start (port stopped)",
         .needs_stopped = true,
         .run = deferred_start},
        {.syntax = kAllOffloads ? "port config all|<port> tx_offload <offload> on|off"
                                : "port config <port> tx_offload <offload> on|off",
         .help = "a TX offload of the port and its queues (e.g. mbuf_fast_free)",
         .needs_stopped = true,
         .run =
             [](Ctx &c, const Args &a) {
                 bool ok = true; // each port refuses on its own, as testpmd's loop
                 for (uint16_t port : kAllOffloads ? a.ports(0) : std::vector{a.port(0)})
                     ok = tx_offload(c, port, std::nullopt, a.word(1), a.on(2)) && ok;
                 return ok;
             }},
        {.syntax = "port <port> txq <queue> tx_offload <offload> on|off",
         .help = "a TX offload of one queue",
         .needs_stopped = true,
         .run =
             [](Ctx &c, const Args &a) {
                 return tx_offload(c, a.port(0), static_cast<uint16_t>(a.number(1)), a.word(2),
                                   a.on(3));
             }},
        {.syntax = "port config <port> tx_metadata <value>",
         .help = "flow metadata every packet the port sends carries (0: none)",
         .types = {arg::number("<value>", "tx_metadata", 0, UINT32_MAX)},
         .run =
             [](Ctx &c, const Args &a) {
                 c.ports.set_tx_metadata(a.port(0), static_cast<uint32_t>(a.number(1)));
                 return true;
             }},
        {.syntax = "port config <port> dynf <name> set|clear",
         .help = "register a dynamic mbuf flag and set or clear it on what the port sends",
         .run =
             [](Ctx &c, const Args &a) {
                 const Status s = c.ports.set_tx_dynf(a.port(0), a.word(1), a.word(2) == "set");
                 return s ? true : fail(c, s.message());
             }},
        {.syntax = "show port <port_id> tx_metadata",
         .help = "the flow metadata the port's packets carry",
         .types = {arg::port_number("<port_id>")},
         .run =
             [](Ctx &c, const Args &a) {
                 const auto port = static_cast<uint16_t>(a.number(0));
                 const std::vector<uint16_t> ids = c.ports.port_ids();
                 if (std::find(ids.begin(), ids.end(), port) == ids.end())
                     return fail(c, "invalid port id " + std::to_string(port));
                 *c.out += "Port " + std::to_string(port) +
                           " tx_metadata: " + std::to_string(c.ports.tx_metadata(port)) + "\n";
                 return true;
             }},
    };
#if RTE_VERSION >= RTE_VERSION_NUM(23, 11, 0, 0)
    // Its own row: the table tries the literal "port config all ..." rows
    // before a port token's "all".
    v.push_back({.syntax = "port config all tx_offload <offload> on|off",
                 .help = "a TX offload of every port and its queues",
                 .needs_stopped = true,
                 .run = [](Ctx &c, const Args &a) {
                     bool ok = true;
                     for (uint16_t port : c.ports.port_ids())
                         ok = tx_offload(c, port, std::nullopt, a.word(0), a.on(1)) && ok;
                     return ok;
                 }});
#endif
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
    v.push_back({.syntax = "port config <port> txq <queue> affinity <value>",
                 .help = "map a TX queue to one of the ports the device aggregates",
                 .types = {arg::number("<value>", "value", 0, UINT8_MAX)},
                 .run = tx_affinity});
#endif
    return v;
}

} // namespace pmdfwd::shell
