// csum's per-port settings, as testpmd's csum commands: which checksums the
// TX port's NIC computes (`csum set ... hw`, a TX offload of a stopped port,
// through the host's port calls in pmdfwd_command_ctx) and which the engine
// computes in software. The texts are testpmd's (DTS's csum_set_hw looks
// for "<name> checksum offload is hw", "Please stop port N first" and
// "checksum offload is not supported by port N").
#include "csum_commands.h"

#include "csum_seg_commands.h"
#include "csum_settings.h"

#include <rte_ethdev.h>

#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <string>
#include <string_view>

namespace pmdfwd::engines::csum {

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

void say(const pmdfwd_command_ctx *ctx, const std::string &text) {
    ctx->write(ctx->sink, text.c_str());
}

// The host passes only an existing port's id for <port>.
uint16_t port_of(const char *word) {
    return static_cast<uint16_t>(std::strtoul(word, nullptr, 10));
}

PortSeg &port_settings(const pmdfwd_command_ctx *ctx, uint16_t port) {
    return static_cast<Settings *>(ctx->engine_ctx)->port[port];
}

// testpmd's csum_show.
int csum_show(const pmdfwd_command_ctx *ctx, uint16_t port) {
    uint64_t enabled = 0, capa = 0;
    if (ctx->port_tx_offloads(ctx, port, &enabled, &capa) != 0) {
        say(ctx, "invalid port " + std::to_string(port) + "\n");
        return -1;
    }
    std::string s = std::string("Parse tunnel is ") +
                    (port_settings(ctx, port).parse_tunnel ? "on" : "off") + "\n";
    for (const CsumLayer &l : kLayers)
        s += std::string(l.shown_as) + " checksum offload is " +
             ((enabled & l.offload) ? "hw" : "sw") + "\n";
    say(ctx, s);
    return 0;
}

// csum set <layer> hw|sw <port>
int csum_set(const pmdfwd_command_ctx *ctx, uint32_t, const char *const *argv) {
    const CsumLayer *layer = nullptr;
    for (const CsumLayer &l : kLayers)
        if (std::string_view(argv[0]) == l.word) layer = &l;
    if (layer == nullptr) { // the row's choice and kLayers disagree
        say(ctx, std::string("Bad arguments: '") + argv[0] +
                     "' is not a layer (allowed: ip, udp, tcp, sctp, outer-ip, outer-udp)\n");
        return -1;
    }
    const uint16_t port = port_of(argv[2]);
    const bool hw = std::string_view(argv[1]) == "hw";
    uint64_t enabled = 0, capa = 0;
    ctx->port_tx_offloads(ctx, port, &enabled, &capa);
    char err[PMDFWD_ERRMSG_LEN] = "";
    // testpmd refuses a started port before it looks at the device's
    // offloads; an empty mask asks the host that question and changes
    // nothing.
    if (ctx->set_port_tx_offloads(ctx, port, 0, hw, err, sizeof(err)) != 0) {
        say(ctx, std::string(err) + "\n");
        return -1;
    }
    int rc = 0;
    if (hw && !(capa & layer->offload)) {
        // testpmd says so, shows the settings, and changes nothing.
        say(ctx, std::string(layer->name) + " checksum offload is not supported by port " +
                     std::to_string(port) + "\n");
        rc = -1;
    } else {
        if (ctx->set_port_tx_offloads(ctx, port, layer->offload, hw, err, sizeof(err)) != 0) {
            say(ctx, std::string(err) + "\n");
            return -1;
        }
    }
    return csum_show(ctx, port) != 0 ? -1 : rc;
}

int csum_show_command(const pmdfwd_command_ctx *ctx, uint32_t, const char *const *argv) {
    return csum_show(ctx, port_of(argv[0]));
}

// csum parse-tunnel on|off <port>: testpmd's cmd_csum_tunnel_parsed. Like
// every csum setting it reaches the streams at the next start.
int csum_parse_tunnel(const pmdfwd_command_ctx *ctx, uint32_t, const char *const *argv) {
    const uint16_t port = port_of(argv[1]);
    port_settings(ctx, port).parse_tunnel = std::string_view(argv[0]) == "on";
    return csum_show(ctx, port);
}

// csum mac-swap on|off <port>: testpmd's cmd_csum_mac_swap_parsed, which
// says nothing.
int csum_mac_swap(const pmdfwd_command_ctx *ctx, uint32_t, const char *const *argv) {
    port_settings(ctx, port_of(argv[1])).mac_swap = std::string_view(argv[0]) == "on";
    return 0;
}

} // namespace

// Not PMDFWD_COMMAND_F_STOPPED: testpmd refuses a started port, not a
// running forwarder, and the host's port call says so.
constexpr pmdfwd_command kCommands[kNbCommands] = {
    {.syntax = "csum set ip|udp|tcp|sctp|outer-ip|outer-udp hw|sw <port>",
     .help = "checksums of a stopped port's transmitted packets: by the NIC (hw) or by the csum "
             "engine (sw)",
     .run = csum_set,
     .flags = 0},
    {.syntax = "csum show <port>",
     .help = "which checksums the NIC computes for the csum engine",
     .run = csum_show_command,
     .flags = 0},
    {.syntax = "csum parse-tunnel on|off <port>",
     .help = "Enable/Disable parsing of tunnels for csum engine (the TX port's packets: VXLAN, "
             "VXLAN-GPE, GENEVE, GTP, GRE, IP-in-IP)",
     .run = csum_parse_tunnel,
     .flags = 0},
    {.syntax = "csum mac-swap on|off <port>",
     .help = "Enable/Disable forward mac address swap (off: the TX port's packets keep their "
             "MACs)",
     .run = csum_mac_swap,
     .flags = 0},
    // Segmentation (csum_seg_commands.cpp); the help texts are testpmd's.
    {.syntax = "tso set <tso_segsz> <port>",
     .help = "Set TSO segment size of non-tunneled packets for csum engine (0 to disable)",
     .run = tso_set,
     .flags = 0},
    {.syntax = "tso show <port>",
     .help = "Show TSO segment size of non-tunneled packets for csum engine",
     .run = tso_show,
     .flags = 0},
    {.syntax = "tunnel_tso set <tso_segsz> <port>",
     .help = "Set TSO segment size of tunneled packets for csum engine (0 to disable)",
     .run = tunnel_tso_set,
     .flags = 0},
    {.syntax = "tunnel_tso show <port>",
     .help = "Show TSO segment size of tunneled packets for csum engine",
     .run = tunnel_tso_show,
     .flags = 0},
    {.syntax = "set port <port> gro on|off",
     .help = "merge received TCP/IPv4 packets in software (librte_gro) before the csum engine "
             "sends them",
     .run = gro_set,
     .flags = 0},
    {.syntax = "show port <port> gro",
     .help = "GRO settings of a port",
     .run = gro_show,
     .flags = 0},
    {.syntax = "set gro flush <cycles>",
     .help = "1: merge within each burst; 2..4: hold packets and send them every <cycles> bursts",
     .run = gro_flush,
     .flags = 0},
    {.syntax = "set port <port> gso on|off",
     .help = "segment packets larger than the GSO segment size in software (librte_gso) before "
             "sending",
     .run = gso_set,
     .flags = 0},
    {.syntax = "set gso segsz <length>",
     .help = "largest packet GSO sends, headers included",
     .run = gso_segsz,
     .flags = 0},
    {.syntax = "show port <port> gso",
     .help = "GSO settings of a port",
     .run = gso_show,
     .flags = 0},
};
static_assert(kCommands[kNbCommands - 1].syntax != nullptr, "kNbCommands counts every row");

} // namespace pmdfwd::engines::csum
