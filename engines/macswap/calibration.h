// How `auto` picks a macswap kernel: by timing every usable kernel on this
// machine (common/calibrate.h), not by a preference order measured on
// another one. Which kernel is fastest depends on the core (masked stores,
// store-buffer behaviour, 256-bit ports) more than on its ISA level.
#pragma once

#include "common/calibrate.h"
#include "macswap_kernel.h"

#include <vector>

namespace pmdfwd::macswap {

using engines::CalibrationConfig;
using engines::describe;

// Not a using-declaration as describe is: the template cannot deduce its
// candidate type from a braced list ({&a, &b}), which this overload takes.
inline Calibration calibrate(const std::vector<const Kernel *> &candidates,
                             const CalibrationConfig &config = {}) {
    return engines::calibrate(candidates, config);
}

} // namespace pmdfwd::macswap
