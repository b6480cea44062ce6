#include "observe/telemetry.h"

#include "observe/rate_window.h"
#include "observe/tel_data.h"
#include "text/text_format.h"

#include <rte_cycles.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string_view>

namespace pmdfwd::telemetry {

bool parse_first_stream(const char *params, size_t *first) {
    *first = 0;
    if (params == nullptr || *params == '\0') return true;
    // Digits only: strtoul would take " -1" as 2^64-1 and "1x" as 1.
    const std::string_view text(params);
    if (text.size() > 19 || text.find_first_not_of("0123456789") != std::string_view::npos)
        return false;
    for (char c : text)
        *first = *first * 10 + static_cast<size_t>(c - '0');
    return true;
}

bool no_params(const char *params) {
    return params == nullptr || *params == '\0';
}

namespace {

// Rate windows last 1/N s: the application closes one whenever its wait
// loop comes round after that (every 50-100 ms).
constexpr uint64_t kWindowsPerSecond = 4;

// The state the endpoints share. Never destroyed: a telemetry thread may
// still answer while the process exits.
struct Board {
    std::mutex mu; // held by an endpoint for its whole answer
    std::shared_ptr<const TelemetrySnapshot> snap;
    RateWindow rates; // closed by sample_rates only
    bool registered = false;
};

Board &board() {
    static Board *b = new Board;
    return *b;
}

int unavailable(rte_tel_data *d) {
    rte_tel_data_string(d, "pmdfwd is not forwarding: starting up or shutting down");
    return 0;
}

// Ports first, then streams: (rx, tx) of each.
std::vector<uint64_t> counts_of(const FwdStats &f) {
    std::vector<uint64_t> v;
    for (const PortFwdStats &p : f.ports)
        v.push_back(p.rx), v.push_back(p.tx);
    for (const StreamStats &s : f.streams)
        v.push_back(s.rx), v.push_back(s.tx);
    return v;
}

tel::Fields port_fields(const PortFwdStats &p, const uint64_t *pps) {
    return {{"port", p.port},
            {"rx_packets", p.rx},
            {"rx_dropped", p.rx_dropped},
            {"rx_total", p.rx + p.rx_dropped},
            {"rx_errors", p.rx_errors},
            {"rx_nombuf", p.rx_nombuf},
            {"tx_packets", p.tx},
            {"tx_dropped", p.tx_dropped},
            {"tx_total", p.tx + p.tx_dropped},
            {"rx_pps", pps[0]},
            {"tx_pps", pps[1]}};
}

tel::Fields stream_fields(size_t idx, unsigned lcore, const StreamStats &s, const uint64_t *pps) {
    return {{"stream", idx},
            {"lcore", lcore},
            {"rx_port", s.spec.rx_port},
            {"rx_queue", s.spec.rx_queue},
            {"tx_port", s.spec.tx_port},
            {"tx_queue", s.spec.tx_queue},
            {"rx_packets", s.rx},
            {"tx_packets", s.tx},
            {"tx_dropped", s.dropped},
            {"tx_retries", s.retries},
            {"engine_untouched", s.untouched},
            {"engine_consumed", s.consumed},
            {"engine_generated", s.generated},
            {"core_cycles", s.cycles},
            {"rx_pps", pps[0]},
            {"tx_pps", pps[1]}};
}

tel::Fields total_fields(const FwdStats &f, const std::vector<uint64_t> &rates) {
    PortFwdStats t;
    uint64_t rx_pps = 0, tx_pps = 0;
    for (size_t i = 0; i < f.ports.size(); i++) {
        const PortFwdStats &p = f.ports[i];
        t.rx += p.rx, t.rx_dropped += p.rx_dropped, t.rx_nombuf += p.rx_nombuf;
        t.tx += p.tx, t.tx_dropped += p.tx_dropped;
        rx_pps += rates[2 * i], tx_pps += rates[2 * i + 1];
    }
    return {{"rx_packets", t.rx},
            {"rx_dropped", t.rx_dropped},
            {"rx_total", t.rx + t.rx_dropped},
            {"rx_nombuf", t.rx_nombuf},
            {"tx_packets", t.tx},
            {"tx_dropped", t.tx_dropped},
            {"tx_total", t.tx + t.tx_dropped},
            {"rx_pps", rx_pps},
            {"tx_pps", tx_pps}};
}

// Adds streams from `first` while the reply has room; returns the next
// stream not listed (== size when all were).
size_t add_streams(rte_tel_data *d, const FwdStats &f, const FwdView &v,
                   const std::vector<uint64_t> &rates, size_t first, size_t used) {
    const size_t base = 2 * f.ports.size();
    size_t entries = f.ports.size();
    size_t i = first;
    for (; i < f.streams.size() && entries < tel::kMaxEntries; i++, entries++) {
        const unsigned lcore = i < v.stream_lcores.size() ? v.stream_lcores[i] : 0;
        const std::string key = "stream_" + std::to_string(i);
        const tel::Fields fields = stream_fields(i, lcore, f.streams[i], &rates[base + 2 * i]);
        used += tel::json_bound(key.c_str(), fields);
        if (used > tel::kReplyBudget) break;
        tel::add_dict(d, key.c_str(), fields);
    }
    return i;
}

int cmd_stats(const char *, const char *params, rte_tel_data *d) {
    size_t first = 0;
    if (!parse_first_stream(params, &first)) return -EINVAL;
    Board &b = board();
    std::lock_guard lock(b.mu);
    if (!b.snap) return unavailable(d);
    const FwdView &v = b.snap->fwd;
    const FwdStats f = collect_fwd_stats(v, false);
    const std::vector<uint64_t> rates = b.rates.rates(v.streams.get(), counts_of(f).size());
    rte_tel_data_start_dict(d);
    tel::add_string(d, "engine", f.engine);
    tel::add_uint(d, "running", v.running);
    tel::add_uint(d, "nb_ports", f.ports.size());
    tel::add_uint(d, "nb_streams", f.streams.size());
    tel::add_uint(d, "first_stream", first);
    tel::add_uint(d, "tsc_hz", f.tsc_hz);
    const tel::Fields total = total_fields(f, rates);
    tel::add_dict(d, "total", total);
    size_t used = tel::json_bound("total", total);
    for (size_t i = 0; i < f.ports.size(); i++) {
        const std::string key = "port_" + std::to_string(f.ports[i].port);
        const tel::Fields fields = port_fields(f.ports[i], &rates[2 * i]);
        used += tel::json_bound(key.c_str(), fields);
        tel::add_dict(d, key.c_str(), fields);
    }
    const size_t next = add_streams(d, f, v, rates, first, used);
    if (next < f.streams.size()) tel::add_uint(d, "next_stream", next);
    return 0;
}

// The streams from `first` while the reply has room; *next is the first
// one not listed (== the count when all were), as /pmdfwd/stats pages them.
std::vector<std::string> stream_lines(const TelemetrySnapshot &s, size_t first, size_t *next) {
    std::vector<std::string> v;
    size_t used = 0, i = std::min(first, s.streams.size());
    for (; i < s.streams.size(); i++) {
        const PlannedStream &p = s.streams[i];
        std::string line = text_format("RX P=%u/Q=%u -> TX P=%u/Q=%u lcore %u", p.spec.rx_port,
                                       p.spec.rx_queue, p.spec.tx_port, p.spec.tx_queue, p.lcore);
        used += line.size() + 3;
        if (used > tel::kReplyBudget / 2 || v.size() == RTE_TEL_MAX_ARRAY_ENTRIES) break;
        v.push_back(std::move(line));
    }
    *next = i;
    return v;
}

int cmd_config(const char *, const char *params, rte_tel_data *d) {
    size_t first = 0;
    if (!parse_first_stream(params, &first)) return -EINVAL;
    Board &b = board();
    std::lock_guard lock(b.mu);
    if (!b.snap) return unavailable(d);
    const TelemetrySnapshot &s = *b.snap;
    const Config &c = s.cfg;
    rte_tel_data_start_dict(d);
    tel::add_string(d, "forward_mode", c.forward_mode);
    tel::add_uint(d, "running", s.fwd.running);
    tel::add_uint(d, "tx_retry", c.tx_retry);
    tel::add_uint(d, "tx_retry_num", c.tx_retry_num);
    tel::add_uint(d, "tx_retry_delay_us", c.tx_retry_delay_us);
    tel::add_string(d, "port_topology", to_string(c.topology));
    tel::add_uint(d, "burst", c.burst);
    tel::add_uint(d, "nb_cores", c.nb_cores);
    tel::add_uint_array(d, "fwd_lcores", {s.fwd_lcores.begin(), s.fwd_lcores.end()});
    tel::add_uint(d, "nb_ports", s.ports.size());
    tel::add_uint_array(d, "ports", {s.ports.begin(), s.ports.end()});
    tel::add_uint(d, "nb_rxq", c.nb_rxq);
    tel::add_uint(d, "nb_txq", c.nb_txq);
    tel::add_uint(d, "nb_rxd", c.nb_rxd);
    tel::add_uint(d, "nb_txd", c.nb_txd);
    tel::add_uint(d, "mbuf_cache", c.mbuf_cache);
    tel::add_uint_array(d, "txpkts", {c.txpkts.begin(), c.txpkts.end()});
    tel::add_uint(d, "record_core_cycles", c.record_core_cycles);
    tel::add_uint(d, "record_burst_stats", c.record_burst_stats);
    tel::add_int(d, "latencystats_lcore", c.latencystats_lcore);
    tel::add_int(d, "bitrate_lcore", c.bitrate_lcore);
    tel::add_uint(d, "nb_streams", s.streams.size());
    if (!s.streams_error.empty()) tel::add_string(d, "streams_error", s.streams_error);
    size_t next = 0;
    tel::add_uint(d, "first_stream", first);
    tel::add_string_array(d, "streams", stream_lines(s, first, &next));
    // A list cut by the reply's size says so, and where to go on.
    if (next < s.streams.size()) tel::add_uint(d, "next_stream", next);
    return 0;
}

rte_tel_data *engine_dict(const EngineEntry &e) {
    rte_tel_data *c = rte_tel_data_alloc();
    if (c == nullptr) return nullptr;
    rte_tel_data_start_dict(c);
    tel::add_string(c, "name", e.name);
    tel::add_string(c, "summary", e.summary);
    rte_tel_data_add_dict_string(c, "origin", tel::fit(e.origin, true).c_str());
    tel::add_uint(c, "no_rx", (e.flags & PMDFWD_ENGINE_F_NO_RX) != 0);
    tel::add_uint(c, "generator", (e.flags & PMDFWD_ENGINE_F_GENERATOR) != 0);
    tel::add_uint(c, "parameters", e.has_params);
    return c;
}

// DPDK 22.11 keeps no dictionary in an array and no '-' in a key (engine
// names may have one): one "engine_N" entry per engine, sorted by name.
int cmd_engines(const char *, const char *params, rte_tel_data *d) {
    if (!no_params(params)) return -EINVAL;
    Board &b = board();
    std::lock_guard lock(b.mu);
    if (!b.snap) return unavailable(d);
    rte_tel_data_start_dict(d);
    tel::add_uint(d, "nb_engines", b.snap->engines.size());
    for (size_t i = 0; i < b.snap->engines.size() && i < tel::kMaxEntries; i++) {
        rte_tel_data *c = engine_dict(b.snap->engines[i]);
        const std::string key = "engine_" + std::to_string(i);
        if (c != nullptr) tel::add_container(d, key.c_str(), c);
    }
    return 0;
}

int cmd_engine(const char *, const char *params, rte_tel_data *d) {
    if (!no_params(params)) return -EINVAL;
    Board &b = board();
    std::lock_guard lock(b.mu);
    if (!b.snap) return unavailable(d);
    const TelemetrySnapshot &s = *b.snap;
    rte_tel_data_start_dict(d);
    tel::add_string(d, "name", s.engine.name);
    tel::add_uint(d, "running", s.fwd.running);
    rte_tel_data_add_dict_string(d, "origin", tel::fit(s.engine.origin, true).c_str());
    tel::add_string(d, "summary", s.engine.summary);
    tel::add_string_array(d, "state", s.engine_state);
    return 0;
}

struct Endpoint {
    const char *cmd;
    telemetry_cb fn;
    const char *help;
};

constexpr Endpoint kEndpoints[] = {
    {"/pmdfwd/stats", cmd_stats,
     "Forward statistics as `show fwd stats`, per port and stream, with packets/s. "
     "Parameters: first stream (optional)"},
    {"/pmdfwd/config", cmd_config,
     "Forwarding configuration: mode, topology, lcores, streams, burst, queues. "
     "Parameters: first stream (optional)"},
    {"/pmdfwd/engines", cmd_engines,
     "Registered forwarding engines and where they come from. No parameters"},
    {"/pmdfwd/engine", cmd_engine,
     "The running (else configured) engine's own state, as show fwd <mode>. No parameters"},
};

void register_endpoints() {
    for (const Endpoint &e : kEndpoints)
        if (int rc = rte_telemetry_register_cmd(e.cmd, e.fn, e.help); rc != 0)
            std::fprintf(stderr, "pmdfwd: cannot register telemetry command %s (error %d)\n", e.cmd,
                         rc);
}

} // namespace

void publish(std::shared_ptr<const TelemetrySnapshot> s) {
    Board &b = board();
    std::lock_guard lock(b.mu);
    if (!b.registered) register_endpoints();
    b.registered = true;
    b.snap = std::move(s);
}

void withdraw() {
    Board &b = board();
    std::lock_guard lock(b.mu);
    b.snap.reset();
}

void sample_rates() {
    Board &b = board();
    std::lock_guard lock(b.mu);
    if (!b.snap) return;
    const FwdView &v = b.snap->fwd;
    const uint64_t hz = rte_get_tsc_hz();
    b.rates.sample(v.streams.get(), counts_of(collect_fwd_stats(v, false)), rte_rdtsc(),
                   hz / kWindowsPerSecond, hz);
}

} // namespace pmdfwd::telemetry
