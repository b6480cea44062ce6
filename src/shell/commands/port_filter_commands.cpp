// What a port accepts and how its link behaves, effective at once as in
// testpmd: promiscuous and all-multicast modes, MAC and multicast address
// filters, VLAN offloads and filters, flow control, link up/down, VXLAN UDP
// ports. Each goes to ethdev and prints testpmd's message for its answer.
#include "shell/command_spec.h"

#include "options/scalar_parse.h"
#include "ports/port_text.h"

#include <rte_errno.h>

#include <algorithm>
#include <cstring>

namespace pmdfwd::shell {

namespace {

std::optional<rte_ether_addr> mac_arg(Ctx &c, const std::string &word) {
    std::string err;
    auto m = parse_mac(word, &err);
    if (!m) {
        fail(c, "Bad arguments: " + err);
        return std::nullopt;
    }
    rte_ether_addr a;
    std::memcpy(a.addr_bytes, m->data(), sizeof(a.addr_bytes));
    return a;
}

bool set_mode(Ctx &c, const Args &a, bool promisc) {
    auto ports = ports_arg(c, a[0]);
    if (!ports) return false;
    const bool on = a[1] == "on";
    bool ok = true;
    for (uint16_t p : *ports) {
        PortControl &pc = c.ports;
        const int rc = promisc ? pc.set_promiscuous(p, on) : pc.set_allmulticast(p, on);
        if (rc == 0) continue;
        ok = fail(c, std::string("Error during ") + (on ? "enabling" : "disabling") +
                         (promisc ? " promiscuous" : " all-multicast") + " mode for port " +
                         std::to_string(p) + ": " + rte_strerror(-rc));
    }
    return ok;
}

bool mac_addr(Ctx &c, const Args &a) {
    auto port = port_arg(c, a[1]);
    if (!port) return false;
    auto mac = mac_arg(c, a[2]);
    if (!mac) return false;
    PortControl &pc = c.ports;
    const int rc = a[0] == "add"   ? pc.mac_addr_add(*port, *mac)
                   : a[0] == "set" ? pc.mac_addr_set(*port, *mac)
                                   : pc.mac_addr_remove(*port, *mac);
    if (rc < 0) return fail(c, std::string("mac_addr_cmd error: (") + std::strerror(-rc) + ")");
    return true;
}

// testpmd keeps the list and hands all of it to the PMD after each change,
// putting the list back when the PMD refuses it.
bool mcast_addr(Ctx &c, const Args &a) {
    auto port = port_arg(c, a[1]);
    if (!port) return false;
    auto mac = mac_arg(c, a[2]);
    if (!mac) return false;
    if (!rte_is_multicast_ether_addr(&*mac))
        return fail(c, "Invalid multicast addr " + mac_text(*mac));
    PortControl &pc = c.ports;
    std::vector<rte_ether_addr> &list = pc.mc_addrs(*port);
    auto it = std::find_if(list.begin(), list.end(), [&](const rte_ether_addr &m) {
        return rte_is_same_ether_addr(&m, &*mac);
    });
    const bool add = a[0] == "add";
    if (add && it != list.end()) return fail(c, "multicast address already filtered by port");
    if (!add && it == list.end())
        return fail(c, "multicast address not filtered by port " + std::to_string(*port));
    const std::vector<rte_ether_addr> before = list;
    if (add)
        list.push_back(*mac);
    else
        list.erase(it);
    const int rc = pc.apply_mc_addrs(*port);
    if (rc >= 0) return true;
    const size_t nb = list.size();
    list = before;
    return fail(c, "rte_eth_dev_set_mc_addr_list(port=" + std::to_string(*port) +
                       ", nb=" + std::to_string(nb) + ") failed. diag=" + std::to_string(rc));
}

struct VlanOffload {
    const char *word;
    const char *func; // testpmd's function name in its failure message
    int mask;
    uint64_t rx_offload;
};
const VlanOffload kVlanOffloads[] = {
    {"strip", "rx_vlan_strip_set", RTE_ETH_VLAN_STRIP_OFFLOAD, RTE_ETH_RX_OFFLOAD_VLAN_STRIP},
    {"filter", "rx_vlan_filter_set", RTE_ETH_VLAN_FILTER_OFFLOAD, RTE_ETH_RX_OFFLOAD_VLAN_FILTER},
    {"qinq_strip", "rx_vlan_qinq_strip_set", RTE_ETH_QINQ_STRIP_OFFLOAD,
     RTE_ETH_RX_OFFLOAD_QINQ_STRIP},
    {"extend", "rx_vlan_extend_set", RTE_ETH_VLAN_EXTEND_OFFLOAD, RTE_ETH_RX_OFFLOAD_VLAN_EXTEND},
};

bool vlan_set(Ctx &c, const Args &a) {
    auto port = port_arg(c, a[2]);
    if (!port) return false;
    const VlanOffload *v = nullptr;
    for (const VlanOffload &o : kVlanOffloads)
        if (a[0] == o.word) v = &o;
    if (v == nullptr)
        return fail(c, "Bad arguments: vlan set " + a[0] +
                           " (allowed: strip, filter, qinq_strip, extend)");
    PortControl &pc = c.ports;
    PortInfo info;
    if (pc.info(*port, &info) != 0 || info.vlan_offload < 0)
        return fail(c, "cannot read the VLAN offloads of port " + std::to_string(*port));
    const bool on = a[1] == "on";
    const int mask = on ? info.vlan_offload | v->mask : info.vlan_offload & ~v->mask;
    const int rc = pc.set_vlan_offload(*port, mask, v->rx_offload, on);
    if (rc < 0)
        return fail(c, std::string(v->func) + "(port_pi=" + std::to_string(*port) +
                           ", on=" + (on ? "1" : "0") + ") failed diag=" + std::to_string(rc));
    return true;
}

bool rx_vlan(Ctx &c, const Args &a) {
    auto vlan = uint_arg(c, "vlan id", a[1], 0, UINT16_MAX);
    if (!vlan) return false;
    auto port = port_arg(c, a[2]);
    if (!port) return false;
    if (*vlan >= 4096)
        return fail(c, "Invalid vlan_id " + std::to_string(*vlan) + " (must be < 4096)");
    const bool on = a[0] == "add";
    const int rc = c.ports.vlan_filter(*port, static_cast<uint16_t>(*vlan), on);
    if (rc != 0)
        return fail(c, "rte_eth_dev_vlan_filter(port_pi=" + std::to_string(*port) +
                           ", vlan_id=" + std::to_string(*vlan) + ", on=" + (on ? "1" : "0") +
                           ") failed diag=" + std::to_string(rc));
    return true;
}

rte_eth_fc_mode fc_mode(bool rx, bool tx) {
    // testpmd's table: "rx on" means the port sends pause frames on RX
    // pressure (TX_PAUSE seen from the wire), "tx on" that it honours them.
    if (rx && tx) return RTE_ETH_FC_FULL;
    if (rx) return RTE_ETH_FC_RX_PAUSE;
    return tx ? RTE_ETH_FC_TX_PAUSE : RTE_ETH_FC_NONE;
}

bool set_flow_ctrl(Ctx &c, const Args &a) {
    // rx on|off tx on|off <high> <low> <pause> <xon> mac_ctrl_frame_fwd on|off autoneg on|off
    // <port>
    auto port = port_arg(c, a[8]);
    if (!port) return false;
    auto high = uint_arg(c, "high_water", a[2], 0, UINT32_MAX);
    auto low = high ? uint_arg(c, "low_water", a[3], 0, UINT32_MAX) : std::nullopt;
    auto pause = low ? uint_arg(c, "pause_time", a[4], 0, UINT16_MAX) : std::nullopt;
    auto xon = pause ? uint_arg(c, "send_xon", a[5], 0, UINT16_MAX) : std::nullopt;
    if (!xon) return false;
    rte_eth_fc_conf fc{};
    fc.mode = fc_mode(a[0] == "on", a[1] == "on");
    fc.high_water = static_cast<uint32_t>(*high);
    fc.low_water = static_cast<uint32_t>(*low);
    fc.pause_time = static_cast<uint16_t>(*pause);
    fc.send_xon = static_cast<uint16_t>(*xon);
    fc.mac_ctrl_frame_fwd = a[6] == "on";
    fc.autoneg = a[7] == "on";
    const int rc = c.ports.set_flow_ctrl(*port, &fc);
    if (rc != 0) return fail(c, "bad flow control parameter, return code = " + std::to_string(rc));
    return true;
}

// set flow_ctrl <field> <value> <port>: the other fields as they are now.
bool set_flow_ctrl_field(Ctx &c, const Args &a) {
    auto port = port_arg(c, a[2]);
    if (!port) return false;
    PortControl &pc = c.ports;
    rte_eth_fc_conf fc{};
    int rc = pc.flow_ctrl(*port, &fc);
    if (rc != 0)
        return fail(c,
                    "cannot get current flow ctrl parameters, return code = " + std::to_string(rc));
    const std::string &field = a[0];
    bool rx = fc.mode == RTE_ETH_FC_RX_PAUSE || fc.mode == RTE_ETH_FC_FULL;
    bool tx = fc.mode == RTE_ETH_FC_TX_PAUSE || fc.mode == RTE_ETH_FC_FULL;
    if (field == "rx" || field == "tx" || field == "mac_ctrl_frame_fwd" || field == "autoneg") {
        std::string err;
        auto on = parse_on_off(field, a[1], &err);
        if (!on) return fail(c, err);
        if (field == "rx") rx = *on;
        if (field == "tx") tx = *on;
        if (field == "mac_ctrl_frame_fwd") fc.mac_ctrl_frame_fwd = *on;
        if (field == "autoneg") fc.autoneg = *on;
    } else {
        auto v = uint_arg(c, field.c_str(), a[1], 0,
                          field == "high_water" || field == "low_water" ? UINT32_MAX : UINT16_MAX);
        if (!v) return false;
        if (field == "high_water")
            fc.high_water = static_cast<uint32_t>(*v);
        else if (field == "low_water")
            fc.low_water = static_cast<uint32_t>(*v);
        else if (field == "pause_time")
            fc.pause_time = static_cast<uint16_t>(*v);
        else if (field == "send_xon")
            fc.send_xon = static_cast<uint16_t>(*v);
        else
            return fail(c, "Bad arguments: flow_ctrl field '" + field +
                               "' (allowed: rx, tx, high_water, low_water, pause_time, send_xon, "
                               "mac_ctrl_frame_fwd, autoneg)");
    }
    fc.mode = fc_mode(rx, tx);
    rc = pc.set_flow_ctrl(*port, &fc);
    if (rc != 0) return fail(c, "bad flow control parameter, return code = " + std::to_string(rc));
    return true;
}

bool set_link(Ctx &c, const Args &a) {
    auto port = port_arg(c, a[1]);
    if (!port) return false;
    const bool up = a[0] == "link-up";
    if (c.ports.set_link(*port, up) < 0)
        return fail(c, std::string("\nSet link ") + (up ? "up" : "down") + " fail.");
    return true;
}

bool vxlan_port(Ctx &c, const Args &a) {
    auto udp = uint_arg(c, "udp port", a[1], 0, UINT16_MAX);
    if (!udp) return false;
    auto port = port_arg(c, a[2]);
    if (!port) return false;
    const int rc = c.ports.udp_tunnel_port(*port, static_cast<uint16_t>(*udp), a[0] == "add");
    if (rc < 0)
        return fail(c, std::string("udp tunneling add error: (") + std::strerror(-rc) + ")");
    return true;
}

std::vector<Spec> rows() {
    return {
        {.syntax = "set promisc all|<port> on|off",
         .help = "promiscuous mode",
         .run = [](Ctx &c, const Args &a) { return set_mode(c, a, true); }},
        {.syntax = "set allmulti all|<port> on|off",
         .help = "all-multicast mode",
         .run = [](Ctx &c, const Args &a) { return set_mode(c, a, false); }},
        {.syntax = "mac_addr add|remove|set <port> <mac>",
         .help = "a port's MAC addresses (set: its own)",
         .run = mac_addr},
        {.syntax = "mcast_addr add|remove <port> <mac>",
         .help = "a port's multicast address filter",
         .run = mcast_addr},
        {.syntax = "vlan set <offload> on|off <port>",
         .help = "VLAN strip, filter, qinq_strip or extend",
         .run = vlan_set},
        {.syntax = "rx_vlan add|rm <vlan> <port>",
         .help = "a VLAN id in the port's VLAN filter",
         .run = rx_vlan},
        {.syntax = "set flow_ctrl rx <on|off> tx <on|off> <high_water> <low_water> <pause_time> "
                   "<send_xon> "
                   "mac_ctrl_frame_fwd <on|off> autoneg <on|off> <port>",
         .help = "link flow control (pause frames)",
         .run = set_flow_ctrl},
        {.syntax = "set flow_ctrl <field> <value> <port>",
         .help = "one flow control setting (rx, tx, high_water, low_water, pause_time, send_xon, "
                 "mac_ctrl_frame_fwd, autoneg)",
         .run = set_flow_ctrl_field},
        {.syntax = "set link-up|link-down port <port>",
         .help = "bring a port's link up or down",
         .run = set_link},
        {.syntax = "rx_vxlan_port add|rm <udp_port> <port>",
         .help = "a UDP port the PMD parses as VXLAN",
         .run = vxlan_port},
    };
}

const FamilyRegistrar registered{{.order = 90, .section = "ports", .rows = rows}};

} // namespace

} // namespace pmdfwd::shell
