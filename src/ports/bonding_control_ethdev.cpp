#include "ports/bonding_control_ethdev.h"

#include <rte_ethdev.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>

#if PMDFWD_HAVE_NET_BOND
#include <rte_eth_bond.h>
#include <rte_eth_bond_8023ad.h>
#include <rte_version.h>
#endif

namespace pmdfwd::bonding {

#if PMDFWD_HAVE_NET_BOND

// DPDK 23.11 renamed the driver's slaves to members (and dropped the old names).
namespace {
#if RTE_VERSION >= RTE_VERSION_NUM(23, 11, 0, 0)
constexpr auto member_add = rte_eth_bond_member_add;
constexpr auto member_remove = rte_eth_bond_member_remove;
constexpr auto members_get = rte_eth_bond_members_get;
constexpr auto active_members_get = rte_eth_bond_active_members_get;
constexpr auto member_info = rte_eth_bond_8023ad_member_info;
using member_info_t = struct rte_eth_bond_8023ad_member_info;
#else
constexpr auto member_add = rte_eth_bond_slave_add;
constexpr auto member_remove = rte_eth_bond_slave_remove;
constexpr auto members_get = rte_eth_bond_slaves_get;
constexpr auto active_members_get = rte_eth_bond_active_slaves_get;
constexpr auto member_info = rte_eth_bond_8023ad_slave_info;
using member_info_t = struct rte_eth_bond_8023ad_slave_info;
#endif

LacpParams params(const port_params &p) {
    return {.system_priority = p.system_priority,
            .system = p.system,
            .key = p.key,
            .port_priority = p.port_priority,
            .port_number = p.port_number};
}
} // namespace

int BondingControlEthdev::create(const std::string &name, uint8_t mode, uint8_t socket,
                                 int *promisc_error) {
    const int port = rte_eth_bond_create(name.c_str(), mode, socket);
    if (port < 0) return port;
    const auto id = static_cast<uint16_t>(port);
    if (Status joined = ports_.adopt(cfg_, id); !joined)
        return joined.code() > 0 ? -joined.code() : -EINVAL;
    *promisc_error = rte_eth_promiscuous_enable(id);
    return port;
}

int BondingControlEthdev::slave_add(uint16_t bond, uint16_t slave) {
    return member_add(bond, slave);
}
int BondingControlEthdev::slave_remove(uint16_t bond, uint16_t slave) {
    return member_remove(bond, slave);
}
int BondingControlEthdev::mode_set(uint16_t bond, uint8_t mode) {
    return rte_eth_bond_mode_set(bond, mode);
}
int BondingControlEthdev::mode_get(uint16_t bond) {
    return rte_eth_bond_mode_get(bond);
}
int BondingControlEthdev::primary_set(uint16_t bond, uint16_t slave) {
    return rte_eth_bond_primary_set(bond, slave);
}
int BondingControlEthdev::primary_get(uint16_t bond) {
    return rte_eth_bond_primary_get(bond);
}
int BondingControlEthdev::xmit_policy_set(uint16_t bond, uint8_t policy) {
    return rte_eth_bond_xmit_policy_set(bond, policy);
}
int BondingControlEthdev::xmit_policy_get(uint16_t bond) {
    return rte_eth_bond_xmit_policy_get(bond);
}
int BondingControlEthdev::agg_selection_set(uint16_t bond, uint8_t mode) {
    return rte_eth_bond_8023ad_agg_selection_set(bond,
                                                 static_cast<rte_bond_8023ad_agg_selection>(mode));
}
int BondingControlEthdev::agg_selection_get(uint16_t bond) {
    return rte_eth_bond_8023ad_agg_selection_get(bond);
}
int BondingControlEthdev::slaves(uint16_t bond, bool active, std::vector<uint16_t> *out) {
    out->assign(RTE_MAX_ETHPORTS, 0);
    const int n = active ? active_members_get(bond, out->data(), RTE_MAX_ETHPORTS)
                         : members_get(bond, out->data(), RTE_MAX_ETHPORTS);
    out->resize(n > 0 ? static_cast<size_t>(n) : 0);
    return n;
}
int BondingControlEthdev::mac_set(uint16_t bond, const rte_ether_addr &mac) {
    rte_ether_addr copy = mac; // the driver's signature is not const
    return rte_eth_bond_mac_address_set(bond, &copy);
}
int BondingControlEthdev::link_monitoring_set(uint16_t bond, uint32_t period_ms) {
    return rte_eth_bond_link_monitoring_set(bond, period_ms);
}
int BondingControlEthdev::dedicated_queues(uint16_t bond, bool enable) {
    return enable ? rte_eth_bond_8023ad_dedicated_queues_enable(bond)
                  : rte_eth_bond_8023ad_dedicated_queues_disable(bond);
}

int BondingControlEthdev::lacp_conf(uint16_t bond, LacpConf *out) {
    rte_eth_bond_8023ad_conf c{};
    const int rc = rte_eth_bond_8023ad_conf_get(bond, &c);
    if (rc != 0) return rc;
    *out = {c.fast_periodic_ms,    c.slow_periodic_ms,          c.short_timeout_ms,
            c.long_timeout_ms,     c.aggregate_wait_timeout_ms, c.tx_period_ms,
            c.rx_marker_period_ms, c.update_timeout_ms,         static_cast<int>(c.agg_selection)};
    return 0;
}
int BondingControlEthdev::lacp_slave_info(uint16_t bond, uint16_t slave, LacpSlaveInfo *out) {
    member_info_t i{};
    const int rc = member_info(bond, slave, &i);
    if (rc != 0) return rc;
    *out = {.selected = static_cast<unsigned>(i.selected),
            .actor_state = i.actor_state,
            .partner_state = i.partner_state,
            .actor = params(i.actor),
            .partner = params(i.partner),
            .agg_port_id = i.agg_port_id};
    return 0;
}

#else

int BondingControlEthdev::lacp_conf(uint16_t, LacpConf *) {
    return -ENOTSUP;
}
int BondingControlEthdev::lacp_slave_info(uint16_t, uint16_t, LacpSlaveInfo *) {
    return -ENOTSUP;
}
int BondingControlEthdev::create(const std::string &, uint8_t, uint8_t, int *) {
    return -ENOTSUP;
}
int BondingControlEthdev::slave_add(uint16_t, uint16_t) {
    return -ENOTSUP;
}
int BondingControlEthdev::slave_remove(uint16_t, uint16_t) {
    return -ENOTSUP;
}
int BondingControlEthdev::mode_set(uint16_t, uint8_t) {
    return -ENOTSUP;
}
int BondingControlEthdev::mode_get(uint16_t) {
    return -ENOTSUP;
}
int BondingControlEthdev::primary_set(uint16_t, uint16_t) {
    return -ENOTSUP;
}
int BondingControlEthdev::primary_get(uint16_t) {
    return -ENOTSUP;
}
int BondingControlEthdev::xmit_policy_set(uint16_t, uint8_t) {
    return -ENOTSUP;
}
int BondingControlEthdev::xmit_policy_get(uint16_t) {
    return -ENOTSUP;
}
int BondingControlEthdev::agg_selection_set(uint16_t, uint8_t) {
    return -ENOTSUP;
}
int BondingControlEthdev::agg_selection_get(uint16_t) {
    return -ENOTSUP;
}
int BondingControlEthdev::slaves(uint16_t, bool, std::vector<uint16_t> *) {
    return -ENOTSUP;
}
int BondingControlEthdev::mac_set(uint16_t, const rte_ether_addr &) {
    return -ENOTSUP;
}
int BondingControlEthdev::link_monitoring_set(uint16_t, uint32_t) {
    return -ENOTSUP;
}
int BondingControlEthdev::dedicated_queues(uint16_t, bool) {
    return -ENOTSUP;
}

#endif

// An ethdev call, made with or without the bonding driver.
std::string BondingControlEthdev::dump(uint16_t bond) {
    char *buf = nullptr;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f == nullptr) return {};
    (void)rte_eth_dev_priv_dump(bond, f); // testpmd ignores its answer too
    std::fclose(f);
    std::string text(buf, len);
    std::free(buf);
    return text;
}

} // namespace pmdfwd::bonding
