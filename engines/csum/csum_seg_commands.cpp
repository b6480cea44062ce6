// testpmd's tso, tunnel_tso, GRO and GSO commands (cmdline.c, config.c) over
// the csum engine's Settings; the texts are testpmd 22.11's (tso's: 23.11's on 23.11 on). TSO
// also turns the port's TSO offloads on or off (a stopped port), as testpmd does.
#include "csum_seg_commands.h"

#include "csum_settings.h"

#include <rte_gro.h>
#include <rte_gso.h>
#include <rte_version.h>

#include <charconv>
#include <string>
#include <string_view>
#include <utility>

namespace pmdfwd::engines::csum {

namespace {

constexpr uint64_t kTunnelTso = RTE_ETH_TX_OFFLOAD_VXLAN_TNL_TSO | RTE_ETH_TX_OFFLOAD_GRE_TNL_TSO |
                                RTE_ETH_TX_OFFLOAD_IPIP_TNL_TSO |
                                RTE_ETH_TX_OFFLOAD_GENEVE_TNL_TSO | RTE_ETH_TX_OFFLOAD_IP_TNL_TSO |
                                RTE_ETH_TX_OFFLOAD_UDP_TNL_TSO;

// testpmd's MAX_PKT_BURST and its lightweight GRO table (testpmd.h).
constexpr uint32_t kTestpmdMaxBurst = 512;
constexpr uint32_t kGroItemsPerFlow = 32;
constexpr uint32_t kGroFlows = RTE_GRO_MAX_BURST_ITEM_NUM / kGroItemsPerFlow;

void answer(const pmdfwd_command_ctx *ctx, const std::string &text) {
    ctx->write(ctx->sink, text.c_str());
}

Settings &settings(const pmdfwd_command_ctx *ctx) {
    return *static_cast<Settings *>(ctx->engine_ctx);
}

// The host passes only an existing port's id for <port>.
uint16_t seg_port(const char *word) {
    uint16_t p = 0;
    std::from_chars(word, word + std::char_traits<char>::length(word), p);
    return p;
}

// A decimal number of at most max, else false after saying so.
bool number(const pmdfwd_command_ctx *ctx, const char *what, const char *word, uint32_t max,
            uint32_t *v) {
    const std::string_view w(word);
    const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), *v);
    if (ec == std::errc() && end == w.data() + w.size() && *v <= max) return true;
    answer(ctx, "Bad arguments: " + std::string(what) + " '" + std::string(w) +
                    "' is not a number in 0.." + std::to_string(max) + "\n");
    return false;
}

// testpmd's port_is_stopped check, as a change of nothing.
bool port_stopped(const pmdfwd_command_ctx *ctx, uint16_t port) {
    char err[PMDFWD_ERRMSG_LEN] = "";
    if (ctx->set_port_tx_offloads(ctx, port, 0, 0, err, sizeof(err)) == 0) return true;
    answer(ctx, std::string(err) + "\n");
    return false;
}

bool set_offloads(const pmdfwd_command_ctx *ctx, uint16_t port, uint64_t mask, bool on) {
    char err[PMDFWD_ERRMSG_LEN] = "";
    if (ctx->set_port_tx_offloads(ctx, port, mask, on ? 1 : 0, err, sizeof(err)) == 0) return true;
    answer(ctx, std::string(err) + "\n");
    return false;
}

// testpmd 23.11 on ("fix UDP checksum for UFO"): tso covers UDP
// segmentation too, refused only where the port has neither offload.
constexpr bool kTsoAndUfo = RTE_VERSION >= RTE_VERSION_NUM(23, 11, 0, 0);
constexpr uint64_t kSegOffloads = kTsoAndUfo
                                      ? RTE_ETH_TX_OFFLOAD_TCP_TSO | RTE_ETH_TX_OFFLOAD_UDP_TSO
                                      : RTE_ETH_TX_OFFLOAD_TCP_TSO;

// The refusal of a size on a port without the offloads, else its warnings.
bool tso_capable(const pmdfwd_command_ctx *ctx, uint16_t port, uint64_t capa) {
    const std::string p = std::to_string(port);
    if ((capa & kSegOffloads) == 0) {
        answer(ctx, kTsoAndUfo ? "Error: both TSO and UFO are not supported by port " + p + "\n"
                               : "Error: TSO is not supported by port " + p + "\n");
        return false;
    }
    if (!kTsoAndUfo) return true;
    if ((capa & RTE_ETH_TX_OFFLOAD_TCP_TSO) == 0)
        answer(ctx, "Warning: port " + p + " doesn't support TSO\n");
    if ((capa & RTE_ETH_TX_OFFLOAD_UDP_TSO) == 0)
        answer(ctx, "Warning: port " + p + " doesn't support UFO\n");
    return true;
}

std::string tso_state(uint16_t segsz) {
    if (segsz == 0)
        return kTsoAndUfo ? "TSO and UFO for non-tunneled packets is disabled\n"
                          : "TSO for non-tunneled packets is disabled\n";
    return std::string(kTsoAndUfo ? "" : "TSO ") + "segment size for non-tunneled packets is " +
           std::to_string(segsz) + "\n";
}

// tso set|show: testpmd's cmd_tso_set_parsed; segsz < 0 shows.
int tso(const pmdfwd_command_ctx *ctx, uint16_t port, int32_t segsz) {
    if (!port_stopped(ctx, port)) return -1;
    PortSeg &p = settings(ctx).port[port];
    if (segsz >= 0) p.tso_segsz = static_cast<uint16_t>(segsz);
    uint64_t enabled = 0, capa = 0;
    ctx->port_tx_offloads(ctx, port, &enabled, &capa);
    // testpmd keeps the size it was given and changes nothing else.
    if (p.tso_segsz != 0 && !tso_capable(ctx, port, capa)) return -1;
    if (p.tso_segsz == 0 && !set_offloads(ctx, port, kSegOffloads, false)) return -1;
    if (p.tso_segsz != 0 && !set_offloads(ctx, port, kSegOffloads & capa, true)) return -1;
    answer(ctx, tso_state(p.tso_segsz));
    return 0;
}

// testpmd's check_tunnel_tso_nic_support: each tunnel TSO the port lacks.
std::string tunnel_tso_warnings(uint16_t port, uint64_t capa) {
    constexpr std::pair<uint64_t, const char *> kKinds[] = {
        {RTE_ETH_TX_OFFLOAD_VXLAN_TNL_TSO, "VXLAN"}, {RTE_ETH_TX_OFFLOAD_GRE_TNL_TSO, "GRE"},
        {RTE_ETH_TX_OFFLOAD_IPIP_TNL_TSO, "IPIP"},   {RTE_ETH_TX_OFFLOAD_GENEVE_TNL_TSO, "GENEVE"},
        {RTE_ETH_TX_OFFLOAD_IP_TNL_TSO, "IP"},       {RTE_ETH_TX_OFFLOAD_UDP_TNL_TSO, "UDP"},
    };
    std::string s;
    for (const auto &[offload, name] : kKinds)
        if (!(capa & offload))
            s += std::string("Warning: ") + name +
                 " TUNNEL TSO not supported therefore not enabled for port " +
                 std::to_string(port) + "\n";
    return s;
}

// tunnel_tso set|show: as the installed dpdk-testpmd 22.11.11 answers (its
// stable branch took 23.11's cmd_tunnel_tso_set_parsed: errors, not
// warnings). A size is refused, and kept as testpmd keeps it, on a port
// that cannot do tunnel TSO, does not parse tunnels, or leaves the outer
// IPv4 checksum to software (each segment's would be wrong).
int tunnel_tso(const pmdfwd_command_ctx *ctx, uint16_t port, int32_t segsz) {
    if (!port_stopped(ctx, port)) return -1;
    PortSeg &p = settings(ctx).port[port];
    if (segsz >= 0) p.tunnel_tso_segsz = static_cast<uint16_t>(segsz);
    if (p.tunnel_tso_segsz == 0) {
        if (!set_offloads(ctx, port, kTunnelTso, false)) return -1;
        answer(ctx, "TSO for tunneled packets is disabled\n");
        return 0;
    }
    uint64_t enabled = 0, capa = 0;
    ctx->port_tx_offloads(ctx, port, &enabled, &capa);
    if ((kTunnelTso & capa) == 0) {
        answer(ctx,
               "Error: port=" + std::to_string(port) + " don't support tunnel TSO offloads.\n");
        return -1;
    }
    if (!p.parse_tunnel) {
        answer(ctx,
               "Error: csum parse_tunnel must be set so that tunneled packets are recognized\n");
        return -1;
    }
    if (!(enabled & RTE_ETH_TX_OFFLOAD_OUTER_IPV4_CKSUM)) {
        answer(ctx, "Error: csum set outer-ip must be set to hw if outer L3 is IPv4; not "
                    "necessary for IPv6\n");
        return -1;
    }
    answer(ctx, tunnel_tso_warnings(port, capa));
    if (!set_offloads(ctx, port, kTunnelTso & capa, true)) return -1;
    answer(ctx,
           "TSO segment size for tunneled packets is " + std::to_string(p.tunnel_tso_segsz) + "\n");
    return 0;
}

} // namespace

int tso_set(const pmdfwd_command_ctx *ctx, uint32_t, const char *const *argv) {
    uint32_t segsz = 0;
    if (!number(ctx, "tso_segsz", argv[0], UINT16_MAX, &segsz)) return -1;
    return tso(ctx, seg_port(argv[1]), static_cast<int32_t>(segsz));
}

int tso_show(const pmdfwd_command_ctx *ctx, uint32_t, const char *const *argv) {
    return tso(ctx, seg_port(argv[0]), -1);
}

int tunnel_tso_set(const pmdfwd_command_ctx *ctx, uint32_t, const char *const *argv) {
    uint32_t segsz = 0;
    if (!number(ctx, "tso_segsz", argv[0], UINT16_MAX, &segsz)) return -1;
    return tunnel_tso(ctx, seg_port(argv[1]), static_cast<int32_t>(segsz));
}

int tunnel_tso_show(const pmdfwd_command_ctx *ctx, uint32_t, const char *const *argv) {
    return tunnel_tso(ctx, seg_port(argv[0]), -1);
}

// set port <port> gro on|off: testpmd's setup_gro.
int gro_set(const pmdfwd_command_ctx *ctx, uint32_t, const char *const *argv) {
    const uint16_t port = seg_port(argv[0]);
    if (ctx->forwarding) {
        answer(ctx, "Before enable/disable GRO, please stop forwarding first\n");
        return -1;
    }
    PortSeg &p = settings(ctx).port[port];
    const bool on = std::string_view(argv[1]) == "on";
    if (on == p.gro) {
        answer(ctx,
               on ? "Port " + std::to_string(port) + " has enabled GRO. Please disable GRO first\n"
                  : "Port " + std::to_string(port) + " has disabled GRO\n");
        return -1;
    }
    p.gro = on;
    return 0;
}

// show port <port> gro: testpmd's show_gro.
int gro_show(const pmdfwd_command_ctx *ctx, uint32_t, const char *const *argv) {
    const uint16_t port = seg_port(argv[0]);
    const Settings &s = settings(ctx);
    if (!s.port[port].gro) {
        answer(ctx, "Port " + std::to_string(port) + " doesn't enable GRO.\n");
        return 0;
    }
    const uint32_t max = s.gro_flush_cycles == kGroDefaultFlushCycles
                             ? kGroFlows * kGroItemsPerFlow
                             : kTestpmdMaxBurst * kGroMaxFlushCycles;
    answer(ctx, "GRO type: TCP/IPv4\nMax number of packets to perform GRO: " + std::to_string(max) +
                    "\nFlushing cycles: " + std::to_string(s.gro_flush_cycles) + "\n");
    return 0;
}

// set gro flush <cycles>: testpmd's setup_gro_flush_cycles.
int gro_flush(const pmdfwd_command_ctx *ctx, uint32_t, const char *const *argv) {
    uint32_t cycles = 0;
    if (!number(ctx, "cycles", argv[0], UINT8_MAX, &cycles)) return -1;
    if (ctx->forwarding) {
        answer(ctx, "Before change flush interval for GRO, please stop forwarding first.\n");
        return -1;
    }
    if (cycles > kGroMaxFlushCycles || cycles < kGroDefaultFlushCycles) {
        answer(ctx, "The flushing cycle be in the range of 1 to " +
                        std::to_string(kGroMaxFlushCycles) + ". Revert to the default value " +
                        std::to_string(kGroDefaultFlushCycles) + ".\n");
        cycles = kGroDefaultFlushCycles;
    }
    settings(ctx).gro_flush_cycles = static_cast<uint8_t>(cycles);
    return 0;
}

// set port <port> gso on|off: testpmd's setup_gso.
int gso_set(const pmdfwd_command_ctx *ctx, uint32_t, const char *const *argv) {
    const bool on = std::string_view(argv[1]) == "on";
    if (ctx->forwarding) {
        answer(ctx, on ? "before enabling GSO, please stop forwarding first\n"
                       : "before disabling GSO, please stop forwarding first\n");
        return -1;
    }
    settings(ctx).port[seg_port(argv[0])].gso = on;
    return 0;
}

// set gso segsz <length>: testpmd's cmd_gso_size_parsed.
int gso_segsz(const pmdfwd_command_ctx *ctx, uint32_t, const char *const *argv) {
    uint32_t size = 0;
    if (!number(ctx, "length", argv[0], UINT16_MAX, &size)) return -1;
    if (ctx->forwarding) {
        answer(ctx, "Before setting GSO segsz, please first stop forwarding\n");
        return -1;
    }
    if (size < RTE_GSO_SEG_SIZE_MIN) {
        answer(ctx, "gso_size should be larger than " + std::to_string(RTE_GSO_SEG_SIZE_MIN) +
                        ". Please input a legal value\n");
        return -1;
    }
    settings(ctx).gso_segsz = static_cast<uint16_t>(size);
    return 0;
}

// show port <port> gso: testpmd's cmd_gso_show_parsed.
int gso_show(const pmdfwd_command_ctx *ctx, uint32_t, const char *const *argv) {
    const uint16_t port = seg_port(argv[0]);
    const Settings &s = settings(ctx);
    if (!s.port[port].gso) {
        answer(ctx, "GSO is not enabled on Port " + std::to_string(port) + "\n");
        return 0;
    }
    answer(ctx, "Max GSO'd packet size: " + std::to_string(s.gso_segsz) +
                    "B\nSupported GSO types: TCP/IPv4, UDP/IPv4, VxLAN with inner TCP/IPv4 packet, "
                    "GRE with inner TCP/IPv4 packet\n");
    return 0;
}

} // namespace pmdfwd::engines::csum
