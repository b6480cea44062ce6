// Each call tries the linked drivers in the order testpmd 22.11's command
// does (app/test-pmd/cmdline.c, config.c): a driver that does not own the
// port answers -ENOTSUP and the next one is asked.
#include "ports/driver/driver_control_ethdev.h"

#include <rte_ethdev.h>
#include <rte_ether.h>

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

} // namespace pmdfwd::drv
