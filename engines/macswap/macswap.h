// What the rest of pmdfwd (tests, benchmarks) may ask the macswap engine.
#pragma once

#include "macswap_kernel.h"

#include <pmdfwd/engine.h>

#include <string>

namespace pmdfwd::macswap {

// The engine's settings: its context (pmdfwd_engine.ctx_size), which the
// host allocates zeroed (auto, exact fields, nothing run yet).
struct Settings {
    const Kernel *forced;  // --macswap-kernel=NAME; nullptr: auto
    const Kernel *running; // what the last started stream ran
    bool lean;             // --macswap-fields=lean for the next `start`
};

// The registered descriptor (the host finds its context by it).
const pmdfwd_engine &engine();
// The kernel the next `start` will use.
const Kernel &selected_kernel(const Settings &s);
// The kernel the last started stream ran, or nullptr before any start.
const char *running_kernel(const Settings &s);
// Human-readable kernel list with usability, for `show fwd macswap`.
std::string describe_kernels(const Settings &s);

} // namespace pmdfwd::macswap
