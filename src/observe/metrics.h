// Latency and bit-rate metrics in librte_metrics, readable from outside with
// `dpdk-proc-info --metrics`, as testpmd's --latencystats/--bitrate-stats.
// librte_latencystats measures in RX/TX callbacks on every queue; an lcore
// of its own publishes the figures (latency continuously, bit rates once a
// second). Unlike testpmd, which does this work inside the forwarding loop
// of the lcore named, pmdfwd takes that lcore away from forwarding, so the
// burst loop carries no periodic work.
#pragma once

#include "options/config.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
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
    // them, they are workers, and the library is built in. "" or why not.
    static std::string check(const Config &cfg);
    // The lcores taken away from forwarding (each once).
    static std::vector<unsigned> lcores(const Config &cfg);

    // After the ports are set up: the metrics registry (always, as testpmd,
    // so dpdk-proc-info finds it), latency and bit-rate statistics when
    // asked, and their lcores. "" or why not (nothing is left running).
    std::string start(const Config &cfg, const std::vector<uint16_t> &ports);
    // Stops the lcores and releases the libraries; before the ports close.
    void stop();

    // One publishing lcore.
    struct Loop {
        unsigned lcore = 0;
        bool latency = false;
        rte_stats_bitrates *bitrate = nullptr;
        std::vector<uint16_t> ports;
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
