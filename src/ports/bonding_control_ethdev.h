// BondingControl over the net_bonding driver (rte_eth_bond_*). Without the
// driver (PMDFWD_HAVE_NET_BOND=0) every call answers -ENOTSUP.
#pragma once

#include "options/config.h"
#include "ports/bonding_control.h"
#include "ports/ports.h"

namespace pmdfwd::bonding {

class BondingControlEthdev : public BondingControl {
  public:
    BondingControlEthdev(Ports &ports, const Config &cfg) : ports_(ports), cfg_(cfg) {}

    int create(const std::string &name, uint8_t mode, uint8_t socket, int *promisc_error) override;
    int slave_add(uint16_t bond, uint16_t slave) override;
    int slave_remove(uint16_t bond, uint16_t slave) override;
    int mode_set(uint16_t bond, uint8_t mode) override;
    int mode_get(uint16_t bond) override;
    int primary_set(uint16_t bond, uint16_t slave) override;
    int primary_get(uint16_t bond) override;
    int xmit_policy_set(uint16_t bond, uint8_t policy) override;
    int xmit_policy_get(uint16_t bond) override;
    int agg_selection_set(uint16_t bond, uint8_t mode) override;
    int agg_selection_get(uint16_t bond) override;
    int slaves(uint16_t bond, bool active, std::vector<uint16_t> *out) override;
    int mac_set(uint16_t bond, const rte_ether_addr &mac) override;
    int link_monitoring_set(uint16_t bond, uint32_t period_ms) override;
    int dedicated_queues(uint16_t bond, bool enable) override;
    int lacp_conf(uint16_t bond, LacpConf *out) override;
    int lacp_slave_info(uint16_t bond, uint16_t slave, LacpSlaveInfo *out) override;
    std::string dump(uint16_t bond) override;

  private:
    Ports &ports_;
    const Config &cfg_;
};

} // namespace pmdfwd::bonding
