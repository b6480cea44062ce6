// i40e's pctype commands, which testpmd 22.11 adds from the driver
// (drivers/net/i40e/i40e_testpmd.c, help section "drivers"): a pctype's
// hash and flow director input sets, field by field, and the mapping of
// software flow types to the NIC's pctypes. c.drivers reaches
// rte_pmd_i40e_*; any other port answers -ENOTSUP, worded as testpmd does.
#include "shell/command_families.h"
#include "shell/item_list.h"
#include "text/text_format.h"

#include <cerrno>
#include <cstring>

namespace pmdfwd::shell {

namespace {

using drv::Inset;
using drv::InsetKind;

// RTE_PMD_I40E_PCTYPE_MAX: a mapping holds pctypes 0..63.
constexpr unsigned kPctypeMax = 64;

InsetKind inset_kind(const std::string &word) {
    if (word == "hash_inset") return InsetKind::Hash;
    if (word == "fdir_inset") return InsetKind::Fdir;
    return InsetKind::FdirFlex;
}

// rte_pmd_i40e_inset_field_get|set|clear: field n is bit 63 - n; past 63
// there is no field (get says disabled, set and clear fail).
uint64_t field_bit(uint64_t field) {
    return field > 63 ? 0 : UINT64_C(1) << (63 - field);
}

// The answers of the mapping calls: the -EINVAL text is update's alone.
bool report(Ctx &c, int ret, uint16_t port) {
    switch (ret) {
    case 0:
        return true;
    case -EINVAL:
        return fail(c, "invalid pctype or flow type");
    case -ENODEV:
        return fail(c, "invalid port_id " + std::to_string(port));
    case -ENOTSUP:
        return fail(c, "function not implemented");
    default:
        return fail(c, std::string("programming error: (") + std::strerror(-ret) + ")");
    }
}

// testpmd's cmd_cfg_input_set: the input set is read, one field changed
// and written back whole (its masks as they were).
bool config_field(Ctx &c, const Args &a) {
    if (!all_ports_stopped(c)) return false;
    const auto port = static_cast<uint16_t>(a.number(0));
    const auto pctype = static_cast<uint8_t>(a.number(1));
    const InsetKind kind = inset_kind(a.word(2));
    const std::string &op = a.word(3);
    const uint64_t field = a.number(4);
    Inset inset;
    if (c.drivers.inset_get(port, pctype, kind, &inset) != 0)
        return fail(c, "Failed to get input set.");
    const uint64_t bit = field_bit(field);
    if (op == "get") {
        *c.out += "Field index " + std::to_string(field) + " is " +
                  ((inset.fields & bit) ? "enabled" : "disabled") + ".\n";
        return true;
    }
    if (bit == 0) return fail(c, "Failed to configure input set field.");
    inset.fields = op == "set" ? inset.fields | bit : inset.fields & ~bit;
    if (c.drivers.inset_set(port, pctype, kind, inset) != 0)
        return fail(c, "Failed to set input set.");
    return true;
}

bool clear_inset(Ctx &c, const Args &a) {
    if (!all_ports_stopped(c)) return false;
    const int ret =
        c.drivers.inset_set(static_cast<uint16_t>(a.number(0)), static_cast<uint8_t>(a.number(1)),
                            inset_kind(a.word(2)), Inset{});
    return ret == 0 || fail(c, "Failed to clear input set.");
}

std::string mapping_line(const drv::FlowTypeMapping &m) {
    std::string line = "pctype: ";
    for (unsigned j = 0, n = 0; j < kPctypeMax; j++)
        if (m.pctypes & (UINT64_C(1) << j)) line.append(text_format(n++ ? ",%02u" : "%02u", j));
    return line + text_format("  ->  flowtype: %02u\n", m.flow_type);
}

bool show_mapping(Ctx &c, const Args &a) {
    std::vector<drv::FlowTypeMapping> map;
    if (!report(c, c.drivers.pctype_mapping_get(a.port(0), &map), a.port(0))) return false;
    for (const drv::FlowTypeMapping &m : map)
        *c.out += mapping_line(m);
    return true;
}

// testpmd goes on after a bad list, with no pctype, and the driver answers
// too; a pctype past 63 shifts as x86 does (by its low six bits).
bool update_mapping(Ctx &c, const Args &a) {
    Result<std::vector<uint32_t>> list = parse_item_list(a.word(1), "pctypes", kPctypeMax, true);
    if (!list) fail(c, list.message());
    drv::FlowTypeMapping m{static_cast<uint16_t>(a.number(2)), 0};
    for (uint32_t pctype : list ? *list : std::vector<uint32_t>{})
        m.pctypes |= UINT64_C(1) << (pctype % kPctypeMax);
    return report(c, c.drivers.pctype_mapping_update(a.port(0), m), a.port(0)) && list;
}

} // namespace

std::vector<Spec> i40e_commands() {
    return {
        {.syntax = "port config <port_id> pctype <pctype_id> hash_inset|fdir_inset|fdir_flx_inset "
                   "get|set|clear field <field_idx>",
         .help = "read, set or clear one field of a pctype's RSS or FDIR input set (i40e)",
         .types = {arg::port_number("<port_id>"), arg::number("<pctype_id>", "pctype_id", 0, 255),
                   arg::number("<field_idx>", "field_idx", 0, 255)},
         .run = config_field},
        {.syntax = "port config <port_id> pctype <pctype_id> hash_inset|fdir_inset|fdir_flx_inset "
                   "clear all",
         .help = "clear a pctype's RSS or FDIR input set whole (i40e)",
         .types = {arg::port_number("<port_id>"), arg::number("<pctype_id>", "pctype_id", 0, 255)},
         .run = clear_inset},
        {.syntax = "show port <port> pctype mapping",
         .help = "the flow type to pctype mapping of a port (i40e)",
         .run = show_mapping},
        {.syntax = "port config <port> pctype mapping reset",
         .help = "the flow type to pctype mapping back to the default (i40e)",
         .run =
             [](Ctx &c, const Args &a) {
                 return report(c, c.drivers.pctype_mapping_reset(a.port(0)), a.port(0));
             }},
        {.syntax = "port config <port> pctype mapping update <pctype_list> <flow_type>",
         .help = "map the pctypes of a list (0,1,...) to a flow type (i40e)",
         .types = {arg::number("<flow_type>", "flow_type", 0, UINT16_MAX)},
         .run = update_mapping},
    };
}

} // namespace pmdfwd::shell
