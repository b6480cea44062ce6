#include "options/options.h"

#include "engine_host/engine_api.h"
#include "options/prompt.h"
#include "options/scalar_parse.h"
#include "options/structured_parse.h"
#include "util/bounded_line.h"

#include <fstream>
#include <functional>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace pmdfwd {

namespace {

using Apply = std::function<Status(Config &, std::string_view)>;

struct Option {
    const char *name; // long name, without "--"
    char short_name;  // 0 if none
    const char *arg;  // nullptr for a flag, else the value's name in help
    const char *help;
    Apply apply; // the value (empty for flags); an error on bad input
};

struct OptionGroup {
    const char *title;
    std::vector<Option> options;
};

template <typename T>
Apply number(const char *what, T Config::*field, uint64_t min, uint64_t max) {
    return [=](Config &c, std::string_view v) -> Status {
        auto n = parse_uint(what, v, min, max);
        if (!n) return n.status();
        c.*field = static_cast<T>(*n);
        return {};
    };
}

Apply set_flag(bool Config::*field, bool value = true) {
    return [=](Config &c, std::string_view) -> Status {
        c.*field = value;
        return {};
    };
}

Apply flag(bool Config::*field) {
    return set_flag(field, true);
}

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

// A testpmd option that sets an engine's parameter: it goes the way of
// --<engine>-<key>=<value>, so the engine alone checks and keeps it.
Apply engine_param(const char *param, const char *flag_value = nullptr) {
    return [=](Config &c, std::string_view v) -> Status {
        c.engine_params.emplace_back(param, flag_value && v.empty() ? std::string(flag_value)
                                                                    : std::string(v));
        return {};
    };
}

Apply threshold(const char *what, int QueueThresholds::*field, uint64_t max) {
    return [=](Config &c, std::string_view v) -> Status {
        auto n = parse_uint(what, v, 0, max);
        if (!n) return n.status();
        c.thresholds.*field = static_cast<int>(*n);
        return {};
    };
}

// One word of a fixed list, each naming a value.
template <typename T>
Apply choice(const char *what, T Config::*field, std::vector<std::pair<const char *, T>> words) {
    return [=](Config &c, std::string_view v) -> Status {
        std::string allowed;
        for (const auto &[word, value] : words) {
            if (v == word) {
                c.*field = value;
                return {};
            }
            allowed += (allowed.empty() ? "" : ", ") + std::string(word);
        }
        return Error(std::string(what) + ": '" + std::string(v) +
                     "' is not allowed (allowed: " + allowed + ")");
    };
}

Apply event_mask(bool print) {
    return [=](Config &c, std::string_view v) -> Status {
        auto mask = parse_event_name(v);
        if (!mask) return mask.status();
        c.event_print_mask = print ? (c.event_print_mask | *mask) : (c.event_print_mask & ~*mask);
        return {};
    };
}

// Checked against the engines parse_options() is handed, right after this
// option (forward_mode_known()).
Status apply_forward_mode(Config &c, std::string_view v) {
    c.forward_mode = v;
    c.announcements.push_back("Set " + c.forward_mode + " packet forwarding mode");
    return {};
}

// A flag testpmd announces when it parses it.
Apply announced_flag(bool Config::*field, const char *line) {
    return [=](Config &c, std::string_view) -> Status {
        c.*field = true;
        c.announcements.emplace_back(line);
        return {};
    };
}

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

// An lcore id; whether EAL runs it and it is free to use is checked once
// EAL and the forwarding lcores are known (App::init).
Apply lcore_option(const char *what, int Config::*field) {
    return [=](Config &c, std::string_view v) -> Status {
        auto n = parse_uint(what, v, 0, RTE_MAX_LCORE - 1);
        if (!n) return n.status();
        c.*field = static_cast<int>(*n);
        return {};
    };
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

std::vector<Option> forwarding_options() {
    return {
        {"forward-mode", 0, "MODE", "forwarding engine (see the list below)", apply_forward_mode},
        {"interactive", 'i', nullptr, "run the interactive shell",
         announced_flag(&Config::interactive, "Interactive-mode selected")},
        {"auto-start", 'a', nullptr, "start forwarding at once in interactive mode",
         announced_flag(&Config::auto_start, "Auto-start selected")},
        {"tx-first", 0, nullptr, "send one burst on every stream before forwarding",
         announced_flag(&Config::tx_first, "Ports to start sending a burst of packets first")},
        {"stats-period", 0, "N", "print port statistics every N seconds",
         number("stats-period", &Config::stats_period, 1, 86400)},
        {"display-xstats", 0, "NAME[,NAME]...",
         "extended statistics shown with the port statistics",
         [](Config &c, std::string_view v) -> Status {
             auto names = parse_name_list("display-xstats", v);
             if (!names) return names.status();
             c.display_xstats = *names;
             return {};
         }},
        {"run-time", 0, "SECONDS", "stop by itself after SECONDS (with -i: quit the shell)",
         [](Config &c, std::string_view v) -> Status {
             auto s = parse_seconds("run-time", v);
             if (!s) return s.status();
             c.run_time = *s;
             return {};
         }},
        {"stats-format", 0, "text|json", "statistics as testpmd text or JSON lines",
         choice<StatsFormat>("stats-format", &Config::stats_format,
                             {{"text", StatsFormat::Text}, {"json", StatsFormat::Json}})},
        {"cmdline-file", 0, "FILE", "run the shell commands in FILE first",
         [](Config &c, std::string_view v) -> Status {
             if (v.empty()) {
                 return Error(
                     "cmdline-file: the file name is empty (expected --cmdline-file=FILE, a "
                     "file of shell commands)");
             }
             c.cmdline_file = v;
             c.announcements.push_back("CLI commands to be read from " + c.cmdline_file);
             return {};
         }},
        {"prompt", 0, "TEXT",
         "the shell's prompt (default: testpmd> as dpdk-testpmd, else pmdfwd> )",
         [](Config &c, std::string_view v) -> Status {
             auto p = prompt_from_option(v);
             if (!p) return p.status();
             c.prompt = *p;
             return {};
         }},
        {"testpmd-texts", 0, nullptr,
         "print only dpdk-testpmd's lines, none of pmdfwd's additions (user guide, Texts)",
         flag(&Config::testpmd_texts)},
        {"record-core-cycles", 0, nullptr, "count busy CPU cycles per packet",
         flag(&Config::record_core_cycles)},
        {"record-burst-stats", 0, nullptr, "record burst size statistics",
         flag(&Config::record_burst_stats)},
        {"mlockall", 0, nullptr, "lock all memory (the default)",
         set_flag(&Config::no_mlockall, false)},
        {"no-mlockall", 0, nullptr, "do not lock memory", flag(&Config::no_mlockall)},
        {"no-flush-rx", 0, nullptr, "do not drain RX queues at start", flag(&Config::no_flush_rx)},
        {"engine-plugin", 0, "PATH", "load forwarding engines from a shared object (repeatable)",
         // main() loads plugins before parsing, so that their modes are
         // valid --forward-mode values; accepted here and nothing more.
         [](Config &, std::string_view) -> Status { return {}; }},
        {"help", 'h', nullptr, "show this help", nullptr},
    };
}

std::vector<Option> port_options() {
    return {
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
    };
}

std::vector<Option> threshold_options() {
    return {
        {"rxpt", 0, "N", "RX prefetch threshold",
         threshold("rxpt", &QueueThresholds::rx_pthresh, UINT8_MAX)},
        {"rxht", 0, "N", "RX host threshold",
         threshold("rxht", &QueueThresholds::rx_hthresh, UINT8_MAX)},
        {"rxwt", 0, "N", "RX write-back threshold",
         threshold("rxwt", &QueueThresholds::rx_wthresh, UINT8_MAX)},
        {"rxfreet", 0, "N", "RX free threshold (below --rxd)",
         threshold("rxfreet", &QueueThresholds::rx_free, kMaxDescriptors - 1)},
        {"txpt", 0, "N", "TX prefetch threshold",
         threshold("txpt", &QueueThresholds::tx_pthresh, UINT8_MAX)},
        {"txht", 0, "N", "TX host threshold",
         threshold("txht", &QueueThresholds::tx_hthresh, UINT8_MAX)},
        {"txwt", 0, "N", "TX write-back threshold",
         threshold("txwt", &QueueThresholds::tx_wthresh, UINT8_MAX)},
        {"txfreet", 0, "N", "TX free threshold (at most --txd)",
         threshold("txfreet", &QueueThresholds::tx_free, kMaxDescriptors)},
        {"txrst", 0, "N", "TX RS bit threshold (at most --txd)",
         threshold("txrst", &QueueThresholds::tx_rs, kMaxDescriptors)},
    };
}

Status apply_port_numa(Config &c, std::string_view v) {
    auto tuples = parse_tuples<2>("port-numa-config", v);
    if (!tuples) return tuples.status();
    for (const auto &[port, socket] : *tuples)
        c.port_numa[static_cast<uint16_t>(port)].pool = static_cast<int>(socket);
    return {};
}

Status apply_ring_numa(Config &c, std::string_view v) {
    auto tuples = parse_tuples<3>("ring-numa-config", v);
    if (!tuples) return tuples.status();
    for (const auto &[port, flag, socket] : *tuples)
        if (flag < 1 || flag > 3) {
            return Error("ring-numa-config: flag " + std::to_string(flag) + " of port " +
                         std::to_string(port) +
                         " is not allowed (allowed: 1 = RX, 2 = TX, 3 = both)");
        }
    for (const auto &[port, flag, socket] : *tuples) {
        PortNuma &n = c.port_numa[static_cast<uint16_t>(port)];
        if (flag & 1) n.rx_ring = static_cast<int>(socket);
        if (flag & 2) n.tx_ring = static_cast<int>(socket);
    }
    return {};
}

Status apply_mbuf_size(Config &c, std::string_view v) {
    auto sizes = parse_uint_list("mbuf-size", v, 1, UINT16_MAX, kMaxMbufSizes);
    if (!sizes) return sizes.status();
    if ((*sizes)[0] <= RTE_PKTMBUF_HEADROOM) {
        return Error("mbuf-size: " + std::to_string((*sizes)[0]) +
                     " leaves no data room after the " + std::to_string(RTE_PKTMBUF_HEADROOM) +
                     "-byte headroom (allowed: " + std::to_string(RTE_PKTMBUF_HEADROOM + 1) +
                     "..65535)");
    }
    c.mbuf_sizes = *sizes;
    return {};
}

std::vector<Option> memory_options() {
    return {
        {"numa", 0, nullptr, "NUMA-aware pools and rings: each port's on its socket (default)",
         flag(&Config::numa)},
        {"no-numa", 0, nullptr, "one pool and all rings on --socket-num (default 0)",
         set_flag(&Config::numa, false)},
        {"socket-num", 0, "N", "the socket of all memory with --no-numa",
         number("socket-num", &Config::socket_num, 0, RTE_MAX_NUMA_NODES - 1)},
        {"port-numa-config", 0, "(PORT,SOCKET)[,...]", "the socket of a port's pool and rings",
         apply_port_numa},
        {"ring-numa-config", 0, "(PORT,FLAG,SOCKET)[,...]",
         "the socket of a port's RX (FLAG 1), TX (2) or both (3) rings", apply_ring_numa},
        {"mbuf-size", 0, "N[,N]...",
         "mbuf data room in bytes, headroom included (default 2176); more sizes add pools for "
         "RX buffer split",
         apply_mbuf_size},
        {"mbcache", 0, "N", "per-lcore mbuf cache size",
         number("mbcache", &Config::mbuf_cache, 0, kMaxMbufCache)},
        {"total-num-mbufs", 0, "N", "mbufs per pool (default: computed)",
         number("total-num-mbufs", &Config::total_num_mbufs, 1024, 1u << 30)},
    };
}

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
        {"enable-lro", 0, nullptr, "large receive offload", rx_offload(RTE_ETH_RX_OFFLOAD_TCP_LRO)},
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
             c.rss_hf = 0;
             return {};
         }},
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

std::vector<Option> link_options() {
    return {
        {"disable-link-check", 0, nullptr, "do not wait for links to come up at start",
         set_flag(&Config::link_check, false)},
        {"disable-device-start", 0, nullptr,
         "configure ports but do not start them (`port start` does)",
         set_flag(&Config::device_start, false)},
        {"no-lsc-interrupt", 0, nullptr, "no link status change interrupts",
         set_flag(&Config::lsc_interrupt, false)},
        {"no-rmv-interrupt", 0, nullptr, "no device removal interrupts",
         set_flag(&Config::rmv_interrupt, false)},
        {"print-event", 0, "EVENT", "print this ethdev event (repeatable; 'all')",
         event_mask(true)},
        {"mask-event", 0, "EVENT", "do not print this ethdev event (repeatable; 'all')",
         event_mask(false)},
    };
}

std::vector<Option> generator_options() {
    return {
        {"txpkts", 0, "LEN[,LEN]...", "generated frame segment lengths (default 64)",
         [](Config &c, std::string_view v) -> Status {
             auto segs = parse_txpkts(v);
             if (!segs) return segs.status();
             c.txpkts = *segs;
             return {};
         }},
        {"txonly-multi-flow", 0, nullptr,
         "txonly: vary the source address (also --txonly-multi-flow=on|off)",
         engine_param("txonly-multi-flow", "on")},
        {"tx-ip", 0, "SRC,DST", "txonly: IPv4 addresses (--txonly-ip)", engine_param("txonly-ip")},
        {"tx-udp", 0, "SRC[,DST]", "txonly: UDP ports (--txonly-udp)", engine_param("txonly-udp")},
        {"flowgen-clones", 0, "N", "flowgen: send each packet N more times (--flowgen-clones)",
         engine_param("flowgen-clones")},
        {"flowgen-flows", 0, "N", "flowgen: number of flows (--flowgen-flows)",
         engine_param("flowgen-flows")},
        {"latencystats", 0, "LCORE",
         "publish latency metrics (librte_latencystats) from worker LCORE, which forwards only "
         "when no other worker can (as testpmd's -l 0-1 --latencystats=1)",
         lcore_option("latencystats", &Config::latencystats_lcore)},
        {"bitrate-stats", 0, "LCORE",
         "publish bit-rate metrics (librte_bitratestats) from worker LCORE, which forwards only "
         "when no other worker can (as testpmd's -l 0-1 --bitrate-stats=1)",
         lcore_option("bitrate-stats", &Config::bitrate_lcore)},
    };
}

const std::vector<OptionGroup> &groups() {
    static const std::vector<OptionGroup> g = {
        {"forwarding", forwarding_options()},
        {"ports, queues and lcores", port_options()},
        {"descriptor thresholds (default: the PMD's)", threshold_options()},
        {"memory and NUMA", memory_options()},
        {"offloads and RSS", offload_options()},
        {"links and events", link_options()},
        {"generated traffic", generator_options()},
    };
    return g;
}

std::vector<std::string> split_lines(const std::string &text) {
    std::vector<std::string> lines;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        if (end > start) lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

// pmdfwd's own options: an abbreviation testpmd accepts must not become
// ambiguous because of them.
bool pmdfwd_only(std::string_view name) {
    return name == "run-time" || name == "stats-format" || name == "engine-plugin" ||
           name == "testpmd-texts";
}

// getopt_long's rule: an exact name, else the one option whose name the
// text begins ("--stats 2" is --stats-period), testpmd's options first.
// Several such options are an error naming them; none is nullptr.
Result<const Option *> find_long(std::string_view name) {
    std::vector<const Option *> prefixed, testpmds;
    for (const OptionGroup &g : groups())
        for (const Option &o : g.options) {
            const std::string_view n = o.name;
            if (n == name) return &o;
            if (n.substr(0, name.size()) != name) continue;
            prefixed.push_back(&o);
            if (!pmdfwd_only(n)) testpmds.push_back(&o);
        }
    if (prefixed.size() == 1) return prefixed[0];
    if (testpmds.size() == 1) return testpmds[0];
    if (prefixed.empty()) return static_cast<const Option *>(nullptr);
    std::string msg = "option '--" + std::string(name) + "' is ambiguous; possibilities:";
    for (const Option *o : prefixed)
        msg += std::string(" '--") + o->name + "'";
    return Error(msg);
}

const Option *find_short(char c) {
    for (const OptionGroup &g : groups())
        for (const Option &o : g.options)
            if (o.short_name == c) return &o;
    return nullptr;
}

enum class Step { Next, Help };

// Flags that are also an engine's parameter: the engine-parameter form the
// help lists (--txonly-multi-flow=on|off) is accepted too, and the engine
// checks the value.
bool flag_takes_a_value(std::string_view name) {
    return name == "txonly-multi-flow";
}

// Applies opt, taking its value from `value` or the next argument.
Result<Step> apply_option(const Option &opt, std::optional<std::string> value,
                          const std::vector<std::string> &args, size_t &i, Config &cfg) {
    if (opt.apply == nullptr) return Step::Help;
    if (opt.arg == nullptr && value && !flag_takes_a_value(opt.name)) {
        return Error("option --" + std::string(opt.name) + " takes no value");
    }
    if (opt.arg != nullptr && !value) {
        if (i + 1 >= args.size()) {
            return Error("option --" + std::string(opt.name) + " needs a value: " + opt.arg);
        }
        value = args[++i];
    }
    if (Status applied = opt.apply(cfg, value.value_or("")); !applied) return applied;
    return Step::Next;
}

Result<Step> parse_long(const std::vector<std::string> &args, size_t &i, Config &cfg) {
    const std::string_view body = std::string_view(args[i]).substr(2);
    const size_t eq = body.find('=');
    const std::string_view name = body.substr(0, eq);
    std::optional<std::string> value;
    if (eq != std::string_view::npos) value = std::string(body.substr(eq + 1));
    const Result<const Option *> opt = find_long(name);
    if (!opt) return opt.status();
    if (*opt != nullptr) return apply_option(**opt, value, args, i, cfg);
    if (value && name.find('-') != std::string_view::npos) {
        // --<engine>-<key>=<value>: checked once plugins are loaded.
        cfg.engine_params.emplace_back(std::string(name), *value);
        return Step::Next;
    }
    return Error("unknown option '" + args[i] + "' (see --help)");
}

// -i, -a, -h, or several of them in one word (-ia), as getopt.
Result<Step> parse_short(const std::vector<std::string> &args, size_t &i, Config &cfg) {
    const std::string a = args[i];
    for (size_t k = 1; k < a.size(); k++) {
        const Option *opt = find_short(a[k]);
        if (opt == nullptr || (opt->arg != nullptr && a.size() > 2)) {
            return Error("unknown option '" + a + "' (see --help)");
        }
        const Result<Step> s = apply_option(*opt, std::nullopt, args, i, cfg);
        if (!s || *s != Step::Next) return s;
    }
    return Step::Next;
}

Status forward_mode_known(const EngineApi &engines, const std::string &mode) {
    if (engines.find(mode)) return {};
    return Error("forward-mode: " + engines.unknown_mode(mode) +
                 "; an engine built as a plugin needs --engine-plugin=PATH");
}

} // namespace

Result<ParseResult> parse_options(const std::vector<std::string> &args, Config &cfg,
                                  const EngineApi &engines) {
    for (size_t i = 0; i < args.size(); i++) {
        const std::string &a = args[i];
        const std::string mode = cfg.forward_mode;
        const bool long_option = a.rfind("--", 0) == 0 && a.size() > 2;
        if (!long_option && (a.size() < 2 || a[0] != '-' || a[1] == '-'))
            return Error("unknown option '" + a + "' (see --help)");
        const Result<Step> s = long_option ? parse_long(args, i, cfg) : parse_short(args, i, cfg);
        if (!s) return s.status();
        if (*s == Step::Next && cfg.forward_mode != mode) {
            if (Status known = forward_mode_known(engines, cfg.forward_mode); !known) return known;
        }
        if (*s == Step::Help) return ParseResult::Help;
    }
    return ParseResult::Ok;
}

Status apply_engine_params(const Config &cfg, EngineApi &engines) {
    for (const auto &[name, value] : cfg.engine_params) {
        // The engine is the longest registered name followed by '-'.
        std::string engine;
        bool has_params = false;
        for (const EngineInfo &e : engines.list()) {
            const std::string_view en = e.name;
            if (name.size() > en.size() + 1 && name.compare(0, en.size(), en) == 0 &&
                name[en.size()] == '-' && en.size() > engine.size()) {
                engine = e.name;
                has_params = e.has_params;
            }
        }
        if (!has_params) return Error("unknown option '--" + name + "=" + value + "' (see --help)");
        const std::string key = name.substr(engine.size() + 1);
        if (Status set = engines.set_param(engine, key, value); !set)
            return Error("--" + name + ": " + set.message());
    }
    return {};
}

std::vector<OptionDoc> option_docs() {
    std::vector<OptionDoc> docs;
    for (const OptionGroup &g : groups())
        for (const Option &o : g.options)
            docs.push_back({g.title, o.short_name, o.name, o.arg ? o.arg : "", o.help});
    return docs;
}

std::string usage(const char *prog, const EngineApi &engines) {
    std::string s = std::string("usage: ") + prog + " [EAL options] -- [options]\n";
    for (const OptionGroup &g : groups()) {
        s += std::string("\n") + g.title + ":\n";
        for (const Option &o : g.options) {
            std::string left = "  ";
            if (o.short_name) left += std::string("-") + o.short_name + ", ";
            left += std::string("--") + o.name;
            if (o.arg) left += std::string("=") + o.arg;
            if (left.size() < 34)
                left.resize(34, ' ');
            else
                left += "\n" + std::string(34, ' ');
            s += left + o.help + "\n";
        }
    }
    s += "\nengines:\n";
    s += "  --<engine>-<key>=<value>        an engine's parameter (e.g. --macswap-kernel=avx2)\n";
    s += "\nA long option may be shortened to any unique prefix; one testpmd accepts means what "
         "it means there (--stats 2).\n";
    s += "\nforwarding modes:\n";
    const std::vector<EngineInfo> list = engines.list();
    for (const EngineInfo &e : list) {
        std::string left = "  " + e.name;
        if (left.size() < 18) left.resize(18, ' ');
        s += left + e.summary + "\n";
    }
    std::string params;
    for (const EngineInfo &e : list)
        for (const std::string &line : split_lines(engines.param_help(e.name)))
            params += "  --" + e.name + "-" + line + "\n";
    if (!params.empty()) s += "\nengine parameters (also `set <mode> <key> <value>`):\n" + params;
    return s;
}

} // namespace pmdfwd
