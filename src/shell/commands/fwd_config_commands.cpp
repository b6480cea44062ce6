// Which ports and lcores forward, as testpmd's commands choose them: set
// portlist|portmask|nbport, set corelist|coremask, and show config
// rxtx|cores. They take effect at the next start (forwarding stopped).
#include "shell/command_spec.h"

#include "fwd/stream_plan.h"
#include "options/structured_parse.h"
#include "ports/port_text.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

namespace pmdfwd::shell {

namespace {

// The forwarding ports the current settings give (testpmd's nb_fwd_ports).
size_t nb_fwd_ports(Ctx &c) {
    std::string err, note;
    const Config &cfg = c.config;
    return select_fwd_ports(c.ports.port_ids(), cfg.fwd_port_list, cfg.nb_fwd_ports, &err, &note)
        .size();
}

// testpmd's set_fwd_ports_list: every port must exist, else nothing changes.
bool set_ports(Ctx &c, const std::vector<uint16_t> &ports) {
    const std::vector<uint16_t> ids = c.ports.port_ids();
    for (uint16_t p : ports)
        if (std::find(ids.begin(), ids.end(), p) == ids.end())
            return fail(c, "Invalid port " + std::to_string(p));
    const size_t before = nb_fwd_ports(c);
    Config &cfg = c.config;
    cfg.fwd_port_list = ports;
    cfg.nb_fwd_ports = 0;
    if (before != ports.size())
        *c.out += "previous number of forwarding ports " + std::to_string(before) +
                  " - changed to number of configured ports " + std::to_string(ports.size()) + "\n";
    return true;
}

bool set_portlist(Ctx &c, const Args &a) {
    std::string err;
    auto list = parse_id_list("portlist", a[0], RTE_MAX_ETHPORTS, &err);
    if (!list) return fail(c, "Bad arguments: " + err);
    return set_ports(c, *list);
}

bool set_portmask(Ctx &c, const Args &a) {
    std::string err;
    auto mask = parse_hex("portmask", a[0], &err);
    if (!mask) return fail(c, "Bad arguments: " + err);
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
        return fail(c, "Invalid port mask " + std::string(a[0]) +
                           ": it names none of the ports there are (ports:" + there +
                           "); forwarding ports unchanged");
    }
    return set_ports(c, ports);
}

bool set_nbport(Ctx &c, const Args &a) {
    auto n = uint_arg(c, "nbport", a[0], 0, UINT16_MAX);
    if (!n) return false;
    Config &cfg = c.config;
    const size_t configured =
        cfg.fwd_port_list.empty() ? c.ports.port_ids().size() : cfg.fwd_port_list.size();
    if (*n > configured || *n == 0)
        return fail(c, "nb fwd ports " + std::to_string(*n) + " > " + std::to_string(configured) +
                           " (number of configured ports) - ignored (allowed: 1.." +
                           std::to_string(configured) + ")");
    cfg.nb_fwd_ports = static_cast<uint16_t>(*n);
    *c.out += "Number of forwarding ports set to " + std::to_string(*n) + "\n";
    return true;
}

// testpmd's set_fwd_lcores_list; the number of forwarding lcores follows.
bool set_lcores(Ctx &c, const std::vector<unsigned> &lcores) {
    if (std::string err = c.lcores.set_fwd_lcores(lcores); !err.empty()) return fail(c, err);
    Config &cfg = c.config;
    if (cfg.nb_cores != lcores.size())
        *c.out += "previous number of forwarding cores " + std::to_string(cfg.nb_cores) +
                  " - changed to number of configured cores " + std::to_string(lcores.size()) +
                  "\n";
    // More lcores than streams would idle (as `set nbcore` refuses them).
    std::string err;
    const size_t streams = c.lcores.nb_streams(&err);
    cfg.nb_cores =
        static_cast<unsigned>(streams ? std::min(lcores.size(), streams) : lcores.size());
    cfg.fwd_lcore_list = lcores;
    return true;
}

bool set_corelist(Ctx &c, const Args &a) {
    std::string err;
    auto list = parse_id_list("corelist", a[0], RTE_MAX_LCORE, &err);
    if (!list) return fail(c, "Bad arguments: " + err);
    return set_lcores(c, std::vector<unsigned>(list->begin(), list->end()));
}

bool set_coremask(Ctx &c, const Args &a) {
    std::string err;
    auto mask = parse_hex("coremask", a[0], &err);
    if (!mask) return fail(c, "Bad arguments: " + err);
    if (*mask == 0) return fail(c, "Invalid NULL mask of cores");
    return set_lcores(c, mask_bits(*mask));
}

bool show_config(Ctx &c, const Args &a) {
    const Config &cfg = c.config;
    if (a[0] == "cores") {
        *c.out += "List of forwarding lcores:";
        for (unsigned l : c.lcores.fwd_lcore_ids()) {
            char buf[16];
            std::snprintf(buf, sizeof(buf), " %2u", l);
            *c.out += buf;
        }
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

std::vector<Spec> rows() {
    return {
        {.syntax = "set portlist <list>",
         .help = "forwarding ports in order, e.g. 0,1 or 0-3",
         .needs_stopped = true,
         .run = set_portlist},
        {.syntax = "set portmask <hex>",
         .help = "forwarding ports by mask, e.g. 0x3",
         .needs_stopped = true,
         .run = set_portmask},
        {.syntax = "set nbport <n>",
         .help = "forward on the first n configured ports",
         .needs_stopped = true,
         .run = set_nbport},
        {.syntax = "set corelist <list>",
         .help = "forwarding lcores, e.g. 1,2 (not the main lcore)",
         .needs_stopped = true,
         .run = set_corelist},
        {.syntax = "set coremask <hex>",
         .help = "forwarding lcores by mask, e.g. 0x6",
         .needs_stopped = true,
         .run = set_coremask},
        {.syntax = "show config rxtx|cores",
         .help = "queue settings per port, or the forwarding lcores",
         .run = show_config},
    };
}

const FamilyRegistrar registered{{.order = 120, .section = "config", .rows = rows}};

} // namespace

} // namespace pmdfwd::shell
