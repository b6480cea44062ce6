// What the kernel suite parameterised over every kernel cannot see on an
// aarch64 build: that the neon kernel is there at all (the suite only runs
// the kernels it finds) and that it is listed under the CPU flag DPDK reports
// on this CPU (the suite skips a kernel whose flags are missing). Its bytes,
// fields and bounds are the suite's job (test_macswap_kernels.cpp).
#include "macswap_kernel.h"

#include <gtest/gtest.h>
#include <rte_cpuflags.h>

namespace pmdfwd::macswap {
namespace {

TEST(MacswapNeon, IsRegisteredUnderTheCpuFlagDpdkReportsHere) {
    const Kernel *k = KernelRegistry::instance().find("neon");
    ASSERT_NE(k, nullptr) << "compiled kernels: " << KernelRegistry::instance().names();
    EXPECT_EQ(k->fn, &macswap_neon);
    EXPECT_EQ(k->simd_bits, 128);
    EXPECT_EQ(k->cpu_flags[0], RTE_CPUFLAG_NEON);
    EXPECT_GT(rte_cpu_get_flag_enabled(RTE_CPUFLAG_NEON), 0);
}

} // namespace
} // namespace pmdfwd::macswap
