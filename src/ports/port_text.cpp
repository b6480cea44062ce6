#include "ports/port_text.h"

#include "ports/pause_mode.h"
#include "text/mac_text.h"
#include "text/text_format.h"

#include <pmdfwd/dpdk_compat.h>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>

namespace pmdfwd {

namespace {

constexpr const char *kBorder = "*********************";
// testpmd wraps RSS type lists at this many characters.
constexpr size_t kRssCharsPerLine = 64;

struct RssName {
    const char *name;
    uint64_t types;
};

// testpmd 25.07 on counts InfiniBand BTH in "all" (and names it ib-bth).
#if RTE_VERSION >= RTE_VERSION_NUM(25, 7, 0, 0)
constexpr uint64_t kRssIbBth = RTE_ETH_RSS_IB_BTH;
#else
constexpr uint64_t kRssIbBth = 0;
#endif

// testpmd's RSS type names: groups first, then single types.
const RssName kRssNames[] = {
    {"all", RTE_ETH_RSS_ETH | RTE_ETH_RSS_VLAN | RTE_ETH_RSS_IP | RTE_ETH_RSS_TCP |
                RTE_ETH_RSS_UDP | RTE_ETH_RSS_SCTP | RTE_ETH_RSS_L2_PAYLOAD | RTE_ETH_RSS_L2TPV3 |
                RTE_ETH_RSS_ESP | RTE_ETH_RSS_AH | RTE_ETH_RSS_PFCP | RTE_ETH_RSS_GTPU |
                RTE_ETH_RSS_ECPRI | RTE_ETH_RSS_MPLS | RTE_ETH_RSS_L2TPV2 | kRssIbBth},
    {"none", 0},
    {"ip", RTE_ETH_RSS_IP},
    {"udp", RTE_ETH_RSS_UDP},
    {"tcp", RTE_ETH_RSS_TCP},
    {"sctp", RTE_ETH_RSS_SCTP},
    {"tunnel", RTE_ETH_RSS_TUNNEL},
    {"vlan", RTE_ETH_RSS_VLAN},
    {"ipv4", RTE_ETH_RSS_IPV4},
    {"ipv4-frag", RTE_ETH_RSS_FRAG_IPV4},
    {"ipv4-tcp", RTE_ETH_RSS_NONFRAG_IPV4_TCP},
    {"ipv4-udp", RTE_ETH_RSS_NONFRAG_IPV4_UDP},
    {"ipv4-sctp", RTE_ETH_RSS_NONFRAG_IPV4_SCTP},
    {"ipv4-other", RTE_ETH_RSS_NONFRAG_IPV4_OTHER},
    {"ipv6", RTE_ETH_RSS_IPV6},
    {"ipv6-frag", RTE_ETH_RSS_FRAG_IPV6},
    {"ipv6-tcp", RTE_ETH_RSS_NONFRAG_IPV6_TCP},
    {"ipv6-udp", RTE_ETH_RSS_NONFRAG_IPV6_UDP},
    {"ipv6-sctp", RTE_ETH_RSS_NONFRAG_IPV6_SCTP},
    {"ipv6-other", RTE_ETH_RSS_NONFRAG_IPV6_OTHER},
    {"l2-payload", RTE_ETH_RSS_L2_PAYLOAD},
    {"ipv6-ex", RTE_ETH_RSS_IPV6_EX},
    {"ipv6-tcp-ex", RTE_ETH_RSS_IPV6_TCP_EX},
    {"ipv6-udp-ex", RTE_ETH_RSS_IPV6_UDP_EX},
    {"port", RTE_ETH_RSS_PORT},
    {"vxlan", RTE_ETH_RSS_VXLAN},
    {"geneve", RTE_ETH_RSS_GENEVE},
    {"nvgre", RTE_ETH_RSS_NVGRE},
    {"gtpu", RTE_ETH_RSS_GTPU},
    {"eth", RTE_ETH_RSS_ETH},
    {"s-vlan", RTE_ETH_RSS_S_VLAN},
    {"c-vlan", RTE_ETH_RSS_C_VLAN},
    {"esp", RTE_ETH_RSS_ESP},
    {"ah", RTE_ETH_RSS_AH},
    {"l2tpv3", RTE_ETH_RSS_L2TPV3},
    {"pfcp", RTE_ETH_RSS_PFCP},
    {"pppoe", RTE_ETH_RSS_PPPOE},
    {"ecpri", RTE_ETH_RSS_ECPRI},
    {"mpls", RTE_ETH_RSS_MPLS},
    {"ipv4-chksum", RTE_ETH_RSS_IPV4_CHKSUM},
    {"l4-chksum", RTE_ETH_RSS_L4_CHKSUM},
    {"l2tpv2", RTE_ETH_RSS_L2TPV2},
    {"l3-pre96", RTE_ETH_RSS_L3_PRE96},
    {"l3-pre64", RTE_ETH_RSS_L3_PRE64},
    {"l3-pre56", RTE_ETH_RSS_L3_PRE56},
    {"l3-pre48", RTE_ETH_RSS_L3_PRE48},
    {"l3-pre40", RTE_ETH_RSS_L3_PRE40},
    {"l3-pre32", RTE_ETH_RSS_L3_PRE32},
    {"l2-dst-only", RTE_ETH_RSS_L2_DST_ONLY},
    {"l2-src-only", RTE_ETH_RSS_L2_SRC_ONLY},
    {"l4-dst-only", RTE_ETH_RSS_L4_DST_ONLY},
    {"l4-src-only", RTE_ETH_RSS_L4_SRC_ONLY},
    {"l3-dst-only", RTE_ETH_RSS_L3_DST_ONLY},
    {"l3-src-only", RTE_ETH_RSS_L3_SRC_ONLY},
#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
    {"ipv6-flow-label", RTE_ETH_RSS_IPV6_FLOW_LABEL},
#endif
#if RTE_VERSION >= RTE_VERSION_NUM(25, 7, 0, 0)
    {"ib-bth", RTE_ETH_RSS_IB_BTH},
#endif
};

const char *rss_single_name(uint64_t bit) {
    for (const RssName &n : kRssNames)
        if (n.types == bit) return n.name;
    return nullptr;
}

// Adds "  name" to a wrapped list, starting a new line past the width.
void wrap_add(std::string *o, size_t *line_len, const std::string &name, bool wrap_at_equal) {
    const size_t len = name.size() + 2;
    if (wrap_at_equal ? *line_len + len >= kRssCharsPerLine : *line_len + len > kRssCharsPerLine) {
        *o += "\n";
        *line_len = 0;
    }
    *o += "  " + name;
    *line_len += len;
}

const char *queue_state_name(uint8_t state) {
    switch (state) {
    case RTE_ETH_QUEUE_STATE_STOPPED:
        return "stopped";
    case RTE_ETH_QUEUE_STATE_STARTED:
        return "started";
    case RTE_ETH_QUEUE_STATE_HAIRPIN:
        return "hairpin";
    default:
        return "unknown";
    }
}

std::string dev_capa_names(uint64_t capa) {
    std::string s;
    for (int bit = 0; bit < 64; bit++)
        if (capa & (UINT64_C(1) << bit))
            s += std::string(" ") + rte_eth_dev_capability_name(UINT64_C(1) << bit);
    return s;
}

const char *err_handle_mode_name(int mode) {
    switch (mode) {
    case RTE_ETH_ERROR_HANDLE_MODE_NONE:
        return "none";
    case RTE_ETH_ERROR_HANDLE_MODE_PASSIVE:
        return "passive";
    case RTE_ETH_ERROR_HANDLE_MODE_PROACTIVE:
        return "proactive";
    default:
        return "unknown";
    }
}

std::string vlan_offload_text(int v) {
    if (v < 0) return {};
    return text_format("VLAN offload: \n  strip %s, filter %s, extend %s, qinq strip %s\n",
                       v & RTE_ETH_VLAN_STRIP_OFFLOAD ? "on" : "off",
                       v & RTE_ETH_VLAN_FILTER_OFFLOAD ? "on" : "off",
                       v & RTE_ETH_VLAN_EXTEND_OFFLOAD ? "on" : "off",
                       v & RTE_ETH_QINQ_STRIP_OFFLOAD ? "on" : "off");
}

std::string port_limits_text(const rte_eth_dev_info &d, uint32_t max_rx_bufsize) {
    std::string o;
    if (d.hash_key_size > 0) o += text_format("Hash key size in bytes: %u\n", d.hash_key_size);
    if (d.reta_size > 0) o += text_format("Redirection table size: %u\n", d.reta_size);
    if (!d.flow_type_rss_offloads)
        o += "No RSS offload flow type is supported.\n";
    else
        o += "Supported RSS offload flow types:\n" +
             rss_offload_types_text(d.flow_type_rss_offloads);
    o += text_format("Minimum size of RX buffer: %u\n", d.min_rx_bufsize);
    if (max_rx_bufsize != UINT32_MAX)
        o += text_format("Maximum size of RX buffer: %u\n", max_rx_bufsize);
    o += text_format("Maximum configurable length of RX packet: %u\n", d.max_rx_pktlen);
    o +=
        text_format("Maximum configurable size of LRO aggregated packet: %u\n", d.max_lro_pkt_size);
    if (d.max_vfs) o += text_format("Maximum number of VFs: %u\n", d.max_vfs);
    if (d.max_vmdq_pools) o += text_format("Maximum number of VMDq pools: %u\n", d.max_vmdq_pools);
    o += text_format("Current number of RX queues: %u\n", d.nb_rx_queues);
    o += text_format("Max possible RX queues: %u\n", d.max_rx_queues);
    o += text_format("Max possible number of RXDs per queue: %hu\n", d.rx_desc_lim.nb_max);
    o += text_format("Min possible number of RXDs per queue: %hu\n", d.rx_desc_lim.nb_min);
    o += text_format("RXDs number alignment: %hu\n", d.rx_desc_lim.nb_align);
    o += text_format("Current number of TX queues: %u\n", d.nb_tx_queues);
    o += text_format("Max possible TX queues: %u\n", d.max_tx_queues);
    o += text_format("Max possible number of TXDs per queue: %hu\n", d.tx_desc_lim.nb_max);
    o += text_format("Min possible number of TXDs per queue: %hu\n", d.tx_desc_lim.nb_min);
    o += text_format("TXDs number alignment: %hu\n", d.tx_desc_lim.nb_align);
    o += text_format("Max segment number per packet: %hu\n", d.tx_desc_lim.nb_seg_max);
    o += text_format("Max segment number per MTU/TSO: %hu\n", d.tx_desc_lim.nb_mtu_seg_max);
    o += text_format("Device capabilities: 0x%" PRIx64 "(", d.dev_capa) +
         dev_capa_names(d.dev_capa) + " )\n";
    if (d.switch_info.domain_id != RTE_ETH_DEV_SWITCH_DOMAIN_ID_INVALID) {
        if (d.switch_info.name) o += text_format("Switch name: %s\n", d.switch_info.name);
        o += text_format("Switch domain Id: %u\n", d.switch_info.domain_id);
        o += text_format("Switch Port Id: %u\n", d.switch_info.port_id);
        if (d.dev_capa & RTE_ETH_DEV_CAPA_RXQ_SHARE)
            o += text_format("Switch Rx domain: %u\n", d.switch_info.rx_domain);
    }
    o += text_format("Device error handling mode: %s\n", err_handle_mode_name(d.err_handle_mode));
    return o;
}

// testpmd prints the failure on stderr; the shell's answer is one text.
std::string priv_dump_text(int rc, const std::string &dump) {
    if (!compat::kPortInfoPrivDump) return {};
    std::string o = "Device private info:\n";
    if (rc == -ENOTSUP) return o + "  none\n";
    if (rc < 0)
        return o + text_format("  Failed to dump private info with error (%d): %s\n", rc,
                               std::strerror(-rc));
    return o + dump;
}

const char *speed_capa_text(uint32_t capa, uint32_t bit) {
    switch (bit) {
    case RTE_ETH_LINK_SPEED_FIXED:
        return " Disable autonegotiate (fixed speed)  ";
    case RTE_ETH_LINK_SPEED_10M_HD:
        return " 10 Mbps half-duplex  ";
    case RTE_ETH_LINK_SPEED_10M:
        return " 10 Mbps full-duplex  ";
    case RTE_ETH_LINK_SPEED_100M_HD:
        return " 100 Mbps half-duplex  ";
    case RTE_ETH_LINK_SPEED_100M:
        return " 100 Mbps full-duplex  ";
    case RTE_ETH_LINK_SPEED_1G:
        return " 1 Gbps  ";
    case RTE_ETH_LINK_SPEED_2_5G:
        return " 2.5 Gbps  ";
    case RTE_ETH_LINK_SPEED_5G:
        return " 5 Gbps  ";
    case RTE_ETH_LINK_SPEED_10G:
        return " 10 Gbps  ";
    case RTE_ETH_LINK_SPEED_20G:
        return " 20 Gbps  ";
    case RTE_ETH_LINK_SPEED_25G:
        return " 25 Gbps  ";
    case RTE_ETH_LINK_SPEED_40G:
        return " 40 Gbps  ";
    case RTE_ETH_LINK_SPEED_50G:
        return " 50 Gbps  ";
    case RTE_ETH_LINK_SPEED_56G:
        return " 56 Gbps  ";
    case RTE_ETH_LINK_SPEED_100G:
        return " 100 Gbps  ";
    case RTE_ETH_LINK_SPEED_200G:
        return " 200 Gbps  ";
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
    case RTE_ETH_LINK_SPEED_400G:
        return " 400 Gbps  ";
#endif
#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)
    case RTE_ETH_LINK_SPEED_800G:
        return " 800 Gbps  ";
#endif
    default:
        (void)capa;
        return "";
    }
}

std::string speed_capa_list(uint32_t capa) {
    std::string s = "\n\tDevice speed capability:";
    if (capa == RTE_ETH_LINK_SPEED_AUTONEG) s += " Autonegotiate (all speeds)";
    for (int bit = 0; bit < 32; bit++)
        if (capa & (UINT32_C(1) << bit)) s += speed_capa_text(capa, UINT32_C(1) << bit);
    return s;
}

} // namespace

std::string invalid_port_text(uint64_t port, const std::vector<uint16_t> &valid) {
    std::string o = text_format("Invalid port %" PRIu64 "\nThe valid ports array is [", port);
    for (uint16_t p : valid)
        o += text_format(" %u", p);
    return o + " ]\n";
}

std::string port_info_text(uint16_t port, const PortInfo &i) {
    std::string o = text_format("\n%s Infos for port %-2d %s\n", kBorder, port, kBorder);
    if (i.mac) o += "MAC address: " + mac_to_text(i.mac->addr_bytes);
    o += "\nDevice name: " + i.name;
    o += "\nDriver name: " + i.driver;
    o += "\nFirmware-version: " + i.fw_version.value_or("not available");
    if (i.devargs) o += "\nDevargs: " + *i.devargs;
    o += text_format("\nConnect to socket: %u", i.socket);
    o += text_format("\nmemory allocation on the socket: %u", i.mem_socket);
    o += text_format("\nLink status: %s\n", i.link.link_status ? "up" : "down");
    o += text_format("Link speed: %s\n", rte_eth_link_speed_to_str(i.link.link_speed));
    if (i.lanes) o += text_format("Active Lanes: %d\n", static_cast<int>(*i.lanes));
    o +=
        text_format("Link duplex: %s\n",
                    i.link.link_duplex == RTE_ETH_LINK_FULL_DUPLEX ? "full-duplex" : "half-duplex");
    o += text_format("Autoneg status: %s\n",
                     i.link.link_autoneg == RTE_ETH_LINK_AUTONEG ? "On" : "Off");
    if (i.mtu) o += text_format("MTU: %u\n", *i.mtu);
    if (compat::kPortInfoMtuRange) {
        o += text_format("Minimum MTU: %u\n", i.dev.min_mtu);
        o += text_format("Maximum MTU: %u\n", i.dev.max_mtu);
    }
    o += text_format("Promiscuous mode: %s\n", i.promiscuous ? "enabled" : "disabled");
    o += text_format("Allmulticast mode: %s\n", i.allmulticast ? "enabled" : "disabled");
    o += text_format("Maximum number of MAC addresses: %u\n", i.dev.max_mac_addrs);
    o += text_format("Maximum number of MAC addresses of hash filtering: %u\n",
                     i.dev.max_hash_mac_addrs);
    return o + vlan_offload_text(i.vlan_offload) + port_limits_text(i.dev, i.max_rx_bufsize) +
           priv_dump_text(i.priv_dump_rc, i.priv_dump);
}

std::string port_summary_header(size_t nb_ports) {
    return text_format("Number of available ports: %zu\n", nb_ports) +
           text_format("%-4s %-17s %-12s %-14s %-8s %s\n", "Port", "MAC Address", "Name", "Driver",
                       "Status", "Link");
}

std::string port_summary_line(uint16_t port, const PortInfo &i) {
    const rte_ether_addr mac = i.mac.value_or(rte_ether_addr{});
    return text_format("%-4d %s %-12s %-14s %-8s %s\n", port, mac_to_text(mac.addr_bytes).c_str(),
                       i.name.c_str(), i.driver.c_str(), i.link.link_status ? "up" : "down",
                       rte_eth_link_speed_to_str(i.link.link_speed));
}

std::string device_info_text(const DeviceInfo &d) {
    std::string o = text_format("\n%s Infos for device %s %s\n", kBorder, d.name.c_str(), kBorder);
    o += "Bus name: " + d.bus;
    o += "\nBus information: " + d.bus_info;
    o += "\nDriver name: " + d.driver;
    o += "\nDevargs: " + d.devargs;
    o += text_format("\nConnect to socket: %d\n", d.numa);
    for (const DeviceInfo::Port &p : d.ports) {
        o += text_format("\n\tPort id: %-2d", p.id);
        if (p.mac) o += "\n\tMAC address: " + mac_to_text(p.mac->addr_bytes);
        o += "\n\tDevice name: " + p.name;
        if (p.speed_capa) o += speed_capa_list(*p.speed_capa);
        o += "\n";
    }
    return o;
}

std::string queue_info_error(uint16_t port, uint16_t queue, bool rx, int rc) {
    return text_format(
        "Failed to retrieve information for port: %u, %s queue: %hu\nerror desc: %s(%d)\n", port,
        rx ? "RX" : "TX", queue, std::strerror(-rc), rc);
}

std::string rxq_info_text(uint16_t port, uint16_t queue, const RxQueueInfo &i) {
    const rte_eth_rxq_info &q = i.q;
    std::string o =
        text_format("\n%s Infos for port %-2u, RX queue %-2u %s", kBorder, port, queue, kBorder);
    o += "\nMempool: " + i.mempool;
    o += text_format("\nRX prefetch threshold: %hhu", q.conf.rx_thresh.pthresh);
    o += text_format("\nRX host threshold: %hhu", q.conf.rx_thresh.hthresh);
    o += text_format("\nRX writeback threshold: %hhu", q.conf.rx_thresh.wthresh);
    o += text_format("\nRX free threshold: %hu", q.conf.rx_free_thresh);
    o += text_format("\nRX drop packets: %s", q.conf.rx_drop_en ? "on" : "off");
    o += text_format("\nRX deferred start: %s", q.conf.rx_deferred_start ? "on" : "off");
    o += text_format("\nRX scattered packets: %s", q.scattered_rx ? "on" : "off");
    o += text_format("\nRx queue state: %s", queue_state_name(q.queue_state));
    if (q.rx_buf_size != 0) o += text_format("\nRX buffer size: %hu", q.rx_buf_size);
    o += text_format("\nNumber of RXDs: %hu", q.nb_desc);
    if (i.burst_mode) o += "\nBurst mode: " + *i.burst_mode;
    return o + "\n";
}

std::string txq_info_text(uint16_t port, uint16_t queue, const TxQueueInfo &i) {
    const rte_eth_txq_info &q = i.q;
    std::string o =
        text_format("\n%s Infos for port %-2u, TX queue %-2u %s", kBorder, port, queue, kBorder);
    o += text_format("\nTX prefetch threshold: %hhu", q.conf.tx_thresh.pthresh);
    o += text_format("\nTX host threshold: %hhu", q.conf.tx_thresh.hthresh);
    o += text_format("\nTX writeback threshold: %hhu", q.conf.tx_thresh.wthresh);
    o += text_format("\nTX RS threshold: %hu", q.conf.tx_rs_thresh);
    o += text_format("\nTX free threshold: %hu", q.conf.tx_free_thresh);
    o += text_format("\nTX deferred start: %s", q.conf.tx_deferred_start ? "on" : "off");
    o += text_format("\nNumber of TXDs: %hu", q.nb_desc);
    o += text_format("\nTx queue state: %s", queue_state_name(q.queue_state));
    if (i.burst_mode) o += "\nBurst mode: " + *i.burst_mode;
    return o + "\n";
}

std::string offload_names(bool rx, uint64_t offloads) {
    std::string s;
    for (int bit = 0; bit < 64; bit++) {
        const uint64_t f = UINT64_C(1) << bit;
        if (offloads & f)
            s += std::string(" ") +
                 (rx ? rte_eth_dev_rx_offload_name(f) : rte_eth_dev_tx_offload_name(f));
    }
    return s;
}

std::string offload_capa_text(uint16_t port, bool rx, const rte_eth_dev_info &info) {
    const uint64_t queue = rx ? info.rx_queue_offload_capa : info.tx_queue_offload_capa;
    const uint64_t all = rx ? info.rx_offload_capa : info.tx_offload_capa;
    return text_format("%s Offloading Capabilities of port %d :\n", rx ? "Rx" : "Tx", port) +
           "  Per Queue :" + offload_names(rx, queue) + "\n" +
           "  Per Port  :" + offload_names(rx, all ^ queue) + "\n\n";
}

std::string offload_config_text(uint16_t port, bool rx, const OffloadConfig &conf) {
    std::string o =
        text_format("%s Offloading Configuration of port %d :\n", rx ? "Rx" : "Tx", port);
    o += "  Port :" + offload_names(rx, conf.port) + "\n";
    for (size_t q = 0; q < conf.queues.size(); q++)
        o += text_format("  Queue[%2zu] :", q) + offload_names(rx, conf.queues[q]) + "\n";
    return o + "\n";
}

uint64_t rss_type_from_name(const std::string &name) {
    for (const RssName &n : kRssNames)
        if (name == n.name) return n.types;
    return 0;
}

std::string rss_offload_types_text(uint64_t types) {
    std::string o;
    size_t line = 0;
    for (int bit = 0; bit < 64; bit++) {
        const uint64_t f = UINT64_C(1) << bit;
        if (!(types & f)) continue;
        const char *n = rss_single_name(f);
        wrap_add(&o, &line, n ? n : "user-defined-" + std::to_string(bit), true);
    }
    return o + "\n";
}

std::string rss_hash_text(const rte_eth_rss_conf &conf, bool with_key) {
    if (conf.rss_hf == 0) return "RSS disabled\n";
    std::string o = "RSS functions:\n";
    size_t line = 0;
    for (const RssName &n : kRssNames)
        if (n.types != 0 && (conf.rss_hf & n.types) == n.types) wrap_add(&o, &line, n.name, false);
    o += "\n";
    if (!with_key || conf.rss_key == nullptr) return o;
    o += "RSS key:\n";
    for (uint8_t i = 0; i < conf.rss_key_len; i++)
        o += text_format("%02X", conf.rss_key[i]);
    return o + "\n";
}

std::string flow_ctrl_text(uint16_t port, const rte_eth_fc_conf &fc) {
    const bool rx = rx_pause(fc.mode);
    const bool tx = tx_pause(fc.mode);
    std::string o =
        text_format("\n%s Flow control infos for port %-2d %s\n", kBorder, port, kBorder);
    o += "FC mode:\n";
    o += text_format("   Rx pause: %s\n", rx ? "on" : "off");
    o += text_format("   Tx pause: %s\n", tx ? "on" : "off");
    o += text_format("Autoneg: %s\n", fc.autoneg ? "on" : "off");
    o += text_format("Pause time: 0x%x\n", fc.pause_time);
    o += text_format("High waterline: 0x%x\n", fc.high_water);
    o += text_format("Low waterline: 0x%x\n", fc.low_water);
    o += text_format("Send XON: %s\n", fc.send_xon ? "on" : "off");
    o += text_format("Forward MAC control frames: %s\n", fc.mac_ctrl_frame_fwd ? "on" : "off");
    return o + text_format("\n%s**************   End  ***********%s\n", kBorder, kBorder);
}

std::string rxtx_port_text(PortControl &pc, const Config &cfg, uint16_t port) {
    OffloadConfig rx{}, tx{};
    // A port ethdev tells nothing about shows no offloads, as testpmd's.
    (void)pc.offload_config(port, true, &rx);
    (void)pc.offload_config(port, false, &tx);
    RxQueueInfo rq;
    TxQueueInfo tq;
    if (!pc.rxq_info(port, 0, &rq).ok()) rq.q.nb_desc = pc.queue_ring_size(port, true, 0);
    if (!pc.txq_info(port, 0, &tq).ok()) tq.q.nb_desc = pc.queue_ring_size(port, false, 0);
    const uint64_t rxq0 = rx.queues.empty() ? rx.port : rx.queues[0];
    const uint64_t txq0 = tx.queues.empty() ? tx.port : tx.queues[0];
    const rte_eth_rxconf &r = rq.q.conf;
    const rte_eth_txconf &t = tq.q.conf;
    std::string o = text_format("  port %d: RX queue number: %d Tx queue number: %d\n", port,
                                cfg.nb_rxq, cfg.nb_txq);
    o += text_format("    Rx offloads=0x%" PRIx64 " Tx offloads=0x%" PRIx64 "\n", rx.port, tx.port);
    o += text_format("    RX queue: 0\n      RX desc=%d - RX free threshold=%d\n", rq.q.nb_desc,
                     r.rx_free_thresh);
    o += text_format("      RX threshold registers: pthresh=%d hthresh=%d  wthresh=%d\n",
                     r.rx_thresh.pthresh, r.rx_thresh.hthresh, r.rx_thresh.wthresh);
    o += text_format("      RX Offloads=0x%" PRIx64, rxq0);
    // The share group --rxq-share gave the port's queues (testpmd's own
    // queue configuration, not the PMD's answer).
    if (const rte_eth_rxconf *own = pc.rx_conf(port); own != nullptr && own->share_group > 0)
        o += text_format(" share_group=%u share_qid=%u", own->share_group, own->share_qid);
    o += "\n";
    o += text_format("    TX queue: 0\n      TX desc=%d - TX free threshold=%d\n", tq.q.nb_desc,
                     t.tx_free_thresh);
    o += text_format("      TX threshold registers: pthresh=%d hthresh=%d  wthresh=%d\n",
                     t.tx_thresh.pthresh, t.tx_thresh.hthresh, t.tx_thresh.wthresh);
    o += text_format("      TX offloads=0x%" PRIx64 " - TX RS bit threshold=%d\n", txq0,
                     t.tx_rs_thresh);
    return o;
}

std::string xstats_text(uint16_t port, const std::vector<Xstat> &xstats) {
    std::string o = text_format("###### NIC extended statistics for port %-2d\n", port);
    for (const Xstat &x : xstats)
        o += (x.state ? std::string("state: ") + x.state + "\t" : "") + x.name + ": " +
             std::to_string(x.value) + "\n";
    return o;
}

} // namespace pmdfwd
