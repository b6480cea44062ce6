// DriverControl over the drivers pmdfwd was linked with (meson defines
// PMDFWD_HAVE_NET_IXGBE, _I40E, _BNXT as testpmd's RTE_NET_IXGBE, ...).
#pragma once

#include "ports/driver/driver_control.h"

namespace pmdfwd::drv {

class DriverControlEthdev : public DriverControl {
  public:
    int set_vf_mac_anti_spoof(uint16_t port, uint16_t vf, bool on) override;
    int set_vf_vlan_anti_spoof(uint16_t port, uint16_t vf, bool on) override;
    int set_vf_vlan_stripq(uint16_t port, uint16_t vf, bool on) override;
    int set_vf_vlan_insert(uint16_t port, uint16_t vf, uint16_t vlan) override;
    int set_vf_mac_addr(uint16_t port, uint16_t vf, const std::array<uint8_t, 6> &mac) override;
    int set_tx_loopback(uint16_t port, bool on) override;
    int set_all_queues_drop(uint16_t port, bool on) override;
    int set_vf_vlan_filter(uint16_t port, uint16_t vlan, uint64_t vf_mask, bool add) override;
    int set_vf_rxmode(uint16_t port, uint16_t vf, uint16_t rx_mask, bool on) override;
    int set_vf_rate_limit(uint16_t port, uint16_t vf, uint32_t rate, uint64_t q_mask) override;
    int get_vf_stats(uint16_t port, uint16_t vf, rte_eth_stats *stats) override;
    int reset_vf_stats(uint16_t port, uint16_t vf) override;
    bool has_vf_traffic() const override;
    int set_vf_traffic(uint16_t port, uint16_t vf, bool rx, bool on) override;
    int pctype_mapping_reset(uint16_t port) override;
    int pctype_mapping_get(uint16_t port, std::vector<FlowTypeMapping> *out) override;
    int pctype_mapping_update(uint16_t port, const FlowTypeMapping &mapping) override;
    int inset_get(uint16_t port, uint8_t pctype, InsetKind kind, Inset *out) override;
    int inset_set(uint16_t port, uint8_t pctype, InsetKind kind, const Inset &inset) override;
    int fdir_info(uint16_t port, rte_eth_fdir_info *info, rte_eth_fdir_stats *stats) override;
    int pick_transfer_proxy(uint16_t port, uint16_t *proxy) override;
    int dcb_info(uint16_t port, rte_eth_dcb_info *out) override;
};

} // namespace pmdfwd::drv
