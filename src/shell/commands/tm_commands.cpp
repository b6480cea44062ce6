// testpmd's traffic management commands (app/test-pmd/cmdline_tm.c): each
// one rte_tm call through c.tm (src/ports/tm/tm_control.h), rte_tm's refusal
// in print_err_msg's words (src/ports/tm/tm_text.h). A PMD without TM ops
// (net_ring) refuses every call as rte_tm words it, as in testpmd.
#include "shell/command_families.h"
#include "shell/testpmd_port_rows.h"

#include "options/scalar_parse.h"
#include "ports/tm/tm_node_text.h"
#include "ports/tm/tm_text.h"

#include <rte_version.h>

#include <cstring>

namespace pmdfwd::shell {

namespace {

using Mark = tm::TmControl::Mark;

// testpmd 24.11 on echoes the parameters of a shaper profile or node it adds.
constexpr bool kEchoesAddedNodes = RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0);

// testpmd's MAX_NUM_SHARED_SHAPERS: a node names fewer.
constexpr uint64_t kMaxSharedShapers = 256;

// A call's answer: nothing when it took it, else rte_tm's error in testpmd's words.
bool answer(Ctx &c, int rc, const rte_tm_error &error) {
    if (rc == 0) return true;
    *c.out += tm::error_text(error);
    return false;
}

bool started(Ctx &c, uint16_t port) {
    return c.ports.status(port) == PortStatus::Started;
}

// testpmd's state checks, their words with its leading space.
bool must_be_started(Ctx &c, uint16_t port) {
    return started(c, port) || fail(c, " Port " + std::to_string(port) + " not started (error)");
}
bool must_be_stopped(Ctx &c, uint16_t port) {
    return !started(c, port) || fail(c, " Port " + std::to_string(port) + " not stopped (error)");
}

bool show_tm_cap(Ctx &c, const Args &a) {
    rte_tm_capabilities cap{};
    rte_tm_error error{};
    if (!answer(c, c.tm.capabilities(port_at(a, 0), &cap, &error), error)) return false;
    *c.out += tm::capabilities_text(cap);
    return true;
}

bool show_level_cap(Ctx &c, const Args &a) {
    rte_tm_level_capabilities cap{};
    rte_tm_error error{};
    if (!answer(c, c.tm.level_capabilities(port_at(a, 0), u32_at(a, 1), &cap, &error), error))
        return false;
    *c.out += tm::level_capabilities_text(u32_at(a, 1), cap);
    return true;
}

bool show_node_cap(Ctx &c, const Args &a) {
    int is_leaf = 0;
    rte_tm_error error{};
    if (!answer(c, c.tm.node_type(port_at(a, 0), u32_at(a, 1), &is_leaf, &error), error))
        return false;
    rte_tm_node_capabilities cap{};
    if (!answer(c, c.tm.node_capabilities(port_at(a, 0), u32_at(a, 1), &cap, &error), error))
        return false;
    *c.out += tm::node_capabilities_text(u32_at(a, 1), is_leaf != 0, cap);
    return true;
}

bool show_node_type(Ctx &c, const Args &a) {
    int is_leaf = 0;
    rte_tm_error error{};
    if (!answer(c, c.tm.node_type(port_at(a, 0), u32_at(a, 1), &is_leaf, &error), error))
        return false;
    *c.out += is_leaf == 1 ? "leaf node\n" : "nonleaf node\n";
    return true;
}

#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
// show port tm node <port> <node>: testpmd 24.11's listing of rte_tm_node_query.
bool show_node(Ctx &c, const Args &a) {
    const uint16_t port = port_at(a, 0);
    const uint32_t node = u32_at(a, 1);
    tm::NodeQuery q{};
    rte_tm_error error{};
    if (!answer(c,
                c.tm.node_query(port, node, &q.parent, &q.priority, &q.weight, &q.level, &q.params,
                                &error),
                error))
        return false;
    int is_leaf = 0;
    if (!answer(c, c.tm.node_type(port, node, &is_leaf, &error), error)) return false;
    q.is_leaf = is_leaf != 0;
    *c.out += tm::node_text(port, node, q);
    return true;
}
#endif

bool show_node_stats(Ctx &c, const Args &a) {
    if (!must_be_started(c, port_at(a, 0))) return false;
    rte_tm_node_stats stats{};
    uint64_t mask = 0;
    rte_tm_error error{};
    const int rc =
        c.tm.node_stats(port_at(a, 0), u32_at(a, 1), &stats, &mask, a.number(2) != 0, &error);
    if (!answer(c, rc, error)) return false;
    *c.out += tm::node_stats_text(stats, mask);
    return true;
}

bool add_shaper_profile(Ctx &c, const Args &a) {
    rte_tm_shaper_params sp{};
    sp.committed.rate = a.number(2);
    sp.committed.size = a.number(3);
    sp.peak.rate = a.number(4);
    sp.peak.size = a.number(5);
    sp.pkt_length_adjust = u32_at(a, 6);
    sp.packet_mode = static_cast<int>(u32_at(a, 7));
    // 24.11 echoes the parameters before it checks the port (its row's
    // types name <port>, so that with_testpmd_port leaves the check here).
    if (kEchoesAddedNodes) {
        *c.out += tm::shaper_profile_add_text(port_at(a, 0), u32_at(a, 1), sp);
        if (!testpmd_port_exists(c, a.number(0))) return false;
    }
    rte_tm_error error{};
    return answer(c, c.tm.shaper_profile_add(port_at(a, 0), u32_at(a, 1), sp, &error), error);
}

bool del_shaper_profile(Ctx &c, const Args &a) {
    rte_tm_error error{};
    return answer(c, c.tm.shaper_profile_delete(port_at(a, 0), u32_at(a, 1), &error), error);
}

// `add` builds a shared shaper while the port is stopped, `set` changes one
// on a started port: the same call.
bool add_set_shared_shaper(Ctx &c, const Args &a, bool add) {
    const uint16_t port = port_at(a, 0);
    if (add ? !must_be_stopped(c, port) : !must_be_started(c, port)) return false;
    rte_tm_error error{};
    return answer(c, c.tm.shared_shaper_add_update(port, u32_at(a, 1), u32_at(a, 2), &error),
                  error);
}

bool del_shared_shaper(Ctx &c, const Args &a) {
    rte_tm_error error{};
    return answer(c, c.tm.shared_shaper_delete(port_at(a, 0), u32_at(a, 1), &error), error);
}

// "<port> <id> G <min> <max> <maxp_inv> <wq_log2> Y ... R ...": a color's
// four numbers follow its letter (args 3.., 8.., 13..).
bool add_wred_profile(Ctx &c, const Args &a) {
    rte_tm_wred_params wp{};
    for (int color = 0; color < RTE_COLORS; color++) {
        const size_t at = 3 + 5 * static_cast<size_t>(color);
        rte_tm_red_params &r = wp.red_params[color];
        // rte_red_params' fields are 16 bits: testpmd reads 64 and truncates.
        r.min_th = static_cast<uint16_t>(a.number(at));
        r.max_th = static_cast<uint16_t>(a.number(at + 1));
        r.maxp_inv = static_cast<uint16_t>(a.number(at + 2));
        r.wq_log2 = static_cast<uint16_t>(a.number(at + 3));
    }
    rte_tm_error error{};
    return answer(c, c.tm.wred_profile_add(port_at(a, 0), u32_at(a, 1), wp, &error), error);
}

bool del_wred_profile(Ctx &c, const Args &a) {
    rte_tm_error error{};
    return answer(c, c.tm.wred_profile_delete(port_at(a, 0), u32_at(a, 1), &error), error);
}

bool set_node_shaper_profile(Ctx &c, const Args &a) {
    if (!must_be_started(c, port_at(a, 0))) return false;
    rte_tm_error error{};
    return answer(c, c.tm.node_shaper_update(port_at(a, 0), u32_at(a, 1), u32_at(a, 2), &error),
                  error);
}

// An RTE_INT32 token (a parent or a profile, negative for none): UINT32_MAX
// for a negative one, as testpmd passes it.
Result<uint32_t> id_or_none(const std::string &word) {
    const bool negative = !word.empty() && word[0] == '-';
    const std::string digits = negative ? word.substr(1) : word;
    const Result<uint64_t> v =
        parse_uint("id", digits, 0, negative ? uint64_t{1} << 31 : INT32_MAX, Radix::Cmdline);
    if (!v) return v.status();
    return negative && *v ? UINT32_MAX : static_cast<uint32_t>(*v);
}

// "<n> [<id>...]": exactly n shared shaper ids, as parse_multi_ss_id_str reads them.
Result<std::vector<uint32_t>> shared_shapers(const std::vector<std::string> &words) {
    const char *bad = " Shared shapers params string parse error";
    // cmdline's multi-string token takes one word at least.
    if (words.empty()) return Error("Bad arguments");
    const Result<uint64_t> n = parse_uint("n", words[0], 0, UINT32_MAX, Radix::Decimal);
    if (!n) return Error(bad);
    if (*n >= kMaxSharedShapers) return Error(" Number of shared shapers exceed the max (error)");
    if (words.size() - 1 != *n) return Error(bad);
    std::vector<uint32_t> ids;
    for (size_t i = 1; i < words.size(); i++) {
        const Result<uint64_t> id = parse_uint("id", words[i], 0, UINT32_MAX, Radix::Decimal);
        if (!id) return Error(bad);
        ids.push_back(static_cast<uint32_t>(*id));
    }
    return ids;
}

// The words after the port of `add port tm nonleaf|leaf node`: node parent
// priority weight level shaper_profile, then the kind's own; the shared
// shapers last, read by take_shared_shapers after the echo.
struct NodeArgs {
    uint32_t node, parent, priority, weight, level;
    rte_tm_node_params np{};
    std::vector<uint32_t> shared;
    tm::NodeEcho echo; // as testpmd 24.11 echoes them
};

// The int32 token's value, as cmdline reads it (checked by id_or_none first).
int32_t as_int32(const std::string &word) {
    const bool negative = !word.empty() && word[0] == '-';
    const Result<uint64_t> v =
        parse_uint("id", negative ? word.substr(1) : word, 0, uint64_t{1} << 31, Radix::Cmdline);
    const int64_t magnitude = v ? static_cast<int64_t>(*v) : 0;
    return static_cast<int32_t>(negative ? -magnitude : magnitude);
}

Result<NodeArgs> node_args(const Args &a, size_t port_at, size_t rest_at, size_t stats_at) {
    const Result<uint32_t> parent = id_or_none(a.word(port_at + 2));
    const Result<uint32_t> profile = id_or_none(a.word(port_at + 6));
    // cmdline's multi-string token takes one word at least.
    if (!parent || !profile || a.rest(rest_at).empty()) return Error("Bad arguments");
    NodeArgs n{.node = u32_at(a, port_at + 1),
               .parent = *parent,
               .priority = u32_at(a, port_at + 3),
               .weight = u32_at(a, port_at + 4),
               .level = u32_at(a, port_at + 5),
               .np = {},
               .shared = {},
               .echo = {.node = u32_at(a, port_at + 1),
                        .parent = as_int32(a.word(port_at + 2)),
                        .priority = u32_at(a, port_at + 3),
                        .weight = u32_at(a, port_at + 4),
                        .level = u32_at(a, port_at + 5),
                        .shaper_profile = as_int32(a.word(port_at + 6)),
                        .stats_mask = a.number(stats_at),
                        // the shell's word for a rest: its words, single spaces
                        .shared_shapers = a.word(rest_at)}};
    n.np.shaper_profile_id = *profile;
    n.np.stats_mask = a.number(stats_at);
    return n;
}

bool take_shared_shapers(Ctx &c, const Args &a, size_t rest_at, NodeArgs &n) {
    Result<std::vector<uint32_t>> shared = shared_shapers(a.rest(rest_at));
    if (!shared) return fail(c, shared.message());
    n.shared = std::move(*shared);
    return true;
}

bool add_node(Ctx &c, uint16_t port, NodeArgs &n) {
    n.np.n_shared_shapers = static_cast<uint32_t>(n.shared.size());
    n.np.shared_shaper_id = n.shared.empty() ? nullptr : n.shared.data();
    rte_tm_error error{};
    return answer(
        c, c.tm.node_add(port, n.node, n.parent, n.priority, n.weight, n.level, n.np, &error),
        error);
}

// add port tm nonleaf node [pktmode] <port> <node> <parent> <priority>
// <weight> <level> <shaper_profile> <n_sp_priorities> <stats_mask> <shared>...
bool add_nonleaf_node(Ctx &c, const Args &a, bool pktmode) {
    Result<NodeArgs> n = node_args(a, 0, 9, 8);
    if (!n) return fail(c, n.message());
    n->np.nonleaf.n_sp_priorities = u32_at(a, 7);
    // testpmd echoes the plain command's parameters, not pktmode's.
    if (kEchoesAddedNodes && !pktmode)
        *c.out += tm::nonleaf_node_add_text(port_at(a, 0), n->echo, u32_at(a, 7));
    if (!take_shared_shapers(c, a, 9, *n)) return false;
    // pktmode: a weight mode per priority, all zero (packet mode), as testpmd's calloc.
    std::vector<int> modes(pktmode ? n->np.nonleaf.n_sp_priorities : 0, 0);
    n->np.nonleaf.wfq_weight_mode = modes.empty() ? nullptr : modes.data();
    return add_node(c, port_at(a, 0), *n);
}

// add port tm leaf node <port> <node> <parent> <priority> <weight> <level>
// <shaper_profile> <cman_mode> <wred_profile> <stats_mask> <shared>...
bool add_leaf_node(Ctx &c, const Args &a) {
    Result<NodeArgs> n = node_args(a, 0, 10, 9);
    if (!n) return fail(c, n.message());
    n->np.leaf.cman = static_cast<rte_tm_cman_mode>(u32_at(a, 7));
    n->np.leaf.wred.wred_profile_id = u32_at(a, 8);
    if (kEchoesAddedNodes)
        *c.out += tm::leaf_node_add_text(port_at(a, 0), n->echo, u32_at(a, 7), u32_at(a, 8));
    if (!take_shared_shapers(c, a, 10, *n)) return false;
    return add_node(c, port_at(a, 0), *n);
}

bool del_node(Ctx &c, const Args &a) {
    if (!must_be_stopped(c, port_at(a, 0))) return false;
    rte_tm_error error{};
    return answer(c, c.tm.node_delete(port_at(a, 0), u32_at(a, 1), &error), error);
}

bool set_node_parent(Ctx &c, const Args &a) {
    if (!must_be_started(c, port_at(a, 0))) return false;
    rte_tm_error error{};
    const int rc = c.tm.node_parent_update(port_at(a, 0), u32_at(a, 1), u32_at(a, 2), u32_at(a, 3),
                                           u32_at(a, 4), &error);
    return answer(c, rc, error);
}

bool suspend(Ctx &c, const Args &a) {
    rte_tm_error error{};
    return answer(c, c.tm.node_suspend(port_at(a, 0), u32_at(a, 1), &error), error);
}

bool resume(Ctx &c, const Args &a) {
    rte_tm_error error{};
    return answer(c, c.tm.node_resume(port_at(a, 0), u32_at(a, 1), &error), error);
}

bool commit(Ctx &c, const Args &a) {
    rte_tm_error error{};
    return answer(c, c.tm.hierarchy_commit(port_at(a, 0), a.word(1) == "yes", &error), error);
}

bool mark(Ctx &c, const Args &a) {
    const Mark what = a.word(0) == "vlan_dei" ? Mark::VlanDei
                      : a.word(0) == "ip_ecn" ? Mark::IpEcn
                                              : Mark::IpDscp;
    rte_tm_error error{};
    const int rc = c.tm.mark(port_at(a, 1), what, static_cast<int>(a.number(2)),
                             static_cast<int>(a.number(3)), static_cast<int>(a.number(4)), &error);
    return answer(c, rc, error);
}

std::vector<Spec> tm_rows() {
    return {
        {.syntax = "show port tm cap <port>",
         .help = "the port's traffic management capabilities",
         .run = show_tm_cap},
            {.syntax = "show port tm level cap <port> <level_id>",
             .help = "a hierarchy level's capabilities",
             .types = {testpmd_u32("<level_id>")},
             .run = show_level_cap},
            {.syntax = "show port tm node cap <port> <node_id>",
             .help = "a hierarchy node's capabilities",
             .types = {testpmd_u32("<node_id>")},
             .run = show_node_cap},
            {.syntax = "show port tm node type <port> <node_id>",
             .help = "whether a node is a leaf",
             .types = {testpmd_u32("<node_id>")},
             .run = show_node_type},
            {.syntax = "show port tm node stats <port> <node_id> <clear>",
             .help = "a node's statistics (clear: 1 clears them after the read)",
             .types = {testpmd_u32("<node_id>"), testpmd_u32("<clear>")},
             .run = show_node_stats},
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
            {.syntax = "show port tm node <port> <node_id>",
             .help = "a node's parent, level, priority, weight and parameters",
             .types = {testpmd_u32("<node_id>")},
             .run = show_node},
#endif
            {.syntax = "add port tm node shaper profile <port> <profile_id> <cmit_tb_rate> "
                       "<cmit_tb_size> <peak_tb_rate> <peak_tb_size> <pktlen_adjust> <packet_mode>",
             .help = "add a private shaper profile",
             .types = {testpmd_u32("<profile_id>"), testpmd_u64("<cmit_tb_rate>"),
                       testpmd_u64("<cmit_tb_size>"), testpmd_u64("<peak_tb_rate>"),
                       testpmd_u64("<peak_tb_size>"), testpmd_u32("<pktlen_adjust>"),
                       testpmd_u32("<packet_mode>"),
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
                       arg::port_number("<port>")
#endif
             },
             .run = add_shaper_profile},
            {.syntax = "del port tm node shaper profile <port> <profile_id>",
             .help = "delete a private shaper profile",
             .types = {testpmd_u32("<profile_id>")},
             .run = del_shaper_profile},
            {.syntax = "add port tm node shared shaper <port> <shared_shaper_id> <profile_id>",
             .help = "add a shared shaper (port stopped)",
             .types = {testpmd_u32("<shared_shaper_id>"), testpmd_u32("<profile_id>")},
             .run = [](Ctx &c, const Args &a) { return add_set_shared_shaper(c, a, true); }},
            {.syntax = "set port tm node shared shaper <port> <shared_shaper_id> <profile_id>",
             .help = "change a shared shaper's profile (port started)",
             .types = {testpmd_u32("<shared_shaper_id>"), testpmd_u32("<profile_id>")},
             .run = [](Ctx &c, const Args &a) { return add_set_shared_shaper(c, a, false); }},
            {.syntax = "del port tm node shared shaper <port> <shared_shaper_id>",
             .help = "delete a shared shaper",
             .types = {testpmd_u32("<shared_shaper_id>")},
             .run = del_shared_shaper},
            {.syntax =
                 "add port tm node wred profile <port> <profile_id> G|g <min_th_g> <max_th_g> "
                 "<maxp_inv_g> <wq_log2_g> Y|y <min_th_y> <max_th_y> <maxp_inv_y> <wq_log2_y> "
                 "R|r <min_th_r> <max_th_r> <maxp_inv_r> <wq_log2_r>",
             .help = "add a WRED profile, per color",
             .types = {testpmd_u32("<profile_id>"), testpmd_u64("<min_th_g>"),
                       testpmd_u64("<max_th_g>"), testpmd_u16("<maxp_inv_g>"),
                       testpmd_u16("<wq_log2_g>"), testpmd_u64("<min_th_y>"),
                       testpmd_u64("<max_th_y>"), testpmd_u16("<maxp_inv_y>"),
                       testpmd_u16("<wq_log2_y>"), testpmd_u64("<min_th_r>"),
                       testpmd_u64("<max_th_r>"), testpmd_u16("<maxp_inv_r>"),
                       testpmd_u16("<wq_log2_r>")},
             .run = add_wred_profile},
            {.syntax = "del port tm node wred profile <port> <profile_id>",
             .help = "delete a WRED profile",
             .types = {testpmd_u32("<profile_id>")},
             .run = del_wred_profile},
            {.syntax = "set port tm node shaper profile <port> <node_id> <profile_id>",
             .help = "change a node's private shaper profile (port started)",
             .types = {testpmd_u32("<node_id>"), testpmd_u32("<profile_id>")},
             .run = set_node_shaper_profile},
            {.syntax = "add port tm nonleaf node <port> <node_id> <parent_id> <priority> <weight> "
                       "<level_id> <profile_id> <n_sp_priorities> <stats_mask> <shared_shapers>...",
             .help = "add a nonleaf node (parent, profile: -1 for none; shared_shapers: n, then "
                     "n ids)",
             .types = {testpmd_u32("<node_id>"), testpmd_u32("<priority>"), testpmd_u32("<weight>"),
                       testpmd_u32("<level_id>"), testpmd_u32("<n_sp_priorities>"),
                       testpmd_u64("<stats_mask>")},
             .run = [](Ctx &c, const Args &a) { return add_nonleaf_node(c, a, false); }},
            {.syntax = "add port tm nonleaf node pktmode <port> <node_id> <parent_id> <priority> "
                       "<weight> <level_id> <profile_id> <n_sp_priorities> <stats_mask> "
                       "<shared_shapers>...",
             .help = "add a nonleaf node scheduling its children in packet mode",
             .types = {testpmd_u32("<node_id>"), testpmd_u32("<priority>"), testpmd_u32("<weight>"),
                       testpmd_u32("<level_id>"), testpmd_u32("<n_sp_priorities>"),
                       testpmd_u64("<stats_mask>")},
             .run = [](Ctx &c, const Args &a) { return add_nonleaf_node(c, a, true); }},
            {.syntax = "add port tm leaf node <port> <node_id> <parent_id> <priority> <weight> "
                       "<level_id> <profile_id> <cman_mode> <wred_profile_id> <stats_mask> "
                       "<shared_shapers>...",
             .help = "add a leaf node (a TX queue)",
             .types = {testpmd_u32("<node_id>"), testpmd_u32("<priority>"), testpmd_u32("<weight>"),
                       testpmd_u32("<level_id>"), testpmd_u32("<cman_mode>"),
                       testpmd_u32("<wred_profile_id>"), testpmd_u64("<stats_mask>")},
             .run = add_leaf_node},
            {.syntax = "del port tm node <port> <node_id>",
             .help = "delete a node (port stopped)",
             .types = {testpmd_u32("<node_id>")},
             .run = del_node},
            {.syntax = "set port tm node parent <port> <node_id> <parent_id> <priority> <weight>",
             .help = "move a node (port started)",
             .types = {testpmd_u32("<node_id>"), testpmd_u32("<parent_id>"),
                       testpmd_u32("<priority>"), testpmd_u32("<weight>")},
             .run = set_node_parent},
            {.syntax = "suspend port tm node <port> <node_id>",
             .help = "suspend a node",
             .types = {testpmd_u32("<node_id>")},
             .run = suspend},
            {.syntax = "resume port tm node <port> <node_id>",
             .help = "resume a suspended node",
             .types = {testpmd_u32("<node_id>")},
             .run = resume},
            {.syntax = "port tm hierarchy commit <port> yes|no",
             .help = "commit the hierarchy (yes: clear it if the commit fails)",
             .run = commit},
            {.syntax = "set port tm mark vlan_dei|ip_ecn|ip_dscp <port> <green> <yellow> <red>",
             .help = "mark packets per color",
             .types = {testpmd_u16("<green>"), testpmd_u16("<yellow>"), testpmd_u16("<red>")},
             .run = mark},
    };
}

} // namespace

std::vector<Spec> tm_commands() {
    return with_testpmd_ports(tm_rows());
}

} // namespace pmdfwd::shell
