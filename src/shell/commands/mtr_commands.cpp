// testpmd's meter commands (app/test-pmd/cmdline_mtr.c): each one rte_mtr
// call through c.meters (src/ports/mtr/mtr_control.h), rte_mtr's refusal in
// print_err_msg's words (src/ports/mtr/mtr_text.h). A PMD without meter ops
// (net_ring) refuses every call as rte_mtr words it, as in testpmd.
#include "shell/command_families.h"
#include "shell/testpmd_port_rows.h"

#include "options/scalar_parse.h"
#include "ports/mtr/mtr_text.h"

#include <strings.h>

namespace pmdfwd::shell {

namespace {

// testpmd's MAX_DSCP_TABLE_ENTRIES and MAX_VLAN_TABLE_ENTRIES.
constexpr size_t kDscpEntries = 64, kVlanEntries = 16;

// A call's answer: nothing when it took it, else rte_mtr's error in testpmd's words.
bool answer(Ctx &c, int rc, const rte_mtr_error &error) {
    if (rc == 0) return true;
    *c.out += mtr::error_text(error);
    return false;
}

bool show_mtr_cap(Ctx &c, const Args &a) {
    rte_mtr_capabilities cap{};
    rte_mtr_error error{};
    if (!answer(c, c.meters.capabilities(port_at(a, 0), &cap, &error), error)) return false;
    *c.out += mtr::capabilities_text(cap);
    return true;
}

// The three algorithms' profiles: <port> <id> then four rates and sizes in
// the algorithm's order, then packet_mode.
bool add_profile(Ctx &c, const Args &a, rte_mtr_algorithm alg) {
    rte_mtr_meter_profile mp{};
    mp.alg = alg;
    const uint64_t v[] = {a.number(2), a.number(3), a.number(4), a.number(5)};
    switch (alg) {
    case RTE_MTR_SRTCM_RFC2697: // cir cbs ebs: three numbers, packet_mode fifth
        mp.srtcm_rfc2697 = {.cir = v[0], .cbs = v[1], .ebs = v[2]};
        break;
    case RTE_MTR_TRTCM_RFC2698:
        mp.trtcm_rfc2698 = {.cir = v[0], .pir = v[1], .cbs = v[2], .pbs = v[3]};
        break;
    default:
        mp.trtcm_rfc4115 = {.cir = v[0], .eir = v[1], .cbs = v[2], .ebs = v[3]};
        break;
    }
    mp.packet_mode = static_cast<int>(alg == RTE_MTR_SRTCM_RFC2697 ? u32_at(a, 5) : u32_at(a, 6));
    rte_mtr_error error{};
    return answer(c, c.meters.profile_add(port_at(a, 0), u32_at(a, 1), mp, &error), error);
}

// The commands that are one call on (port, id).
using IdCall = int (mtr::MtrControl::*)(uint16_t, uint32_t, rte_mtr_error *);
std::function<bool(Ctx &, const Args &)> id_call(IdCall call) {
    return [call](Ctx &c, const Args &a) {
        rte_mtr_error error{};
        return answer(c, (c.meters.*call)(port_at(a, 0), u32_at(a, 1), &error), error);
    };
}

bool set_profile(Ctx &c, const Args &a) {
    rte_mtr_error error{};
    return answer(c, c.meters.profile_update(port_at(a, 0), u32_at(a, 1), u32_at(a, 2), &error),
                  error);
}

// testpmd's parse_uint: decimal (strtol), the whole word.
Result<uint64_t> decimal(const std::string &w, uint64_t max) {
    return parse_uint("n", w, 0, max, Radix::Decimal);
}

// "<port> [<mtr> [<proto> [<color>...]]]" (testpmd reads the table's words
// itself): a word missing leaves the rest at 0 and the table the PMD's own;
// a table has all its entries (G, Y or R, any case), words after it unread.
struct TableArgs {
    uint16_t port = 0;
    uint32_t mtr = 0;
    rte_mtr_color_in_protocol proto{};
    std::vector<rte_color> table;
};

Result<TableArgs> table_args(const std::vector<std::string> &w, const char *outer,
                             const char *inner, size_t entries) {
    const Error bad(" Multi token string parse error");
    TableArgs t;
    if (w.empty()) return bad;
    const Result<uint64_t> port = decimal(w[0], UINT16_MAX);
    if (!port) return bad;
    t.port = static_cast<uint16_t>(*port);
    if (w.size() < 2) return t;
    const Result<uint64_t> mtr = decimal(w[1], UINT32_MAX);
    if (!mtr) return bad;
    t.mtr = static_cast<uint32_t>(*mtr);
    if (w.size() < 3) return t;
    if (w[2] == outer)
        t.proto = std::string(outer) == "outer_ip" ? RTE_MTR_COLOR_IN_PROTO_OUTER_IP
                                                   : RTE_MTR_COLOR_IN_PROTO_OUTER_VLAN;
    else if (w[2] == inner)
        t.proto = std::string(inner) == "inner_ip" ? RTE_MTR_COLOR_IN_PROTO_INNER_IP
                                                   : RTE_MTR_COLOR_IN_PROTO_INNER_VLAN;
    if (w.size() == 3) return t;
    if (w.size() - 3 < entries) return bad;
    for (size_t i = 3; i < 3 + entries; i++) {
        const char *x = w[i].c_str();
        if (!strcasecmp(x, "G"))
            t.table.push_back(RTE_COLOR_GREEN);
        else if (!strcasecmp(x, "Y"))
            t.table.push_back(RTE_COLOR_YELLOW);
        else if (!strcasecmp(x, "R"))
            t.table.push_back(RTE_COLOR_RED);
        else
            return bad;
    }
    return t;
}

bool port_valid(Ctx &c, uint16_t port) {
    for (uint16_t p : c.ports.port_ids())
        if (p == port) return true;
    return fail(c, "Invalid port " + std::to_string(port));
}

bool set_table(Ctx &c, const Args &a, bool dscp) {
    Result<TableArgs> t = dscp ? table_args(a.rest(0), "outer_ip", "inner_ip", kDscpEntries)
                               : table_args(a.rest(0), "outer_vlan", "inner_vlan", kVlanEntries);
    if (!t) return fail(c, t.message());
    if (!port_valid(c, t->port)) return false;
    rte_color *table = t->table.empty() ? nullptr : t->table.data();
    rte_mtr_error error{};
    const int rc = dscp ? c.meters.dscp_table_update(t->port, t->mtr, t->proto, table, &error)
                        : c.meters.vlan_table_update(t->port, t->mtr, t->proto, table, &error);
    return answer(c, rc, error);
}

// testpmd lists the protocols even after a refusal (none then).
bool get_proto(Ctx &c, const Args &a) {
    uint64_t mask = 0;
    rte_mtr_error error{};
    const bool ok =
        answer(c, c.meters.in_protocol_get(port_at(a, 0), u32_at(a, 1), &mask, &error), error);
    *c.out += mtr::in_protocols_text(mask);
    return ok;
}

rte_mtr_color_in_protocol protocol(const std::string &w) {
    return w == "outer_vlan"   ? RTE_MTR_COLOR_IN_PROTO_OUTER_VLAN
           : w == "inner_vlan" ? RTE_MTR_COLOR_IN_PROTO_INNER_VLAN
           : w == "outer_ip"   ? RTE_MTR_COLOR_IN_PROTO_OUTER_IP
                               : RTE_MTR_COLOR_IN_PROTO_INNER_IP;
}

bool set_proto(Ctx &c, const Args &a) {
    rte_mtr_error error{};
    const int rc = c.meters.in_protocol_set(port_at(a, 0), u32_at(a, 1), protocol(a.word(2)),
                                            u32_at(a, 3), &error);
    return answer(c, rc, error);
}

// testpmd reads the priority and prints nothing of it: only a refusal shows.
bool get_proto_prio(Ctx &c, const Args &a) {
    uint32_t prio = 0;
    rte_mtr_error error{};
    const int rc = c.meters.in_protocol_priority_get(port_at(a, 0), u32_at(a, 1),
                                                     protocol(a.word(2)), &prio, &error);
    return answer(c, rc, error);
}

bool set_stats_mask(Ctx &c, const Args &a) {
    rte_mtr_error error{};
    return answer(c, c.meters.stats_update(port_at(a, 0), u32_at(a, 1), a.number(2), &error),
                  error);
}

bool show_stats(Ctx &c, const Args &a) {
    rte_mtr_stats stats{};
    uint64_t mask = 0;
    rte_mtr_error error{};
    const int rc =
        c.meters.stats_read(port_at(a, 0), u32_at(a, 1), &stats, &mask, a.word(2) == "yes", &error);
    if (!answer(c, rc, error)) return false;
    *c.out += mtr::stats_text(stats, mask);
    return true;
}

std::vector<Spec> mtr_rows() {
    using M = mtr::MtrControl;
    return {
        {.syntax = "show port meter cap <port>",
         .help = "the port's meter capabilities",
         .run = show_mtr_cap},
        {.syntax = "add port meter profile srtcm_rfc2697 <port> <profile_id> <cir> <cbs> <ebs> "
                   "<packet_mode>",
         .help = "add a single rate three color meter profile (RFC 2697)",
         .types = {testpmd_u32("<profile_id>"), testpmd_u64("<cir>"), testpmd_u64("<cbs>"),
                   testpmd_u64("<ebs>"), testpmd_u32("<packet_mode>")},
         .run = [](Ctx &c, const Args &a) { return add_profile(c, a, RTE_MTR_SRTCM_RFC2697); }},
        {.syntax = "add port meter profile trtcm_rfc2698 <port> <profile_id> <cir> <pir> <cbs> "
                   "<pbs> <packet_mode>",
         .help = "add a two rate three color meter profile (RFC 2698)",
         .types = {testpmd_u32("<profile_id>"), testpmd_u64("<cir>"), testpmd_u64("<pir>"),
                   testpmd_u64("<cbs>"), testpmd_u64("<pbs>"), testpmd_u32("<packet_mode>")},
         .run = [](Ctx &c, const Args &a) { return add_profile(c, a, RTE_MTR_TRTCM_RFC2698); }},
        {.syntax = "add port meter profile trtcm_rfc4115 <port> <profile_id> <cir> <eir> <cbs> "
                   "<ebs> <packet_mode>",
         .help = "add a two rate three color meter profile (RFC 4115)",
         .types = {testpmd_u32("<profile_id>"), testpmd_u64("<cir>"), testpmd_u64("<eir>"),
                   testpmd_u64("<cbs>"), testpmd_u64("<ebs>"), testpmd_u32("<packet_mode>")},
         .run = [](Ctx &c, const Args &a) { return add_profile(c, a, RTE_MTR_TRTCM_RFC4115); }},
        {.syntax = "del port meter profile <port> <profile_id>",
         .help = "delete a meter profile",
         .types = {testpmd_u32("<profile_id>")},
         .run = id_call(&M::profile_delete)},
        {.syntax = "del port meter policy <port> <policy_id>",
         .help = "delete a meter policy",
         .types = {testpmd_u32("<policy_id>")},
         .run = id_call(&M::policy_delete)},
        {.syntax = "enable port meter <port> <mtr_id>",
         .help = "enable a meter",
         .types = {testpmd_u32("<mtr_id>")},
         .run = id_call(&M::enable)},
        {.syntax = "disable port meter <port> <mtr_id>",
         .help = "disable a meter",
         .types = {testpmd_u32("<mtr_id>")},
         .run = id_call(&M::disable)},
        {.syntax = "del port meter <port> <mtr_id>",
         .help = "destroy a meter",
         .types = {testpmd_u32("<mtr_id>")},
         .run = id_call(&M::destroy)},
        {.syntax = "set port meter profile <port> <mtr_id> <profile_id>",
         .help = "change a meter's profile",
         .types = {testpmd_u32("<mtr_id>"), testpmd_u32("<profile_id>")},
         .run = set_profile},
        {.syntax = "set port meter dscp table <args>...",
         .help = "<port> <mtr_id> [<proto> [64 colors: G|Y|R ...]]: a meter's input DSCP colors",
         .run = [](Ctx &c, const Args &a) { return set_table(c, a, true); }},
        {.syntax = "set port meter vlan table <args>...",
         .help = "<port> <mtr_id> [<proto> [16 colors: G|Y|R ...]]: a meter's input VLAN colors",
         .run = [](Ctx &c, const Args &a) { return set_table(c, a, false); }},
        {.syntax = "get port meter proto <port> <mtr_id>",
         .help = "the protocols a meter takes input colors from",
         .types = {testpmd_u32("<mtr_id>")},
         .run = get_proto},
        {.syntax = "set port meter proto <port> <mtr_id> outer_vlan|inner_vlan|outer_ip|inner_ip "
                   "<prio>",
         .help = "take a meter's input color from this protocol, at this priority",
         .types = {testpmd_u32("<mtr_id>"), testpmd_u32("<prio>")},
         .run = set_proto},
        {.syntax = "get port meter proto_prio <port> <mtr_id> "
                   "outer_vlan|inner_vlan|outer_ip|inner_ip",
         .help = "ask the priority of a meter's input color protocol (testpmd shows only a "
                 "refusal)",
         .types = {testpmd_u32("<mtr_id>")},
         .run = get_proto_prio},
        {.syntax = "set port meter stats mask <port> <mtr_id> <stats_mask>",
         .help = "the statistics a meter counts",
         .types = {testpmd_u32("<mtr_id>"), testpmd_u64("<stats_mask>")},
         .run = set_stats_mask},
        {.syntax = "show port meter stats <port> <mtr_id> yes|no",
         .help = "a meter's statistics (yes: clear them after the read)",
         .types = {testpmd_u32("<mtr_id>")},
         .run = show_stats},
    };
}

} // namespace

std::vector<Spec> mtr_commands() {
    return with_testpmd_ports(mtr_rows());
}

} // namespace pmdfwd::shell
