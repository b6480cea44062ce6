// What testpmd's VF and driver-specific port commands ask of the NIC
// drivers' own APIs (rte_pmd_ixgbe_*, rte_pmd_i40e_*, rte_pmd_bnxt_*), so
// that the family (src/shell/commands/vf_commands.cpp) runs over the drivers
// in pmdfwd (driver_control_ethdev.h) and over a fake in tests
// (tests/support/fake_driver.h). Each call returns the first driver's answer
// that is not -ENOTSUP, trying them in testpmd 22.11's order; -ENOTSUP when
// none takes the port (or none was linked).
#pragma once

#include <array>
#include <cstdint>

struct rte_eth_stats;

namespace pmdfwd::drv {

class DriverControl {
  public:
    virtual ~DriverControl() = default;
    virtual int set_vf_mac_anti_spoof(uint16_t port, uint16_t vf, bool on) = 0;
    virtual int set_vf_vlan_anti_spoof(uint16_t port, uint16_t vf, bool on) = 0;
    virtual int set_vf_vlan_stripq(uint16_t port, uint16_t vf, bool on) = 0;
    virtual int set_vf_vlan_insert(uint16_t port, uint16_t vf, uint16_t vlan) = 0;
    virtual int set_vf_mac_addr(uint16_t port, uint16_t vf, const std::array<uint8_t, 6> &mac) = 0;
    virtual int set_tx_loopback(uint16_t port, bool on) = 0;
    virtual int set_all_queues_drop(uint16_t port, bool on) = 0;
    virtual int set_vf_vlan_filter(uint16_t port, uint16_t vlan, uint64_t vf_mask, bool add) = 0;
    // rx_mask: RTE_ETH_VMDQ_ACCEPT_* bits.
    virtual int set_vf_rxmode(uint16_t port, uint16_t vf, uint16_t rx_mask, bool on) = 0;
    virtual int set_vf_rate_limit(uint16_t port, uint16_t vf, uint32_t rate, uint64_t q_mask) = 0;
    virtual int get_vf_stats(uint16_t port, uint16_t vf, rte_eth_stats *stats) = 0;
    virtual int reset_vf_stats(uint16_t port, uint16_t vf) = 0;
    // testpmd enables or disables a VF's Rx or Tx through ixgbe alone.
    virtual bool has_vf_traffic() const = 0;
    virtual int set_vf_traffic(uint16_t port, uint16_t vf, bool rx, bool on) = 0;
};

} // namespace pmdfwd::drv
