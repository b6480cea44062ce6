// Included once by each in-process engine suite: initialises EAL (no
// hugepages, no PCI) before the first test, through GoogleTest's main.
#pragma once

#include "support/eal_env.h"

namespace {
[[maybe_unused]] ::testing::Environment *const eal_environment =
    pmdfwd::testing::add_eal_environment();
} // namespace
