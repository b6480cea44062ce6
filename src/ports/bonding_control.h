// The net_bonding driver as testpmd's bonding commands use it
// (drivers/net/bonding/bonding_testpmd.c): each rte_eth_bond_* call as it is,
// answering 0 or a negative errno (or the value asked for). The application
// implements it over the driver (bonding_control_ethdev.h); tests over a fake.
#pragma once

#include <rte_ether.h>

#include <cstdint>
#include <string>
#include <vector>

namespace pmdfwd::bonding {

// The driver's balance transmit policies and 802.3ad aggregator modes,
// numbered as rte_eth_bond.h and rte_eth_bond_8023ad.h number them.
enum XmitPolicy : uint8_t { kLayer2 = 0, kLayer23 = 1, kLayer34 = 2 };
enum AggMode : uint8_t { kBandwidth = 0, kStable = 1, kCount = 2 };
inline constexpr int kModeBalance = 2, kMode8023ad = 4;

// What rte_eth_bond_8023ad_conf_get and _slave_info answer, without the
// driver's headers (a DPDK may be built without it).
struct LacpConf {
    uint32_t fast_periodic_ms = 0, slow_periodic_ms = 0, short_timeout_ms = 0, long_timeout_ms = 0,
             aggregate_wait_timeout_ms = 0, tx_period_ms = 0, rx_marker_period_ms = 0,
             update_timeout_ms = 0;
    int agg_selection = 0;
};
struct LacpParams {
    uint16_t system_priority = 0;
    rte_ether_addr system{};
    uint16_t key = 0, port_priority = 0, port_number = 0;
};
struct LacpSlaveInfo {
    unsigned selected = 0; // UNSELECTED, STANDBY, SELECTED
    uint8_t actor_state = 0, partner_state = 0;
    LacpParams actor, partner;
    uint16_t agg_port_id = 0;
};

class BondingControl {
  public:
    virtual ~BondingControl() = default;
    // testpmd's bond_dev_num: the next device's name is
    // net_bonding_testpmd_<next_device>, counted on failures too.
    unsigned next_device = 0;
    // rte_eth_bond_create; the new port joins the application's ports,
    // stopped and promiscuous as testpmd's does. The port id, or < 0.
    // promisc_error: rte_eth_promiscuous_enable's result (0 when it worked).
    virtual int create(const std::string &name, uint8_t mode, uint8_t socket,
                       int *promisc_error) = 0;
    virtual int slave_add(uint16_t bond, uint16_t slave) = 0;
    virtual int slave_remove(uint16_t bond, uint16_t slave) = 0;
    virtual int mode_set(uint16_t bond, uint8_t mode) = 0;
    virtual int mode_get(uint16_t bond) = 0;
    virtual int primary_set(uint16_t bond, uint16_t slave) = 0;
    virtual int primary_get(uint16_t bond) = 0;
    virtual int xmit_policy_set(uint16_t bond, uint8_t policy) = 0;
    virtual int xmit_policy_get(uint16_t bond) = 0;
    virtual int agg_selection_set(uint16_t bond, uint8_t mode) = 0;
    virtual int agg_selection_get(uint16_t bond) = 0;
    // The slaves (active ones when active): their count, or < 0.
    virtual int slaves(uint16_t bond, bool active, std::vector<uint16_t> *out) = 0;
    virtual int mac_set(uint16_t bond, const rte_ether_addr &mac) = 0;
    virtual int link_monitoring_set(uint16_t bond, uint32_t period_ms) = 0;
    virtual int dedicated_queues(uint16_t bond, bool enable) = 0;
    virtual int lacp_conf(uint16_t bond, LacpConf *out) = 0;
    virtual int lacp_slave_info(uint16_t bond, uint16_t slave, LacpSlaveInfo *out) = 0;
    // What rte_eth_dev_priv_dump writes for the bond (its driver's account,
    // testpmd 23.11's `show bonding config`); empty when it writes nothing.
    virtual std::string dump(uint16_t bond) = 0;
};

} // namespace pmdfwd::bonding
