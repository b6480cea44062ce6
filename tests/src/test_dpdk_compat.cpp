// include/pmdfwd/dpdk_compat.h: the same meaning on every supported DPDK.
#include <pmdfwd/dpdk_compat.h>

#include <gtest/gtest.h>

#include <vector>

using pmdfwd::compat::cpu_flag_enabled;
using pmdfwd::compat::CpuFlag;
using pmdfwd::compat::kNoCpuFlag;

TEST(DpdkCompat, NoCpuFlagIsAlwaysSatisfied) {
    EXPECT_GT(cpu_flag_enabled(kNoCpuFlag), 0);
    EXPECT_GT(cpu_flag_enabled(CpuFlag{}), 0);
}

TEST(DpdkCompat, ARealFlagIsAskedOfDpdk) {
#if defined(RTE_ARCH_X86)
    const std::vector<rte_cpu_flag_t> flags = {RTE_CPUFLAG_SSE2, RTE_CPUFLAG_SSSE3,
                                               RTE_CPUFLAG_AVX2, RTE_CPUFLAG_AVX512F};
#elif defined(RTE_ARCH_ARM64)
    const std::vector<rte_cpu_flag_t> flags = {RTE_CPUFLAG_NEON, RTE_CPUFLAG_AES};
#else
    const std::vector<rte_cpu_flag_t> flags;
    GTEST_SKIP() << "no CPU flags listed for this architecture";
#endif
    for (rte_cpu_flag_t f : flags) {
        EXPECT_EQ(cpu_flag_enabled(f), rte_cpu_get_flag_enabled(f)) << "flag " << f;
        EXPECT_NE(CpuFlag(f), kNoCpuFlag);
    }
}

TEST(DpdkCompat, FlagsCompareByValue) {
    constexpr CpuFlag a = RTE_CPUFLAG_AES, b = RTE_CPUFLAG_AES;
    static_assert(a == b);
    static_assert(!(a == kNoCpuFlag));
    EXPECT_EQ(a, b);
}
