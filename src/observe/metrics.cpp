#include "observe/metrics.h"

#include <rte_cycles.h>
#include <rte_errno.h>
#include <rte_launch.h>
#include <rte_lcore.h>

#if PMDFWD_HAVE_METRICS
#include <rte_metrics.h>
#endif
#if PMDFWD_HAVE_LATENCYSTATS
#include <rte_latencystats.h>
#endif
#if PMDFWD_HAVE_BITRATESTATS
#include <rte_bitrate.h>
#endif

#include <algorithm>
#include <cstdio>

namespace pmdfwd {

namespace {

// How long a publishing lcore sleeps between rounds: latency figures are
// copied to the registry at this pace, so a reader sees them this fresh.
constexpr unsigned kRoundUs = 10000;

struct LcoreOption {
    const char *name;
    int lcore;
    bool built_in;
    const char *library;
};

std::vector<LcoreOption> lcore_options(const Config &cfg) {
    return {
        {"latencystats", cfg.latencystats_lcore, PMDFWD_HAVE_LATENCYSTATS && PMDFWD_HAVE_METRICS,
         "librte_latencystats"},
        {"bitrate-stats", cfg.bitrate_lcore, PMDFWD_HAVE_BITRATESTATS && PMDFWD_HAVE_METRICS,
         "librte_bitratestats"},
    };
}

std::string eal_lcores() {
    std::string s;
    unsigned l;
    RTE_LCORE_FOREACH(l) {
        if (!s.empty()) s += ',';
        s += std::to_string(l);
    }
    return s;
}

Status check_one(const LcoreOption &o) {
    const std::string opt = "--" + std::string(o.name) + "=" + std::to_string(o.lcore);
    if (!o.built_in)
        return Error(opt + ": this pmdfwd was built without " + o.library +
                     " (DPDK's libdpdk did not provide it)");
    const unsigned l = static_cast<unsigned>(o.lcore);
    if (l >= RTE_MAX_LCORE || !rte_lcore_is_enabled(l))
        return Error(opt + ": lcore " + std::to_string(l) + " is not one of EAL's lcores (" +
                     eal_lcores() + "; add it with -l/--lcores)");
    if (l == rte_get_main_lcore())
        return Error(opt + ": lcore " + std::to_string(l) +
                     " is the main lcore, which runs the shell; name a worker lcore (e.g. -l "
                     "0-1 --" +
                     o.name + "=1)");
    return {};
}

// One round of publishing: latency figures always, bit rates once a second
// (the library turns byte deltas into bits per second: one call a second
// per port, as testpmd). An LcoreDuty's function.
void publish_round(void *arg) {
    auto &loop = *static_cast<Metrics::Loop *>(arg);
#if PMDFWD_HAVE_LATENCYSTATS && PMDFWD_HAVE_METRICS
    if (loop.latency) rte_latencystats_update();
#endif
#if PMDFWD_HAVE_BITRATESTATS && PMDFWD_HAVE_METRICS
    // From now, not from the last due time: a forwarding lcore publishes
    // only while forwarding runs, and must not catch up on a stopped spell.
    if (const uint64_t now = rte_get_timer_cycles(); loop.bitrate && now >= loop.next_bitrate) {
        for (uint16_t p : loop.ports)
            rte_stats_bitrate_calc(loop.bitrate, p);
        loop.next_bitrate = now + rte_get_timer_hz();
    }
#endif
}

int publish_loop(void *arg) {
    const auto &loop = *static_cast<const Metrics::Loop *>(arg);
    while (!loop.stop->load(std::memory_order_relaxed)) {
        publish_round(arg);
        rte_delay_us_sleep(kRoundUs);
    }
    return 0;
}

} // namespace

Metrics::~Metrics() {
    stop();
}

Status Metrics::check(const Config &cfg) {
    for (const LcoreOption &o : lcore_options(cfg))
        if (o.lcore >= 0)
            if (Status usable = check_one(o); !usable) return usable;
    return {};
}

std::vector<unsigned> Metrics::lcores(const Config &cfg) {
    std::vector<unsigned> v;
    for (const LcoreOption &o : lcore_options(cfg))
        if (o.lcore >= 0 && std::find(v.begin(), v.end(), unsigned(o.lcore)) == v.end())
            v.push_back(static_cast<unsigned>(o.lcore));
    return v;
}

Status Metrics::start(const Config &cfg, const std::vector<uint16_t> &ports,
                      const std::vector<unsigned> &fwd_lcores) {
    if (Status usable = check(cfg); !usable) return usable;
#if PMDFWD_HAVE_METRICS
    // testpmd ignores the result too: a registry that exists already (a
    // second init) is as good as a new one.
    rte_metrics_init(rte_socket_id());
    registry_ = true;
#endif
#if PMDFWD_HAVE_LATENCYSTATS && PMDFWD_HAVE_METRICS
    if (cfg.latencystats_lcore >= 0) {
        // Sample every packet (interval 1 ns), as testpmd.
        if (int rc = rte_latencystats_init(1, nullptr); rc != 0) {
            stop();
            return Error("--latencystats: cannot start latency statistics (error " +
                         std::to_string(rc) + ")");
        }
        latency_ = true;
    }
#endif
#if PMDFWD_HAVE_BITRATESTATS && PMDFWD_HAVE_METRICS
    if (cfg.bitrate_lcore >= 0) {
        bitrate_ = rte_stats_bitrate_create();
        if (bitrate_ == nullptr || rte_stats_bitrate_reg(bitrate_) != 0) {
            stop();
            return Error("--bitrate-stats: cannot register bit-rate statistics");
        }
    }
#endif
    stop_.store(false);
    for (unsigned l : lcores(cfg)) {
        auto loop = std::make_unique<Loop>();
        loop->lcore = l;
        loop->latency = latency_ && cfg.latencystats_lcore == int(l);
        loop->bitrate = cfg.bitrate_lcore == int(l) ? bitrate_ : nullptr;
        loop->ports = ports;
        loop->next_bitrate = rte_get_timer_cycles() + rte_get_timer_hz();
        loop->stop = &stop_;
        loop->forwards = std::find(fwd_lcores.begin(), fwd_lcores.end(), l) != fwd_lcores.end();
        if (!loop->forwards && rte_eal_remote_launch(publish_loop, loop.get(), l) != 0) {
            stop();
            return Error("cannot launch the metrics loop on lcore " + std::to_string(l) +
                         " (busy?)");
        }
        std::printf("%s metrics published from %slcore %u\n",
                    loop->latency && loop->bitrate ? "Latency and bit-rate"
                    : loop->latency                ? "Latency"
                                                   : "Bit-rate",
                    loop->forwards ? "forwarding " : "", l);
        loops_.push_back(std::move(loop));
    }
    return {};
}

std::vector<std::pair<unsigned, LcoreDuty>> Metrics::duties() {
    std::vector<std::pair<unsigned, LcoreDuty>> v;
    const uint64_t period = rte_get_tsc_hz() / (1000000 / kRoundUs);
    for (const auto &loop : loops_)
        if (loop->forwards)
            v.emplace_back(loop->lcore, LcoreDuty{publish_round, loop.get(), period});
    return v;
}

std::vector<unsigned> Metrics::dedicated_lcores() const {
    std::vector<unsigned> v;
    for (const auto &loop : loops_)
        if (!loop->forwards) v.push_back(loop->lcore);
    return v;
}

void Metrics::stop() {
    stop_.store(true);
    for (const auto &loop : loops_)
        if (!loop->forwards) rte_eal_wait_lcore(loop->lcore);
    loops_.clear();
#if PMDFWD_HAVE_LATENCYSTATS && PMDFWD_HAVE_METRICS
    if (latency_) rte_latencystats_uninit();
#endif
    latency_ = false;
#if PMDFWD_HAVE_BITRATESTATS && PMDFWD_HAVE_METRICS
    if (bitrate_) rte_stats_bitrate_free(bitrate_);
#endif
    bitrate_ = nullptr;
#if PMDFWD_HAVE_METRICS
    if (registry_) rte_metrics_deinit();
#endif
    registry_ = false;
}

} // namespace pmdfwd
