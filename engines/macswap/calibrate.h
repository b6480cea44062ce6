// How `auto` picks a macswap kernel: by timing every usable kernel on this
// machine, not by a preference order measured on another one. Which kernel
// is fastest depends on the core (masked stores, store-buffer behaviour,
// 256-bit ports) more than on its ISA level.
#pragma once

#include "macswap_kernel.h"

#include <cstdint>
#include <string>
#include <vector>

namespace pmdfwd::macswap {

struct CalibrationConfig {
    // Two working sets, each packet in its own mbuf of a pool's default
    // layout, in a fixed shuffled order, warmed by one untimed pass: a hot one
    // whose touched lines fit L1 (where kernels differ by the work they do)
    // and a warm one out of L1, in L2 (where they differ by how their stores
    // and misses overlap); both weigh the same in a kernel's score.
    unsigned hot_packets = 128;
    unsigned warm_packets = 1024;
    uint16_t burst = 32;
    uint16_t frame_len = 64;
    // A round times every kernel once on each set, back to back in a rotating
    // order. A kernel's score is the median over rounds of its time relative
    // to the first candidate's in the same round: a round slowed by another
    // job (or a busy sibling hyperthread on the host) slows every kernel in
    // it, so the ratio survives where absolute times do not.
    unsigned min_rounds = 8;
    unsigned max_rounds = 64;
    // Rounds stop once they took this long (after min_rounds); setting up
    // the working sets comes on top.
    double budget_ms = 2.0;
    // A kernel earlier in the preference order wins when it is within this
    // fraction of the fastest: the choice does not flip between runs on
    // kernels the measurement cannot tell apart.
    double tie = 0.015;
    // Measure in macswap's lean fields mode (TxFields::lean): the kernels
    // differ by the stores they do, so the mode that will run is measured.
    bool lean = false;
};

struct KernelTiming {
    const Kernel *kernel;
    double hot = 0; // TSC cycles per packet, fastest round
    double warm = 0;
    double score = 1; // median relative time (first candidate = 1); lower is faster
};

struct Calibration {
    const Kernel *chosen = nullptr;
    const Kernel *reference = nullptr; // the first candidate: relative 1
    std::vector<KernelTiming> timings; // every candidate, best score first
    unsigned rounds = 0;
    double elapsed_ms = 0; // set-up and rounds
    CalibrationConfig config;
    std::string reason; // why `chosen`, in a sentence
};

// Times each candidate (in preference order) and picks the fastest. Needs
// neither EAL nor hugepages: the mbufs are laid out in plain memory.
Calibration calibrate(const std::vector<const Kernel *> &candidates,
                      const CalibrationConfig &config = {});

// The figures as `show fwd macswap` prints them.
std::string describe(const Calibration &c);

} // namespace pmdfwd::macswap
