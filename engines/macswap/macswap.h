// What the rest of pmdfwd (tests, benchmarks) may ask the macswap engine.
#pragma once

#include "macswap_kernel.h"

#include <string>

namespace pmdfwd::macswap {

// The kernel the next `start` will use.
const Kernel &selected_kernel();
// The kernel the last started stream ran, or nullptr before any start.
const char *running_kernel();
// Whether --macswap-fields=lean is in effect for the next `start`.
bool lean_fields();
// Human-readable kernel list with usability, for `show fwd macswap`.
std::string describe_kernels();

} // namespace pmdfwd::macswap
