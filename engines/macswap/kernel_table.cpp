// The compiled kernels in order of preference (the table meson generated),
// and the run-time checks that decide which of them this CPU and EAL's SIMD
// cap allow. Built with the baseline flags only (see macswap_kernel.h).
#include "calibration.h"
#include "macswap_kernel.h"

// DPDK 22.11's rte_vect.h declares rte_vect_get_max_simd_bitwidth() without
// extern "C".
extern "C" {
#include <rte_vect.h>
}

#include <algorithm>

namespace pmdfwd::macswap {

KernelRegistry::KernelRegistry() {
    // The rows meson generated (macswap_kernel_table.h), in its order of
    // preference; a kernel's CPU flags end at the first kNoCpuFlag.
#define PMDFWD_MACSWAP_KERNEL_ROW(name, fn, bits, isa, ...)                                        \
    kernels_.push_back({name, fn, bits, isa, {__VA_ARGS__}});
    PMDFWD_MACSWAP_KERNELS(PMDFWD_MACSWAP_KERNEL_ROW)
#undef PMDFWD_MACSWAP_KERNEL_ROW
}

KernelRegistry &KernelRegistry::instance() {
    static KernelRegistry registry;
    return registry;
}

const Kernel *KernelRegistry::find(std::string_view name) const {
    for (const Kernel &k : kernels_)
        if (name == k.name) return &k;
    return nullptr;
}

static bool cpu_has(const Kernel &k) {
    for (compat::CpuFlag f : k.cpu_flags)
        if (compat::cpu_flag_enabled(f) <= 0) return false;
    return true;
}

bool KernelRegistry::usable(const Kernel &k, std::string *why) const {
    if (!cpu_has(k)) {
        if (why) *why = std::string("this CPU lacks ") + k.isa;
        return false;
    }
    // EAL's --force-max-simd-bitwidth (default 256 on x86) caps the register
    // width, as it does for DPDK's own vector paths. Before rte_eal_init it
    // reads 0: no cap is known yet, only the CPU decides.
    const unsigned cap = rte_vect_get_max_simd_bitwidth();
    if (cap != 0 && k.simd_bits > 0 && (k.simd_bits > cap || cap <= RTE_VECT_SIMD_DISABLED)) {
        if (why)
            *why = "it uses " + std::to_string(k.simd_bits) +
                   "-bit registers and EAL's max SIMD bitwidth is " + std::to_string(cap) +
                   " (see --force-max-simd-bitwidth)";
        return false;
    }
    return true;
}

KernelRegistry::~KernelRegistry() = default;

std::vector<const Kernel *> KernelRegistry::usable_kernels() const {
    std::vector<const Kernel *> v;
    for (const Kernel &k : kernels_)
        if (usable(k)) v.push_back(&k);
    return v;
}

const Kernel &KernelRegistry::preferred() const {
    for (const Kernel &k : kernels_)
        if (usable(k)) return k;
    return kernels_.back(); // scalar, always compiled and always usable
}

const Calibration &KernelRegistry::calibration(bool lean) const {
    std::unique_ptr<Calibration> &cal = calibration_[lean];
    const std::vector<const Kernel *> candidates = usable_kernels();
    bool stale = cal == nullptr || cal->timings.size() != candidates.size();
    for (size_t i = 0; !stale && i < candidates.size(); i++) {
        stale = std::none_of(cal->timings.begin(), cal->timings.end(),
                             [&](const KernelTiming &t) { return t.candidate == candidates[i]; });
    }
    if (stale) {
        CalibrationConfig config;
        config.lean = lean;
        cal = std::make_unique<Calibration>(calibrate(candidates, config));
    }
    return *cal;
}

const Kernel &KernelRegistry::best(bool lean) const {
    const Calibration &c = calibration(lean);
    return c.chosen ? *c.chosen : preferred();
}

void KernelRegistry::recalibrate() {
    for (std::unique_ptr<Calibration> &c : calibration_)
        c.reset();
}

void KernelRegistry::add_first(const Kernel &k) {
    kernels_.push_front(k);
    recalibrate();
}

void KernelRegistry::remove(std::string_view name) {
    for (auto it = kernels_.begin(); it != kernels_.end(); ++it) {
        if (name == it->name) {
            kernels_.erase(it);
            break;
        }
    }
    recalibrate();
}

std::string KernelRegistry::names(std::string_view sep) const {
    std::string s;
    for (const Kernel &k : kernels_) {
        if (!s.empty()) s += sep;
        s += k.name;
    }
    return s;
}

} // namespace pmdfwd::macswap
