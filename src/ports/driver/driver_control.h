// What testpmd's VF and driver-specific port commands ask of the NIC
// drivers' own APIs (rte_pmd_ixgbe_*, rte_pmd_i40e_*, rte_pmd_bnxt_*), so
// that the families (src/shell/commands/vf_commands.cpp, i40e_commands.cpp,
// driver_display_commands.cpp) run over the drivers
// in pmdfwd (driver_control_ethdev.h) and over a fake in tests
// (tests/support/fake_driver.h). Each call returns the first driver's answer
// that is not -ENOTSUP, trying them in testpmd 22.11's order; -ENOTSUP when
// none takes the port (or none was linked).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

struct rte_eth_dcb_info;
struct rte_eth_stats;
struct rte_eth_fdir_info;
struct rte_eth_fdir_stats;

namespace pmdfwd::drv {

// i40e's flow type to pctype mapping: the pctypes (bit n: pctype n) a
// software flow type stands for (rte_pmd_i40e_flow_type_mapping).
struct FlowTypeMapping {
    uint16_t flow_type = 0;
    uint64_t pctypes = 0;
};

// Which of i40e's input sets of a pctype (rte_pmd_i40e_inset_type, less NONE).
enum class InsetKind { Hash = 1, Fdir, FdirFlex };

// An i40e input set (rte_pmd_i40e_inset): the field bits (field n is bit
// 63 - n) and the two field masks, kept as they were read.
struct Inset {
    uint64_t fields = 0;
    std::array<std::array<uint16_t, 2>, 2> masks{}; // {field_idx, mask} each
};

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

    // ---- i40e's pctypes (`port config <p> pctype ...`, `show port <p> pctype mapping`) ----
    virtual int pctype_mapping_reset(uint16_t port) = 0;
    // The flow types that map to any pctype, in flow type order.
    virtual int pctype_mapping_get(uint16_t port, std::vector<FlowTypeMapping> *out) = 0;
    virtual int pctype_mapping_update(uint16_t port, const FlowTypeMapping &mapping) = 0;
    virtual int inset_get(uint16_t port, uint8_t pctype, InsetKind kind, Inset *out) = 0;
    virtual int inset_set(uint16_t port, uint8_t pctype, InsetKind kind, const Inset &inset) = 0;

    // ---- flow director display (`show port fdir`): i40e's, then ixgbe's ----
    // Both filled, or the first failing call's answer.
    virtual int fdir_info(uint16_t port, rte_eth_fdir_info *info, rte_eth_fdir_stats *stats) = 0;

    // ---- the port the PMD manages transfer flow rules through (rte_flow) ----
    virtual int pick_transfer_proxy(uint16_t port, uint16_t *proxy) = 0;

    // ---- DCB (`port config <p> dcb ...`): whether the PMD reports its DCB
    // state (rte_eth_dev_get_dcb_info; -ENOTSUP: it has no DCB) ----
    virtual int dcb_info(uint16_t port, rte_eth_dcb_info *out) = 0;
};

} // namespace pmdfwd::drv
