// testpmd's segment configuration: RX buffer split (`set rxpkts|rxoffs|rxhdrs`,
// applied at the queues' next setup where a port has the buffer_split RX
// offload), the generated frames' segments (`set txpkts`, `set txsplit`),
// the TX scheduling gaps (`set txtimes`), and `show config` of each.
#include "shell/command_families.h"

#include "options/rx_headers.h"
#include "options/scalar_parse.h"
#include "shell/item_list.h"

#include <rte_ether.h>

#include <optional>

namespace pmdfwd::shell {

namespace {

// testpmd's MAX_SEGS_BUFFER_SPLIT and RTE_MAX_SEGS_PER_PKT.
constexpr unsigned kMaxRxSegs = 8;
constexpr unsigned kMaxTxSegs = 255;
// testpmd's parse_item_list (no unique check), or its message and nothing.
std::optional<std::vector<uint32_t>> parse_items(Ctx &c, const std::string &text,
                                                 const char *item_name, unsigned max_items) {
    Result<std::vector<uint32_t>> items = parse_item_list(text, item_name, max_items);
    if (!items) {
        fail(c, items.message());
        return std::nullopt;
    }
    return *items;
}

// `set rxpkts|rxoffs|rxhdrs` change what the next queue setup asks for,
// refused or not (testpmd's cmd_reconfig_device_queue(RTE_PORT_ALL, 0, 1)).
bool queues_again(Ctx &c, bool ok) {
    c.ports.reconfigure(std::nullopt, false, true);
    return ok;
}

// testpmd's set_rx_pkt_segments / set_rx_pkt_offsets.
bool set_rx_list(Ctx &c, const Args &a, bool offsets) {
    const auto items =
        parse_items(c, a.word(0), offsets ? "segment offsets" : "segment lengths", kMaxRxSegs);
    if (!items) return queues_again(c, false);
    if (items->size() >= kMaxRxSegs) {
        // testpmd prints this one on stdout, and goes on as if it succeeded.
        *c.out += "nb segments per RX packets=" + std::to_string(items->size()) +
                  " >= MAX_SEGS_BUFFER_SPLIT - ignored\n";
        return queues_again(c, true);
    }
    for (size_t i = 0; i < items->size(); i++)
        if ((*items)[i] >= UINT16_MAX) {
            *c.out += std::string(offsets ? "offset[" : "length[") + std::to_string(i) +
                      "]=" + std::to_string((*items)[i]) + " > UINT16_MAX - give up\n";
            return queues_again(c, true);
        }
    std::vector<uint16_t> v(items->begin(), items->end());
    (offsets ? c.config.rxoffs : c.config.rxpkts) = std::move(v);
    return queues_again(c, true);
}

// testpmd's parse_hdrs_list and set_rx_pkt_hdrs (options/rx_headers.h).
bool set_rxhdrs(Ctx &c, const Args &a) {
    return queues_again(c, set_rx_headers(c.config, a.word(0), c.out));
}

// testpmd's set_tx_pkt_segments, then what pmdfwd's generators can send
// (its --txpkts rule: 1..8 segments of 1 byte or more).
bool set_txpkts(Ctx &c, const Args &a) {
    const auto items = parse_items(c, a.word(0), "segment lengths", kMaxTxSegs);
    if (!items) return false;
    const uint16_t data_size = c.config.mbuf_sizes.empty() ? 0 : c.config.mbuf_sizes[0];
    uint16_t total = 0;
    for (size_t i = 0; i < items->size(); i++) {
        if ((*items)[i] > data_size)
            return fail(c, "length[" + std::to_string(i) + "]=" + std::to_string((*items)[i]) +
                               " > mbuf_data_size=" + std::to_string(data_size) + " - give up");
        total = static_cast<uint16_t>(total + (*items)[i]);
    }
    constexpr unsigned kMin = RTE_ETHER_HDR_LEN + 20 + 8;
    if (total < kMin)
        return fail(c, "total packet length=" + std::to_string(total) + " < " +
                           std::to_string(kMin) + " - give up");
    const auto segs = parse_txpkts(a.word(0));
    if (!segs) return fail(c, segs.message());
    c.config.txpkts = *segs;
    return true;
}

bool set_txsplit(Ctx &c, const Args &a) {
    const std::string &mode = a.word(0);
    if (mode != "on" && mode != "off" && mode != "rand")
        return fail(c, "unknown value: \"" + mode + "\"");
    c.config.txsplit = mode;
    return true;
}

bool set_txtimes(Ctx &c, const Args &a) {
    const auto items = parse_items(c, a.word(0), "tx times", 2);
    if (!items) return false;
    if (items->size() != 2) return true; // testpmd: one number changes nothing
    c.config.txtimes_inter = (*items)[0];
    c.config.txtimes_intra = (*items)[1];
    return true;
}

template <class T>
std::string joined(const std::vector<T> &v, size_t n, const char *sep) {
    std::string o;
    for (size_t i = 0; i < n; i++) {
        if (i) o += sep;
        o += std::to_string(i < v.size() ? v[i] : 0);
    }
    return o;
}

bool show_segment_config(Ctx &c, const Args &a) {
    const Config &cfg = c.config;
    const std::string &what = a.word(0);
    std::string &o = *c.out;
    const size_t nb_segs = cfg.rxpkts.size();
    if (what == "rxoffs") {
        o += "Number of offsets: " + std::to_string(cfg.rxoffs.size()) + "\n";
        // testpmd prints the last offset's place from the segment lengths.
        if (const size_t n = cfg.rxoffs.size(); n)
            o += "Segment offsets: " + joined(cfg.rxoffs, n - 1, ",") + (n > 1 ? "," : "") +
                 std::to_string(n - 1 < cfg.rxpkts.size() ? cfg.rxpkts[n - 1] : 0) + "\n";
    } else if (what == "rxpkts") {
        o += "Number of segments: " + std::to_string(nb_segs) + "\n";
        if (nb_segs) o += "Segment sizes: " + joined(cfg.rxpkts, nb_segs, ",") + "\n";
    } else if (what == "rxhdrs") {
        o += "Number of segments: " + std::to_string(nb_segs) + "\n";
        if (nb_segs) {
            o += "Packet segs: ";
            for (size_t i = 0; i + 1 < nb_segs; i++)
                o += std::string(ptype_name(i < cfg.rxhdrs.size() ? cfg.rxhdrs[i] : 0)) + ", ";
            o += "payload\n";
        }
    } else if (what == "txpkts") {
        o += "Number of segments: " + std::to_string(cfg.txpkts.size()) + "\n";
        o += "Segment sizes: " + joined(cfg.txpkts, cfg.txpkts.size(), ",") + "\n";
        o += "Split packet: " + cfg.txsplit + "\n";
    } else {
        o += "Interburst gap: " + std::to_string(cfg.txtimes_inter) + "\n";
        o += "Intraburst gap: " + std::to_string(cfg.txtimes_intra) + "\n";
    }
    return true;
}

} // namespace

std::vector<Spec> segment_commands() {
    return {
        {.syntax = "set rxpkts <len[,len]...>",
         .help = "RX buffer split segment lengths (0: the pool's data room)",
         .run = [](Ctx &c, const Args &a) { return set_rx_list(c, a, false); }},
        {.syntax = "set rxoffs <off[,off]...>",
         .help = "RX buffer split segment offsets",
         .run = [](Ctx &c, const Args &a) { return set_rx_list(c, a, true); }},
        {.syntax = "set rxhdrs <proto[,proto]...>",
         .help = "RX buffer split protocol headers (eth, ipv4, ipv4-udp, inner-eth, ...)",
         .run = set_rxhdrs},
        {.syntax = "set txpkts <len[,len]...>",
         .help = "generated frame segment lengths",
         .needs_stopped = true, // the generators read them while forwarding
         .run = set_txpkts},
        {.syntax = "set txsplit <split>",
         .help = "split generated frames: on|off|rand",
         .run = set_txsplit},
        {.syntax = "set txtimes <inter,intra>",
         .help = "TX scheduling gaps between and within bursts",
         .run = set_txtimes},
        {.syntax = "show config rxoffs|rxpkts|rxhdrs|txpkts|txtimes",
         .help = "segment settings: RX split offsets, lengths, headers; TX segments, gaps",
         .run = show_segment_config},
    };
}

} // namespace pmdfwd::shell
