// The csum engine's per-port settings, as testpmd's csum commands: which
// checksums the TX port's NIC computes (`csum set ... hw`, a TX offload of a
// stopped port) and which the engine computes in software.
#include "shell/command_spec.h"

#include <rte_ethdev.h>

#include <string_view>

namespace pmdfwd::shell {

namespace {

struct CsumLayer {
    const char *word;     // `csum set <word> ...`
    const char *name;     // testpmd's "... is not supported" name
    const char *shown_as; // testpmd's csum_show name
    uint64_t offload;
};

constexpr CsumLayer kLayers[] = {
    {"ip", "IP", "IP", RTE_ETH_TX_OFFLOAD_IPV4_CKSUM},
    {"udp", "UDP", "UDP", RTE_ETH_TX_OFFLOAD_UDP_CKSUM},
    {"tcp", "TCP", "TCP", RTE_ETH_TX_OFFLOAD_TCP_CKSUM},
    {"sctp", "SCTP", "SCTP", RTE_ETH_TX_OFFLOAD_SCTP_CKSUM},
    {"outer-ip", "Outer IP", "Outer-Ip", RTE_ETH_TX_OFFLOAD_OUTER_IPV4_CKSUM},
    {"outer-udp", "Outer UDP", "Outer-Udp", RTE_ETH_TX_OFFLOAD_OUTER_UDP_CKSUM},
};

// testpmd's csum_show. Tunnels are never parsed (see `csum parse-tunnel`).
bool csum_show(Ctx &c, uint16_t port) {
    uint64_t enabled = 0, capa = 0;
    if (!c.ports.tx_offloads(port, &enabled, &capa))
        return fail(c, "invalid port " + std::to_string(port));
    *c.out += "Parse tunnel is off\n";
    for (const CsumLayer &l : kLayers)
        *c.out += std::string(l.shown_as) + " checksum offload is " +
                  ((enabled & l.offload) ? "hw" : "sw") + "\n";
    return true;
}

bool csum_set(Ctx &c, const Args &a) {
    const CsumLayer *layer = nullptr;
    for (const CsumLayer &l : kLayers)
        if (a.word(0) == l.word) layer = &l;
    if (layer == nullptr) // the row's choice and kLayers disagree
        return fail(c, "Bad arguments: '" + a.word(0) +
                           "' is not a layer (allowed: ip, udp, tcp, sctp, outer-ip, outer-udp)");
    const uint16_t port = a.port(2);
    const bool hw = a.word(1) == "hw";
    uint64_t enabled = 0, capa = 0;
    c.ports.tx_offloads(port, &enabled, &capa);
    bool ok = true;
    if (hw && !(capa & layer->offload)) {
        // testpmd says so, shows the settings, and changes nothing.
        *c.out += std::string(layer->name) + " checksum offload is not supported by port " +
                  std::to_string(port) + "\n";
        ok = false;
    } else if (Status set = c.ports.set_tx_offloads(port, layer->offload, hw); !set) {
        return fail(c, set.message());
    }
    return csum_show(c, port) && ok;
}

std::vector<Spec> rows() {
    return {
        {.syntax = "csum set ip|udp|tcp|sctp|outer-ip|outer-udp hw|sw <port>",
         .help =
             "checksums of a stopped port's transmitted packets: by the NIC (hw) or by the csum "
             "engine (sw)",
         .run = csum_set},
        {.syntax = "csum show <port>",
         .help = "which checksums the NIC computes for the csum engine",
         .run = [](Ctx &c, const Args &a) { return csum_show(c, a.port(0)); }},
        {.syntax = "csum parse-tunnel on|off <port>",
         .help = "parse tunnel headers (only off: not supported)",
         .run =
             [](Ctx &c, const Args &a) {
                 if (a.on(0))
                     return fail(c,
                                 "csum parse-tunnel: pmdfwd's csum engine does not parse tunnels "
                                 "(VXLAN, GRE, GENEVE, GTP, IP-in-IP packets are checksummed as "
                                 "their outer headers)");
                 return csum_show(c, a.port(1));
             }},
    };
}

const FamilyRegistrar registered{{.order = 60, .section = "config", .rows = rows}};

} // namespace

} // namespace pmdfwd::shell
