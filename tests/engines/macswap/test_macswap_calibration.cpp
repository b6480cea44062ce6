// How `auto` picks a macswap kernel (calibration.h): by measuring every usable
// kernel here. A deliberately slowed kernel, first in the preference order,
// is never chosen; the measurement is bounded; EAL's SIMD cap and the CPU
// decide which kernels take part. Fake mbufs, no EAL.
#include "calibration.h"
#include "support/macswap_settings.h"

#include <gtest/gtest.h>

#include <rte_cycles.h>

extern "C" {
#include <rte_vect.h>
}

#include <algorithm>
#include <string>

namespace pmdfwd::macswap {
namespace {

// A kernel that does the work of another one and then waits: the same code,
// made much slower (a few thousand TSC cycles per burst of 32, where real
// kernels take a few hundred).
KernelFn g_slowed = nullptr;
constexpr uint64_t kDelayCycles = 4000;

uint16_t slowed_kernel(rte_mbuf **pkts, uint16_t nb, const TxFields &f) {
    const uint16_t r = g_slowed(pkts, nb, f);
    const uint64_t until = rte_rdtsc() + kDelayCycles;
    while (rte_rdtsc() < until) {
    }
    return r;
}

// Adds "slowed" first in the preference order for the test's lifetime.
class SlowedKernel {
  public:
    explicit SlowedKernel(const Kernel &of) {
        g_slowed = of.fn;
        KernelRegistry::instance().add_first(
            {"slowed",
             slowed_kernel,
             of.simd_bits,
             of.isa,
             {of.cpu_flags[0], of.cpu_flags[1], of.cpu_flags[2], of.cpu_flags[3]}});
    }
    ~SlowedKernel() { KernelRegistry::instance().remove("slowed"); }
    SlowedKernel(const SlowedKernel &) = delete;
    SlowedKernel &operator=(const SlowedKernel &) = delete;
};

const KernelTiming *timing_of(const Calibration &c, std::string_view name) {
    for (const KernelTiming &t : c.timings)
        if (name == t.candidate->name) return &t;
    return nullptr;
}

TEST(MacswapCalibration, MeasuresEveryUsableKernel) {
    KernelRegistry &reg = KernelRegistry::instance();
    reg.recalibrate();
    const Calibration &c = reg.calibration();
    const std::vector<const Kernel *> usable = reg.usable_kernels();
    ASSERT_EQ(c.timings.size(), usable.size());
    for (const Kernel *k : usable) {
        const KernelTiming *t = timing_of(c, k->name);
        ASSERT_NE(t, nullptr) << k->name;
        if (usable.size() > 1) {
            EXPECT_GT(t->hot, 0) << k->name;
            EXPECT_GT(t->warm, 0) << k->name;
        }
    }
    EXPECT_EQ(&reg.best(), c.chosen);
    EXPECT_EQ(&selected_kernel(), c.chosen) << "auto runs the calibrated choice";
}

TEST(MacswapCalibration, ChoosesTheBestScore) {
    const Calibration &c = KernelRegistry::instance().calibration();
    if (c.timings.size() < 2) GTEST_SKIP() << "one usable kernel: nothing to choose";
    const double best = c.timings.front().score;
    const KernelTiming *chosen = timing_of(c, c.chosen->name);
    ASSERT_NE(chosen, nullptr);
    EXPECT_LE(chosen->score, best * (1 + c.config.tie)) << describe(c);
    for (size_t i = 1; i < c.timings.size(); i++)
        EXPECT_LE(c.timings[i - 1].score, c.timings[i].score) << "fastest first";
    const KernelTiming *ref = timing_of(c, c.reference->name);
    ASSERT_NE(ref, nullptr);
    EXPECT_DOUBLE_EQ(ref->score, 1.0) << "the reference's ratio to itself";
}

TEST(MacswapCalibration, NeverChoosesASlowedKernelFirstInOrder) {
    KernelRegistry &reg = KernelRegistry::instance();
    reg.recalibrate();
    // Slow down the very kernel auto would choose, and put the copy first.
    const Kernel &fastest = reg.best();
    SlowedKernel slowed(fastest);
    ASSERT_STREQ(reg.all().front().name, "slowed");
    ASSERT_TRUE(reg.usable(reg.all().front()));
    EXPECT_STREQ(reg.preferred().name, "slowed") << "first in preference order";
    const Calibration &c = reg.calibration();
    ASSERT_NE(timing_of(c, "slowed"), nullptr) << describe(c);
    EXPECT_STRNE(reg.best().name, "slowed") << describe(c);
    EXPECT_STRNE(selected_kernel().name, "slowed") << describe(c);
    EXPECT_GT(timing_of(c, "slowed")->score, timing_of(c, reg.best().name)->score * 2)
        << describe(c);
}

TEST(MacswapCalibration, NeverChoosesASlowedScalar) {
    // Even the slowest real kernel beats a slowed copy of itself.
    KernelRegistry &reg = KernelRegistry::instance();
    SlowedKernel slowed(*reg.find("scalar"));
    const Calibration &c = reg.calibration();
    EXPECT_STRNE(c.chosen->name, "slowed") << describe(c);
}

TEST(MacswapCalibration, IsBoundedToAFewMilliseconds) {
    const Calibration c = calibrate(KernelRegistry::instance().usable_kernels());
    if (c.timings.size() < 2) GTEST_SKIP() << "one usable kernel: nothing measured";
    EXPECT_GE(c.rounds, c.config.min_rounds);
    EXPECT_LE(c.rounds, c.config.max_rounds);
    // Set-up plus a 2 ms budget of rounds; generous for a loaded CI machine.
    EXPECT_LT(c.elapsed_ms, 100.0) << describe(c);
}

TEST(MacswapCalibration, TiesGoToThePreferenceOrder) {
    // Two entries running the same code cannot be told apart: with a wide
    // tie margin the first one wins, whichever measured faster.
    const Kernel &scalar = *KernelRegistry::instance().find("scalar");
    Kernel a = scalar, b = scalar;
    a.name = "first";
    b.name = "second";
    CalibrationConfig cfg;
    cfg.tie = 0.5;
    const Calibration c = calibrate({&a, &b}, cfg);
    EXPECT_STREQ(c.chosen->name, "first") << describe(c);
}

// Lean and exact store different fields, so the kernel that runs lean is
// chosen by measuring lean (issue 19): every call of a calibration carries
// the mode it measures.
int g_lean_calls = 0, g_exact_calls = 0;

uint16_t recording_kernel(rte_mbuf **pkts, uint16_t nb, const TxFields &f) {
    (f.lean ? g_lean_calls : g_exact_calls)++;
    return macswap_scalar(pkts, nb, f);
}

TEST(MacswapCalibration, MeasuresTheFieldsModeThatRuns) {
    Kernel rec = *KernelRegistry::instance().find("scalar");
    rec.name = "recording";
    rec.fn = recording_kernel;
    const Kernel &scalar = *KernelRegistry::instance().find("scalar");
    for (bool lean : {false, true}) {
        g_lean_calls = g_exact_calls = 0;
        CalibrationConfig cfg;
        cfg.lean = lean;
        const Calibration c = calibrate({&rec, &scalar}, cfg);
        EXPECT_GT(lean ? g_lean_calls : g_exact_calls, 0);
        EXPECT_EQ(lean ? g_exact_calls : g_lean_calls, 0);
        EXPECT_EQ(describe(c).find("calibration (lean fields):") == 0, lean) << describe(c);
    }
    KernelRegistry &reg = KernelRegistry::instance();
    EXPECT_TRUE(reg.calibration(true).config.lean);
    EXPECT_FALSE(reg.calibration(false).config.lean);
    EXPECT_EQ(&reg.best(true), reg.calibration(true).chosen);
    EXPECT_EQ(&reg.best(), reg.calibration(false).chosen) << "exact by default";
}

TEST(MacswapCalibration, OneCandidateIsChosenWithoutMeasuring) {
    const Kernel &scalar = *KernelRegistry::instance().find("scalar");
    const Calibration c = calibrate({&scalar});
    EXPECT_EQ(c.chosen, &scalar);
    EXPECT_EQ(c.rounds, 0u);
    EXPECT_NE(describe(c).find("only usable"), std::string::npos) << describe(c);
}

TEST(MacswapCalibration, ShowFwdMacswapPrintsTheFigures) {
    const std::string s = describe_kernels();
    EXPECT_NE(s.find("(auto: fastest measured)"), std::string::npos) << s;
    EXPECT_NE(s.find("\n  calibration: TSC cycles/packet"), std::string::npos) << s;
    for (const Kernel *k : KernelRegistry::instance().usable_kernels())
        EXPECT_NE(s.find(std::string("\n    ") + k->name + "  hot "), std::string::npos) << s;
    EXPECT_NE(s.find(std::string("\n  auto picks ") + KernelRegistry::instance().best().name),
              std::string::npos)
        << s;
}

// Last: it caps the SIMD width for the rest of the process.
TEST(MacswapCalibration, ZzEalSimdCapKeepsWideKernelsOut) {
    KernelRegistry &reg = KernelRegistry::instance();
    const Kernel *avx2 = reg.find("avx2");
    if (avx2 == nullptr || !reg.usable(*avx2)) GTEST_SKIP() << "no usable avx2 kernel here";
    ASSERT_EQ(rte_vect_set_max_simd_bitwidth(RTE_VECT_SIMD_128), 0);
    const Calibration &c = reg.calibration();
    EXPECT_EQ(timing_of(c, "avx2"), nullptr) << describe(c);
    EXPECT_STRNE(reg.best().name, "avx2");
    for (const KernelTiming &t : c.timings)
        EXPECT_LE(t.candidate->simd_bits, 128) << t.candidate->name;
}

} // namespace
} // namespace pmdfwd::macswap
