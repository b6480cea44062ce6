// Latency and bit-rate metrics in librte_metrics, readable from outside with
// `dpdk-proc-info --metrics`, as testpmd's --latencystats/--bitrate-stats.
// librte_latencystats measures in RX/TX callbacks on every queue; the lcore
// named publishes the figures (latency continuously, bit rates once a
// second). A named lcore that forwards (testpmd's `-l 0-1 --latencystats=1`)
// publishes from a variant of its forwarding loop while forwarding runs, as
// testpmd does, so the default loop carries no periodic work; a named lcore
// that does not forward publishes from a loop of its own, always.
#pragma once

#include "fwd/lcore_loop.h"
#include "options/config.h"
#include "util/status.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

struct rte_stats_bitrates;

namespace pmdfwd {

class Metrics {
  public:
    Metrics() = default;
    Metrics(const Metrics &) = delete;
    Metrics &operator=(const Metrics &) = delete;
    ~Metrics();

    // Whether the lcores the options name can publish metrics: EAL runs
    // them, they are workers, and the library is built in; or why not.
    static Status check(const Config &cfg);
    // The lcores the options name (each once).
    static std::vector<unsigned> lcores(const Config &cfg);

    // After the ports are set up: the metrics registry (always, as testpmd,
    // so dpdk-proc-info finds it), latency and bit-rate statistics when
    // asked, and their lcores: a named lcore among fwd_lcores publishes from
    // its forwarding loop (duties()), any other from a loop launched here.
    // An error says why not (nothing is left running).
    Status start(const Config &cfg, const std::vector<uint16_t> &ports,
                 const std::vector<unsigned> &fwd_lcores);
    // Stops the lcores and releases the libraries; after forwarding
    // stopped, before the ports close.
    void stop();
    // What the forwarding lcores that publish do between rounds.
    std::vector<std::pair<unsigned, LcoreDuty>> duties();
    // The lcores that publish from a loop of their own and so cannot forward.
    std::vector<unsigned> dedicated_lcores() const;

    // One publishing lcore.
    struct Loop {
        unsigned lcore = 0;
        bool forwards = false; // publishes from its forwarding loop
        bool latency = false;
        rte_stats_bitrates *bitrate = nullptr;
        std::vector<uint16_t> ports;
        uint64_t next_bitrate = 0; // timer cycles
        const std::atomic<bool> *stop = nullptr;
    };

  private:
    std::vector<std::unique_ptr<Loop>> loops_;
    std::atomic<bool> stop_{false};
    rte_stats_bitrates *bitrate_ = nullptr;
    bool latency_ = false;
    bool registry_ = false;
};

} // namespace pmdfwd
