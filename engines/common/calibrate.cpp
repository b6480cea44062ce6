// The start-up measurement behind an engine's `auto` (calibrate.h).
#include "common/calibrate.h"

#include "text/text_format.h"

#include <rte_cycles.h>
#include <rte_mbuf.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>

namespace pmdfwd::engines {
namespace {

// n mbufs laid out as a pktmbuf mempool with the default data room lays them
// out (object header, mbuf, headroom, data), so that the candidates meet the
// cache-line pattern of a real pool: an odd number of lines apart, which
// spreads them over the L1 sets (an even stride such as 36 lines would fold
// the hot set into a third of them). Only the lines a candidate touches are
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

void pass(BurstFn fn, std::vector<rte_mbuf *> &pkts, uint16_t burst, bool lean) {
    TxFields fields{};
    fields.lean = lean;
    for (size_t i = 0; i < pkts.size(); i += burst) {
        const auto n = static_cast<uint16_t>(std::min<size_t>(burst, pkts.size() - i));
        fn(pkts.data() + i, n, fields);
    }
}

// `reps` passes over a working set after an untimed one that brings it back
// into the caches (the other set and the other candidates evicted it); TSC
// cycles per packet. Enough packets per timing that the TSC's granularity
// (tens of cycles in some VMs) does not show.
double time_passes(BurstFn fn, std::vector<rte_mbuf *> &pkts, uint16_t burst, unsigned reps,
                   bool lean) {
    pass(fn, pkts, burst, lean);
    const uint64_t t0 = rte_rdtsc();
    for (unsigned r = 0; r < reps; r++)
        pass(fn, pkts, burst, lean);
    return static_cast<double>(rte_rdtsc() - t0) / static_cast<double>(pkts.size() * reps);
}

double median(std::vector<double> v) {
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return v[v.size() / 2];
}

double ms_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

} // namespace

Measurement measure(const std::vector<BurstFn> &fns, const CalibrationConfig &config) {
    const size_t n = fns.size();
    Measurement m;
    m.hot.assign(n, 0);
    m.warm.assign(n, 0);
    m.score.assign(n, 1);
    if (n < 2 || config.burst == 0 || config.hot_packets == 0 || config.warm_packets == 0) return m;
    const auto start = std::chrono::steady_clock::now();
    Arena hot(config.hot_packets, config.frame_len, 1),
        warm(config.warm_packets, config.frame_len, 2);
    if (!hot.ok() || !warm.ok()) return m;
    const auto measuring = std::chrono::steady_clock::now();
    constexpr double kInf = std::numeric_limits<double>::infinity();
    m.hot.assign(n, kInf);
    m.warm.assign(n, kInf);
    const unsigned hot_reps = std::max(1u, config.warm_packets / config.hot_packets);
    std::vector<std::vector<double>> relative(n);
    std::vector<double> hot_t(n), warm_t(n);
    while (m.rounds < config.max_rounds &&
           (m.rounds < config.min_rounds || ms_since(measuring) < config.budget_ms)) {
        for (size_t j = 0; j < n; j++) {
            const size_t i = (j + m.rounds) % n;
            hot_t[i] = time_passes(fns[i], hot.order(), config.burst, hot_reps, config.lean);
            warm_t[i] = time_passes(fns[i], warm.order(), config.burst, 1, config.lean);
        }
        for (size_t i = 0; i < n; i++) {
            m.hot[i] = std::min(m.hot[i], hot_t[i]);
            m.warm[i] = std::min(m.warm[i], warm_t[i]);
            relative[i].push_back((hot_t[i] / hot_t[0] + warm_t[i] / warm_t[0]) / 2);
        }
        m.rounds++;
    }
    for (size_t i = 0; i < n; i++)
        m.score[i] = median(relative[i]);
    m.elapsed_ms = ms_since(start);
    return m;
}

size_t choose(const Measurement &m, const std::vector<const char *> &names,
              const CalibrationConfig &config, std::string *reason) {
    const std::string noun = config.noun;
    if (names.size() == 1) {
        *reason = "the only usable " + noun;
        return 0;
    }
    if (m.rounds == 0) {
        *reason = "nothing to measure with: the first usable " + noun + " in preference order";
        return 0;
    }
    size_t fastest = 0;
    for (size_t i = 1; i < m.score.size(); i++)
        if (m.score[i] < m.score[fastest]) fastest = i;
    for (size_t i = 0; i < fastest; i++) {
        if (m.score[i] <= m.score[fastest] * (1 + config.tie)) {
            *reason = "within " + text_format("%.1f", config.tie * 100) + " % of the fastest (" +
                      names[fastest] + ") and earlier in the preference order";
            return i;
        }
    }
    *reason =
        "the fastest of " + std::to_string(names.size()) + " usable " + noun + "s measured here";
    return fastest;
}

std::string describe(const CalibrationConfig &k, unsigned rounds, double elapsed_ms,
                     const char *reference, const std::vector<DescribedTiming> &rows,
                     const char *chosen, const std::string &reason, std::string_view indent) {
    if (rounds == 0) return std::string("auto picks ") + chosen + ": " + reason;
    // Short lines: telemetry (/pmdfwd/engine) carries each as one string of
    // at most RTE_TEL_MAX_STRING_LEN bytes.
    std::string s = std::string("calibration") + (k.lean ? " (lean fields)" : "") +
                    ": TSC cycles/packet, fastest of " + std::to_string(rounds) + " rounds" +
                    text_format(", %.1f ms", elapsed_ms) + "\n  hot " +
                    std::to_string(k.hot_packets) + ", warm " + std::to_string(k.warm_packets) +
                    " packets of " + std::to_string(k.frame_len) + " B, bursts of " +
                    std::to_string(k.burst) + "\n  relative: median of per-round ratios to " +
                    reference + ":";
    for (const DescribedTiming &t : rows)
        s += std::string("\n  ") + t.name + text_format("  hot %.2f", t.hot) +
             text_format("  warm %.2f", t.warm) + text_format("  relative %.3f", t.score);
    s += "\nauto picks " + std::string(chosen) + ": " + reason;
    for (size_t at = 0; (at = s.find('\n', at)) != std::string::npos; at += 1 + indent.size())
        s.insert(at + 1, indent);
    return s;
}

} // namespace pmdfwd::engines
