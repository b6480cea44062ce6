// How an engine with several ways to do the same work (macswap's kernels,
// mac's TX stores) picks one: by timing each on this machine at start-up, not
// by an order measured on another one. Which is fastest depends on the core
// (masked stores, store-buffer behaviour, whether a store to a line that
// already holds the value costs a write-back) more than on the code.
//
// Built with the baseline flags: it only calls the candidates through their
// pointers. Needs neither EAL nor hugepages: the mbufs are laid out in plain
// memory.
#pragma once

#include "common/tx_fields.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

struct rte_mbuf;

namespace pmdfwd::engines {

// Does a burst's work; returns how many packets it left untouched.
using BurstFn = uint16_t (*)(rte_mbuf **pkts, uint16_t nb, const TxFields &fields);

struct CalibrationConfig {
    // Two working sets, each packet in its own mbuf of a pool's default
    // layout, in a fixed shuffled order, warmed by one untimed pass: a hot one
    // whose touched lines fit L1 (where candidates differ by the work they
    // do) and a warm one out of L1, in L2 (where they differ by how their
    // stores and misses overlap); both weigh the same in a score.
    unsigned hot_packets = 128;
    unsigned warm_packets = 1024;
    uint16_t burst = 32;
    uint16_t frame_len = 64;
    // A round times every candidate once on each set, back to back in a
    // rotating order. A score is the median over rounds of the candidate's
    // time relative to the first candidate's in the same round: a round
    // slowed by another job (or a busy sibling hyperthread on the host) slows
    // every candidate in it, so the ratio survives where absolute times do
    // not.
    unsigned min_rounds = 8;
    unsigned max_rounds = 64;
    // Rounds stop once they took this long (after min_rounds); setting up
    // the working sets comes on top.
    double budget_ms = 2.0;
    // A candidate earlier in the preference order wins when it is within
    // this fraction of the fastest: the choice does not flip between runs on
    // candidates the measurement cannot tell apart.
    double tie = 0.015;
    // Measure with the fields that will run (macswap's lean mode stores
    // fewer of them).
    bool lean = false;
    // What the candidates are, in the reason's words ("kernel").
    const char *noun = "kernel";
};

// Figures of candidates, by their index in the order they were given.
struct Measurement {
    std::vector<double> hot;   // TSC cycles per packet, fastest round
    std::vector<double> warm;  // the same on the warm set
    std::vector<double> score; // median relative time (first = 1); lower is faster
    unsigned rounds = 0;       // 0: nothing was measured (one candidate, no memory)
    double elapsed_ms = 0;     // set-up and rounds
};

// Times every function as CalibrationConfig says.
Measurement measure(const std::vector<BurstFn> &fns, const CalibrationConfig &config);

// The index to run: the best score, unless a candidate earlier in the
// preference order is within the tie fraction of it; `reason` says why.
size_t choose(const Measurement &m, const std::vector<const char *> &names,
              const CalibrationConfig &config, std::string *reason);

// C is a candidate: anything with `const char *name` and `BurstFn fn`.
template <class C>
struct CandidateTiming {
    const C *candidate;
    double hot = 0; // TSC cycles per packet, fastest round
    double warm = 0;
    double score = 1; // median relative time (reference = 1); lower is faster
};

template <class C>
struct Calibration {
    const C *chosen = nullptr;
    const C *reference = nullptr;            // the first candidate: relative 1
    std::vector<CandidateTiming<C>> timings; // every candidate, best score first
    unsigned rounds = 0;
    double elapsed_ms = 0; // set-up and rounds
    CalibrationConfig config;
    std::string reason; // why `chosen`, in a sentence
};

// Times each candidate (in preference order) and picks the fastest.
template <class C>
Calibration<C> calibrate(const std::vector<const C *> &candidates,
                         const CalibrationConfig &config = {}) {
    Calibration<C> c;
    c.config = config;
    if (candidates.empty()) return c;
    std::vector<BurstFn> fns;
    std::vector<const char *> names;
    for (const C *k : candidates) {
        fns.push_back(k->fn);
        names.push_back(k->name);
    }
    const Measurement m = measure(fns, config);
    c.rounds = m.rounds;
    c.elapsed_ms = m.elapsed_ms;
    c.reference = candidates[0];
    c.chosen = candidates[choose(m, names, config, &c.reason)];
    for (size_t i = 0; i < candidates.size(); i++)
        c.timings.push_back({candidates[i], m.hot[i], m.warm[i], m.score[i]});
    std::stable_sort(c.timings.begin(), c.timings.end(),
                     [](const auto &a, const auto &b) { return a.score < b.score; });
    return c;
}

// One row of describe()'s table.
struct DescribedTiming {
    const char *name;
    double hot, warm, score;
};

std::string describe(const CalibrationConfig &config, unsigned rounds, double elapsed_ms,
                     const char *reference, const std::vector<DescribedTiming> &rows,
                     const char *chosen, const std::string &reason, std::string_view indent);

// The figures as `show fwd <engine>` prints them; every line but the first
// starts with indent (the block sits inside the engine's own text).
template <class C>
std::string describe(const Calibration<C> &c, std::string_view indent = {}) {
    if (c.chosen == nullptr) return "not calibrated";
    std::vector<DescribedTiming> rows;
    for (const CandidateTiming<C> &t : c.timings)
        rows.push_back({t.candidate->name, t.hot, t.warm, t.score});
    return describe(c.config, c.rounds, c.elapsed_ms, c.reference->name, rows, c.chosen->name,
                    c.reason, indent);
}

} // namespace pmdfwd::engines
