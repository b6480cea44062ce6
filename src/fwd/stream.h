// A forwarding stream at run time: what the engine sees (pmdfwd_stream) and
// the host's counters, written only by the stream's lcore.
#pragma once

#include "options/config.h"

#include <pmdfwd/engine.h>

#include <rte_common.h>

#include <array>
#include <atomic>
#include <cstdint>

namespace pmdfwd {

// A counter one lcore writes and the main lcore may read while it runs: a
// relaxed load and store (no locked add) cost what a plain add costs.
class Counter {
  public:
    void add(uint64_t n) {
        v_.store(v_.load(std::memory_order_relaxed) + n, std::memory_order_relaxed);
    }
    uint64_t get() const { return v_.load(std::memory_order_relaxed); }
    void reset() { v_.store(0, std::memory_order_relaxed); }

  private:
    std::atomic<uint64_t> v_{0};
};
static_assert(sizeof(Counter) == sizeof(uint64_t));
// A burst the host sends (PMDFWD_BURST_ROOM at most) fits the histograms.
static_assert(PMDFWD_BURST_ROOM == kMaxBurst);

// How many bursts carried 0, 1, ..., kMaxBurst packets (--record-burst-stats).
using BurstHistogram = std::array<uint64_t, kMaxBurst + 1>;

struct alignas(RTE_CACHE_LINE_SIZE) Stream {
    pmdfwd_stream pub{}; // handed to the engine
    Counter rx_packets;
    Counter tx_packets;
    Counter fwd_dropped; // returned by the engine but not accepted by the PMD
    // TSC cycles of every pass over this stream that reached the engine: an
    // empty receive returns early uncounted, except for generators
    // (NO_RX, GENERATOR), whose every pass counts.
    Counter core_cycles;
    Counter tx_retries;
    Counter burst_overruns;     // bursts the engine returned more than max for
    BurstHistogram rx_bursts{}; // read after stop only
    BurstHistogram tx_bursts{};
    const char *engine_name = "";
    // Shared by the streams of one start: the first overrun is reported once.
    std::atomic<bool> *overrun_reported = nullptr;

    // The engine returned more than max packets, which pkts[] cannot hold
    // valid (a broken plugin): counts it, says so once per start, and
    // returns max, so that nothing past it is sent or freed.
    [[gnu::cold, gnu::noinline]] uint16_t burst_overrun(uint16_t got, uint16_t max);

    void reset_counters() {
        rx_packets.reset();
        tx_packets.reset();
        fwd_dropped.reset();
        core_cycles.reset();
        tx_retries.reset();
        burst_overruns.reset();
        pub.engine_untouched = pub.engine_consumed = pub.engine_generated = 0;
        pub.engine_rx = pub.engine_dropped = 0;
        pub.rx_bad_ip_csum = pub.rx_bad_l4_csum = 0;
        pub.rx_bad_outer_l4_csum = pub.rx_bad_outer_ip_csum = 0;
        rx_bursts.fill(0);
        tx_bursts.fill(0);
    }
};

} // namespace pmdfwd
