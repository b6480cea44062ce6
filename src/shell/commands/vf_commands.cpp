// Testpmd's commands that reach the NIC drivers' own APIs (rte_pmd_ixgbe_*,
// rte_pmd_i40e_*, rte_pmd_bnxt_*): a VF's MAC, VLAN, receive mode, Rx/Tx and
// rate, and a PF's Tx loopback and queue drop. c.drivers tries the linked
// drivers in testpmd's order; a port no driver takes gets -ENOTSUP, which
// these rows word as testpmd 22.11 does (app/test-pmd/cmdline.c, config.c).
#include "shell/command_families.h"

#include <rte_ethdev.h>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>

namespace pmdfwd::shell {

namespace {

// The answers every driver call shares: the -EINVAL text is the command's.
bool report(Ctx &c, int ret, uint16_t port, const std::string &invalid,
            const char *unsupported = "function not implemented") {
    switch (ret) {
    case 0:
        return true;
    case -EINVAL:
        return fail(c, invalid);
    case -ENODEV:
        return fail(c, "invalid port_id " + std::to_string(port));
    case -ENOTSUP:
        return fail(c, unsupported);
    default:
        return fail(c, std::string("programming error: (") + std::strerror(-ret) + ")");
    }
}

std::string vf_and_on(uint64_t vf, bool on) {
    return "invalid vf_id " + std::to_string(vf) + " or is_on " + std::to_string(on);
}

// testpmd reads these vf ids as uint32_t and hands the driver a uint16_t.
uint16_t vf16(uint64_t vf) {
    return static_cast<uint16_t>(vf);
}

uint16_t rxmode_bit(const std::string &mode) {
    if (mode == "AUPE") return RTE_ETH_VMDQ_ACCEPT_UNTAG;
    if (mode == "ROPE") return RTE_ETH_VMDQ_ACCEPT_HASH_UC;
    if (mode == "BAM") return RTE_ETH_VMDQ_ACCEPT_BROADCAST;
    return RTE_ETH_VMDQ_ACCEPT_MULTICAST; // MPE
}

constexpr uint64_t kU8 = UINT8_MAX, kU16 = UINT16_MAX, kU32 = UINT32_MAX, kU64 = UINT64_MAX;

std::vector<Spec> antispoof_rows() {
    return {
        {.syntax = "set vf mac antispoof <port> <vf_id> on|off",
         .help = "MAC anti spoofing of a VF on a PF port",
         .types = {arg::number("<vf_id>", "vf_id", 0, kU32)},
         .run =
             [](Ctx &c, const Args &a) {
                 const int ret =
                     c.drivers.set_vf_mac_anti_spoof(a.port(0), vf16(a.number(1)), a.on(2));
                 return report(c, ret, a.port(0), vf_and_on(a.number(1), a.on(2)));
             }},
        {.syntax = "set vf vlan antispoof <port> <vf_id> on|off",
         .help = "VLAN anti spoofing of a VF on a PF port",
         .types = {arg::number("<vf_id>", "vf_id", 0, kU32)},
         .run =
             [](Ctx &c, const Args &a) {
                 const int ret =
                     c.drivers.set_vf_vlan_anti_spoof(a.port(0), vf16(a.number(1)), a.on(2));
                 return report(c, ret, a.port(0), "invalid vf_id " + std::to_string(a.number(1)));
             }},
    };
}

std::vector<Spec> vf_vlan_rows() {
    return {
        {.syntax = "set vf vlan stripq <port> <vf_id> on|off",
         .help = "VLAN stripping on all queues of a VF",
         .types = {arg::number("<vf_id>", "vf_id", 0, kU16)},
         .run =
             [](Ctx &c, const Args &a) {
                 const int ret =
                     c.drivers.set_vf_vlan_stripq(a.port(0), vf16(a.number(1)), a.on(2));
                 return report(c, ret, a.port(0), vf_and_on(a.number(1), a.on(2)));
             }},
        {.syntax = "set vf vlan insert <port> <vf_id> <vlan_id>",
         .help = "VLAN insertion of this id for a VF (0: off)",
         .types = {arg::number("<vf_id>", "vf_id", 0, kU16),
                   arg::number("<vlan_id>", "vlan_id", 0, kU16)},
         .run =
             [](Ctx &c, const Args &a) {
                 const auto vlan = static_cast<uint16_t>(a.number(2));
                 const int ret = c.drivers.set_vf_vlan_insert(a.port(0), vf16(a.number(1)), vlan);
                 return report(c, ret, a.port(0),
                               "invalid vf_id " + std::to_string(a.number(1)) + " or vlan_id " +
                                   std::to_string(vlan));
             }},
        // No port check: the driver says -ENODEV for a port that is not.
        {.syntax = "rx_vlan add|rm <vlan_id> port <port_id> vf <vf_mask>",
         .help = "add or remove a VLAN id to or from the VFs of a mask",
         .types = {arg::number("<vlan_id>", "vlan_id", 0, kU16), arg::port_number("<port_id>"),
                   arg::number("<vf_mask>", "vf_mask", 0, kU64)},
         .run =
             [](Ctx &c, const Args &a) {
                 const auto vlan = static_cast<uint16_t>(a.number(1));
                 const auto port = static_cast<uint16_t>(a.number(2));
                 const int ret =
                     c.drivers.set_vf_vlan_filter(port, vlan, a.number(3), a.word(0) == "add");
                 return report(c, ret, port,
                               "invalid vlan_id " + std::to_string(vlan) + " or vf_mask " +
                                   std::to_string(a.number(3)),
                               "function not implemented or supported");
             }},
    };
}

std::vector<Spec> pf_rows() {
    return {
        {.syntax = "set vf mac addr <port> <vf_id> <mac>",
         .help = "the MAC address of a VF",
         .types = {arg::number("<vf_id>", "vf_id", 0, kU16)},
         .run =
             [](Ctx &c, const Args &a) {
                 const int ret = c.drivers.set_vf_mac_addr(a.port(0), vf16(a.number(1)), a.mac(2));
                 return report(c, ret, a.port(0),
                               "invalid vf_id " + std::to_string(a.number(1)) + " or mac_addr");
             }},
        {.syntax = "set tx loopback <port> on|off",
         .help = "Tx loopback of a port",
         .run =
             [](Ctx &c, const Args &a) {
                 const int ret = c.drivers.set_tx_loopback(a.port(0), a.on(1));
                 return report(c, ret, a.port(0), "invalid is_on " + std::to_string(a.on(1)));
             }},
        {.syntax = "set all queues drop <port> on|off",
         .help = "drop packets when no Rx descriptor is free, on every queue of a port",
         .run =
             [](Ctx &c, const Args &a) {
                 const int ret = c.drivers.set_all_queues_drop(a.port(0), a.on(1));
                 return report(c, ret, a.port(0), "invalid is_on " + std::to_string(a.on(1)));
             }},
    };
}

// testpmd's set_vf_traffic: ixgbe's call alone, else a line saying so.
bool vf_traffic(Ctx &c, const Args &a) {
    const auto port = static_cast<uint16_t>(a.number(0));
    const bool rx = a.word(2) == "rx";
    if (!c.drivers.has_vf_traffic())
        return fail(c, std::string("VF ") + (rx ? "Rx" : "Tx") +
                           " setting not supported for port " + std::to_string(port));
    const int diag =
        c.drivers.set_vf_traffic(port, static_cast<uint16_t>(a.number(1)), rx, a.on(3));
    if (diag == 0) return true;
    return fail(c, std::string("rte_pmd_ixgbe_set_vf_") + (rx ? "rx" : "tx") + " for port_id=" +
                       std::to_string(port) + " failed diag=" + std::to_string(diag));
}

bool vf_rate(Ctx &c, const Args &a) {
    const auto port = static_cast<uint16_t>(a.number(0));
    const int diag = c.drivers.set_vf_rate_limit(port, static_cast<uint16_t>(a.number(1)),
                                                 static_cast<uint32_t>(a.number(2)), a.number(3));
    if (diag == 0) return true;
    *c.out += "set_vf_rate_limit for port_id=" + std::to_string(port) +
              " failed diag=" + std::to_string(diag) + "\n";
    return fail(c, std::string("vf_rate_limit_cmd error: (") + std::strerror(-diag) + ")");
}

// No port check in these three: testpmd hands the id to the driver.
std::vector<Spec> port_vf_rows() {
    return {
        {.syntax = "set port <port_id> vf <vf_id> rx|tx on|off",
         .help = "enable or disable a VF's Rx or Tx",
         .types = {arg::port_number("<port_id>"), arg::number("<vf_id>", "vf_id", 0, kU8)},
         .run = vf_traffic},
        {.syntax = "set port <port_id> vf <vf_id> rxmode AUPE|ROPE|BAM|MPE on|off",
         .help = "a VF's receive mode (untagged, hash unicast, broadcast, multicast)",
         .types = {arg::port_number("<port_id>"), arg::number("<vf_id>", "vf_id", 0, kU8)},
         .run =
             [](Ctx &c, const Args &a) {
                 const int ret = c.drivers.set_vf_rxmode(static_cast<uint16_t>(a.number(0)),
                                                         static_cast<uint16_t>(a.number(1)),
                                                         rxmode_bit(a.word(2)), a.on(3));
                 if (ret >= 0) return true;
                 return fail(c,
                             "bad VF receive mode parameter, return code = " + std::to_string(ret));
             }},
        {.syntax = "set port <port_id> vf <vf_id> rate <rate> queue_mask <queue_mask>",
         .help = "the rate limit (Mbps) of the queues of a mask of a VF",
         .types = {arg::port_number("<port_id>"), arg::number("<vf_id>", "vf_id", 0, kU8),
                   arg::number("<rate>", "rate", 0, kU32),
                   arg::number("<queue_mask>", "queue_mask", 0, kU64)},
         .run = vf_rate},
    };
}

// testpmd prints the VF's block even when the driver refused (zeros then).
bool show_vf_stats(Ctx &c, const Args &a) {
    rte_eth_stats s{};
    const auto vf = static_cast<uint16_t>(a.number(1));
    const bool ok = report(c, c.drivers.get_vf_stats(a.port(0), vf, &s), a.port(0),
                           "invalid vf_id " + std::to_string(vf));
    const std::string border = "########################";
    char b[512];
    snprintf(b, sizeof b,
             "\n  %s NIC statistics for port %-2u vf %-2u %s\n"
             "  RX-packets: %-10" PRIu64 " RX-missed: %-10" PRIu64 " RX-bytes:  %-" PRIu64 "\n"
             "  RX-errors: %-" PRIu64 "\n  RX-nombuf:  %-10" PRIu64 "\n"
             "  TX-packets: %-10" PRIu64 " TX-errors: %-10" PRIu64 " TX-bytes:  %-" PRIu64 "\n"
             "  %s############################%s\n",
             border.c_str(), a.port(0), vf, border.c_str(), s.ipackets, s.imissed, s.ibytes,
             s.ierrors, s.rx_nombuf, s.opackets, s.oerrors, s.obytes, border.c_str(),
             border.c_str());
    *c.out += b;
    return ok;
}

std::vector<Spec> vf_stats_rows() {
    return {
        {.syntax = "show vf stats <port> <vf_id>",
         .help = "a VF's statistics",
         .types = {arg::number("<vf_id>", "vf_id", 0, kU16)},
         .run = show_vf_stats},
        {.syntax = "clear vf stats <port> <vf_id>",
         .help = "reset a VF's statistics",
         .types = {arg::number("<vf_id>", "vf_id", 0, kU16)},
         .run =
             [](Ctx &c, const Args &a) {
                 const auto vf = static_cast<uint16_t>(a.number(1));
                 return report(c, c.drivers.reset_vf_stats(a.port(0), vf), a.port(0),
                               "invalid vf_id " + std::to_string(vf));
             }},
    };
}

} // namespace

std::vector<Spec> vf_commands() {
    std::vector<Spec> all;
    for (auto part : {antispoof_rows, vf_vlan_rows, pf_rows, port_vf_rows, vf_stats_rows})
        for (Spec &s : part())
            all.push_back(std::move(s));
    return all;
}

} // namespace pmdfwd::shell
