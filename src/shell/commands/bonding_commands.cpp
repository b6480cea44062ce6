// The net_bonding driver's commands, as testpmd's bonding_testpmd.c has them:
// bonded devices made, given slaves (members from 23.11) and set up, in its
// words.
#include "ports/bonding_control.h"
#include "shell/command_families.h"

#include <rte_ether.h>
#include <rte_version.h>

#include <cstring>

namespace pmdfwd::shell {

namespace {

using bonding::BondingControl;

// testpmd 23.11 renamed slave to member, master to main and bonded to
// bonding, in its words and its texts (the old words are gone, no alias),
// shows `show bonding config` as the driver's own dump and dropped `show
// bonding lacp info` (that dump has it).
constexpr bool kMembers = RTE_VERSION >= RTE_VERSION_NUM(23, 11, 0, 0);
constexpr const char *kMember = kMembers ? "member" : "slave";
constexpr const char *kMain = kMembers ? "main" : "master";
constexpr const char *kBonded = kMembers ? "bonding" : "bonded";

std::string id(unsigned long v) {
    return std::to_string(v);
}

bool create_bonded(Ctx &c, const Args &a) {
    if (c.life.running()) return fail(c, "Please stop forwarding first");
    const auto mode = static_cast<uint8_t>(a.number(0));
    const auto socket = static_cast<uint8_t>(a.number(1));
    const std::string name = "net_bonding_testpmd_" + id(c.bonding.next_device++);
    int promisc = 0;
    const int port = c.bonding.create(name, mode, socket, &promisc);
    if (port < 0) return fail(c, std::string("\t Failed to create ") + kBonded + " device.");
    *c.out += std::string("Created new ") + kBonded + " device " + name + " on (port " + id(port) +
              ").\n";
    if (promisc != 0)
        *c.out += "Failed to enable promiscuous mode for port " + id(port) + ": " +
                  std::strerror(-promisc) + " - ignore\n";
    return true;
}

bool set_mode(Ctx &c, const Args &a) {
    const uint16_t port = a.port(1);
    if (c.ports.status(port) != PortStatus::Stopped)
        return fail(c,
                    "\t Error: Can't set bonding mode when port " + id(port) + " is not stopped");
    if (c.bonding.mode_set(port, static_cast<uint8_t>(a.number(0))) != 0)
        return fail(c, "\t Failed to set bonding mode for port = " + id(port) + ".");
    return true;
}

bool slave_add(Ctx &c, const Args &a) {
    const auto slave = static_cast<uint16_t>(a.number(0));
    const uint16_t bond = a.port(1);
    if (c.bonding.slave_add(bond, slave) != 0)
        return fail(c, std::string("\t Failed to add ") + kMember + " " + id(slave) + " to " +
                           kMain + " port = " + id(bond) + ".");
    return true;
}

bool slave_remove(Ctx &c, const Args &a) {
    const auto slave = static_cast<uint16_t>(a.number(0));
    const uint16_t bond = a.port(1);
    if (c.bonding.slave_remove(bond, slave) != 0)
        return fail(c, std::string("\t Failed to remove ") + kMember + " " + id(slave) + " from " +
                           kMain + " port = " + id(bond) + ".");
    return true;
}

bool set_primary(Ctx &c, const Args &a) {
    const uint16_t bond = a.port(1);
    if (c.bonding.primary_set(bond, static_cast<uint16_t>(a.number(0))) != 0)
        return fail(c, std::string("\t Failed to set primary ") + kMember +
                           " for port = " + id(bond) + ".");
    return true;
}

uint8_t xmit_policy(const std::string &w) {
    if (w == "l2") return bonding::kLayer2;
    return w == "l23" ? bonding::kLayer23 : bonding::kLayer34;
}

bool set_xmit_policy(Ctx &c, const Args &a) {
    const uint16_t bond = a.port(0);
    if (c.bonding.xmit_policy_set(bond, xmit_policy(a.word(1))) != 0)
        return fail(c, "\t Failed to set bonding balance xmit policy for port = " + id(bond) + ".");
    return true;
}

bool set_dedicated_queues(Ctx &c, const Args &a) {
    const uint16_t bond = a.port(0);
    if (c.ports.status(bond) != PortStatus::Stopped)
        return fail(c, "Please stop port " + id(bond) + " first");
    const bool on = a.word(1) == "enable";
    const bool done = c.bonding.dedicated_queues(bond, on) == 0;
    // testpmd prints these on standard output, failures too.
    if (on)
        *c.out += done ? "Dedicate queues for LACP control packets enabled\n"
                       : "Enabling dedicate queues for LACP control packets on port " + id(bond) +
                             " failed\n";
    else
        *c.out += done ? "Dedicated queues for LACP control packets disabled\n"
                       : "Disabling dedicated queues for LACP control traffic on port " + id(bond) +
                             " failed\n";
    return done;
}

bool set_agg_mode(Ctx &c, const Args &a) {
    const std::string &w = a.word(1);
    const uint8_t agg = w == "bandwidth" ? bonding::kBandwidth
                        : w == "stable"  ? bonding::kStable
                                         : bonding::kCount;
    // testpmd ignores what the driver answers.
    c.bonding.agg_selection_set(a.port(0), agg);
    return true;
}

bool set_mac(Ctx &c, const Args &a) {
    rte_ether_addr mac;
    std::memcpy(mac.addr_bytes, a.mac(1).data(), sizeof(mac.addr_bytes));
    const int rc = c.bonding.mac_set(a.port(0), mac);
    if (rc < 0)
        return fail(c, std::string("set_bond_mac_addr error: (") + std::strerror(-rc) + ")");
    return true;
}

bool set_mon_period(Ctx &c, const Args &a) {
    const int rc = c.bonding.link_monitoring_set(a.port(0), static_cast<uint32_t>(a.number(1)));
    // testpmd's text, the mac_addr command's as it is.
    if (rc < 0)
        return fail(c, std::string("set_bond_mac_addr error: (") + std::strerror(-rc) + ")");
    return true;
}

std::string id_list(const std::vector<uint16_t> &ids) {
    std::string s;
    for (uint16_t i : ids) {
        if (!s.empty()) s += ' ';
        s += id(i);
    }
    return s;
}

std::string slave_line(const char *what, const std::vector<uint16_t> &ids) {
    std::string s = "\t";
    s += what;
    if (ids.empty()) return s + ": []\n";
    s += " (" + id(ids.size()) + "): [";
    s += id_list(ids);
    return s + "]\n";
}

const char *policy_name(int policy) {
    switch (policy) {
    case bonding::kLayer2:
        return "BALANCE_XMIT_POLICY_LAYER2";
    case bonding::kLayer23:
        return "BALANCE_XMIT_POLICY_LAYER23";
    case bonding::kLayer34:
        return "BALANCE_XMIT_POLICY_LAYER34";
    default:
        return "";
    }
}

const char *agg_name(int agg) {
    switch (agg) {
    case bonding::kBandwidth:
        return "bandwidth";
    case bonding::kStable:
        return "stable";
    case bonding::kCount:
        return "count";
    default:
        return "";
    }
}

// The mode-dependent lines: the balance policy (balance and 802.3ad modes)
// and the aggregator mode (802.3ad); false when the policy cannot be read.
bool mode_lines(Ctx &c, uint16_t bond, int mode) {
    if (mode == bonding::kModeBalance || mode == bonding::kMode8023ad) {
        const int policy = c.bonding.xmit_policy_get(bond);
        if (policy < 0)
            return fail(c, "\tFailed to get balance xmit policy for port = " + id(bond));
        *c.out += std::string("\tBalance Xmit Policy: ") + policy_name(policy) + "\n";
    }
    if (mode == bonding::kMode8023ad)
        *c.out += std::string("\tIEEE802.3AD Aggregator Mode: ") +
                  agg_name(c.bonding.agg_selection_get(bond)) + "\n";
    return true;
}

bool show_bonding_config(Ctx &c, const Args &a) {
    const uint16_t bond = a.port(0);
    const int mode = c.bonding.mode_get(bond);
    if (mode < 0) return fail(c, "\tFailed to get bonding mode for port = " + id(bond));
    if (kMembers) {
        *c.out += c.bonding.dump(bond);
        return true;
    }
    *c.out += "\tBonding mode: " + id(static_cast<unsigned>(mode)) + "\n";
    if (!mode_lines(c, bond, mode)) return false;
    std::vector<uint16_t> slaves;
    if (c.bonding.slaves(bond, false, &slaves) < 0)
        return fail(c, "\tFailed to get slave list for port = " + id(bond));
    *c.out += slave_line("Slaves", slaves);
    if (c.bonding.slaves(bond, true, &slaves) < 0)
        return fail(c, "\tFailed to get active slave list for port = " + id(bond));
    *c.out += slave_line("Active Slaves", slaves);
    const int primary = c.bonding.primary_get(bond);
    if (primary < 0) return fail(c, "\tFailed to get primary slave for port = " + id(bond));
    *c.out += "\tPrimary: [" + id(static_cast<unsigned>(primary)) + "]\n";
    return true;
}

#if RTE_VERSION < RTE_VERSION_NUM(23, 11, 0, 0)
void lacp_params(Ctx &c, const bonding::LacpParams &p) {
    *c.out += "\t\tsystem priority: " + id(p.system_priority) + "\n";
    char mac[RTE_ETHER_ADDR_FMT_SIZE];
    rte_ether_format_addr(mac, sizeof(mac), &p.system);
    *c.out += std::string("\t\tsystem mac address: ") + mac + "\n";
    *c.out += "\t\tport key: " + id(p.key) + "\n";
    *c.out += "\t\tport priority: " + id(p.port_priority) + "\n";
    *c.out += "\t\tport number: " + id(p.port_number) + "\n";
}

// The LACP state bits by name, each followed by a space, as testpmd lists them.
std::string lacp_state(uint8_t bits) {
    static const char *const names[] = {"ACTIVE",          "TIMEOUT",    "AGGREGATION",
                                        "SYNCHRONIZATION", "COLLECTING", "DISTRIBUTING",
                                        "DEFAULTED",       "EXPIRED"};
    std::string s;
    for (unsigned i = 0; i < 8; i++)
        if ((bits >> i) & 1) {
            s += names[i];
            s += ' ';
        }
    return s;
}

void lacp_slave(Ctx &c, const bonding::LacpSlaveInfo &i) {
    static const char *const selection[] = {"UNSELECTED", "STANDBY", "SELECTED"};
    *c.out += "\tAggregator port id: " + id(i.agg_port_id) + "\n";
    *c.out += std::string("\tselection: ") + (i.selected < 3 ? selection[i.selected] : "") + "\n";
    *c.out += "\tActor detail info:\n";
    lacp_params(c, i.actor);
    *c.out += "\t\tport state: " + lacp_state(i.actor_state) + "\n";
    *c.out += "\tPartner detail info:\n";
    lacp_params(c, i.partner);
    *c.out += "\t\tport state: " + lacp_state(i.partner_state) + "\n\n";
}

void lacp_conf(Ctx &c, const bonding::LacpConf &f) {
    *c.out += "\tfast period: " + id(f.fast_periodic_ms) + " ms\n";
    *c.out += "\tslow period: " + id(f.slow_periodic_ms) + " ms\n";
    *c.out += "\tshort timeout: " + id(f.short_timeout_ms) + " ms\n";
    *c.out += "\tlong timeout: " + id(f.long_timeout_ms) + " ms\n";
    *c.out += "\taggregate wait timeout: " + id(f.aggregate_wait_timeout_ms) + " ms\n";
    *c.out += "\ttx period: " + id(f.tx_period_ms) + " ms\n";
    *c.out += "\trx marker period: " + id(f.rx_marker_period_ms) + " ms\n";
    *c.out += "\tupdate timeout: " + id(f.update_timeout_ms) + " ms\n";
    const char *agg = agg_name(f.agg_selection);
    *c.out += std::string("\taggregation mode: ") + (*agg ? agg : "invalid") + "\n\n";
}

bool show_lacp_info(Ctx &c, const Args &a) {
    const uint16_t bond = a.port(0);
    if (c.bonding.mode_get(bond) != bonding::kMode8023ad)
        return fail(c, "\tBonding mode is not mode 4");
    std::vector<uint16_t> active;
    if (c.bonding.slaves(bond, true, &active) < 0)
        return fail(c, "\tFailed to get active slave list for port = " + id(bond));
    if (active.empty()) *c.out += "\tIEEE802.3 port " + id(bond) + " has no active slave\n";
    *c.out += "\tIEEE802.3 port: " + id(bond) + "\n";
    bonding::LacpConf conf;
    if (c.bonding.lacp_conf(bond, &conf) != 0)
        return fail(c, "\tGet bonded device " + id(bond) + " info failed");
    lacp_conf(c, conf);
    for (uint16_t s : active) {
        bonding::LacpSlaveInfo info;
        if (c.bonding.lacp_slave_info(bond, s, &info) != 0)
            return fail(c, "\tGet slave device " + id(s) + " info failed");
        *c.out += "\tSlave Port: " + id(s) + "\n";
        lacp_slave(c, info);
    }
    return true;
}

#endif

} // namespace

std::vector<Spec> bonding_commands() {
    std::vector<Spec> v = {
        {.syntax = "set bonding mode <value> <port>",
         .help = kMembers ? "Set the bonding mode on a bonding device"
                          : "Set the bonding mode on a bonded device",
         .types = {arg::number("<value>", "value", 0, 255)},
         .run = set_mode},
        {.syntax = "show bonding config <port>",
         .help = "Show the bonding config for port_id",
         .run = show_bonding_config},
        {.syntax = kMembers ? "set bonding primary <member> <port>"
                            : "set bonding primary <slave> <port>",
         .help = kMembers ? "Set the primary member for a bonding device"
                          : "Set the primary slave for a bonded device",
         .types = {arg::port_number(kMembers ? "<member>" : "<slave>")},
         .run = set_primary},
        {.syntax =
             kMembers ? "add bonding member <member> <port>" : "add bonding slave <slave> <port>",
         .help = kMembers ? "Add a member device to a bonding device"
                          : "Add a slave device to a bonded device",
         .types = {arg::port_number(kMembers ? "<member>" : "<slave>")},
         .run = slave_add},
        {.syntax = kMembers ? "remove bonding member <member> <port>"
                            : "remove bonding slave <slave> <port>",
         .help = kMembers ? "Remove a member device from a bonding device"
                          : "Remove a slave device from a bonded device",
         .types = {arg::port_number(kMembers ? "<member>" : "<slave>")},
         .run = slave_remove},
        {.syntax = kMembers ? "create bonding device <value> <socket>"
                            : "create bonded device <value> <socket>",
         .help = kMembers ? "Create a new bonding device with specific bonding mode and socket"
                          : "Create a new bonded device with specific bonding mode and socket",
         .types = {arg::number("<value>", "mode", 0, 255),
                   arg::number("<socket>", "socket", 0, 255)},
         .run = create_bonded},
        {.syntax = "set bonding mac_addr <port> <mac>",
         .help = kMembers ? "Set the MAC address of a bonding device"
                          : "Set the MAC address of a bonded device",
         .run = set_mac},
        {.syntax = "set bonding balance_xmit_policy <port> l2|l23|l34",
         .help = kMembers
                     ? "Set the transmit balance policy for bonding device running in balance mode"
                     : "Set the transmit balance policy for bonded device running in balance mode",
         .run = set_xmit_policy},
        {.syntax = "set bonding mon_period <port> <period_ms>",
         .help = "Set the bonding link status monitoring polling period in ms",
         .types = {arg::number("<period_ms>", "period_ms", 0, UINT32_MAX)},
         .run = set_mon_period},
        {.syntax = "set bonding lacp dedicated_queues <port> enable|disable",
         .help = "Enable/disable dedicated queues for LACP control traffic",
         .run = set_dedicated_queues},
        {.syntax = "set bonding agg_mode <port> bandwidth|stable|count",
         .help = "Set Aggregation mode for IEEE802.3AD (mode 4)",
         .run = set_agg_mode},
    };
#if RTE_VERSION < RTE_VERSION_NUM(23, 11, 0, 0)
    v.insert(v.begin() + 2, {.syntax = "show bonding lacp info <port>",
                             .help = "Show the bonding lacp information for port_id",
                             .run = show_lacp_info});
#endif
    return v;
}

} // namespace pmdfwd::shell
