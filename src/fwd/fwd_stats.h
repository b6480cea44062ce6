// Statistics in testpmd's text formats (so DTS and other parsers of
// "Rx-pps:" and "Forward statistics" work unchanged) and as JSON lines with
// the same numbers, for new tooling.
#pragma once

#include "fwd/stream.h"
#include "fwd/stream_plan.h"

#include <rte_ethdev.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace pmdfwd {

// Bad RX checksums the PMD reported (testpmd's checksum engine counters,
// PMDFWD_ENGINE_F_RX_CKSUM_STATS).
struct RxCksumStats {
    uint64_t ip = 0, l4 = 0, outer_l4 = 0, outer_ip = 0;
};

struct StreamStats {
    StreamSpec spec;
    uint64_t rx = 0, tx = 0, dropped = 0, retries = 0, cycles = 0;
    uint64_t untouched = 0, consumed = 0, generated = 0;
    uint64_t overruns = 0; // bursts the engine returned more than max for
    RxCksumStats bad_cksum;
};

// A stream's burst size histograms (--record-burst-stats), apart from
// StreamStats: 8 KiB a stream, which the statistics read many times a
// second for telemetry never need.
struct StreamBursts {
    BurstHistogram rx{}, tx{};
};

struct PortFwdStats {
    uint16_t port = 0;
    uint64_t rx = 0, rx_dropped = 0, rx_errors = 0, rx_nombuf = 0;
    uint64_t tx = 0, tx_dropped = 0;
    RxCksumStats bad_cksum; // of the streams receiving on this port
};

struct FwdStats {
    std::string engine;
    std::vector<StreamStats> streams;
    std::vector<StreamBursts> bursts; // per stream, when collected with them
    std::vector<PortFwdStats> ports;
    bool record_cycles = false;
    bool record_bursts = false;
    bool rx_cksum_stats = false; // the engine counts bad RX checksums
    uint64_t tsc_hz = 0;
};

// Throughput since the previous call for one port, testpmd's "since last
// show" semantics: the periodic display and `show port stats` share it.
struct PortRate {
    uint64_t rx_pps = 0, tx_pps = 0, rx_bps = 0, tx_bps = 0;
};

class RateTracker {
  public:
    PortRate update(uint16_t port, const rte_eth_stats &now, uint64_t tsc, uint64_t tsc_hz);
    // Where the next rate starts from, without a rate: forwarding's start,
    // so that the first block after it is not all zero.
    void mark(uint16_t port, const rte_eth_stats &now, uint64_t tsc) { prev_[port] = {now, tsc}; }
    void reset(uint16_t port) { prev_.erase(port); }

  private:
    struct Prev {
        rte_eth_stats stats;
        uint64_t tsc;
    };
    std::map<uint16_t, Prev> prev_;
};

// One --display-xstats statistic of a port: its value and per-second rate
// since the last show.
struct XstatSample {
    std::string name;
    uint64_t value = 0;
    uint64_t rate = 0;
};

std::string port_stats_text(uint16_t port, const rte_eth_stats &s, const PortRate &r,
                            const std::vector<XstatSample> &xstats = {});
std::string port_stats_json(uint16_t port, const rte_eth_stats &s, const PortRate &r,
                            const std::vector<XstatSample> &xstats = {});
// The end of a non-interactive run (a pmdfwd addition): how long it
// forwarded, the packets every forwarding port received and sent, and
// their average rates.
std::string run_summary_text(const FwdStats &f, double seconds);
std::string run_summary_json(const FwdStats &f, double seconds);

// testpmd's text; additions: pmdfwd's per-stream blocks beyond testpmd's
// (engine counters, burst sizes), left out under --testpmd-texts.
std::string fwd_stats_text(const FwdStats &f, bool additions = true);
std::string fwd_stats_json(const FwdStats &f);

} // namespace pmdfwd
