#include "fwd/fwd_stats.h"

#include "text/text_format.h"

#include <cinttypes>
#include <cstdio>

namespace pmdfwd {

namespace {

uint64_t per_second(uint64_t delta, uint64_t cycles, uint64_t hz) {
    return cycles ? static_cast<uint64_t>(static_cast<double>(delta) * static_cast<double>(hz) /
                                          static_cast<double>(cycles))
                  : 0;
}

uint64_t delta(uint64_t now, uint64_t prev) {
    return now >= prev ? now - prev : now;
}

// testpmd's pkt_burst_stats_display: the empty bursts always first, then
// the two most frequent sizes, each with its share (truncated, the last one
// gets what is left), and "other" for the rest.
std::string burst_line(const char *dir, const BurstHistogram &h) {
    uint64_t total = h[0];
    uint64_t count[3] = {h[0], 0, 0};
    size_t size[3] = {0, 0, 0};
    for (size_t n = 1; n < h.size(); n++) {
        if (h[n] == 0) continue;
        total += h[n];
        if (h[n] > count[1]) {
            count[2] = count[1], size[2] = size[1];
            count[1] = h[n], size[1] = n;
        } else if (h[n] > count[2]) {
            count[2] = h[n], size[2] = n;
        }
    }
    if (total == 0) return {};
    std::string s = text_format("  %s-bursts : %" PRIu64 " [", dir, total);
    uint64_t sum = 0;
    int shown = 0;
    for (int i = 0; i < 3; i++) {
        sum += count[i];
        if (sum == total) return s + text_format("%d%% of %zu pkts]\n", 100 - shown, size[i]);
        const int pct =
            static_cast<int>(static_cast<double>(count[i]) / static_cast<double>(total) * 100);
        s += text_format("%d%% of %zu pkts + ", pct, size[i]);
        shown += pct;
    }
    return s + text_format("%d%% of other]\n", 100 - shown);
}

// testpmd prints a port's burst lines in its block when no stream block is
// shown: those of the stream that receives from it and of the one that
// sends to it (the last of each, as its ports_stats[] keeps them).
std::string port_burst_lines(const FwdStats &f, uint16_t port) {
    const BurstHistogram *rx = nullptr, *tx = nullptr;
    for (size_t i = 0; i < f.streams.size() && i < f.bursts.size(); i++) {
        if (f.streams[i].spec.rx_port == port) rx = &f.bursts[i].rx;
        if (f.streams[i].spec.tx_port == port) tx = &f.bursts[i].tx;
    }
    return (rx ? burst_line("RX", *rx) : "") + (tx ? burst_line("TX", *tx) : "");
}

// --record-burst-stats as JSON: every burst size that occurred, as
// [size, count] pairs in increasing size (the text form keeps only the top two).
std::string bursts_json(const BurstHistogram &h) {
    std::string s = "[";
    for (size_t i = 0; i < h.size(); i++)
        if (h[i]) s += text_format("%s[%zu,%" PRIu64 "]", s.size() > 1 ? "," : "", i, h[i]);
    return s + "]";
}

std::string cksum_json(const RxCksumStats &b) {
    return text_format(",\"rx_bad_ip_csum\":%" PRIu64 ",\"rx_bad_l4_csum\":%" PRIu64
                       ",\"rx_bad_outer_l4_csum\":%" PRIu64 ",\"rx_bad_outer_ip_csum\":%" PRIu64,
                       b.ip, b.l4, b.outer_l4, b.outer_ip);
}

const char kFwdBorder[] = "----------------------";
const char kAccBorder[] = "+++++++++++++++";

} // namespace

PortRate RateTracker::update(uint16_t port, const rte_eth_stats &now, uint64_t tsc, uint64_t hz) {
    PortRate r;
    auto it = prev_.find(port);
    if (it != prev_.end()) {
        const uint64_t cycles = tsc - it->second.tsc;
        const rte_eth_stats &p = it->second.stats;
        r.rx_pps = per_second(delta(now.ipackets, p.ipackets), cycles, hz);
        r.tx_pps = per_second(delta(now.opackets, p.opackets), cycles, hz);
        r.rx_bps = per_second(delta(now.ibytes, p.ibytes), cycles, hz) * 8;
        r.tx_bps = per_second(delta(now.obytes, p.obytes), cycles, hz) * 8;
    }
    prev_[port] = Prev{now, tsc};
    return r;
}

std::string port_stats_text(uint16_t port, const rte_eth_stats &s, const PortRate &r,
                            const std::vector<XstatSample> &xstats) {
    const char *border = "########################";
    std::string o = text_format("\n  %s NIC statistics for port %-2d %s\n", border, port, border);
    o += text_format("  RX-packets: %-10" PRIu64 " RX-missed: %-10" PRIu64 " RX-bytes:  %-" PRIu64
                     "\n",
                     s.ipackets, s.imissed, s.ibytes);
    o += text_format("  RX-errors: %-" PRIu64 "\n", s.ierrors);
    o += text_format("  RX-nombuf:  %-10" PRIu64 "\n", s.rx_nombuf);
    o += text_format("  TX-packets: %-10" PRIu64 " TX-errors: %-10" PRIu64 " TX-bytes:  %-" PRIu64
                     "\n",
                     s.opackets, s.oerrors, s.obytes);
    o += "\n  Throughput (since last show)\n";
    o +=
        text_format("  Rx-pps: %12" PRIu64 "          Rx-bps: %12" PRIu64 "\n", r.rx_pps, r.rx_bps);
    o +=
        text_format("  Tx-pps: %12" PRIu64 "          Tx-bps: %12" PRIu64 "\n", r.tx_pps, r.tx_bps);
    if (!xstats.empty()) {
        o += text_format("\n%-31s%-17s%s\n", " ", "Value", "Rate (since last show)");
        for (const XstatSample &x : xstats)
            o += text_format("  %-25s%12" PRIu64 " %15" PRIu64 "\n", x.name.c_str(), x.value,
                             x.rate);
    }
    o += text_format("  %s############################%s\n", border, border);
    return o;
}

std::string port_stats_json(uint16_t port, const rte_eth_stats &s, const PortRate &r,
                            const std::vector<XstatSample> &xstats) {
    std::string o = text_format(
        "{\"type\":\"port_stats\",\"port\":%u,\"rx_packets\":%" PRIu64 ",\"rx_missed\":%" PRIu64
        ",\"rx_bytes\":%" PRIu64 ",\"rx_errors\":%" PRIu64 ",\"rx_nombuf\":%" PRIu64
        ",\"tx_packets\":%" PRIu64 ",\"tx_errors\":%" PRIu64 ",\"tx_bytes\":%" PRIu64
        ",\"rx_pps\":%" PRIu64 ",\"tx_pps\":%" PRIu64 ",\"rx_bps\":%" PRIu64 ",\"tx_bps\":%" PRIu64,
        port, s.ipackets, s.imissed, s.ibytes, s.ierrors, s.rx_nombuf, s.opackets, s.oerrors,
        s.obytes, r.rx_pps, r.tx_pps, r.rx_bps, r.tx_bps);
    if (!xstats.empty()) {
        o += ",\"xstats\":{";
        // xstat names are PMD-chosen identifiers ([a-z0-9_]): no escaping.
        for (size_t i = 0; i < xstats.size(); i++)
            o += text_format("%s\"%s\":{\"value\":%" PRIu64 ",\"rate\":%" PRIu64 "}", i ? "," : "",
                             xstats[i].name.c_str(), xstats[i].value, xstats[i].rate);
        o += "}";
    }
    return o + "}\n";
}

// testpmd shows a block per stream only when there are more streams than
// ports, and the burst lines in it; else the burst lines go into the ports'
// blocks. pmdfwd adds a block for a stream whose engine counted something
// of its own.
static bool streams_outnumber_ports(const FwdStats &f) {
    return f.streams.size() > f.ports.size();
}

static bool stream_block_shown(const StreamStats &st, const FwdStats &f, bool additions) {
    if (streams_outnumber_ports(f)) return true;
    return additions && (st.untouched || st.consumed || st.generated || st.overruns);
}

static std::string stream_text(size_t i, const FwdStats &f, bool additions) {
    const StreamStats &st = f.streams[i];
    if (!stream_block_shown(st, f, additions)) return {};
    // testpmd leaves out a stream that saw nothing.
    if (st.rx == 0 && st.tx == 0 && st.dropped == 0) return {};
    const StreamSpec &sp = st.spec;
    std::string o =
        text_format("\n  ------- Forward Stats for RX Port=%2d/Queue=%2d -> TX Port=%2d/Queue=%2d "
                    "-------\n",
                    sp.rx_port, sp.rx_queue, sp.tx_port, sp.tx_queue);
    o += text_format("  RX-packets: %-14" PRIu64 " TX-packets: %-14" PRIu64
                     " TX-dropped: %-14" PRIu64,
                     st.rx, st.tx, st.dropped);
    if (f.rx_cksum_stats) {
        const RxCksumStats &b = st.bad_cksum;
        o += text_format("  RX- bad IP checksum: %-14" PRIu64 "  Rx- bad L4 checksum: %-14" PRIu64
                         " Rx- bad outer L4 checksum: %-14" PRIu64 "\n",
                         b.ip, b.l4, b.outer_l4);
        o += text_format(" RX- bad outer IP checksum: %-14" PRIu64 "\n", b.outer_ip);
    } else {
        o += "\n";
    }
    if (st.untouched || st.consumed || st.generated)
        o += text_format("  Engine-untouched: %-8" PRIu64 " Engine-consumed: %-9" PRIu64
                         " Engine-generated: %-" PRIu64 "\n",
                         st.untouched, st.consumed, st.generated);
    if (st.overruns)
        o += text_format("  Engine-overruns: %-" PRIu64
                         " (bursts that returned more than max packets)\n",
                         st.overruns);
    if (f.record_bursts && streams_outnumber_ports(f) && i < f.bursts.size())
        o += burst_line("RX", f.bursts[i].rx) + burst_line("TX", f.bursts[i].tx);
    return o;
}

std::string fwd_stats_text(const FwdStats &f, bool additions) {
    std::string o;
    for (size_t i = 0; i < f.streams.size(); i++)
        o += stream_text(i, f, additions);
    PortFwdStats total;
    for (const PortFwdStats &p : f.ports) {
        o += text_format("\n  %s Forward statistics for port %-2d %s\n", kFwdBorder, p.port,
                         kFwdBorder);
        o += text_format("  RX-packets: %-14" PRIu64 " RX-dropped: %-14" PRIu64
                         "RX-total: %-" PRIu64 "\n",
                         p.rx, p.rx_dropped, p.rx + p.rx_dropped);
        if (f.rx_cksum_stats) {
            o += text_format("  Bad-ipcsum: %-14" PRIu64 " Bad-l4csum: %-14" PRIu64
                             "Bad-outer-l4csum: %-14" PRIu64 "\n",
                             p.bad_cksum.ip, p.bad_cksum.l4, p.bad_cksum.outer_l4);
            o += text_format("  Bad-outer-ipcsum: %-14" PRIu64 "\n", p.bad_cksum.outer_ip);
        }
        if (p.rx_errors + p.rx_nombuf > 0) {
            o += text_format("  RX-error: %-" PRIu64 "\n", p.rx_errors);
            o += text_format("  RX-nombufs: %-14" PRIu64 "\n", p.rx_nombuf);
        }
        o += text_format("  TX-packets: %-14" PRIu64 " TX-dropped: %-14" PRIu64
                         "TX-total: %-" PRIu64 "\n",
                         p.tx, p.tx_dropped, p.tx + p.tx_dropped);
        if (f.record_bursts && !streams_outnumber_ports(f)) o += port_burst_lines(f, p.port);
        o += text_format("  %s--------------------------------%s\n", kFwdBorder, kFwdBorder);
        total.rx += p.rx, total.rx_dropped += p.rx_dropped, total.rx_nombuf += p.rx_nombuf;
        total.tx += p.tx, total.tx_dropped += p.tx_dropped;
    }
    o += text_format("\n  %s Accumulated forward statistics for all ports%s\n", kAccBorder,
                     kAccBorder);
    o += text_format("  RX-packets: %-14" PRIu64 " RX-dropped: %-14" PRIu64 "RX-total: %-" PRIu64
                     "\n",
                     total.rx, total.rx_dropped, total.rx + total.rx_dropped);
    o += text_format("  TX-packets: %-14" PRIu64 " TX-dropped: %-14" PRIu64 "TX-total: %-" PRIu64
                     "\n",
                     total.tx, total.tx_dropped, total.tx + total.tx_dropped);
    if (total.rx_nombuf > 0) o += text_format("  RX-nombufs: %-14" PRIu64 "\n", total.rx_nombuf);
    o += text_format("  %s++++++++++++++++++++++++++++++++++++++++++++++%s\n", kAccBorder,
                     kAccBorder);
    if (f.record_cycles) {
        uint64_t cycles = 0, pkts = 0;
        for (const StreamStats &st : f.streams)
            cycles += st.cycles, pkts += st.rx ? st.rx : st.tx;
        if (pkts > 0)
            o += text_format("\n  CPU cycles/packet=%.2F (total cycles=%" PRIu64
                             " / total %s packets=%" PRIu64 ") at %" PRIu64 " MHz Clock\n",
                             static_cast<double>(cycles) / static_cast<double>(pkts), cycles,
                             f.engine.c_str(), pkts, f.tsc_hz / 1000000);
    }
    return o;
}

namespace {

struct Totals {
    uint64_t rx = 0, tx = 0, rx_pps = 0, tx_pps = 0;
};

Totals totals(const FwdStats &f, double seconds) {
    Totals t;
    for (const PortFwdStats &p : f.ports)
        t.rx += p.rx, t.tx += p.tx;
    if (seconds > 0) {
        t.rx_pps = static_cast<uint64_t>(static_cast<double>(t.rx) / seconds);
        t.tx_pps = static_cast<uint64_t>(static_cast<double>(t.tx) / seconds);
    }
    return t;
}

} // namespace

std::string run_summary_text(const FwdStats &f, double seconds) {
    const Totals t = totals(f, seconds);
    return text_format("\n  Forwarded for %.2f s: RX-packets: %" PRIu64 " (average Rx-pps: %" PRIu64
                       ") TX-packets: %" PRIu64 " (average Tx-pps: %" PRIu64 ")\n",
                       seconds, t.rx, t.rx_pps, t.tx, t.tx_pps);
}

std::string run_summary_json(const FwdStats &f, double seconds) {
    const Totals t = totals(f, seconds);
    return text_format("{\"type\":\"run_summary\",\"seconds\":%.3f,\"rx_packets\":%" PRIu64
                       ",\"tx_packets\":%" PRIu64 ",\"rx_pps\":%" PRIu64 ",\"tx_pps\":%" PRIu64
                       "}\n",
                       seconds, t.rx, t.tx, t.rx_pps, t.tx_pps);
}

std::string fwd_stats_json(const FwdStats &f) {
    std::string o = "{\"type\":\"fwd_stats\",\"engine\":\"" + f.engine + "\",\"streams\":[";
    uint64_t cycles = 0, pkts = 0;
    for (size_t i = 0; i < f.streams.size(); i++) {
        const StreamStats &st = f.streams[i];
        cycles += st.cycles, pkts += st.rx ? st.rx : st.tx;
        o += text_format(
            "%s{\"rx_port\":%u,\"rx_queue\":%u,\"tx_port\":%u,\"tx_queue\":%u,\"rx_packets\":"
            "%" PRIu64 ",\"tx_packets\":%" PRIu64 ",\"tx_dropped\":%" PRIu64
            ",\"tx_retries\":%" PRIu64 ",\"engine_untouched\":%" PRIu64
            ",\"engine_consumed\":%" PRIu64 ",\"engine_generated\":%" PRIu64
            ",\"engine_overruns\":%" PRIu64 ",\"core_cycles\":%" PRIu64,
            i ? "," : "", st.spec.rx_port, st.spec.rx_queue, st.spec.tx_port, st.spec.tx_queue,
            st.rx, st.tx, st.dropped, st.retries, st.untouched, st.consumed, st.generated,
            st.overruns, st.cycles);
        if (f.record_bursts) {
            static const StreamBursts none{};
            const StreamBursts &b = i < f.bursts.size() ? f.bursts[i] : none;
            o += ",\"rx_bursts\":" + bursts_json(b.rx) + ",\"tx_bursts\":" + bursts_json(b.tx);
        }
        if (f.rx_cksum_stats) o += cksum_json(st.bad_cksum);
        o += "}";
    }
    o += "],\"ports\":[";
    for (size_t i = 0; i < f.ports.size(); i++) {
        const PortFwdStats &p = f.ports[i];
        o += text_format("%s{\"port\":%u,\"rx_packets\":%" PRIu64 ",\"rx_dropped\":%" PRIu64
                         ",\"rx_errors\":%" PRIu64 ",\"rx_nombuf\":%" PRIu64
                         ",\"tx_packets\":%" PRIu64 ",\"tx_dropped\":%" PRIu64,
                         i ? "," : "", p.port, p.rx, p.rx_dropped, p.rx_errors, p.rx_nombuf, p.tx,
                         p.tx_dropped);
        if (f.rx_cksum_stats) o += cksum_json(p.bad_cksum);
        o += "}";
    }
    o += "]";
    if (f.record_cycles && pkts > 0)
        o += text_format(",\"cycles_per_packet\":%.2f,\"tsc_hz\":%" PRIu64,
                         static_cast<double>(cycles) / static_cast<double>(pkts), f.tsc_hz);
    return o + "}\n";
}

} // namespace pmdfwd
