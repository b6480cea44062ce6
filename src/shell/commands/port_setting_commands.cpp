// Port settings testpmd keeps in its port configuration and applies at the
// next port start (cmd_reconfig_device_queue): frame and LRO sizes, link
// speed and duplex, the forwarding burst, the queues' descriptor thresholds
// and drop enable; and the UDP ports a PMD parses as tunnels (at once).
#include "shell/command_families.h"

#include <rte_version.h>

#include <cstring>

namespace pmdfwd::shell {

namespace {

// testpmd's update_mtu_from_frame_size: a frame length is an MTU less the
// device's L2 overhead, set on the device now and kept for its next configure.
bool mtu_from_frame(Ctx &c, uint16_t port, uint32_t frame) {
    PortControl &pc = c.ports;
    rte_eth_dev_info info{};
    if (!pc.dev_info(port, &info).ok())
        return fail(c, "rte_eth_dev_info_get() failed for port " + std::to_string(port));
    const uint32_t overhead = info.max_mtu != UINT16_MAX && info.max_rx_pktlen > info.max_mtu
                                  ? info.max_rx_pktlen - info.max_mtu
                                  : RTE_ETHER_HDR_LEN + RTE_ETHER_CRC_LEN;
    uint16_t mtu = 0;
    if (!pc.get_mtu(port, &mtu).ok()) {
        *c.out += "Failed to get MTU for port " + std::to_string(port) + "\n";
        return true; // testpmd goes on with the other ports
    }
    // testpmd's uint16_t arithmetic, wrap included.
    const auto wanted = static_cast<uint16_t>(frame - overhead);
    if (mtu == wanted) return true;
    if (!pc.set_mtu_now(port, wanted).ok())
        *c.out += "Failed to set MTU to " + std::to_string(wanted) + " for port " +
                  std::to_string(port) + "\n";
    return true;
}

bool max_pkt_len(Ctx &c, const Args &a) {
    if (!all_ports_stopped(c)) return false;
    const uint64_t len = a.number(0);
    for (uint16_t p : c.ports.port_ids()) {
        if (len < RTE_ETHER_MIN_LEN)
            return fail(c, "max-pkt-len can not be less than " + std::to_string(RTE_ETHER_MIN_LEN));
        if (!mtu_from_frame(c, p, static_cast<uint32_t>(len))) return false;
    }
    c.config.max_pkt_len = static_cast<uint32_t>(len);
    c.ports.reset_queue_settings();
    c.ports.reconfigure(std::nullopt, true, true);
    return true;
}

bool max_lro_pkt_size(Ctx &c, const Args &a) {
    if (!all_ports_stopped(c)) return false;
    const auto size = static_cast<uint32_t>(a.number(0));
    for (uint16_t p : c.ports.port_ids()) {
        rte_eth_conf *conf = c.ports.dev_conf(p);
        // testpmd leaves at the first port that already has the size.
        if (conf == nullptr || conf->rxmode.max_lro_pkt_size == size) return true;
        conf->rxmode.max_lro_pkt_size = size;
    }
    c.config.max_lro_pkt_size = size;
    c.ports.reset_queue_settings();
    c.ports.reconfigure(std::nullopt, true, true);
    return true;
}

// testpmd's parse_and_check_speed_duplex: an RTE_ETH_LINK_SPEED_* mask, or
// nullopt after its message.
std::optional<uint32_t> link_speeds(Ctx &c, const std::string &speed, const std::string &duplex) {
    const bool half = duplex == "half";
    if (speed == "10") return half ? RTE_ETH_LINK_SPEED_10M_HD : RTE_ETH_LINK_SPEED_10M;
    if (speed == "100") return half ? RTE_ETH_LINK_SPEED_100M_HD : RTE_ETH_LINK_SPEED_100M;
    if (half) {
        fail(c, "Invalid speed/duplex parameters");
        return std::nullopt;
    }
    static const std::pair<const char *, uint32_t> kSpeeds[] = {
        {"1000", RTE_ETH_LINK_SPEED_1G},
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
        {"2500", RTE_ETH_LINK_SPEED_2_5G},
        {"5000", RTE_ETH_LINK_SPEED_5G},
        {"400000", RTE_ETH_LINK_SPEED_400G},
#endif
#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)
        {"800000", RTE_ETH_LINK_SPEED_800G},
#endif
        {"10000", RTE_ETH_LINK_SPEED_10G},
        {"25000", RTE_ETH_LINK_SPEED_25G},
        {"40000", RTE_ETH_LINK_SPEED_40G},
        {"50000", RTE_ETH_LINK_SPEED_50G},
        {"100000", RTE_ETH_LINK_SPEED_100G},
        {"200000", RTE_ETH_LINK_SPEED_200G},
        {"auto", RTE_ETH_LINK_SPEED_AUTONEG}
    };
    for (const auto &[word, mask] : kSpeeds)
        if (speed == word) return mask;
    fail(c, "Unknown speed parameter"); // the syntax's choice lets none through
    return std::nullopt;
}

// The speed and duplex words are arguments first and first + 1.
// testpmd's speed words: 24.11 added 2500, 5000 and 400000, 25.11 800000.
#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)
#define PMDFWD_SPEEDS                                                                              \
    "10|100|1000|2500|5000|10000|25000|40000|50000|100000|200000|400000|800000|auto"
#elif RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
#define PMDFWD_SPEEDS "10|100|1000|2500|5000|10000|25000|40000|50000|100000|200000|400000|auto"
#else
#define PMDFWD_SPEEDS "10|100|1000|10000|25000|40000|50000|100000|200000|auto"
#endif

bool config_speed(Ctx &c, std::optional<uint16_t> one, const Args &a, size_t first) {
    if (one && c.ports.status(*one) != PortStatus::Stopped)
        return fail(c, "Please stop port " + std::to_string(*one) + " first");
    if (!one && !all_ports_stopped(c)) return false;
    std::optional<uint32_t> speeds = link_speeds(c, a.word(first), a.word(first + 1));
    if (!speeds) return false;
    if (*speeds != RTE_ETH_LINK_SPEED_AUTONEG) *speeds |= RTE_ETH_LINK_SPEED_FIXED;
    for (uint16_t p : one ? std::vector<uint16_t>{*one} : c.ports.port_ids())
        if (rte_eth_conf *conf = c.ports.dev_conf(p)) conf->link_speeds = *speeds;
    if (!one) c.config.link_speeds = *speeds;
    c.ports.reconfigure(std::nullopt, true, true); // testpmd: every port, either way
    return true;
}

// 0 asks the PMD of the first port for its preferred burst.
bool config_burst(Ctx &c, const Args &a) {
    if (!all_ports_stopped(c)) return false;
    uint64_t burst = a.number(0);
    const std::string range = "between 1 and " + std::to_string(kMaxBurst);
    if (burst > kMaxBurst) return fail(c, "burst must be >= 1 && <= " + std::to_string(kMaxBurst));
    if (burst == 0) {
        // testpmd asks port 0, assuming every port the same model.
        rte_eth_dev_info info{};
        if (const Status got = c.ports.dev_info(0, &info); !got.ok())
            return dev_info_failed(c, 0, got);
        burst = info.default_rxportconf.burst_size;
        if (burst == 0)
            return fail(c, "PMD does not recommend a burst size.\nUser provided value must be " +
                               range);
        if (burst > kMaxBurst)
            return fail(c, "PMD recommended burst size of " + std::to_string(burst) +
                               " exceeds maximum value of " + std::to_string(kMaxBurst));
        *c.out += "Using PMD-provided burst value of " + std::to_string(burst) + "\n";
    }
    c.config.burst = static_cast<uint16_t>(burst);
    c.ports.reset_queue_settings();
    c.ports.reconfigure(std::nullopt, true, true);
    return true;
}

// The descriptor thresholds, each the queue configuration's field and the
// option's (--txpt ... --txrst) setting, so that both say the same.
struct Threshold {
    const char *word;
    int QueueThresholds::*setting;
    void (*apply)(rte_eth_rxconf *, rte_eth_txconf *, uint16_t);
};
const Threshold kThresholds[] = {
    {"txpt", &QueueThresholds::tx_pthresh,
     [](rte_eth_rxconf *, rte_eth_txconf *t, uint16_t v) {
         t->tx_thresh.pthresh = static_cast<uint8_t>(v);
     }},
    {"txht", &QueueThresholds::tx_hthresh,
     [](rte_eth_rxconf *, rte_eth_txconf *t, uint16_t v) {
         t->tx_thresh.hthresh = static_cast<uint8_t>(v);
     }},
    {"txwt", &QueueThresholds::tx_wthresh,
     [](rte_eth_rxconf *, rte_eth_txconf *t, uint16_t v) {
         t->tx_thresh.wthresh = static_cast<uint8_t>(v);
     }},
    {"rxpt", &QueueThresholds::rx_pthresh,
     [](rte_eth_rxconf *r, rte_eth_txconf *, uint16_t v) {
         r->rx_thresh.pthresh = static_cast<uint8_t>(v);
     }},
    {"rxht", &QueueThresholds::rx_hthresh,
     [](rte_eth_rxconf *r, rte_eth_txconf *, uint16_t v) {
         r->rx_thresh.hthresh = static_cast<uint8_t>(v);
     }},
    {"rxwt", &QueueThresholds::rx_wthresh,
     [](rte_eth_rxconf *r, rte_eth_txconf *, uint16_t v) {
         r->rx_thresh.wthresh = static_cast<uint8_t>(v);
     }},
    {"txfreet", &QueueThresholds::tx_free,
     [](rte_eth_rxconf *, rte_eth_txconf *t, uint16_t v) { t->tx_free_thresh = v; }},
    {"txrst", &QueueThresholds::tx_rs,
     [](rte_eth_rxconf *, rte_eth_txconf *t, uint16_t v) { t->tx_rs_thresh = v; }},
    {"rxfreet", &QueueThresholds::rx_free,
     [](rte_eth_rxconf *r, rte_eth_txconf *, uint16_t v) { r->rx_free_thresh = v; }},
};

bool config_threshold(Ctx &c, const Args &a) {
    if (!all_ports_stopped(c)) return false;
    const auto value = static_cast<uint16_t>(a.number(1));
    for (const Threshold &t : kThresholds) {
        if (a.word(0) != t.word) continue;
        c.config.thresholds.*t.setting = value;
        for (uint16_t p : c.ports.port_ids()) {
            rte_eth_rxconf *rx = c.ports.rx_conf(p);
            rte_eth_txconf *tx = c.ports.tx_conf(p);
            if (rx && tx) t.apply(rx, tx, value);
        }
    }
    c.ports.reconfigure(std::nullopt, true, true);
    return true;
}

bool drop_en(Ctx &c, const Args &a) {
    if (!all_ports_stopped(c)) return false;
    const bool on = a.on(0);
    c.config.rx_drop_en = on;
    for (uint16_t p : c.ports.port_ids())
        if (rte_eth_rxconf *rx = c.ports.rx_conf(p)) rx->rx_drop_en = on ? 1 : 0;
    c.ports.reconfigure(std::nullopt, true, true);
    return true;
}

bool udp_tunnel_port(Ctx &c, const Args &a) {
    rte_eth_udp_tunnel t{};
    t.udp_port = static_cast<uint16_t>(a.number(3));
    const std::string &type = a.word(2);
    t.prot_type = type == "vxlan"       ? RTE_ETH_TUNNEL_TYPE_VXLAN
                  : type == "geneve"    ? RTE_ETH_TUNNEL_TYPE_GENEVE
                  : type == "vxlan-gpe" ? RTE_ETH_TUNNEL_TYPE_VXLAN_GPE
                                        : RTE_ETH_TUNNEL_TYPE_ECPRI;
    const Status rc = c.ports.udp_tunnel(a.port(0), t, a.word(1) == "add");
    // testpmd says "add" for a removal too.
    if (!rc.ok())
        return fail(c, std::string("udp tunneling port add error: (") + std::strerror(rc.code()) +
                           ")");
    return true;
}

} // namespace

std::vector<Spec> port_setting_commands() {
    return {
        {.syntax = "port config all max-pkt-len <n>",
         .help = "the largest frame each port receives (sets the MTU; ports stopped)",
         .needs_stopped = true,
         .types = {arg::number("<n>", "max-pkt-len", 0, UINT32_MAX)},
         .run = max_pkt_len},
        {.syntax = "port config all max-lro-pkt-size <n>",
         .help = "the largest packet LRO assembles (ports stopped)",
         .needs_stopped = true,
         .types = {arg::number("<n>", "max-lro-pkt-size", 0, UINT32_MAX)},
         .run = max_lro_pkt_size},
        // "all" spelled out: "port config all ..." rows would take the line.
        {.syntax = "port config all speed " PMDFWD_SPEEDS " duplex half|full|auto",
         .help = "every port's link speed and duplex, fixed or negotiated (ports stopped)",
         .needs_stopped = true,
         .run = [](Ctx &c, const Args &a) { return config_speed(c, std::nullopt, a, 0); }},
        {.syntax = "port config <port> speed " PMDFWD_SPEEDS " duplex half|full|auto",
         .help = "a port's link speed and duplex (port stopped)",
         .needs_stopped = true,
         .run = [](Ctx &c, const Args &a) { return config_speed(c, a.port(0), a, 1); }},
        {.syntax = "port config all burst <n>",
         .help = "packets per burst (0: the PMD's preference; ports stopped)",
         .needs_stopped = true,
         .types = {arg::number("<n>", "burst", 0, UINT16_MAX)},
         .run = config_burst},
        {.syntax = "port config all txpt|txht|txwt|rxpt|rxht|rxwt <n>",
         .help = "prefetch, host and write-back thresholds of every queue (ports stopped)",
         .needs_stopped = true,
         .types = {arg::number("<n>", nullptr, 0, UINT8_MAX)}, // named "txpt", ...
         .run = config_threshold},
        {.syntax = "port config all txfreet|txrst|rxfreet <n>",
         .help = "free and report-status thresholds of every queue (ports stopped)",
         .needs_stopped = true,
         .types = {arg::number("<n>", nullptr, 0, UINT16_MAX)},
         .run = config_threshold},
        {.syntax = "port config all drop-en on|off",
         .help = "drop packets when no RX descriptor is free (ports stopped)",
         .needs_stopped = true,
         .run = drop_en},
        {.syntax = "port config <port> udp_tunnel_port add|rm vxlan|geneve|vxlan-gpe|ecpri "
                   "<udp_port>",
         .help = "a UDP port the PMD parses as this tunnel",
         .types = {arg::number("<udp_port>", "udp port", 0, UINT16_MAX)},
         .run = udp_tunnel_port},
    };
}

namespace {

#undef PMDFWD_SPEEDS

} // namespace

} // namespace pmdfwd::shell
