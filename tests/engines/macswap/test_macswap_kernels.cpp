#include "macswap.h"

#include <gtest/gtest.h>

TEST(MacswapKernels, ScalarIsCompiled) {
    EXPECT_NE(pmdfwd::macswap::KernelRegistry::instance().find("scalar"), nullptr);
}
