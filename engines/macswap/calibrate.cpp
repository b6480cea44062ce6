// The start-up measurement behind `auto` (calibrate.h). Built with the
// baseline flags: it only calls the kernels through their pointers.
#include "calibrate.h"

#include "macswap_fields.h"

#include "text/text_format.h"

#include <rte_cycles.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>

namespace pmdfwd::macswap {
namespace {

// n mbufs laid out as a pktmbuf mempool with the default data room lays them
// out (object header, mbuf, headroom, data), so that the kernels meet the
// cache-line pattern of a real pool: an odd number of lines apart, which
// spreads them over the L1 sets (an even stride such as 36 lines would fold
// the hot set into a third of them). Only the lines a kernel touches are
// written.
class Arena {
  public:
    static constexpr size_t kStride =
        RTE_CACHE_LINE_SIZE + sizeof(rte_mbuf) + RTE_MBUF_DEFAULT_BUF_SIZE;
    static_assert(kStride % RTE_CACHE_LINE_SIZE == 0 && (kStride / RTE_CACHE_LINE_SIZE) % 2 == 1);

    Arena(unsigned n, uint16_t frame_len, unsigned seed) : bytes_(size_t{n} * kStride) {
        mem_ = static_cast<char *>(std::aligned_alloc(RTE_CACHE_LINE_SIZE, bytes_));
        if (mem_ == nullptr) return;
        for (size_t i = 0; i < n; i++) {
            auto *m = reinterpret_cast<rte_mbuf *>(mem_ + i * kStride + RTE_CACHE_LINE_SIZE);
            std::memset(static_cast<void *>(m), 0, sizeof(*m));
            m->buf_addr = m + 1;
            m->buf_len = RTE_MBUF_DEFAULT_BUF_SIZE;
            m->data_off = RTE_PKTMBUF_HEADROOM;
            m->data_len = frame_len;
            m->pkt_len = frame_len;
            m->nb_segs = 1;
            auto *p = rte_pktmbuf_mtod(m, uint8_t *);
            for (uint16_t b = 0; b < frame_len; b++)
                p[b] = static_cast<uint8_t>(i + b);
            order_.push_back(m);
        }
        std::shuffle(order_.begin(), order_.end(), std::mt19937(seed));
    }
    ~Arena() { std::free(mem_); }
    Arena(const Arena &) = delete;
    Arena &operator=(const Arena &) = delete;

    bool ok() const { return mem_ != nullptr; }
    std::vector<rte_mbuf *> &order() { return order_; }

  private:
    size_t bytes_;
    char *mem_ = nullptr;
    std::vector<rte_mbuf *> order_;
};

void pass(const Kernel &k, std::vector<rte_mbuf *> &pkts, uint16_t burst, bool lean) {
    TxFields fields{};
    fields.lean = lean;
    for (size_t i = 0; i < pkts.size(); i += burst) {
        const auto n = static_cast<uint16_t>(std::min<size_t>(burst, pkts.size() - i));
        k.fn(pkts.data() + i, n, fields);
    }
}

// `reps` passes over a working set after an untimed one that brings it back
// into the caches (the other set and the other kernels evicted it); TSC
// cycles per packet. Enough packets per timing that the TSC's granularity
// (tens of cycles in some VMs) does not show.
double time_passes(const Kernel &k, std::vector<rte_mbuf *> &pkts, uint16_t burst, unsigned reps,
                   bool lean) {
    pass(k, pkts, burst, lean);
    const uint64_t t0 = rte_rdtsc();
    for (unsigned r = 0; r < reps; r++)
        pass(k, pkts, burst, lean);
    return static_cast<double>(rte_rdtsc() - t0) / static_cast<double>(pkts.size() * reps);
}

double median(std::vector<double> v) {
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return v[v.size() / 2];
}

// The best score, unless a kernel earlier in the preference order is
// within the tie fraction of it.
size_t choose(const std::vector<KernelTiming> &t, double tie, std::string *reason) {
    size_t fastest = 0;
    for (size_t i = 1; i < t.size(); i++)
        if (t[i].score < t[fastest].score) fastest = i;
    for (size_t i = 0; i < fastest; i++) {
        if (t[i].score <= t[fastest].score * (1 + tie)) {
            *reason = "within " + text_format("%.1f", tie * 100) + " % of the fastest (" +
                      t[fastest].kernel->name + ") and earlier in the preference order";
            return i;
        }
    }
    *reason = "the fastest of " + std::to_string(t.size()) + " usable kernels measured here";
    return fastest;
}

} // namespace

Calibration calibrate(const std::vector<const Kernel *> &candidates,
                      const CalibrationConfig &config) {
    Calibration c;
    c.config = config;
    if (candidates.empty()) return c;
    c.chosen = c.reference = candidates[0];
    if (candidates.size() == 1) {
        c.timings.push_back({c.chosen, 0, 0, 1});
        c.reason = "the only usable kernel";
        return c;
    }
    const auto start = std::chrono::steady_clock::now();
    Arena hot(config.hot_packets, config.frame_len, 1),
        warm(config.warm_packets, config.frame_len, 2);
    const auto measuring = std::chrono::steady_clock::now();
    if (!hot.ok() || !warm.ok() || config.burst == 0 || config.hot_packets == 0 ||
        config.warm_packets == 0) {
        c.reason = "nothing to measure with: the first usable kernel in preference order";
        return c;
    }
    constexpr double kInf = std::numeric_limits<double>::infinity();
    const size_t n = candidates.size();
    for (const Kernel *k : candidates)
        c.timings.push_back({k, kInf, kInf, 1});
    const unsigned hot_reps = std::max(1u, config.warm_packets / config.hot_packets);
    std::vector<std::vector<double>> relative(n);
    std::vector<double> hot_t(n), warm_t(n);
    auto ms_since = [](std::chrono::steady_clock::time_point t) {
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t)
            .count();
    };
    while (c.rounds < config.max_rounds &&
           (c.rounds < config.min_rounds || ms_since(measuring) < config.budget_ms)) {
        for (size_t j = 0; j < n; j++) {
            const size_t i = (j + c.rounds) % n;
            hot_t[i] =
                time_passes(*candidates[i], hot.order(), config.burst, hot_reps, config.lean);
            warm_t[i] = time_passes(*candidates[i], warm.order(), config.burst, 1, config.lean);
        }
        for (size_t i = 0; i < n; i++) {
            KernelTiming &t = c.timings[i];
            t.hot = std::min(t.hot, hot_t[i]);
            t.warm = std::min(t.warm, warm_t[i]);
            relative[i].push_back((hot_t[i] / hot_t[0] + warm_t[i] / warm_t[0]) / 2);
        }
        c.rounds++;
    }
    for (size_t i = 0; i < n; i++)
        c.timings[i].score = median(relative[i]);
    c.chosen = c.timings[choose(c.timings, config.tie, &c.reason)].kernel;
    std::stable_sort(
        c.timings.begin(), c.timings.end(),
        [](const KernelTiming &a, const KernelTiming &b) { return a.score < b.score; });
    c.elapsed_ms = ms_since(start);
    return c;
}

std::string describe(const Calibration &c) {
    if (c.chosen == nullptr) return "not calibrated";
    if (c.rounds == 0) return std::string("auto picks ") + c.chosen->name + ": " + c.reason;
    const CalibrationConfig &k = c.config;
    // Short lines: telemetry (/pmdfwd/engine) carries each as one string of
    // at most RTE_TEL_MAX_STRING_LEN bytes.
    std::string s = std::string("calibration") + (k.lean ? " (lean fields)" : "") +
                    ": TSC cycles/packet, fastest of " + std::to_string(c.rounds) + " rounds" +
                    text_format(", %.1f ms", c.elapsed_ms) + "\n  hot " +
                    std::to_string(k.hot_packets) + ", warm " + std::to_string(k.warm_packets) +
                    " packets of " + std::to_string(k.frame_len) + " B, bursts of " +
                    std::to_string(k.burst) + "\n  relative: median of per-round ratios to " +
                    c.reference->name + ":";
    for (const KernelTiming &t : c.timings)
        s += std::string("\n  ") + t.kernel->name + text_format("  hot %.2f", t.hot) +
             text_format("  warm %.2f", t.warm) + text_format("  relative %.3f", t.score);
    return s + "\nauto picks " + c.chosen->name + ": " + c.reason;
}

} // namespace pmdfwd::macswap
