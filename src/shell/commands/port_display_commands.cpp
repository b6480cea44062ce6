// testpmd's display commands over what EAL and ethdev keep (issue 35): a
// port's unicast and multicast addresses, its DCB traffic classes, its RSS
// redirection table, the packet types its PMD recognises, its descriptors'
// state, its EEPROMs, the dump_* commands (whose text is DPDK's own dump
// functions'). Allowed while forwarding.
#include "shell/command_families.h"
#include "shell/commands/dump_capture.h"

#include "text/text_format.h"

#include <rte_devargs.h>
#include <rte_ethdev.h>
#include <rte_hexdump.h>
#include <rte_log.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>
#include <rte_mbuf_ptype.h>
#include <rte_memory.h>
#include <rte_mempool.h>
#include <rte_memzone.h>
#include <rte_ring.h>
#include <rte_trace.h>
#include <rte_version.h>

#include <cstdio>
#include <cstdlib>

namespace pmdfwd::shell {

namespace {

std::string mac_line(const rte_ether_addr &mac) {
    char buf[RTE_ETHER_ADDR_FMT_SIZE];
    rte_ether_format_addr(buf, sizeof(buf), &mac);
    return std::string("  ") + buf + "\n";
}

// testpmd's show_macs: the addresses ethdev holds, zero ones skipped.
bool show_macs(Ctx &c, uint16_t port) {
    rte_eth_dev_info info{};
    const Status rc = c.ports.dev_info(port, &info);
    if (!rc.ok()) return dev_info_failed(c, port, rc);
    std::vector<rte_ether_addr> addrs(info.max_mac_addrs);
    // ethdev refuses a null array, which an empty vector may give: no address.
    const int n = addrs.empty() ? 0 : rte_eth_macaddrs_get(port, addrs.data(), info.max_mac_addrs);
    if (n < 0) return true; // testpmd prints nothing then
    std::string lines;
    int count = 0;
    for (int i = 0; i < n; i++) {
        if (rte_is_zero_ether_addr(&addrs[i])) continue;
        count++;
        lines += mac_line(addrs[i]);
    }
    *c.out += "Number of MAC address added: " + std::to_string(count) + "\n" + lines;
    return true;
}

// testpmd's show_mcast_macs: the port's list as mcast_addr add/remove keep it.
bool show_mcast_macs(Ctx &c, uint16_t port) {
    const std::vector<rte_ether_addr> &addrs = c.ports.mc_addrs(port);
    *c.out += "Number of Multicast MAC address added: " + std::to_string(addrs.size()) + "\n";
    for (const rte_ether_addr &mac : addrs)
        *c.out += mac_line(mac);
    return true;
}

// The masks of `show port N rss reta SIZE (m0,m1,...)`: one 64-bit mask a
// group of 64 entries, as testpmd's showport_parse_reta_config reads them
// (strtoull's prefix of each item); false after printing why not.
bool parse_reta_masks(Ctx &c, const std::string &text, uint16_t size,
                      std::vector<rte_eth_rss_reta_entry64> *conf) {
    const size_t open = text.find('('), close = text.find(')', open + 1);
    if (open == std::string::npos || close == std::string::npos) return false;
    const std::string body = text.substr(open + 1, close - open - 1);
    const size_t groups = (size + RTE_ETH_RETA_GROUP_SIZE - 1) / RTE_ETH_RETA_GROUP_SIZE;
    std::vector<std::string> items;
    for (size_t start = 0; !body.empty();) {
        const size_t comma = items.size() + 1 < groups ? body.find(',', start) : std::string::npos;
        items.push_back(body.substr(start, comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    if (items.size() != groups) {
        *c.out +=
            "The bits of masks do not match the number of reta entries: " + std::to_string(groups) +
            "\n";
        return false;
    }
    conf->assign(groups, rte_eth_rss_reta_entry64{});
    for (size_t i = 0; i < groups; i++)
        (*conf)[i].mask = std::strtoull(items[i].c_str(), nullptr, 0);
    return true;
}

bool show_reta(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    const auto size = static_cast<uint16_t>(a.number(1));
    rte_eth_dev_info info{};
    const Status rc = c.ports.dev_info(port, &info);
    if (!rc.ok()) return dev_info_failed(c, port, rc);
    const uint16_t max = std::min<uint16_t>(info.reta_size, RTE_ETH_RSS_RETA_SIZE_512);
    if (size == 0 || size > max)
        return fail(c, "Invalid redirection table size: " + std::to_string(size) + " (1-" +
                           std::to_string(max) + ")");
    std::vector<rte_eth_rss_reta_entry64> conf;
    if (!parse_reta_masks(c, a.word(2), size, &conf))
        return fail(c, "Invalid string: " + a.word(2) + " for reta masks");
    const int ret = rte_eth_dev_rss_reta_query(port, conf.data(), size);
    if (ret != 0)
        return fail(c, "Failed to get RSS RETA info, return code = " + std::to_string(ret));
    for (uint16_t i = 0; i < size; i++) {
        const rte_eth_rss_reta_entry64 &g = conf[i / RTE_ETH_RETA_GROUP_SIZE];
        const unsigned shift = i % RTE_ETH_RETA_GROUP_SIZE;
        if (!(g.mask & (1ULL << shift))) continue;
        *c.out += "RSS RETA configuration: hash index=" + std::to_string(i) +
                  ", queue=" + std::to_string(g.reta[shift]) + "\n";
    }
    return true;
}

// The packet types of one layer the PMD recognises (16 at most, as testpmd
// asks for), each layer's block as testpmd's show port ptypes prints it.
std::string layer_ptypes(uint16_t port, uint32_t mask, const char *layer) {
    constexpr int kMaxPerLayer = 16;
    uint32_t ptypes[kMaxPerLayer];
    const int n = rte_eth_dev_get_supported_ptypes(port, mask, ptypes, kMaxPerLayer);
    std::string o = n > 0 ? std::string("Supported ") + layer + " ptypes:\n"
                          : std::string(layer) + " ptypes unsupported\n";
    for (int i = 0; i < std::min(n, kMaxPerLayer); i++) {
        char name[256];
        rte_get_ptype_name(ptypes[i], name, sizeof(name));
        o += std::string(name) + "\n";
    }
    return o;
}

bool show_ptypes(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    if (rte_eth_dev_get_supported_ptypes(port, RTE_PTYPE_L2_MASK, nullptr, 0) < 0) return true;
    static constexpr std::pair<uint32_t, const char *> kLayers[] = {
        {RTE_PTYPE_L2_MASK, "L2"},
        {RTE_PTYPE_L3_MASK, "L3"},
        {RTE_PTYPE_L4_MASK, "L4"},
        {RTE_PTYPE_TUNNEL_MASK, "Tunnel"},
        {RTE_PTYPE_INNER_L2_MASK, "Inner L2"},
        {RTE_PTYPE_INNER_L3_MASK, "Inner L3"},
        {RTE_PTYPE_INNER_L4_MASK, "Inner L4"}};
    for (const auto &[mask, layer] : kLayers)
        *c.out += layer_ptypes(port, mask, layer);
    return true;
}

// A queue the port has: ethdev's descriptor calls index their queue array
// unchecked (and a PMD reads the queue they find), so testpmd's refusal
// comes first for any other.
bool has_queue(Ctx &c, uint16_t port, bool rx, uint64_t queue) {
    rte_eth_dev_info info{};
    if (!c.ports.dev_info(port, &info).ok()) return false;
    return queue < (rx ? info.nb_rx_queues : info.nb_tx_queues);
}

// show port <port> rxq|txq <queue> desc <desc> status
bool show_desc_status(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    const bool rx = a.word(1) == "rxq";
    const auto queue = static_cast<uint16_t>(a.number(2));
    const auto desc = static_cast<uint16_t>(a.number(3));
    const int rc = !has_queue(c, port, rx, queue) ? -EINVAL
                   : rx                           ? rte_eth_rx_descriptor_status(port, queue, desc)
                                                  : rte_eth_tx_descriptor_status(port, queue, desc);
    if (rc < 0)
        return fail(c, "Invalid input: queue id = " + std::to_string(queue) +
                           ", desc id = " + std::to_string(desc));
    const char *status = rc == (rx ? RTE_ETH_RX_DESC_AVAIL : RTE_ETH_TX_DESC_FULL)
                             ? (rx ? "AVAILABLE" : "FULL")
                         : rc == (rx ? RTE_ETH_RX_DESC_DONE : RTE_ETH_TX_DESC_DONE) ? "DONE"
                                                                                    : "UNAVAILABLE";
    *c.out += std::string("Desc status = ") + status + "\n";
    return true;
}

// show port <port> rxq <queue> desc used count
#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
// show port <port> rxq|txq <queue> desc used count (TX queues and these
// texts: testpmd 24.03).
bool show_used_count(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    const bool rx = a.word(1) == "rxq";
    const auto queue = static_cast<uint16_t>(a.number(2));
    const std::string q = std::to_string(queue);
    if (!has_queue(c, port, rx, queue))
        return fail(c, "Invalid input: port id = " + std::to_string(port) + ", queue id = " + q);
    const int rc = rx ? rte_eth_rx_queue_count(port, queue) : rte_eth_tx_queue_count(port, queue);
    if (rc < 0)
        return fail(c, std::string(rx ? "Rx" : "Tx") +
                           " queue count get failed rc=" + std::to_string(rc) + " queue_id=" + q);
    *c.out +=
        std::string(rx ? "RxQ " : "TxQ ") + q + " used desc count = " + std::to_string(rc) + "\n";
    return true;
}
constexpr const char *kUsedCountSyntax = "show port <port> rxq|txq <queue> desc used count";
#else
bool show_used_count(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    const auto queue = static_cast<uint16_t>(a.number(1));
    const int rc = has_queue(c, port, true, queue) ? rte_eth_rx_queue_count(port, queue) : -EINVAL;
    if (rc < 0) return fail(c, "Invalid queueid = " + std::to_string(queue));
    *c.out += "Used desc count = " + std::to_string(rc) + "\n";
    return true;
}
constexpr const char *kUsedCountSyntax = "show port <port> rxq <queue> desc used count";
#endif

// One row of show port dcb_tc's table: a label, then one cell a class.
template <typename Cell>
std::string dcb_row(const char *label, const rte_eth_dcb_info &dcb, Cell cell) {
    std::string o = std::string("\n  ") + label;
    for (uint8_t i = 0; i < dcb.nb_tcs && i < RTE_ETH_DCB_NUM_TCS; i++)
        o += cell(i);
    return o;
}

// testpmd's port_dcb_info_display: traffic classes, their priorities,
// bandwidth shares and the queues of the first pool.
bool show_dcb(Ctx &c, uint16_t port) {
    rte_eth_dcb_info dcb{};
    if (rte_eth_dev_get_dcb_info(port, &dcb) != 0) {
        *c.out += text_format("\n Failed to get dcb infos on port %-2d\n", port);
        return false;
    }
    const char *border = "================";
    auto num = [](unsigned v) { return text_format("\t%4u", v); };
    *c.out += text_format("\n  %s DCB infos for port %-2d  %s\n", border, port, border);
    *c.out += "  TC NUMBER: " + std::to_string(dcb.nb_tcs) + "\n";
    *c.out += dcb_row("TC :        ", dcb, [&](uint8_t i) { return num(i); });
    *c.out += dcb_row("Priority :  ", dcb, [&](uint8_t i) { return num(dcb.prio_tc[i]); });
    *c.out += dcb_row("BW percent :", dcb,
                      [&](uint8_t i) { return text_format("\t%4u%%", dcb.tc_bws[i]); });
    const auto &q = dcb.tc_queue;
    *c.out += dcb_row("RXQ base :  ", dcb, [&](uint8_t i) { return num(q.tc_rxq[0][i].base); });
    *c.out += dcb_row("RXQ number :", dcb, [&](uint8_t i) { return num(q.tc_rxq[0][i].nb_queue); });
    *c.out += dcb_row("TXQ base :  ", dcb, [&](uint8_t i) { return num(q.tc_txq[0][i].base); });
    *c.out += dcb_row("TXQ number :", dcb, [&](uint8_t i) { return num(q.tc_txq[0][i].nb_queue); });
    *c.out += "\n";
    return true;
}

// testpmd's words for ethdev's refusal to read an EEPROM.
std::string eeprom_error(uint16_t port, int rc, const char *what) {
    switch (rc) {
    case -ENODEV:
        return "port index " + std::to_string(port) + " invalid";
    case -ENOTSUP:
        return "operation not supported by device";
    case -EIO:
        return "device is removed";
    default:
        return std::string("Unable to get ") + what + ": " + std::to_string(rc);
    }
}

// show port <port> eeprom|module_eeprom (one row each): the device's or the plugged
// module's EEPROM as rte_hexdump writes it, then its length.
bool show_eeprom(Ctx &c, uint16_t port, bool module) {
    const char *what = module ? "module EEPROM" : "EEPROM";
    rte_eth_dev_module_info minfo{};
    const int len =
        module ? rte_eth_dev_get_module_info(port, &minfo) : rte_eth_dev_get_eeprom_length(port);
    if (len < 0) return fail(c, eeprom_error(port, len, what));
    rte_dev_eeprom_info einfo{};
    einfo.length = module ? minfo.eeprom_len : static_cast<uint32_t>(len);
    std::vector<uint8_t> data(std::max<uint32_t>(einfo.length, 1)); // ethdev refuses no buffer
    einfo.data = data.data();
    const int rc =
        module ? rte_eth_dev_get_module_eeprom(port, &einfo) : rte_eth_dev_get_eeprom(port, &einfo);
    if (rc != 0) return fail(c, eeprom_error(port, rc, what));
    *c.out += captured([&](FILE *f) { rte_hexdump(f, "hexdump", einfo.data, einfo.length); });
    *c.out += "Finish -- Port: " + std::to_string(port) + (module ? " MODULE" : "") +
              " EEPROM length: " + std::to_string(einfo.length) + " bytes\n";
    return true;
}

// testpmd's dump_socket_mem: the heaps of each socket, their total, and from
// the second call on what changed since the previous one.
std::string socket_mem() {
    static size_t last_alloc = 0, last_total = 0;
    size_t total = 0, alloc = 0, free = 0;
    unsigned n_alloc = 0, n_free = 0;
    std::string o;
    constexpr double kMiB = 1024 * 1024;
    for (unsigned i = 0; i < RTE_MAX_NUMA_NODES; i++) {
        rte_malloc_socket_stats st{};
        if (rte_malloc_get_socket_stats(static_cast<int>(i), &st) || !st.heap_totalsz_bytes)
            continue;
        total += st.heap_totalsz_bytes;
        alloc += st.heap_allocsz_bytes;
        free += st.heap_freesz_bytes;
        n_alloc += st.alloc_count;
        n_free += st.free_count;
        o += text_format("Socket %u: size(M) total: %.6lf alloc: %.6lf(%.3lf%%) free: %.6lf "
                         "\tcount alloc: %-4u free: %u\n",
                         i, static_cast<double>(st.heap_totalsz_bytes) / kMiB,
                         static_cast<double>(st.heap_allocsz_bytes) / kMiB,
                         static_cast<double>(st.heap_allocsz_bytes) * 100 /
                             static_cast<double>(st.heap_totalsz_bytes),
                         static_cast<double>(st.heap_freesz_bytes) / kMiB, st.alloc_count,
                         st.free_count);
    }
    o += text_format("Total   : size(M) total: %.6lf alloc: %.6lf(%.3lf%%) free: %.6lf \tcount "
                     "alloc: %-4u free: %u\n",
                     static_cast<double>(total) / kMiB, static_cast<double>(alloc) / kMiB,
                     total ? static_cast<double>(alloc) * 100 / static_cast<double>(total) : 0.0,
                     static_cast<double>(free) / kMiB, n_alloc, n_free);
    if (last_alloc)
        o += text_format("Memory total change: %.6lf(M), allocation change: %.6lf(M)\n",
                         (static_cast<double>(total) - static_cast<double>(last_total)) / kMiB,
                         (static_cast<double>(alloc) - static_cast<double>(last_alloc)) / kMiB);
    last_alloc = alloc;
    last_total = total;
    return o;
}

std::string struct_sizes() {
    return "sizeof(struct rte_mbuf) = " + std::to_string(sizeof(rte_mbuf)) +
           "\nsizeof(struct rte_mempool) = " + std::to_string(sizeof(rte_mempool)) +
           "\nsizeof(struct rte_ring) = " + std::to_string(sizeof(rte_ring)) + "\n";
}

// dump_<what> (dump <what> from 25.11) without a name: EAL's list dumps, as
// testpmd's cmd_dump; what is the object's word (physmem, ring, ...).
bool dump_all(Ctx &c, const std::string &what) {
    if (what == "struct_sizes" || what == "socket_mem") {
        *c.out += what == "struct_sizes" ? struct_sizes() : socket_mem();
        return true;
    }
    if (what == "trace") { // written to EAL's trace directory; testpmd says nothing either way
        rte_trace_save();
        return true;
    }
    *c.out += captured([&](FILE *f) {
        if (what == "physmem")
            rte_dump_physmem_layout(f);
        else if (what == "memzone")
            rte_memzone_dump(f);
        else if (what == "ring")
            rte_ring_list_dump(f);
        else if (what == "mempool")
            rte_mempool_list_dump(f);
        else if (what == "devargs")
            rte_devargs_dump(f);
        else if (what == "lcores")
            rte_lcore_dump(f);
        else
            rte_log_dump(f);
    });
    return true;
}

// dump_ring|dump_mempool <name>: one of them, looked up by name.
bool dump_one(Ctx &c, bool ring, const std::string &name) {
    if (ring) {
        rte_ring *r = rte_ring_lookup(name.c_str());
        if (r == nullptr) return fail(c, "Cannot find ring");
        *c.out += captured([&](FILE *f) { rte_ring_dump(f, r); });
        return true;
    }
    rte_mempool *mp = rte_mempool_lookup(name.c_str());
    if (mp == nullptr) return fail(c, "Cannot find mempool");
    *c.out += captured([&](FILE *f) { rte_mempool_dump(f, mp); });
    return true;
}

// testpmd's dump commands without a name; each its own row, since a choice
// of first words would answer any unknown word with "Bad arguments". testpmd
// 23.03 added lcores, 23.07 trace; 25.11 made "dump_<what>" "dump <what>".
#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)
#define DUMP "dump "
#else
#define DUMP "dump_"
#endif
constexpr size_t kDumpPrefix = sizeof(DUMP) - 1;
constexpr const char *kDumps[] = {DUMP "physmem",      DUMP "memzone", DUMP "socket_mem",
                                  DUMP "struct_sizes", DUMP "ring",    DUMP "mempool",
                                  DUMP "devargs",
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
                                  DUMP "lcores",
#endif
#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
                                  DUMP "trace",
#endif
                                  DUMP "log_types"};

} // namespace

std::vector<Spec> port_display_commands() {
    std::vector<Spec> v = {
        {.syntax = "show port <port> macs|mcast_macs",
         .help = "the port's unicast addresses, or the multicast ones added",
         .run =
             [](Ctx &c, const Args &a) {
                 return a.word(1) == "macs" ? show_macs(c, a.port(0))
                                            : show_mcast_macs(c, a.port(0));
             }},
        {.syntax = "show port <port> rss reta <size> <masks>",
         .help = "the redirection table entries the masks select, e.g. (0xffff,0xffff)",
         .types = {arg::number("<size>", "size", 0, 65535)},
         .run = show_reta},
        {.syntax = "show port <port> ptypes",
         .help = "the packet types the port's PMD recognises, layer by layer",
         .run = show_ptypes},
        {.syntax = "show port <port> rxq|txq <queue> desc <desc> status",
         .help = "the state of one descriptor of a queue",
         .types = {arg::number("<desc>", "desc", 0, UINT16_MAX)},
         .run = show_desc_status},
        {.syntax = kUsedCountSyntax,
         .help = "the descriptors a queue holds",
         .run = show_used_count},
        {.syntax = "show port dcb_tc all|<port>",
         .help = "the port's DCB traffic classes: priorities, bandwidth, queues",
         .run = each_port<show_dcb>},
        {.syntax = "show port <port> eeprom",
         .help = "the device's EEPROM, in hex",
         .run = [](Ctx &c, const Args &a) { return show_eeprom(c, a.port(0), false); }},
        {.syntax = "show port <port> module_eeprom",
         .help = "the plugged module's EEPROM, in hex",
         .run = [](Ctx &c, const Args &a) { return show_eeprom(c, a.port(0), true); }},
        {.syntax = DUMP "ring <name>",
         .help = "one ring by name",
         .run = [](Ctx &c, const Args &a) { return dump_one(c, true, a.word(0)); }},
        {.syntax = DUMP "mempool <name>",
         .help = "one mempool by name",
         .run = [](Ctx &c, const Args &a) { return dump_one(c, false, a.word(0)); }},
    };
    for (const char *dump : kDumps)
        v.push_back(
            {.syntax = dump,
             .help = "EAL's view (memory, memzones, sizes, rings, pools, devargs, "
                     "lcores, logs)",
             .run = [dump](Ctx &c, const Args &) { return dump_all(c, dump + kDumpPrefix); }});
    return v;
}

#undef DUMP

} // namespace pmdfwd::shell
