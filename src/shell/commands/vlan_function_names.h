// The function names testpmd's VLAN extend and TPID refusals carry: 22.11's
// rx_vlan_extend_set and tx_vlan_tpid_set until DPDK's "app/testpmd: fix
// function names in logs" (__func__: vlan_extend_set, vlan_tpid_set), first
// in 26.03 and taken by the stable releases 23.11.7, 24.11.5 and 25.11.1.
#pragma once

#include <rte_version.h>

namespace pmdfwd::shell {

#if RTE_VERSION >= RTE_VERSION_NUM(26, 3, 0, 0) ||                                                 \
    (RTE_VERSION >= RTE_VERSION_NUM(25, 11, 1, 0) &&                                               \
     RTE_VERSION < RTE_VERSION_NUM(26, 0, 0, 0)) ||                                                \
    (RTE_VERSION >= RTE_VERSION_NUM(24, 11, 5, 0) &&                                               \
     RTE_VERSION < RTE_VERSION_NUM(25, 0, 0, 0)) ||                                                \
    (RTE_VERSION >= RTE_VERSION_NUM(23, 11, 7, 0) && RTE_VERSION < RTE_VERSION_NUM(24, 0, 0, 0))
inline constexpr const char *kVlanExtendSetName = "vlan_extend_set";
inline constexpr const char *kVlanTpidSetName = "vlan_tpid_set";
#else
inline constexpr const char *kVlanExtendSetName = "rx_vlan_extend_set";
inline constexpr const char *kVlanTpidSetName = "tx_vlan_tpid_set";
#endif

} // namespace pmdfwd::shell
