// What differs between the DPDK releases pmdfwd supports (22.11 to 25.11
// LTS), in one place: code elsewhere uses these names and never tests
// RTE_VERSION itself. Not installed: it is for the host and the in-tree
// engines, not part of the engine ABI (engine.h).
#pragma once

#include <rte_cpuflags.h>
#include <rte_version.h>

namespace pmdfwd::compat {

// The oldest DPDK the build accepts (meson.build asks pkg-config for the
// same): an older one fails here rather than somewhere in the API.
static_assert(RTE_VERSION >= RTE_VERSION_NUM(22, 11, 0, 0), "pmdfwd needs DPDK 22.11 or newer");

// DPDK 23.11 removed RTE_CPUFLAG_NUMFLAGS, the end marker of rte_cpu_flag_t
// that fixed-size lists of required flags used for "no flag": the enum now
// grows without an ABI break. A C++ enum cannot hold a value past its
// enumerators' range either, so "none" is a value of its own here, on every
// version alike. As small as the enum (tables of kernels hold several).
class CpuFlag {
  public:
    constexpr CpuFlag() = default; // none
    // Implicit, so that lists read {RTE_CPUFLAG_AVX2, kNoCpuFlag, ...}.
    constexpr CpuFlag(rte_cpu_flag_t f) : value_(static_cast<int>(f)) {}
    constexpr bool none() const { return value_ < 0; }
    // Only for a flag that is not none.
    constexpr rte_cpu_flag_t flag() const { return static_cast<rte_cpu_flag_t>(value_); }
    constexpr bool operator==(const CpuFlag &) const = default;

  private:
    int value_ = -1;
};
static_assert(sizeof(CpuFlag) == sizeof(rte_cpu_flag_t));

inline constexpr CpuFlag kNoCpuFlag{};

// As rte_cpu_get_flag_enabled: > 0 this CPU has the flag (always, for none),
// 0 it lacks it, < 0 this DPDK does not know it.
inline int cpu_flag_enabled(CpuFlag f) {
    return f.none() ? 1 : rte_cpu_get_flag_enabled(f.flag());
}

// Lines testpmd's `show port info` (port_infos_display) gained after 22.11:
// "Device private info:" (rte_eth_dev_priv_dump) from 23.03, "Minimum MTU"
// and "Maximum MTU" from 25.11. ("Maximum size of RX buffer" (23.11) and
// "Active Lanes" (24.11) follow what ethdev reports: PortInfo.)
inline constexpr bool kPortInfoPrivDump = RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0);
inline constexpr bool kPortInfoMtuRange = RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0);

} // namespace pmdfwd::compat
