// The option group "ports, queues and lcores": its rows, in --help's order.
#include "options/option_row.h"

#include "options/scalar_parse.h"
#include "options/structured_parse.h"
#include "util/bounded_line.h"

#include <rte_version.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <string>

namespace pmdfwd::opt {

namespace {

Status apply_eth_peer(Config &c, std::string_view v) {
    const size_t comma = v.find(',');
    if (comma == std::string_view::npos) {
        return Error("eth-peer: '" + std::string(v) + "' (expected N,XX:XX:XX:XX:XX:XX)");
    }
    auto port = parse_uint("eth-peer port", v.substr(0, comma), 0, RTE_MAX_ETHPORTS - 1);
    if (!port) return port.status();
    auto mac = parse_mac(v.substr(comma + 1));
    if (!mac) return Error("eth-peer: " + mac.message());
    c.eth_peers[static_cast<uint16_t>(*port)] = *mac;
    return {};
}

// testpmd's --rxq-share: alone, every port in one group (UINT32_MAX ports a
// group); a negative count is refused in testpmd's words.
Status apply_rxq_share(Config &c, std::string_view v) {
    if (v.empty()) {
        c.rxq_share = UINT32_MAX;
        return {};
    }
    if (v.front() == '-') return Error("rxq-share must be >= 0");
    auto n = parse_uint("rxq-share", v, 0, UINT32_MAX);
    if (!n) return n.status();
    c.rxq_share = static_cast<uint32_t>(*n);
    return {};
}

// testpmd's --eth-peers-configfile: one peer MAC per line, for ports 0, 1,
// ... Lines are read only as far as a MAC address and its spaces can go, so
// a device (/dev/zero) or a huge file fails on its first line, as testpmd's
// 50-byte fgets does, with testpmd's words.
Status apply_peers_file(Config &c, std::string_view v) {
    constexpr size_t kMaxPeerLine = 256;
    std::ifstream in{std::string(v)};
    if (!in) {
        return Error("eth-peers-configfile: cannot read '" + std::string(v) + "'");
    }
    std::string line;
    for (uint16_t port = 0; port < RTE_MAX_ETHPORTS; port++) {
        const LineRead got = read_bounded_line(in, kMaxPeerLine, &line);
        if (got == LineRead::End) break;
        const std::string where = "eth-peers-configfile: Bad MAC address format on line " +
                                  std::to_string(port + 1) + ": ";
        if (got == LineRead::TooLong) {
            return Error(where + "longer than " + std::to_string(kMaxPeerLine) +
                         " bytes (allowed: one XX:XX:XX:XX:XX:XX a line)");
        }
        const auto words = split_words(line);
        auto mac = parse_mac(words.empty() ? line : words[0]);
        if (!mac) return Error(where + mac.message());
        c.eth_peers[port] = *mac;
    }
    return {};
}

// testpmd's --hairpin-mode: a number as strtoul reads it (0x hex, 0
// octal), the mode's bits in testpmd's --help.
Status apply_hairpin_mode(Config &c, std::string_view v) {
    auto n = parse_uint("hairpin-mode", v, 0, UINT32_MAX, Radix::Cmdline);
    if (!n) return Error("hairpin mode invalid (" + n.message() + ")");
    c.hairpin_mode = static_cast<uint32_t>(*n);
    return {};
}

#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
// --hairpin-map=RXPORT:RXQ:TXPORT:TXQ:NUM (testpmd 24.11): NUM hairpin queues
// from RX port RXPORT's queue RXQ on to TX port TXPORT's queue TXQ; any map
// replaces --hairpin-mode's layout, as testpmd's multiport mode.
Status apply_hairpin_map(Config &c, std::string_view v) {
    std::array<uint16_t, 5> f{};
    size_t fields = 0, from = 0;
    for (; from <= v.size() && fields < f.size(); fields++) {
        const size_t colon = std::min(v.find(':', from), v.size());
        auto n = parse_uint("hairpin-map", v.substr(from, colon - from), 0, UINT16_MAX);
        if (!n) break;
        f[fields] = static_cast<uint16_t>(*n);
        from = colon + 1;
    }
    if (fields != f.size() || from <= v.size())
        return Error("invalid hairpin map '" + std::string(v) +
                     "' (expected RXPORT:RXQ:TXPORT:TXQ:NUM, numbers up to 65535)");
    c.hairpin_maps.push_back({f[0], f[1], f[2], f[3], f[4]});
    return {};
}
#endif

// The rows only a newer testpmd has: pmdfwd built on an older DPDK refuses
// them as that DPDK's testpmd does, as unknown options.
void add_newer_rows(std::vector<Option> *rows) {
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
    rows->push_back({"disable-flow-flush", 0, nullptr, "port stop keeps the port's flow rules",
                     set_flag(&Config::flow_flush, false)});
    rows->push_back({"hairpin-map", 0, "RXPORT:RXQ:TXPORT:TXQ:NUM",
                     "NUM hairpin queues from RXPORT's queue RXQ to TXPORT's queue TXQ "
                     "(repeatable; replaces --hairpin-mode's layout)",
                     apply_hairpin_map});
#else
    (void)rows;
#endif
}

} // namespace

std::vector<Option> port_options() {
    std::vector<Option> rows = {
        {"portmask", 0, "MASK", "hexadecimal mask of the forwarding ports (default: all)",
         [](Config &c, std::string_view v) -> Status {
             auto m = parse_hex("portmask", v);
             if (!m) return m.status();
             if (*m == 0) return Error("portmask: 0 names no port (e.g. 0x3 for ports 0 and 1)");
             c.fwd_port_list.clear();
             for (unsigned p : mask_bits(*m))
                 c.fwd_port_list.push_back(static_cast<uint16_t>(p));
             c.nb_fwd_ports = 0; // as testpmd: the list sets the number
             return {};
         }},
        {"portlist", 0, "LIST", "forwarding ports in order, e.g. 0,2 or 0-3 (default: all)",
         [](Config &c, std::string_view v) -> Status {
             auto l = parse_id_list("portlist", v, RTE_MAX_ETHPORTS);
             if (!l) return l.status();
             c.fwd_port_list = *l, c.nb_fwd_ports = 0;
             return {};
         }},
        {"nb-ports", 0, "N", "forward on the first N of those ports",
         number("nb-ports", &Config::nb_fwd_ports, 1, RTE_MAX_ETHPORTS)},
        {"coremask", 0, "MASK",
         "hexadecimal mask of the forwarding lcores (not the main lcore); sets --nb-cores",
         [](Config &c, std::string_view v) -> Status {
             auto m = parse_hex("coremask", v);
             if (!m) return m.status();
             if (*m == 0) return Error("coremask: 0 names no lcore (e.g. 0x6 for lcores 1 and 2)");
             c.fwd_lcore_list = mask_bits(*m);
             c.nb_cores = static_cast<unsigned>(c.fwd_lcore_list.size());
             return {};
         }},
        {"nb-cores", 0, "N", "number of forwarding lcores",
         number("nb-cores", &Config::nb_cores, 1, RTE_MAX_LCORE)},
        {"rxq", 0, "N", "RX queues per port", number("rxq", &Config::nb_rxq, 1, kMaxQueues)},
        {"txq", 0, "N", "TX queues per port", number("txq", &Config::nb_txq, 1, kMaxQueues)},
        {"hairpinq", 0, "N",
         "hairpin queues per port, after the --rxq/--txq ones (never forwarded by lcores)",
         number("hairpinq", &Config::nb_hairpinq, 0, kMaxQueues)},
        {"hairpin-mode", 0, "0xXX",
         "hairpin port mode bits: 0x10 explicit Tx rule, 0x02 ports paired, 0x01 ports loop, "
         "0x00 each port to itself",
         apply_hairpin_mode},
        {"rxq-share", 0, nullptr,
         "ports per shared RX queue group, --rxq-share=N (alone: every port in one group), "
         "on devices that can share RX queues",
         apply_rxq_share, true},
        {"rxd", 0, "N", "RX descriptors per queue",
         number("rxd", &Config::nb_rxd, 1, kMaxDescriptors)},
        {"txd", 0, "N", "TX descriptors per queue",
         number("txd", &Config::nb_txd, 1, kMaxDescriptors)},
        {"burst", 0, "N", "packets per burst", number("burst", &Config::burst, 1, kMaxBurst)},
        {"port-topology", 0, "paired|chained|loop", "how ports are connected",
         choice<Topology>("port-topology", &Config::topology,
                          {{"paired", Topology::Paired},
                           {"chained", Topology::Chained},
                           {"loop", Topology::Loop}})},
        {"eth-peer", 0, "N,XX:XX:XX:XX:XX:XX", "peer MAC address of port N", apply_eth_peer},
        {"eth-peers-configfile", 0, "FILE", "peer MAC addresses of ports 0, 1, ..., one a line",
         apply_peers_file},
        {"max-pkt-len", 0, "N", "largest frame, which sets the MTU (N minus the L2 overhead)",
         number("max-pkt-len", &Config::max_pkt_len, RTE_ETHER_MIN_LEN, 65535)},
        {"max-lro-pkt-size", 0, "N", "largest packet LRO may build",
         number("max-lro-pkt-size", &Config::max_lro_pkt_size, RTE_ETHER_MIN_LEN, UINT32_MAX)},
        {"eth-link-speed", 0, "MBPS", "force the link speed (1000, 10000, ... 200000)",
         [](Config &c, std::string_view v) -> Status {
             auto s = parse_link_speed(v);
             if (!s) return s.status();
             c.link_speeds = *s;
             return {};
         }},
        {"flow-isolate-all", 0, nullptr,
         "flow isolated mode on every port, asked before it is configured (a PMD that "
         "refuses stops the ports' start, as in testpmd)",
         flag(&Config::flow_isolate_all)},
    };
    add_newer_rows(&rows);
    return rows;
}

} // namespace pmdfwd::opt
