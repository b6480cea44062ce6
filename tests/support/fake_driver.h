// The NIC drivers' APIs without a NIC (ports/driver/driver_control.h): every
// call is kept as "name arg arg ..." and answered with the code a test sets,
// so the VF and driver-specific port commands' texts can be checked for each.
#pragma once

#include "ports/driver/driver_control.h"

#include <rte_eth_ctrl.h>
#include <rte_ethdev.h>

#include <string>
#include <vector>

namespace pmdfwd::testing {

class FakeDriverControl : public drv::DriverControl {
  public:
    int answer = 0;         // what every call returns (0 or -errno)
    bool vf_traffic = true; // whether a driver that enables VF Rx/Tx (ixgbe) was linked
    std::vector<std::string> calls;
    rte_eth_stats stats{}; // what get_vf_stats reads
    // i40e's pctype state the pctype calls read and write.
    std::vector<drv::FlowTypeMapping> mappings;
    drv::Inset inset;
    // What fdir_info and pick_transfer_proxy read.
    rte_eth_fdir_info fdir{};
    rte_eth_fdir_stats fdir_stats{};
    uint16_t proxy = 0;
    int dcb_answer = -ENOTSUP; // what dcb_info returns (net_ring's answer)

    int set_vf_mac_anti_spoof(uint16_t port, uint16_t vf, bool on) override {
        return call("mac_anti_spoof", {port, vf, on});
    }
    int set_vf_vlan_anti_spoof(uint16_t port, uint16_t vf, bool on) override {
        return call("vlan_anti_spoof", {port, vf, on});
    }
    int set_vf_vlan_stripq(uint16_t port, uint16_t vf, bool on) override {
        return call("vlan_stripq", {port, vf, on});
    }
    int set_vf_vlan_insert(uint16_t port, uint16_t vf, uint16_t vlan) override {
        return call("vlan_insert", {port, vf, vlan});
    }
    int set_vf_mac_addr(uint16_t port, uint16_t vf, const std::array<uint8_t, 6> &mac) override {
        return call("mac_addr", {port, vf, mac[0], mac[5]});
    }
    int set_tx_loopback(uint16_t port, bool on) override { return call("tx_loopback", {port, on}); }
    int set_all_queues_drop(uint16_t port, bool on) override {
        return call("all_queues_drop", {port, on});
    }
    int set_vf_vlan_filter(uint16_t port, uint16_t vlan, uint64_t vf_mask, bool add) override {
        return call("vlan_filter", {port, vlan, vf_mask, add});
    }
    int set_vf_rxmode(uint16_t port, uint16_t vf, uint16_t rx_mask, bool on) override {
        return call("rxmode", {port, vf, rx_mask, on});
    }
    int set_vf_rate_limit(uint16_t port, uint16_t vf, uint32_t rate, uint64_t q_mask) override {
        return call("rate_limit", {port, vf, rate, q_mask});
    }
    int get_vf_stats(uint16_t port, uint16_t vf, rte_eth_stats *s) override {
        *s = stats;
        return call("get_vf_stats", {port, vf});
    }
    int reset_vf_stats(uint16_t port, uint16_t vf) override {
        return call("reset_vf_stats", {port, vf});
    }
    bool has_vf_traffic() const override { return vf_traffic; }
    int set_vf_traffic(uint16_t port, uint16_t vf, bool rx, bool on) override {
        return call("traffic", {port, vf, rx, on});
    }

    int pctype_mapping_reset(uint16_t port) override {
        return call("pctype_mapping_reset", {port});
    }
    int pctype_mapping_get(uint16_t port, std::vector<drv::FlowTypeMapping> *out) override {
        *out = mappings;
        return call("pctype_mapping_get", {port});
    }
    int pctype_mapping_update(uint16_t port, const drv::FlowTypeMapping &m) override {
        return call("pctype_mapping_update", {port, m.flow_type, m.pctypes});
    }
    int inset_get(uint16_t port, uint8_t pctype, drv::InsetKind kind, drv::Inset *out) override {
        *out = inset;
        return call("inset_get", {port, pctype, static_cast<uint64_t>(kind)});
    }
    int inset_set(uint16_t port, uint8_t pctype, drv::InsetKind kind,
                  const drv::Inset &in) override {
        const int ret = call("inset_set", {port, pctype, static_cast<uint64_t>(kind), in.fields,
                                           in.masks[0][0], in.masks[0][1]});
        if (ret == 0) inset = in;
        return ret;
    }
    int fdir_info(uint16_t port, rte_eth_fdir_info *info, rte_eth_fdir_stats *s) override {
        *info = fdir;
        *s = fdir_stats;
        return call("fdir_info", {port});
    }
    int pick_transfer_proxy(uint16_t port, uint16_t *p) override {
        *p = proxy;
        return call("pick_transfer_proxy", {port});
    }

    int dcb_info(uint16_t port, rte_eth_dcb_info *) override {
        calls.push_back("dcb_info " + std::to_string(port));
        return dcb_answer;
    }

  private:
    int call(const char *name, std::initializer_list<uint64_t> args) {
        std::string c = name;
        for (uint64_t a : args)
            c.append(" ").append(std::to_string(a));
        calls.push_back(c);
        return answer;
    }
};

} // namespace pmdfwd::testing
