// Each call tries the linked drivers in the order testpmd 22.11's command
// does (app/test-pmd/cmdline.c, config.c): a driver that does not own the
// port answers -ENOTSUP and the next one is asked.
#include "ports/driver/driver_control_ethdev.h"

#include <rte_eth_ctrl.h>
#include <rte_ethdev.h>
#include <rte_ether.h>
#include <rte_flow.h>

#include <cerrno>
#include <cstring>

#if PMDFWD_HAVE_NET_IXGBE
// DPDK 22.11 declares these without extern "C" (its dependencies are
// included above, so only the driver's own declarations get C linkage).
extern "C" {
#include <rte_pmd_ixgbe.h>
}
#define PMDFWD_IXGBE(call)                                                                         \
    if (ret == -ENOTSUP) ret = rte_pmd_ixgbe_##call
#else
#define PMDFWD_IXGBE(call)
#endif
#if PMDFWD_HAVE_NET_I40E
#include <rte_pmd_i40e.h>
#define PMDFWD_I40E(call)                                                                          \
    if (ret == -ENOTSUP) ret = rte_pmd_i40e_##call
#else
#define PMDFWD_I40E(call)
#endif
#if PMDFWD_HAVE_NET_BNXT
// DPDK 22.11 declares these without extern "C" (its dependencies are
// included above, so only the driver's own declarations get C linkage).
extern "C" {
#include <rte_pmd_bnxt.h>
}
#define PMDFWD_BNXT(call)                                                                          \
    if (ret == -ENOTSUP) ret = rte_pmd_bnxt_##call
#else
#define PMDFWD_BNXT(call)
#endif

namespace pmdfwd::drv {

int DriverControlEthdev::set_vf_mac_anti_spoof([[maybe_unused]] uint16_t port,
                                               [[maybe_unused]] uint16_t vf,
                                               [[maybe_unused]] bool on) {
    int ret = -ENOTSUP;
    PMDFWD_IXGBE(set_vf_mac_anti_spoof(port, vf, on));
    PMDFWD_I40E(set_vf_mac_anti_spoof(port, vf, on));
    PMDFWD_BNXT(set_vf_mac_anti_spoof(port, vf, on));
    return ret;
}

int DriverControlEthdev::set_vf_vlan_anti_spoof([[maybe_unused]] uint16_t port,
                                                [[maybe_unused]] uint16_t vf,
                                                [[maybe_unused]] bool on) {
    int ret = -ENOTSUP;
    PMDFWD_IXGBE(set_vf_vlan_anti_spoof(port, vf, on));
    PMDFWD_I40E(set_vf_vlan_anti_spoof(port, vf, on));
    PMDFWD_BNXT(set_vf_vlan_anti_spoof(port, vf, on));
    return ret;
}

int DriverControlEthdev::set_vf_vlan_stripq([[maybe_unused]] uint16_t port,
                                            [[maybe_unused]] uint16_t vf,
                                            [[maybe_unused]] bool on) {
    int ret = -ENOTSUP;
    PMDFWD_IXGBE(set_vf_vlan_stripq(port, vf, on));
    PMDFWD_I40E(set_vf_vlan_stripq(port, vf, on));
    PMDFWD_BNXT(set_vf_vlan_stripq(port, vf, on));
    return ret;
}

int DriverControlEthdev::set_vf_vlan_insert([[maybe_unused]] uint16_t port,
                                            [[maybe_unused]] uint16_t vf,
                                            [[maybe_unused]] uint16_t vlan) {
    int ret = -ENOTSUP;
    PMDFWD_IXGBE(set_vf_vlan_insert(port, vf, vlan));
    PMDFWD_I40E(set_vf_vlan_insert(port, vf, vlan));
    PMDFWD_BNXT(set_vf_vlan_insert(port, vf, vlan));
    return ret;
}

int DriverControlEthdev::set_vf_mac_addr([[maybe_unused]] uint16_t port,
                                         [[maybe_unused]] uint16_t vf,
                                         const std::array<uint8_t, 6> &mac) {
    rte_ether_addr addr{};
    std::memcpy(addr.addr_bytes, mac.data(), mac.size());
    int ret = -ENOTSUP;
    PMDFWD_IXGBE(set_vf_mac_addr(port, vf, &addr));
    PMDFWD_I40E(set_vf_mac_addr(port, vf, &addr));
    PMDFWD_BNXT(set_vf_mac_addr(port, vf, &addr));
    return ret;
}

int DriverControlEthdev::set_tx_loopback([[maybe_unused]] uint16_t port, [[maybe_unused]] bool on) {
    int ret = -ENOTSUP;
    PMDFWD_IXGBE(set_tx_loopback(port, on));
    PMDFWD_I40E(set_tx_loopback(port, on));
    PMDFWD_BNXT(set_tx_loopback(port, on));
    return ret;
}

int DriverControlEthdev::set_all_queues_drop([[maybe_unused]] uint16_t port,
                                             [[maybe_unused]] bool on) {
    int ret = -ENOTSUP;
    PMDFWD_IXGBE(set_all_queues_drop_en(port, on));
    PMDFWD_BNXT(set_all_queues_drop_en(port, on));
    return ret;
}

int DriverControlEthdev::set_vf_vlan_filter([[maybe_unused]] uint16_t port,
                                            [[maybe_unused]] uint16_t vlan,
                                            [[maybe_unused]] uint64_t vf_mask,
                                            [[maybe_unused]] bool add) {
    int ret = -ENOTSUP;
    PMDFWD_IXGBE(set_vf_vlan_filter(port, vlan, vf_mask, add));
    PMDFWD_I40E(set_vf_vlan_filter(port, vlan, vf_mask, add));
    PMDFWD_BNXT(set_vf_vlan_filter(port, vlan, vf_mask, add));
    return ret;
}

int DriverControlEthdev::set_vf_rxmode([[maybe_unused]] uint16_t port, [[maybe_unused]] uint16_t vf,
                                       [[maybe_unused]] uint16_t rx_mask,
                                       [[maybe_unused]] bool on) {
    int ret = -ENOTSUP;
    PMDFWD_IXGBE(set_vf_rxmode(port, vf, rx_mask, on));
    PMDFWD_BNXT(set_vf_rxmode(port, vf, rx_mask, on));
    return ret;
}

int DriverControlEthdev::set_vf_rate_limit([[maybe_unused]] uint16_t port,
                                           [[maybe_unused]] uint16_t vf,
                                           [[maybe_unused]] uint32_t rate,
                                           [[maybe_unused]] uint64_t q_mask) {
    int ret = -ENOTSUP;
    PMDFWD_IXGBE(set_vf_rate_limit(port, vf, rate, q_mask));
    PMDFWD_BNXT(set_vf_rate_limit(port, vf, rate, q_mask));
    return ret;
}

int DriverControlEthdev::get_vf_stats([[maybe_unused]] uint16_t port, [[maybe_unused]] uint16_t vf,
                                      [[maybe_unused]] rte_eth_stats *stats) {
    int ret = -ENOTSUP;
    PMDFWD_I40E(get_vf_stats(port, vf, stats));
    PMDFWD_BNXT(get_vf_stats(port, vf, stats));
    return ret;
}

int DriverControlEthdev::reset_vf_stats([[maybe_unused]] uint16_t port,
                                        [[maybe_unused]] uint16_t vf) {
    int ret = -ENOTSUP;
    PMDFWD_I40E(reset_vf_stats(port, vf));
    PMDFWD_BNXT(reset_vf_stats(port, vf));
    return ret;
}

bool DriverControlEthdev::has_vf_traffic() const {
    return PMDFWD_HAVE_NET_IXGBE;
}

int DriverControlEthdev::set_vf_traffic([[maybe_unused]] uint16_t port,
                                        [[maybe_unused]] uint16_t vf, [[maybe_unused]] bool rx,
                                        [[maybe_unused]] bool on) {
#if PMDFWD_HAVE_NET_IXGBE
    return rx ? rte_pmd_ixgbe_set_vf_rx(port, vf, on) : rte_pmd_ixgbe_set_vf_tx(port, vf, on);
#else
    return -ENOTSUP;
#endif
}

// i40e's pctype calls: no other driver has them (testpmd 22.11's
// drivers/net/i40e/i40e_testpmd.c).
#if PMDFWD_HAVE_NET_I40E
namespace {

rte_pmd_i40e_inset_type inset_type(InsetKind kind) {
    switch (kind) {
    case InsetKind::Hash:
        return INSET_HASH;
    case InsetKind::Fdir:
        return INSET_FDIR;
    case InsetKind::FdirFlex:
        return INSET_FDIR_FLX;
    }
    return INSET_NONE;
}

} // namespace
#endif

int DriverControlEthdev::pctype_mapping_reset([[maybe_unused]] uint16_t port) {
    int ret = -ENOTSUP;
    PMDFWD_I40E(flow_type_mapping_reset(port));
    return ret;
}

int DriverControlEthdev::pctype_mapping_get([[maybe_unused]] uint16_t port,
                                            [[maybe_unused]] std::vector<FlowTypeMapping> *out) {
#if PMDFWD_HAVE_NET_I40E
    std::array<rte_pmd_i40e_flow_type_mapping, RTE_PMD_I40E_FLOW_TYPE_MAX> map{};
    const int ret = rte_pmd_i40e_flow_type_mapping_get(port, map.data());
    if (ret != 0) return ret;
    out->clear();
    for (const auto &m : map)
        if (m.pctype != 0) out->push_back({m.flow_type, m.pctype});
    return 0;
#else
    return -ENOTSUP;
#endif
}

int DriverControlEthdev::pctype_mapping_update([[maybe_unused]] uint16_t port,
                                               [[maybe_unused]] const FlowTypeMapping &mapping) {
#if PMDFWD_HAVE_NET_I40E
    rte_pmd_i40e_flow_type_mapping m{mapping.flow_type, mapping.pctypes};
    return rte_pmd_i40e_flow_type_mapping_update(port, &m, 1, 0);
#else
    return -ENOTSUP;
#endif
}

int DriverControlEthdev::inset_get([[maybe_unused]] uint16_t port, [[maybe_unused]] uint8_t pctype,
                                   [[maybe_unused]] InsetKind kind, [[maybe_unused]] Inset *out) {
#if PMDFWD_HAVE_NET_I40E
    rte_pmd_i40e_inset inset{};
    const int ret = rte_pmd_i40e_inset_get(port, pctype, &inset, inset_type(kind));
    if (ret != 0) return ret;
    out->fields = inset.inset;
    for (size_t i = 0; i < out->masks.size(); i++)
        out->masks[i] = {inset.mask[i].field_idx, inset.mask[i].mask};
    return 0;
#else
    return -ENOTSUP;
#endif
}

int DriverControlEthdev::inset_set([[maybe_unused]] uint16_t port, [[maybe_unused]] uint8_t pctype,
                                   [[maybe_unused]] InsetKind kind,
                                   [[maybe_unused]] const Inset &in) {
#if PMDFWD_HAVE_NET_I40E
    rte_pmd_i40e_inset inset{};
    inset.inset = in.fields;
    for (size_t i = 0; i < in.masks.size(); i++) {
        inset.mask[i].field_idx = in.masks[i][0];
        inset.mask[i].mask = in.masks[i][1];
    }
    return rte_pmd_i40e_inset_set(port, pctype, &inset, inset_type(kind));
#else
    return -ENOTSUP;
#endif
}

// testpmd's get_fdir_info: a driver's stats only once its info came.
int DriverControlEthdev::fdir_info([[maybe_unused]] uint16_t port,
                                   [[maybe_unused]] rte_eth_fdir_info *info,
                                   [[maybe_unused]] rte_eth_fdir_stats *stats) {
    int ret = -ENOTSUP;
#if PMDFWD_HAVE_NET_I40E
    if (ret == -ENOTSUP) {
        ret = rte_pmd_i40e_get_fdir_info(port, info);
        if (ret == 0) ret = rte_pmd_i40e_get_fdir_stats(port, stats);
    }
#endif
#if PMDFWD_HAVE_NET_IXGBE
    if (ret == -ENOTSUP) {
        ret = rte_pmd_ixgbe_get_fdir_info(port, info);
        if (ret == 0) ret = rte_pmd_ixgbe_get_fdir_stats(port, stats);
    }
#endif
    return ret;
}

int DriverControlEthdev::pick_transfer_proxy(uint16_t port, uint16_t *proxy) {
    return rte_flow_pick_transfer_proxy(port, proxy, nullptr);
}

int DriverControlEthdev::dcb_info(uint16_t port, rte_eth_dcb_info *out) {
    return rte_eth_dev_get_dcb_info(port, out);
}

} // namespace pmdfwd::drv
