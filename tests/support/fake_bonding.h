// The net_bonding driver without EAL: bonded devices as a map, recording the
// calls the bonding commands make (tests/src/shell/test_bonding_commands.cpp).
#pragma once

#include "fake_ports.h"
#include "ports/bonding_control.h"

#include <algorithm>
#include <cerrno>
#include <map>

namespace pmdfwd::testing {

class FakeBondingControl : public bonding::BondingControl {
  public:
    explicit FakeBondingControl(FakePorts &ports) : ports_(ports) {}
    struct Bond {
        uint8_t mode = 0, policy = bonding::kLayer2, agg = bonding::kStable;
        std::vector<uint16_t> slaves, active;
        int primary = -1;
        rte_ether_addr mac{};
        uint32_t period_ms = 0;
        bool dedicated = false;
    };
    std::map<uint16_t, Bond> bonds;
    uint16_t next_port = 4; // the id the next bonded device gets
    int create_error = 0;   // create answers this when not 0
    int promisc_error = 0;  // what enabling promiscuous mode answers
    std::vector<std::string> names;
    bonding::LacpConf conf;                          // what every bond's lacp_conf answers
    std::map<uint16_t, bonding::LacpSlaveInfo> lacp; // a slave's LACP state

    int create(const std::string &name, uint8_t mode, uint8_t, int *promisc) override {
        if (create_error) return create_error;
        names.push_back(name);
        bonds[next_port].mode = mode;
        ports_.ports[next_port].status = PortStatus::Stopped; // joins, stopped
        *promisc = promisc_error;
        return next_port++;
    }
    int slave_add(uint16_t b, uint16_t s) override {
        Bond *bond = find(b);
        if (!bond || bonds.count(s)) return -1;
        bond->slaves.push_back(s);
        bond->active.push_back(s);
        if (bond->primary < 0) bond->primary = s;
        return 0;
    }
    int slave_remove(uint16_t b, uint16_t s) override {
        Bond *bond = find(b);
        if (!bond || std::erase(bond->slaves, s) == 0) return -1;
        std::erase(bond->active, s);
        if (bond->primary == s) bond->primary = bond->slaves.empty() ? -1 : bond->slaves[0];
        return 0;
    }
    int mode_set(uint16_t b, uint8_t mode) override {
        Bond *bond = find(b);
        if (!bond || mode > 6) return -1;
        bond->mode = mode;
        return 0;
    }
    int mode_get(uint16_t b) override { return find(b) ? find(b)->mode : -1; }
    int primary_set(uint16_t b, uint16_t s) override {
        Bond *bond = find(b);
        if (!bond || std::count(bond->slaves.begin(), bond->slaves.end(), s) == 0) return -1;
        bond->primary = s;
        return 0;
    }
    int primary_get(uint16_t b) override {
        Bond *bond = find(b);
        return bond && bond->primary >= 0 ? bond->primary : -1;
    }
    int xmit_policy_set(uint16_t b, uint8_t policy) override {
        return find(b) ? (find(b)->policy = policy, 0) : -1;
    }
    int xmit_policy_get(uint16_t b) override { return find(b) ? find(b)->policy : -1; }
    int agg_selection_set(uint16_t b, uint8_t agg) override {
        return find(b) ? (find(b)->agg = agg, 0) : -EINVAL;
    }
    int agg_selection_get(uint16_t b) override { return find(b) ? find(b)->agg : -EINVAL; }
    int slaves(uint16_t b, bool active, std::vector<uint16_t> *out) override {
        Bond *bond = find(b);
        if (!bond) return -1;
        *out = active ? bond->active : bond->slaves;
        return static_cast<int>(out->size());
    }
    int mac_set(uint16_t b, const rte_ether_addr &mac) override {
        return find(b) ? (find(b)->mac = mac, 0) : -EINVAL;
    }
    int link_monitoring_set(uint16_t b, uint32_t ms) override {
        return find(b) ? (find(b)->period_ms = ms, 0) : -EINVAL;
    }
    int dedicated_queues(uint16_t b, bool on) override {
        Bond *bond = find(b);
        if (!bond || bond->mode != bonding::kMode8023ad) return -1;
        bond->dedicated = on;
        return 0;
    }

    int lacp_conf(uint16_t b, bonding::LacpConf *out) override {
        if (!find(b)) return -EINVAL;
        *out = conf;
        return 0;
    }
    int lacp_slave_info(uint16_t, uint16_t s, bonding::LacpSlaveInfo *out) override {
        auto it = lacp.find(s);
        if (it == lacp.end()) return -EINVAL;
        *out = it->second;
        return 0;
    }

    // What the driver's priv_dump writes: a line naming the bond.
    std::string dump(uint16_t b) override { return "bond " + std::to_string(b) + " dump\n"; }

  private:
    FakePorts &ports_;
    Bond *find(uint16_t b) {
        auto it = bonds.find(b);
        return it == bonds.end() ? nullptr : &it->second;
    }
};

} // namespace pmdfwd::testing
