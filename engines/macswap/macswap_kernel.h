// The macswap kernel contract and the table of compiled kernels.
//
// A kernel swaps the destination and source MAC of every packet of a burst
// and sets the mbuf TX fields exactly as testpmd's macswap does
// (macswap_fields.h). Every kernel must leave packet bytes and mbuf fields
// identical to the scalar reference for every input, and must not read or
// write outside the first segment's data [data_off, data_off + data_len).
// A packet whose first segment holds fewer than 12 bytes is left untouched
// (bytes and metadata) and counted.
//
// Each kernel lives in its own translation unit compiled with its own ISA
// flags (macswap_<isa>.cpp). Such a unit must run no code at start-up and
// define nothing but its kernel function: code compiled with -mavx512f that
// ran, or that the linker merged, on a CPU without AVX-512 would fault. So
// the table and the CPU checks live in kernel_table.cpp, built for the
// baseline.
#pragma once

#include "common/tx_fields.h"
#include "macswap_kernel_table.h"

#include <pmdfwd/dpdk_compat.h>

#include <rte_cpuflags.h>

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

struct rte_mbuf;

namespace pmdfwd::engines {
template <class C>
struct Calibration;
template <class C>
struct CandidateTiming;
} // namespace pmdfwd::engines

namespace pmdfwd::macswap {

// What a kernel writes into each mbuf, computed once per stream start.
using TxFields = engines::TxFields;

// Returns how many packets it left untouched (first segment < 12 bytes).
using KernelFn = uint16_t (*)(rte_mbuf **pkts, uint16_t nb, const TxFields &fields);

// Kernel functions, each defined in its own unit: one per row of the table
// meson generated from the kernels it compiled.
#define PMDFWD_MACSWAP_DECLARE_KERNEL(name, fn, ...)                                               \
    uint16_t fn(rte_mbuf **pkts, uint16_t nb, const TxFields &fields);
PMDFWD_MACSWAP_KERNELS(PMDFWD_MACSWAP_DECLARE_KERNEL)
#undef PMDFWD_MACSWAP_DECLARE_KERNEL

inline constexpr int kMaxKernelCpuFlags = 4;

struct Kernel {
    const char *name; // "scalar", "sse", "sse-interleaved", "avx2", ...
    KernelFn fn;
    uint16_t simd_bits; // widest register it uses; capped by EAL's max SIMD bitwidth
    const char *isa;    // what it needs, for messages: "AVX2", "AVX512F+BW+VL"
    // CPU flags it needs (compat::kNoCpuFlag ends the list early).
    compat::CpuFlag cpu_flags[kMaxKernelCpuFlags];
};

// What auto measured of the kernels (calibration.h).
using Calibration = engines::Calibration<Kernel>;
using KernelTiming = engines::CandidateTiming<Kernel>;

// The kernels this binary was built with and what this machine measured of
// them: facts of the process, not settings, so one registry serves every
// macswap engine. What a user chooses (a forced kernel, the fields mode)
// lives in each engine's context (macswap.h: Settings).
class KernelRegistry {
  public:
    static KernelRegistry &instance();
    ~KernelRegistry();
    // Every compiled kernel in preference order: the order `auto` falls back
    // on when it cannot measure, and breaks ties with.
    const std::deque<Kernel> &all() const { return kernels_; }
    const Kernel *find(std::string_view name) const;
    // Usable now: compiled, supported by this CPU, within the SIMD cap.
    bool usable(const Kernel &k, std::string *why = nullptr) const;
    std::vector<const Kernel *> usable_kernels() const;
    // The first usable kernel in preference order (scalar at worst).
    const Kernel &preferred() const;
    // What `auto` runs: the fastest usable kernel, measured on first use and
    // again whenever the usable set changed (calibration.h), in the fields mode
    // that will run (lean or exact: each measured on its own).
    const Kernel &best(bool lean = false) const;
    const Calibration &calibration(bool lean = false) const;
    // Measures again (`set macswap kernel auto`).
    void recalibrate();
    std::string names(std::string_view sep = ", ") const;

    // Kernels added at run time join the table and the calibration; tests
    // add a deliberately slow one first in the preference order.
    void add_first(const Kernel &k);
    void remove(std::string_view name);

  private:
    KernelRegistry();
    std::deque<Kernel> kernels_;
    mutable std::unique_ptr<Calibration> calibration_[2]; // exact, lean
};

} // namespace pmdfwd::macswap
