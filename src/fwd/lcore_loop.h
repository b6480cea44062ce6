// The per-lcore burst loop: rx_burst -> engine -> tx_burst (+ retry), with
// drops freed and counted. Everything optional (cycle counting, burst
// histograms, retry, RX, a periodic duty) is a template parameter, so the
// loop that runs has no branch for a feature that is off.
#pragma once

#include "fwd/stream.h"

#include <atomic>
#include <cstdint>
#include <vector>

namespace pmdfwd {

// Work a forwarding lcore does besides forwarding, at most once per period,
// between rounds over its streams: testpmd's metrics publishing
// (--latencystats/--bitrate-stats on a forwarding lcore). fn == nullptr: none.
struct LcoreDuty {
    void (*fn)(void *arg) = nullptr;
    void *arg = nullptr;
    uint64_t period_cycles = 0; // TSC cycles
};

// Who receives and counts what a stream receives: the host (most engines),
// nobody (generators, PMDFWD_ENGINE_F_NO_RX), or the host receives and the
// engine counts (PMDFWD_ENGINE_F_COUNTS_RX).
enum class RxMode { HostCounts, None, EngineCounts };

struct LcoreContext {
    std::vector<Stream *> streams; // those polled
    // Every stream of the lcore, polled or not (pmdfwd_stream.lcore_streams).
    std::vector<pmdfwd_stream *> all_streams;
    pmdfwd_burst_fn burst_fn = nullptr;
    uint16_t burst = kDefaultBurst;
    // The most packets the engine may return: burst, or PMDFWD_BURST_ROOM
    // for an engine that grows bursts (PMDFWD_ENGINE_F_GROWS).
    uint16_t out_max = kDefaultBurst;
    unsigned retry_num = 0; // 0: no retry
    unsigned retry_delay_us = 0;
    RxMode rx = RxMode::HostCounts;
    bool generator = false; // run the engine after an empty receive too
    bool record_cycles = false;
    bool record_bursts = false;
    LcoreDuty duty;
    const std::atomic<bool> *stop = nullptr;
};

// The function to hand rte_eal_remote_launch for this context's features.
using LcoreMain = int (*)(void *ctx);
LcoreMain select_lcore_main(const LcoreContext &ctx);

} // namespace pmdfwd
