// What a port accepts and how its link behaves, effective at once as in
// testpmd: promiscuous and all-multicast modes, MAC and multicast address
// filters, VLAN offloads and filters, flow control, link up/down, VXLAN UDP
// ports. Each goes to ethdev and prints testpmd's message for its answer.
#include "shell/command_families.h"

#include "options/scalar_parse.h"
#include "ports/pause_mode.h"
#include "ports/port_text.h"
#include "shell/commands/vlan_function_names.h"
#include "text/mac_text.h"

#include <rte_errno.h>
#include <rte_version.h>

#include <algorithm>
#include <cstring>

namespace pmdfwd::shell {

namespace {

rte_ether_addr ether_addr(const MacAddr &m) {
    rte_ether_addr a;
    std::memcpy(a.addr_bytes, m.data(), sizeof(a.addr_bytes));
    return a;
}

bool set_mode(Ctx &c, const Args &a, bool promisc) {
    const bool on = a.on(1);
    bool ok = true;
    for (uint16_t p : a.ports(0)) {
        PortControl &pc = c.ports;
        const Status rc = promisc ? pc.set_promiscuous(p, on) : pc.set_allmulticast(p, on);
        if (rc.ok()) continue;
        ok = fail(c, std::string("Error during ") + (on ? "enabling" : "disabling") +
                         (promisc ? " promiscuous" : " all-multicast") + " mode for port " +
                         std::to_string(p) + ": " + rte_strerror(rc.code()));
    }
    return ok;
}

bool mac_addr(Ctx &c, const Args &a) {
    const uint16_t port = a.port(1);
    const rte_ether_addr mac = ether_addr(a.mac(2));
    PortControl &pc = c.ports;
    const Status rc = a.word(0) == "add"   ? pc.mac_addr_add(port, mac)
                      : a.word(0) == "set" ? pc.mac_addr_set(port, mac)
                                           : pc.mac_addr_remove(port, mac);
    if (!rc.ok())
        return fail(c, std::string("mac_addr_cmd error: (") + std::strerror(rc.code()) + ")");
    return true;
}

// testpmd keeps the list and hands all of it to the PMD after each change,
// putting the list back when the PMD refuses it.
bool mcast_addr(Ctx &c, const Args &a) {
    const uint16_t port = a.port(1);
    const rte_ether_addr mac = ether_addr(a.mac(2));
    if (!rte_is_multicast_ether_addr(&mac))
        return fail(c, "Invalid multicast addr " + mac_to_text(mac.addr_bytes));
    PortControl &pc = c.ports;
    std::vector<rte_ether_addr> &list = pc.mc_addrs(port);
    auto it = std::find_if(list.begin(), list.end(), [&](const rte_ether_addr &m) {
        return rte_is_same_ether_addr(&m, &mac);
    });
    const bool add = a.word(0) == "add";
    if (add && it != list.end()) return fail(c, "multicast address already filtered by port");
    if (!add && it == list.end())
        return fail(c, "multicast address not filtered by port " + std::to_string(port));
    const std::vector<rte_ether_addr> before = list;
    if (add)
        list.push_back(mac);
    else
        list.erase(it);
    const Status rc = pc.apply_mc_addrs(port);
    if (rc.ok()) return true;
    const size_t nb = list.size();
    list = before;
    return fail(c, "rte_eth_dev_set_mc_addr_list(port=" + std::to_string(port) + ", nb=" +
                       std::to_string(nb) + ") failed. diag=" + std::to_string(-rc.code()));
}

#if RTE_VERSION >= RTE_VERSION_NUM(23, 11, 0, 0)
// mcast_addr flush <port> (testpmd 23.11): the port filters no multicast
// address; its list stays as it was when ethdev refuses.
bool mcast_addr_flush(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    PortControl &pc = c.ports;
    std::vector<rte_ether_addr> &list = pc.mc_addrs(port);
    const std::vector<rte_ether_addr> before = std::move(list);
    list.clear();
    if (pc.apply_mc_addrs(port).ok()) return true;
    list = before;
    return fail(c,
                "Failed to flush all multicast MAC addresses on port_id " + std::to_string(port));
}
#endif

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
    {"extend", kVlanExtendSetName, RTE_ETH_VLAN_EXTEND_OFFLOAD, RTE_ETH_RX_OFFLOAD_VLAN_EXTEND},
};

bool vlan_set(Ctx &c, const Args &a) {
    const uint16_t port = a.port(2);
    const VlanOffload *v = nullptr;
    for (const VlanOffload &o : kVlanOffloads)
        if (a.word(0) == o.word) v = &o;
    if (v == nullptr)
        return fail(c, "Bad arguments: vlan set " + a.word(0) +
                           " (allowed: strip, filter, qinq_strip, extend)");
    PortControl &pc = c.ports;
    PortInfo info;
    if (!pc.info(port, &info).ok() || info.vlan_offload < 0)
        return fail(c, "cannot read the VLAN offloads of port " + std::to_string(port));
    const bool on = a.on(1);
    const int mask = on ? info.vlan_offload | v->mask : info.vlan_offload & ~v->mask;
    const Status rc = pc.set_vlan_offload(port, mask, v->rx_offload, on);
    if (!rc.ok())
        return fail(c, std::string(v->func) + "(port_pi=" + std::to_string(port) + ", on=" +
                           (on ? "1" : "0") + ") failed diag=" + std::to_string(-rc.code()));
    return true;
}

bool rx_vlan(Ctx &c, const Args &a) {
    const uint64_t vlan = a.number(1);
    const uint16_t port = a.port(2);
    // testpmd's vlan_id_is_invalid: its token takes any 16-bit id.
    if (vlan >= 4096)
        return fail(c, "Invalid vlan_id " + std::to_string(vlan) + " (must be < 4096)");
    const bool on = a.word(0) == "add";
    const Status rc = c.ports.vlan_filter(port, static_cast<uint16_t>(vlan), on);
    if (!rc.ok())
        return fail(c, "rte_eth_dev_vlan_filter(port_pi=" + std::to_string(port) +
                           ", vlan_id=" + std::to_string(vlan) + ", on=" + (on ? "1" : "0") +
                           ") failed diag=" + std::to_string(-rc.code()));
    return true;
}

bool set_flow_ctrl(Ctx &c, const Args &a) {
    // rx on|off tx on|off <high> <low> <pause> <xon> mac_ctrl_frame_fwd on|off autoneg on|off
    // <port>
    rte_eth_fc_conf fc{};
    fc.mode = pause_mode(a.on(0), a.on(1));
    fc.high_water = static_cast<uint32_t>(a.number(2));
    fc.low_water = static_cast<uint32_t>(a.number(3));
    fc.pause_time = static_cast<uint16_t>(a.number(4));
    fc.send_xon = static_cast<uint16_t>(a.number(5));
    fc.mac_ctrl_frame_fwd = a.on(6);
    fc.autoneg = a.on(7);
    const Status rc = c.ports.set_flow_ctrl(a.port(8), &fc);
    if (!rc.ok())
        return fail(c, "bad flow control parameter, return code = " + std::to_string(-rc.code()));
    return true;
}

// set flow_ctrl <field> <value> <port>: the other fields as they are now.
// What <value> is depends on <field>, so this row reads it itself.
bool set_flow_ctrl_field(Ctx &c, const std::string &field, const std::string &value,
                         uint16_t port) {
    PortControl &pc = c.ports;
    rte_eth_fc_conf fc{};
    Status rc = pc.flow_ctrl(port, &fc);
    if (!rc.ok())
        return fail(c, "cannot get current flow ctrl parameters, return code = " +
                           std::to_string(-rc.code()));
    bool rx = rx_pause(fc.mode);
    bool tx = tx_pause(fc.mode);
    if (field == "rx" || field == "tx" || field == "mac_ctrl_frame_fwd" || field == "autoneg") {
        const auto on = parse_on_off(field, value);
        if (!on) return fail(c, on.message());
        if (field == "rx") rx = *on;
        if (field == "tx") tx = *on;
        if (field == "mac_ctrl_frame_fwd") fc.mac_ctrl_frame_fwd = *on;
        if (field == "autoneg") fc.autoneg = *on;
    } else {
        const auto v =
            parse_uint(field, value, 0,
                       field == "high_water" || field == "low_water" ? UINT32_MAX : UINT16_MAX,
                       Radix::Cmdline);
        if (!v) return fail(c, v.message());
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
    fc.mode = pause_mode(rx, tx);
    rc = pc.set_flow_ctrl(port, &fc);
    if (!rc.ok())
        return fail(c, "bad flow control parameter, return code = " + std::to_string(-rc.code()));
    return true;
}

bool set_link(Ctx &c, const Args &a) {
    const bool up = a.word(0) == "link-up";
    if (!c.ports.set_link(a.port(1), up).ok())
        return fail(c, std::string("\nSet link ") + (up ? "up" : "down") + " fail.");
    return true;
}

bool vxlan_port(Ctx &c, const Args &a) {
    const Status rc =
        c.ports.udp_tunnel_port(a.port(2), static_cast<uint16_t>(a.number(1)), a.word(0) == "add");
    if (!rc.ok())
        return fail(c, std::string("udp tunneling add error: (") + std::strerror(rc.code()) + ")");
    return true;
}

} // namespace

std::vector<Spec> port_filter_commands() {
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
#if RTE_VERSION >= RTE_VERSION_NUM(23, 11, 0, 0)
            {.syntax = "mcast_addr flush <port>",
             .help = "every multicast address out of the port's filter",
             .run = mcast_addr_flush},
#endif
            {.syntax = "vlan set <offload> on|off <port>",
             .help = "VLAN strip, filter, qinq_strip or extend",
             .run = vlan_set},
            {.syntax = "rx_vlan add|rm <vlan> <port>",
             .help = "a VLAN id in the port's VLAN filter",
             .types = {arg::number("<vlan>", "vlan id", 0, UINT16_MAX)},
             .run = rx_vlan},
            {.syntax =
                 "set flow_ctrl rx <on|off> tx <on|off> <high_water> <low_water> <pause_time> "
                 "<send_xon> "
                 "mac_ctrl_frame_fwd <on|off> autoneg <on|off> <port>",
             .help = "link flow control (pause frames)",
             .types = {arg::number("<high_water>", "high_water", 0, UINT32_MAX),
                       arg::number("<low_water>", "low_water", 0, UINT32_MAX),
                       arg::number("<pause_time>", "pause_time", 0, UINT16_MAX),
                       arg::number("<send_xon>", "send_xon", 0, UINT16_MAX)},
             .run = set_flow_ctrl},
            // rx and tx spelled out: the full row's literal "rx" would otherwise
            // take every line that starts "set flow_ctrl rx" (command_table.cpp).
            {.syntax = "set flow_ctrl rx <on|off> <port>",
             .help = "whether the port sends pause frames when its RX fills",
             .run =
                 [](Ctx &c, const Args &a) {
                     return set_flow_ctrl_field(c, "rx", a.word(0), a.port(1));
                 }},
            {.syntax = "set flow_ctrl tx <on|off> <port>",
             .help = "whether the port pauses its TX on pause frames",
             .run =
                 [](Ctx &c, const Args &a) {
                     return set_flow_ctrl_field(c, "tx", a.word(0), a.port(1));
                 }},
            {.syntax = "set flow_ctrl <field> <value> <port>",
             .help = "one flow control setting (high_water, low_water, pause_time, send_xon, "
                     "mac_ctrl_frame_fwd, autoneg)",
             .run =
                 [](Ctx &c, const Args &a) {
                     return set_flow_ctrl_field(c, a.word(0), a.word(1), a.port(2));
                 }},
            {.syntax = "set link-up|link-down port <port>",
             .help = "bring a port's link up or down",
             .run = set_link},
            {.syntax = "rx_vxlan_port add|rm <udp_port> <port>",
             .help = "a UDP port the PMD parses as VXLAN",
             .types = {arg::number("<udp_port>", "udp port", 0, UINT16_MAX)},
             .run = vxlan_port},
    };
}

} // namespace pmdfwd::shell
