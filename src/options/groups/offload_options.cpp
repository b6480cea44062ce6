// The option group "offloads and RSS": its rows, in --help's order.
#include "options/option_row.h"

#include "options/rx_headers.h"
#include "options/structured_parse.h"

#include <rte_version.h>

#include <string>

namespace pmdfwd::opt {

namespace {

// testpmd's --enable-* switches: one RX offload bit each, added to
// whatever --rx-offloads or earlier switches asked for.
Apply rx_offload(uint64_t bit) {
    return [=](Config &c, std::string_view) -> Status {
        c.rx_offloads |= bit;
        return {};
    };
}

Apply hex_field(const char *what, uint64_t Config::*field) {
    return [=](Config &c, std::string_view v) -> Status {
        auto n = parse_hex(what, v);
        if (!n) return n.status();
        c.*field = *n;
        return {};
    };
}

// testpmd's refusal of --disable-rss with --enable-rss, in either order.
Status rss_switches_clash() {
    return Error("Invalid option combination, disable-rss and enable-rss");
}

// testpmd's set_rx_pkt_offsets: too many offsets, or one too large, are
// said and the option is ignored (testpmd goes on).
Status apply_rxoffs(Config &c, std::string_view v) {
    auto offs = parse_uint_list("rxoffs", v, 0, UINT16_MAX, kMaxMbufSizes);
    if (!offs) return offs.status();
    if (offs->size() >= kMaxMbufSizes) {
        c.announcements.push_back("nb segments per RX packets=" + std::to_string(offs->size()) +
                                  " >= MAX_SEGS_BUFFER_SPLIT - ignored");
        return {};
    }
    for (size_t i = 0; i < offs->size(); i++)
        if ((*offs)[i] >= UINT16_MAX) {
            c.announcements.push_back("offset[" + std::to_string(i) + "]=" +
                                      std::to_string((*offs)[i]) + " > UINT16_MAX - give up");
            return {};
        }
    c.rxoffs.assign(offs->begin(), offs->end());
    return {};
}

// testpmd's --rxhdrs: what `set rxhdrs` sets, its lines said at start-up
// (an unknown name is taken as no header); no name at all is its "bad
// rxpkts" (sic).
Status apply_rxhdrs(Config &c, std::string_view v) {
    if (v.find_first_not_of(',') == std::string_view::npos) return Error("bad rxpkts");
    std::string said;
    set_rx_headers(c, v, &said);
    for (size_t at = 0; at < said.size();) {
        const size_t nl = said.find('\n', at);
        c.announcements.push_back(said.substr(at, nl - at));
        at = nl + 1;
    }
    return {};
}

} // namespace

std::vector<Option> offload_options() {
    return {
        {"tx-offloads", 0, "0xMASK",
         "TX offloads to enable (default: mbuf_fast_free where the PMD offers it)",
         hex_field("tx-offloads", &Config::tx_offloads)},
            {"rx-offloads", 0, "0xMASK", "RX offloads to enable",
             hex_field("rx-offloads", &Config::rx_offloads)},
            {"enable-rx-cksum", 0, nullptr, "RX checksum offload",
             rx_offload(RTE_ETH_RX_OFFLOAD_CHECKSUM)},
            {"enable-scatter", 0, nullptr, "scattered RX", rx_offload(RTE_ETH_RX_OFFLOAD_SCATTER)},
            {"enable-lro", 0, nullptr, "large receive offload",
             rx_offload(RTE_ETH_RX_OFFLOAD_TCP_LRO)},
            {"enable-rx-timestamp", 0, nullptr, "RX timestamp offload",
             rx_offload(RTE_ETH_RX_OFFLOAD_TIMESTAMP)},
            {"enable-hw-vlan", 0, nullptr, "VLAN strip, filter and extend offloads",
             rx_offload(RTE_ETH_RX_OFFLOAD_VLAN)},
            {"enable-hw-vlan-filter", 0, nullptr, "VLAN filter offload",
             rx_offload(RTE_ETH_RX_OFFLOAD_VLAN_FILTER)},
            {"enable-hw-vlan-strip", 0, nullptr, "VLAN strip offload",
             rx_offload(RTE_ETH_RX_OFFLOAD_VLAN_STRIP)},
            {"enable-hw-vlan-extend", 0, nullptr, "VLAN extend offload",
             rx_offload(RTE_ETH_RX_OFFLOAD_VLAN_EXTEND)},
            {"enable-hw-qinq-strip", 0, nullptr, "QinQ strip offload",
             rx_offload(RTE_ETH_RX_OFFLOAD_QINQ_STRIP)},
            {"disable-crc-strip", 0, nullptr, "keep the CRC (keep_crc offload)",
             rx_offload(RTE_ETH_RX_OFFLOAD_KEEP_CRC)},
            {"enable-drop-en", 0, nullptr, "drop packets when no RX descriptor is free",
             flag(&Config::rx_drop_en)},
            {"rxpkts", 0, "LEN[,LEN]...",
             "RX buffer split segment lengths (with the buffer_split RX offload, 0x100000)",
             [](Config &c, std::string_view v) -> Status {
                 auto segs = parse_uint_list("rxpkts", v, 0, UINT16_MAX, kMaxMbufSizes);
                 if (!segs) return segs.status();
                 c.rxpkts = *segs;
                 return {};
             }},
            {"rxoffs", 0, "OFF[,OFF]...",
             "RX buffer split segment offsets (segment i lands at OFF i in its mbuf)",
             apply_rxoffs},
            {"rxhdrs", 0, "PROTO[,PROTO]...",
             "RX buffer split after these protocol headers (eth, ipv4-udp, inner-ipv6-tcp, ...), "
             "the payload a segment more",
             apply_rxhdrs},
            {"multi-rx-mempool", 0, nullptr,
             "RX queues take mbufs from every --mbuf-size pool (rx_mempools), where the PMD "
             "can",
             flag(&Config::multi_rx_mempool)},
            {"rss-ip", 0, nullptr, "RSS over IPv4/IPv6 addresses (the default with --rxq>1)",
             [](Config &c, std::string_view) -> Status {
                 c.rss_hf = RTE_ETH_RSS_IP;
                 return {};
             }},
            {"rss-udp", 0, nullptr, "RSS over IPv4/IPv6 addresses and UDP ports",
             [](Config &c, std::string_view) -> Status {
                 c.rss_hf = RTE_ETH_RSS_UDP;
                 return {};
             }},
            {"rss-level-outer", 0, nullptr, "RSS on the outermost headers",
             [](Config &c, std::string_view) -> Status {
                 c.rss_hf |= RTE_ETH_RSS_LEVEL_OUTERMOST;
                 return {};
             }},
            {"rss-level-inner", 0, nullptr, "RSS on the innermost headers",
             [](Config &c, std::string_view) -> Status {
                 c.rss_hf |= RTE_ETH_RSS_LEVEL_INNERMOST;
                 return {};
             }},
            {"disable-rss", 0, nullptr, "no RSS, whatever --rxq",
             [](Config &c, std::string_view) -> Status {
                 if (c.force_rss) return rss_switches_clash();
                 c.rss_hf = 0;
                 return {};
             }},
#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0) // testpmd 25.11's (older ones: unknown)
            {"enable-rss", 0, nullptr, "RSS even with one RX queue",
             [](Config &c, std::string_view) -> Status {
                 if (c.rss_hf == 0) return rss_switches_clash();
                 c.force_rss = true;
                 return {};
             }},
#endif
            {"rx-mq-mode", 0, "0xMASK", "RX multi-queue modes allowed (RSS 0x1, DCB 0x2, VMDq 0x4)",
             [](Config &c, std::string_view v) -> Status {
                 auto m = parse_hex("rx-mq-mode", v);
                 if (!m) return m.status();
                 if (*m > RTE_ETH_MQ_RX_VMDQ_DCB_RSS)
                     return Error("rx-mq-mode: " + std::string(v) +
                                  " is out of range (allowed: 0x0..0x7)");
                 c.rx_mq_mode = static_cast<uint32_t>(*m);
                 return {};
             }},
    };
}

} // namespace pmdfwd::opt
