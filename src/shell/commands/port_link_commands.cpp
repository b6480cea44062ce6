// Link layer settings testpmd hands to ethdev at once: forward error
// correction (show port fec capabilities|fec_mode, set port fec_mode) and
// priority flow control (set pfc_ctrl, set pfc_queue_ctrl).
#include "shell/command_families.h"

#include "ports/pause_mode.h"

#include <rte_version.h>

#include <array>
#include <cerrno>
#include <utility>

namespace pmdfwd::shell {

namespace {

// testpmd's fec_mode_name, in RTE_ETH_FEC_* order (show_fec_capability
// walks it by bit); ethdev added low latency RS (llrs) in 23.07.
constexpr std::array kFecModes {
    std::pair<uint32_t, const char *>{RTE_ETH_FEC_MODE_CAPA_MASK(NOFEC), "off"},
        std::pair<uint32_t, const char *>{RTE_ETH_FEC_MODE_CAPA_MASK(AUTO), "auto"},
        std::pair<uint32_t, const char *>{RTE_ETH_FEC_MODE_CAPA_MASK(BASER), "baser"},
        std::pair<uint32_t, const char *>{RTE_ETH_FEC_MODE_CAPA_MASK(RS), "rs"},
#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
        std::pair<uint32_t, const char *>{RTE_ETH_FEC_MODE_CAPA_MASK(LLRS), "llrs"},
#endif
};

bool fec_capabilities(Ctx &c, const Args &a) {
    const auto capa = c.ports.fec_capability(a.port(0));
    if (!capa && capa.status().code() == ENOTSUP) return fail(c, "Function not implemented");
    if (!capa)
        return fail(c, "Get FEC capability failed: " + std::to_string(-capa.status().code()));
    std::string o = "FEC capabilities:\n";
    for (const rte_eth_fec_capa &speed : *capa) {
        o += std::string(rte_eth_link_speed_to_str(speed.speed)) + " : ";
        for (const auto &[mask, name] : kFecModes)
            if (speed.capa & mask) o += std::string(name) + " ";
        o += "\n";
    }
    *c.out += o;
    return true;
}

// A mode that is no single one of testpmd's prints nothing, as testpmd.
bool fec_mode(Ctx &c, const Args &a) {
    uint32_t mode = 0;
    const Status rc = c.ports.fec_get(a.port(0), &mode);
    if (rc.code() == ENOTSUP) return fail(c, "Function not implemented");
    if (!rc.ok()) return fail(c, "Get FEC mode failed");
    for (const auto &[mask, name] : kFecModes)
        if (mode == mask) *c.out += std::string(name) + "\n";
    return true;
}

bool set_fec_mode(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    uint32_t mode = 0;
    for (const auto &[mask, name] : kFecModes)
        if (a.word(1) == name) mode = mask;
    if (mode == 0)
        return fail(c, "Unknown fec mode: " + a.word(1) + " for port " + std::to_string(port));
    const Status rc = c.ports.fec_set(port, mode);
    if (rc.code() == ENOTSUP) return fail(c, "Function not implemented");
    if (!rc.ok()) return fail(c, "Set FEC mode failed");
    return true;
}

// rx <on|off> tx <on|off> <high_water> <low_water> <pause_time> <priority> <port>
bool pfc_ctrl(Ctx &c, const Args &a) {
    rte_eth_pfc_conf conf{};
    conf.fc.mode = pause_mode(a.on(0), a.on(1));
    conf.fc.high_water = static_cast<uint32_t>(a.number(2));
    conf.fc.low_water = static_cast<uint32_t>(a.number(3));
    conf.fc.pause_time = static_cast<uint16_t>(a.number(4));
    conf.priority = static_cast<uint8_t>(a.number(5));
    const Status rc = c.ports.priority_flow_ctrl_set(a.port(6), &conf);
    if (!rc.ok())
        return fail(c, "bad priority flow control parameter, return code = " +
                           std::to_string(-rc.code()));
    return true;
}

// <port> rx <on|off> <tx_qid> <tx_tc> tx <on|off> <rx_qid> <rx_tc> <pause_time>:
// the RX side's pause frames name a TX queue and class, the TX side's an RX one.
bool pfc_queue_ctrl(Ctx &c, const Args &a) {
    rte_eth_pfc_queue_conf conf{};
    conf.mode = pause_mode(a.on(1), a.on(4));
    conf.rx_pause.tx_qid = static_cast<uint16_t>(a.number(2));
    conf.rx_pause.tc = static_cast<uint8_t>(a.number(3));
    conf.tx_pause.rx_qid = static_cast<uint16_t>(a.number(5));
    conf.tx_pause.tc = static_cast<uint8_t>(a.number(6));
    conf.tx_pause.pause_time = static_cast<uint16_t>(a.number(7));
    const Status rc = c.ports.priority_flow_ctrl_queue(a.port(0), &conf);
    if (!rc.ok())
        return fail(c, "bad queue priority flow control parameter, rc = " +
                           std::to_string(-rc.code()));
    return true;
}

} // namespace

std::vector<Spec> port_link_commands() {
    return {
        {.syntax = "show port <port> fec capabilities",
         .help = "the FEC modes the port offers at each speed",
         .run = fec_capabilities},
        {.syntax = "show port <port> fec_mode",
         .help = "the port's forward error correction mode",
         .run = fec_mode},
        {.syntax = "set port <port> fec_mode <fec_value>",
         .help =
             "the port's forward error correction: auto, off, rs, baser (or llrs, DPDK 23.07 on)",
         .run = set_fec_mode},
        {.syntax = "set pfc_ctrl rx <on|off> tx <on|off> <high_water> <low_water> <pause_time> "
                   "<priority> <port>",
         .help = "priority flow control (pause frames of one traffic class)",
         .types = {arg::number("<high_water>", "high_water", 0, UINT32_MAX),
                   arg::number("<low_water>", "low_water", 0, UINT32_MAX),
                   arg::number("<pause_time>", "pause_time", 0, UINT16_MAX),
                   arg::number("<priority>", "priority", 0, UINT8_MAX)},
         .run = pfc_ctrl},
        {.syntax = "set pfc_queue_ctrl <port> rx <on|off> <tx_qid> <tx_tc> tx <on|off> <rx_qid> "
                   "<rx_tc> <pause_time>",
         .help = "priority flow control per queue",
         .types = {arg::number("<tx_qid>", "tx_qid", 0, UINT16_MAX),
                   arg::number("<tx_tc>", "tx_tc", 0, UINT8_MAX),
                   arg::number("<rx_qid>", "rx_qid", 0, UINT16_MAX),
                   arg::number("<rx_tc>", "rx_tc", 0, UINT8_MAX),
                   arg::number("<pause_time>", "pause_time", 0, UINT16_MAX)},
         .run = pfc_queue_ctrl},
    };
}

} // namespace pmdfwd::shell
