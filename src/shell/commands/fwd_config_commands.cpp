// The forwarding configuration, as testpmd's commands set it: which ports and
// lcores forward (set portlist|portmask|nbport|corelist|coremask|nbcore),
// the burst and its TX retry, the peers' addresses, whether RX is drained at
// start, set default, and show config rxtx|cores. They take effect at the
// next start (forwarding stopped).
#include "shell/command_families.h"

#include "fwd/stream_plan.h"
#include "options/structured_parse.h"
#include "ports/port_text.h"
#include "text/text_format.h"

#include <rte_ether.h>
#include <rte_lcore.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>

namespace pmdfwd::shell {

namespace {

// The forwarding ports the current settings give (testpmd's nb_fwd_ports).
size_t nb_fwd_ports(Ctx &c) {
    std::string note;
    const Config &cfg = c.config;
    const auto ports =
        select_fwd_ports(c.ports.port_ids(), cfg.fwd_port_list, cfg.nb_fwd_ports, &note);
    return ports ? ports->size() : 0;
}

// testpmd's set_fwd_ports_list, of existing ports (the port list token and
// the mask's filter have checked them).
bool set_ports(Ctx &c, const std::vector<uint16_t> &ports) {
    const size_t before = nb_fwd_ports(c);
    Config &cfg = c.config;
    cfg.fwd_port_list = ports;
    cfg.nb_fwd_ports = 0;
    if (before != ports.size())
        *c.out += "previous number of forwarding ports " + std::to_string(before) +
                  " - changed to number of configured ports " + std::to_string(ports.size()) + "\n";
    return true;
}

bool set_portmask(Ctx &c, const Args &a) {
    const auto mask = parse_hex("portmask", a.word(0));
    if (!mask) return fail(c, "Bad arguments: " + mask.message());
    if (*mask == 0) return fail(c, "Invalid NULL mask of ports");
    std::vector<uint16_t> ports;
    for (uint16_t p : c.ports.port_ids())
        if (p < 64 && (*mask & (UINT64_C(1) << p))) ports.push_back(p);
    // No port at all would read as "every port" (an empty list): a mistyped
    // mask must never widen what forwards, as --portmask refuses it too.
    if (ports.empty()) {
        std::string there;
        for (uint16_t p : c.ports.port_ids()) {
            there += ' ';
            there += std::to_string(p);
        }
        return fail(c, "Invalid port mask " + a.word(0) +
                           ": it names none of the ports there are (ports:" + there +
                           "); forwarding ports unchanged");
    }
    return set_ports(c, ports);
}

bool set_nbport(Ctx &c, const Args &a) {
    const uint64_t n = a.number(0);
    Config &cfg = c.config;
    const size_t configured =
        cfg.fwd_port_list.empty() ? c.ports.port_ids().size() : cfg.fwd_port_list.size();
    if (n > configured || n == 0)
        return fail(c, "nb fwd ports " + std::to_string(n) + " > " + std::to_string(configured) +
                           " (number of configured ports) - ignored (allowed: 1.." +
                           std::to_string(configured) + ")");
    cfg.nb_fwd_ports = static_cast<uint16_t>(n);
    *c.out += "Number of forwarding ports set to " + std::to_string(n) + "\n";
    return true;
}

// testpmd's set_fwd_lcores_list; the number of forwarding lcores follows.
bool set_lcores(Ctx &c, const std::vector<unsigned> &lcores) {
    if (Status set = c.lcores.set_fwd_lcores(lcores); !set) return fail(c, set.message());
    Config &cfg = c.config;
    if (cfg.nb_cores != lcores.size())
        *c.out += "previous number of forwarding cores " + std::to_string(cfg.nb_cores) +
                  " - changed to number of configured cores " + std::to_string(lcores.size()) +
                  "\n";
    // More lcores than streams would idle (as `set nbcore` refuses them).
    const Result<size_t> planned = c.lcores.nb_streams();
    const size_t streams = planned ? *planned : 0;
    cfg.nb_cores =
        static_cast<unsigned>(streams ? std::min(lcores.size(), streams) : lcores.size());
    cfg.fwd_lcore_list = lcores;
    return true;
}

bool set_coremask(Ctx &c, const Args &a) {
    const auto mask = parse_hex("coremask", a.word(0));
    if (!mask) return fail(c, "Bad arguments: " + mask.message());
    if (*mask == 0) return fail(c, "Invalid NULL mask of cores");
    return set_lcores(c, mask_bits(*mask));
}

bool show_fwd_config(Ctx &c, const Args &a) {
    const Config &cfg = c.config;
    if (a.word(0) == "cores") {
        *c.out += "List of forwarding lcores:";
        for (unsigned l : c.lcores.fwd_lcore_ids())
            append_format(c.out, " %2u", l);
        *c.out += "\n";
        return true;
    }
    *c.out += "  " + cfg.forward_mode + " packet forwarding" + (cfg.tx_retry ? " with retry" : "") +
              " packets/burst=" + std::to_string(cfg.burst) + "\n";
    *c.out += "  nb forwarding cores=" + std::to_string(cfg.nb_cores) +
              " - nb forwarding ports=" + std::to_string(nb_fwd_ports(c)) + "\n";
    for (uint16_t p : c.ports.port_ids())
        *c.out += rxtx_port_text(c.ports, cfg, p);
    return true;
}

// testpmd's set default (set_def_fwd_config): every worker lcore, one of
// them forwarding, every port, the peers 02:00:00:00:00:<port>.
bool set_default(Ctx &c) {
    *c.out += "Reset to default forwarding configuration...\n";
    std::vector<unsigned> workers;
    unsigned l;
    RTE_LCORE_FOREACH_WORKER(l) {
        workers.push_back(l);
    }
    // Refused only where an lcore publishes metrics: those stay out, as at start.
    if (!workers.empty() && c.lcores.set_fwd_lcores(workers).ok()) c.config.fwd_lcore_list.clear();
    Config &cfg = c.config;
    cfg.nb_cores = 1;
    cfg.fwd_port_list.clear();
    cfg.nb_fwd_ports = 0;
    for (uint16_t p : c.ports.port_ids())
        c.ports.set_peer(p, {RTE_ETHER_LOCAL_ADMIN_ADDR, 0, 0, 0, 0, static_cast<uint8_t>(p)});
    return true;
}

// testpmd's set_fwd_lcores_number texts; pmdfwd also refuses more lcores
// than streams (they would idle) and 0.
bool set_nbcore(Ctx &c, const Args &a) {
    const Result<size_t> planned = c.lcores.nb_streams();
    if (!planned) return fail(c, planned.message());
    const size_t streams = *planned;
    const size_t lcores = c.lcores.nb_fwd_lcores();
    const uint64_t n = a.number(0);
    if (n > lcores)
        return fail(c, "nb fwd cores " + std::to_string(n) + " > " + std::to_string(lcores) +
                           " (max. number of configured lcores) - ignored");
    if (n == 0 || n > streams)
        return fail(c, "nb fwd cores " + std::to_string(n) + ": there are only " +
                           std::to_string(streams) + " streams to spread - ignored (allowed: 1.." +
                           std::to_string(std::min(lcores, streams)) + ")");
    c.config.nb_cores = static_cast<unsigned>(n);
    *c.out += "Number of forwarding cores set to " + std::to_string(n) + "\n";
    return true;
}

} // namespace

std::vector<Spec> fwd_config_commands() {
    return {
        {.syntax = "set portlist <list>",
         .help = "forwarding ports in order, e.g. 0,1 or 0-3",
         .needs_stopped = true,
         .types = {arg::port_list("<list>")},
         .run = [](Ctx &c, const Args &a) { return set_ports(c, a.ports(0)); }},
        {.syntax = "set portmask <hex>",
         .help = "forwarding ports by mask, e.g. 0x3",
         .needs_stopped = true,
         .run = set_portmask},
        {.syntax = "set nbport <n>",
         .help = "forward on the first n configured ports",
         .needs_stopped = true,
         .types = {arg::number("<n>", "nbport", 0, UINT16_MAX)},
         .run = set_nbport},
        {.syntax = "set corelist <list>",
         .help = "forwarding lcores, e.g. 1,2 (not the main lcore)",
         .needs_stopped = true,
         .types = {arg::id_list("<list>", "corelist", RTE_MAX_LCORE)},
         .run =
             [](Ctx &c, const Args &a) {
                 return set_lcores(c, std::vector<unsigned>(a.ids(0).begin(), a.ids(0).end()));
             }},
        {.syntax = "set coremask <hex>",
         .help = "forwarding lcores by mask, e.g. 0x6",
         .needs_stopped = true,
         .run = set_coremask},
        {.syntax = "set nbcore <n>",
         .help = "number of forwarding lcores",
         .needs_stopped = true,
         .types = {arg::number("<n>", "nbcore", 0, UINT16_MAX)},
         .run = set_nbcore},
        {.syntax = "set burst <n>",
         .help = "packets per burst",
         .needs_stopped = true,
         .types = {arg::number("<n>", "burst", 1, kMaxBurst)},
         .run =
             [](Ctx &c, const Args &a) {
                 c.config.burst = static_cast<uint16_t>(a.number(0));
                 *c.out +=
                     "Number of packets per burst set to " + std::to_string(a.number(0)) + "\n";
                 return true;
             }},
        {.syntax = "set burst tx delay <us> retry <n>",
         .help = "TX retry wait (0..1000 us) and count (0..1000) (with set fwd ... retry)",
         .needs_stopped = true,
         .types = {arg::number("<us>", "delay", 0, kMaxTxRetryDelayUs),
                   arg::number("<n>", "retry", 0, kMaxTxRetries)},
         .run =
             [](Ctx &c, const Args &a) {
                 c.config.tx_retry_delay_us = static_cast<unsigned>(a.number(0));
                 c.config.tx_retry_num = static_cast<unsigned>(a.number(1));
                 return true;
             }},
        {.syntax = "set eth-peer <port> <mac>",
         .help = "peer MAC address of a port",
         .needs_stopped = true,
         .run =
             [](Ctx &c, const Args &a) {
                 c.ports.set_peer(a.port(0), a.mac(1));
                 return true;
             }},
        {.syntax = "set flush_rx on|off",
         .help = "drain the RX queues at start (on) or not",
         .run =
             [](Ctx &c, const Args &a) {
                 c.config.no_flush_rx = !a.on(0);
                 return true;
             }},
        {.syntax = "show config rxtx|cores",
         .help = "queue settings per port, or the forwarding lcores",
         .run = show_fwd_config},
        {.syntax = "set default",
         .help = "forwarding lcores, ports and peer addresses as at start-up",
         .needs_stopped = true,
         .run = [](Ctx &c, const Args &) { return set_default(c); }},
    };
}

} // namespace pmdfwd::shell
