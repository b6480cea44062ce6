#include "ports/flow/flow_actions.h"

#include "ports/flow/flow_encap.h"
#include "ports/flow/flow_raw_actions.h"
#include "ports/port_text.h"

#include <rte_version.h>

#include <algorithm>
#include <cstddef>
#include <cstring>

namespace pmdfwd::flow {

namespace {
// Named, so that a unity build keeps the item and action tables apart.
namespace action_rows {

using K = FieldKind;

#define PMDFWD_PARAM(st, member, kind, pname, help)                                                \
    FlowParam {                                                                                    \
        FlowField{pname,                                                                           \
                  kind,                                                                            \
                  static_cast<uint16_t>(offsetof(st, member)),                                     \
                  static_cast<uint8_t>(sizeof(((st *)nullptr)->member)),                           \
                  0,                                                                               \
                  0,                                                                               \
                  help},                                                                           \
            nullptr, "{unsigned}"                                                                  \
    }

// RSS's configuration with the queue list and key it points to, in one
// block so that the rule's storage owns them (testpmd's action_rss_data).
constexpr unsigned kRssQueueMax = 128; // testpmd's ACTION_RSS_QUEUE_NUM
constexpr unsigned kRssKeyMax = 64;
struct RssData {
    rte_flow_action_rss conf;
    uint16_t queue[kRssQueueMax];
    uint8_t key[kRssKeyMax];
};

// The words up to "end", which the caller steps past; or why not.
Result<std::span<const std::string>> until_end(std::span<const std::string> words, size_t *pos,
                                               const char *what) {
    const size_t from = *pos;
    while (*pos < words.size() && words[*pos] != "end")
        ++*pos;
    if (*pos == words.size())
        return Error(std::string(what) + ": no 'end' after the list (allowed: ... end)");
    return words.subspan(from, (*pos)++ - from);
}

Status read_rss_types(std::span<const std::string> words, size_t *pos, uint8_t *conf) {
    auto *rss = reinterpret_cast<RssData *>(conf);
    const auto list = until_end(words, pos, "types");
    if (!list) return list.status();
    rss->conf.types = 0;
    for (const std::string &w : *list) {
        const uint64_t t = rss_type_from_name(w);
        if (!t && w != "none")
            return Error("types: unknown RSS type '" + w.substr(0, 40) +
                         "' (allowed: ip, udp, tcp, sctp, ipv4, ipv4-tcp, ... as "
                         "'port config all rss')");
        rss->conf.types |= t;
    }
    return {};
}

Status read_rss_queues(std::span<const std::string> words, size_t *pos, uint8_t *conf) {
    auto *rss = reinterpret_cast<RssData *>(conf);
    const auto list = until_end(words, pos, "queues");
    if (!list) return list.status();
    if (list->size() > kRssQueueMax)
        return Error("queues: " + std::to_string(list->size()) + " queues (allowed: at most " +
                     std::to_string(kRssQueueMax) + ")");
    rss->conf.queue_num = 0;
    for (const std::string &w : *list) {
        const Result<uint64_t> q = parse_flow_number("queue", w, UINT16_MAX);
        if (!q) return q.status();
        rss->queue[rss->conf.queue_num++] = static_cast<uint16_t>(*q);
    }
    return {};
}

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// testpmd's COMMON_HEX: hex digits, "0x" optional, two per byte.
Status read_rss_key(std::span<const std::string> words, size_t *pos, uint8_t *conf) {
    auto *rss = reinterpret_cast<RssData *>(conf);
    if (*pos == words.size()) return Error("key: a value is missing (allowed: hex digits)");
    std::string_view w = words[(*pos)++];
    if (w.starts_with("0x") || w.starts_with("0X")) w.remove_prefix(2);
    const bool bad = w.empty() || w.size() % 2 || w.size() / 2 > kRssKeyMax ||
                     std::any_of(w.begin(), w.end(), [](char c) { return hex_digit(c) < 0; });
    if (bad)
        return Error("key: '" + std::string(w.substr(0, 40)) + "' is not a key (allowed: 1.." +
                     std::to_string(kRssKeyMax) + " bytes as an even number of hex digits)");
    for (size_t i = 0; i < w.size() / 2; i++)
        rss->key[i] = static_cast<uint8_t>(hex_digit(w[2 * i]) << 4 | hex_digit(w[2 * i + 1]));
    rss->conf.key_len = static_cast<uint32_t>(w.size() / 2);
    rss->conf.key = rss->key;
    return {};
}

Status read_rss_func(std::span<const std::string> words, size_t *pos, uint8_t *conf) {
    static const struct {
        const char *name;
        rte_eth_hash_function func;
    } kFuncs[] = {
        {"default", RTE_ETH_HASH_FUNCTION_DEFAULT},
        {"toeplitz", RTE_ETH_HASH_FUNCTION_TOEPLITZ},
        {"simple_xor", RTE_ETH_HASH_FUNCTION_SIMPLE_XOR},
        {"symmetric_toeplitz", RTE_ETH_HASH_FUNCTION_SYMMETRIC_TOEPLITZ},
    };
    auto *rss = reinterpret_cast<RssData *>(conf);
    const std::string w = *pos < words.size() ? words[(*pos)++] : "";
    for (const auto &f : kFuncs)
        if (w == f.name) {
            rss->conf.func = f.func;
            return {};
        }
    return Error("func: '" + w.substr(0, 40) +
                 "' is not allowed (allowed: default, toeplitz, simple_xor, symmetric_toeplitz)");
}

// testpmd's parse_vc_action_rss: every queue of the port, its RSS types,
// no key.
void rss_defaults(const ActionDefaults &d, uint8_t *conf) {
    auto *rss = reinterpret_cast<RssData *>(conf);
    rss->conf.func = RTE_ETH_HASH_FUNCTION_DEFAULT;
    rss->conf.types = d.rss_hf;
    rss->conf.queue_num = std::min<unsigned>(d.nb_rxq, kRssQueueMax);
    for (unsigned i = 0; i < rss->conf.queue_num; i++)
        rss->queue[i] = static_cast<uint16_t>(i);
    rss->conf.queue = rss->queue;
}

const FlowParam kRss[] = {
    {{"func", K::Uint, 0, 0, 0, 0, "RSS hash function to apply"},
     read_rss_func,
     "default|toeplitz|simple_xor|symmetric_toeplitz"},
    PMDFWD_PARAM(rte_flow_action_rss, level, K::Uint, "level", "encapsulation level for \"types\""),
    {{"types", K::Uint, 0, 0, 0, 0, "specific RSS hash types"}, read_rss_types, "{type} ... end"},
    {{"key", K::Uint, 0, 0, 0, 0, "RSS hash key"}, read_rss_key, "{hex}"},
    PMDFWD_PARAM(rte_flow_action_rss, key_len, K::Uint, "key_len", "RSS hash key length in bytes"),
    {{"queues", K::Uint, 0, 0, 0, 0, "queue indices to use"}, read_rss_queues, "{queue} ... end"},
};

const FlowParam kQueue[] = {
    PMDFWD_PARAM(rte_flow_action_queue, index, K::Uint, "index", "queue index to use"),
};
const FlowParam kMark[] = {
    PMDFWD_PARAM(rte_flow_action_mark, id, K::Uint, "id", "integer value to return with packets"),
};
const FlowParam kCount[] = {
    PMDFWD_PARAM(rte_flow_action_count, id, K::Uint, "identifier", "counter identifier to use"),
};
const FlowParam kJump[] = {
    PMDFWD_PARAM(rte_flow_action_jump, group, K::Uint, "group", "group to redirect traffic to"),
};
// timeout is a 24-bit field of the first word (little-endian hosts, as
// every host pmdfwd builds for).
const FlowParam kAge[] = {
    {{"timeout", K::Uint, 0, 4, 0, 24, "flow age timeout value"}, nullptr, "{unsigned}"},
};
const FlowParam kPortId[] = {
    {{"original", K::Uint, 0, 4, 0, 1, "use original DPDK port ID if possible"},
     nullptr,
     "{boolean}"},
    PMDFWD_PARAM(rte_flow_action_port_id, id, K::Uint, "id", "DPDK port ID"),
};
// original is the first bit of the first word, as port_id's.
const FlowParam kVf[] = {
    {{"original", K::Uint, 0, 4, 0, 1, "use original VF ID if possible"}, nullptr, "{boolean}"},
    PMDFWD_PARAM(rte_flow_action_vf, id, K::Uint, "id", "VF ID"),
};
const FlowParam kMeter[] = {
    PMDFWD_PARAM(rte_flow_action_meter, mtr_id, K::Uint, "mtr_id", "meter id to use"),
};
const FlowParam kRepresentedPort[] = {
    PMDFWD_PARAM(rte_flow_action_ethdev, port_id, K::Uint, "ethdev_port_id", "ethdev port ID"),
};
const FlowParam kPushVlan[] = {
    PMDFWD_PARAM(rte_flow_action_of_push_vlan, ethertype, K::Be, "ethertype", "EtherType"),
};
const FlowParam kSetVlanVid[] = {
    PMDFWD_PARAM(rte_flow_action_of_set_vlan_vid, vlan_vid, K::Be, "vlan_vid", "VLAN id"),
};
const FlowParam kSetVlanPcp[] = {
    PMDFWD_PARAM(rte_flow_action_of_set_vlan_pcp, vlan_pcp, K::Uint, "vlan_pcp", "VLAN priority"),
};
const FlowParam kSetMac[] = {
    {{"mac_addr", K::Mac, 0, 6, 0, 0, "MAC address"}, nullptr, "{MAC-48}"},
};
const FlowParam kSetIpv4[] = {
    {{"ipv4_addr", K::Ipv4, 0, 4, 0, 0, "IPv4 address"}, nullptr, "{IPv4 address}"},
};
const FlowParam kSetTp[] = {
    PMDFWD_PARAM(rte_flow_action_set_tp, port, K::Be, "port", "TCP/UDP port number"),
};

#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
// 23.03's quota actions: the limit, and the mode or update op by
// testpmd's quota_mode_names and quota_update_names (enum order; no mode 0).
#define PMDFWD_NAMES(st, member, pname, names, help)                                               \
    FlowParam {                                                                                    \
        FlowField{pname,                                                                           \
                  K::LeadName,                                                                     \
                  static_cast<uint16_t>(offsetof(st, member)),                                     \
                  static_cast<uint8_t>(sizeof(((st *)nullptr)->member)),                           \
                  0,                                                                               \
                  0,                                                                               \
                  help,                                                                            \
                  names},                                                                          \
            nullptr, nullptr                                                                       \
    }
const char *const kQuotaModes[] = {nullptr, "packet", "l2", "l3"};
const char *const kQuotaUpdateOps[] = {"set", "add"};
static_assert(RTE_FLOW_QUOTA_MODE_L3 == 3 && RTE_FLOW_UPDATE_QUOTA_ADD == 1);
const FlowParam kQuotaCreate[] = {
    PMDFWD_PARAM(rte_flow_action_quota, quota, K::Uint, "limit", "quota limit"),
    PMDFWD_NAMES(rte_flow_action_quota, mode, "mode", kQuotaModes, "quota mode"),
};
const FlowParam kQuotaUpdate[] = {
    PMDFWD_PARAM(rte_flow_update_quota, quota, K::Uint, "limit", "quota limit"),
    PMDFWD_NAMES(rte_flow_update_quota, op, "update_op", kQuotaUpdateOps,
                 "query update op SET|ADD"),
};
#undef PMDFWD_NAMES
#endif

#undef PMDFWD_PARAM

#define PMDFWD_ACTION(name, type, st, params, help)                                                \
    FlowAction {                                                                                   \
        name, RTE_FLOW_ACTION_TYPE_##type, sizeof(st), params, nullptr, help                       \
    }
// An action whose configuration init builds from elsewhere (the tunnel
// settings), none of it from the rule's words.
#define PMDFWD_BUILT(name, type, st, init, help)                                                   \
    FlowAction {                                                                                   \
        name, RTE_FLOW_ACTION_TYPE_##type, sizeof(st), {}, init, help                              \
    }
#define PMDFWD_BARE(name, type, help)                                                              \
    FlowAction {                                                                                   \
        name, RTE_FLOW_ACTION_TYPE_##type, 0, {}, nullptr, help                                    \
    }

// testpmd 22.11's actions (cmdline_flow.c next_action), those pmdfwd reads.
const FlowAction kActions[] = {
    PMDFWD_BARE("void", VOID, "no-op action"),
    PMDFWD_BARE("passthru", PASSTHRU, "let subsequent rule process matched packets"),
    PMDFWD_ACTION("jump", JUMP, rte_flow_action_jump, kJump, "redirect traffic to a given group"),
    PMDFWD_ACTION("mark", MARK, rte_flow_action_mark, kMark, "attach 32 bit value to packets"),
    PMDFWD_BARE("flag", FLAG, "flag packets"),
    PMDFWD_ACTION("queue", QUEUE, rte_flow_action_queue, kQueue,
                  "assign packets to a given queue index"),
    PMDFWD_BARE("drop", DROP, "drop packets (note: passthru has priority)"),
    PMDFWD_ACTION("count", COUNT, rte_flow_action_count, kCount, "enable counters for this rule"),
    {"rss", RTE_FLOW_ACTION_TYPE_RSS, sizeof(RssData), kRss, rss_defaults,
     "spread packets among several queues"},
    PMDFWD_BARE("pf", PF, "direct traffic to physical function"),
    PMDFWD_ACTION("vf", VF, rte_flow_action_vf, kVf, "direct traffic to a virtual function ID"),
    PMDFWD_ACTION("port_id", PORT_ID, rte_flow_action_port_id, kPortId,
                  "direct matching traffic to a given DPDK port ID"),
    PMDFWD_BARE("of_pop_vlan", OF_POP_VLAN, "OpenFlow's OFPAT_POP_VLAN"),
    PMDFWD_ACTION("of_push_vlan", OF_PUSH_VLAN, rte_flow_action_of_push_vlan, kPushVlan,
                  "OpenFlow's OFPAT_PUSH_VLAN"),
    PMDFWD_ACTION("of_set_vlan_vid", OF_SET_VLAN_VID, rte_flow_action_of_set_vlan_vid, kSetVlanVid,
                  "OpenFlow's OFPAT_SET_VLAN_VID"),
    PMDFWD_ACTION("of_set_vlan_pcp", OF_SET_VLAN_PCP, rte_flow_action_of_set_vlan_pcp, kSetVlanPcp,
                  "OpenFlow's OFPAT_SET_VLAN_PCP"),
    PMDFWD_ACTION("set_ipv4_src", SET_IPV4_SRC, rte_flow_action_set_ipv4, kSetIpv4,
                  "Set a new IPv4 source address in the outermost IPv4 header"),
    PMDFWD_ACTION("set_ipv4_dst", SET_IPV4_DST, rte_flow_action_set_ipv4, kSetIpv4,
                  "Set a new IPv4 destination address in the outermost IPv4 header"),
    PMDFWD_ACTION("set_tp_src", SET_TP_SRC, rte_flow_action_set_tp, kSetTp,
                  "set a new source port number in the outermost TCP/UDP header"),
    PMDFWD_ACTION("set_tp_dst", SET_TP_DST, rte_flow_action_set_tp, kSetTp,
                  "set a new destination port number in the outermost TCP/UDP header"),
    PMDFWD_ACTION("set_mac_src", SET_MAC_SRC, rte_flow_action_set_mac, kSetMac,
                  "set source MAC address"),
    PMDFWD_ACTION("set_mac_dst", SET_MAC_DST, rte_flow_action_set_mac, kSetMac,
                  "set destination MAC address"),
    PMDFWD_BARE("dec_ttl", DEC_TTL, "decrease network TTL if available"),
    PMDFWD_ACTION("age", AGE, rte_flow_action_age, kAge, "set a specific metadata header"),
    PMDFWD_ACTION("meter", METER, rte_flow_action_meter, kMeter,
                  "meter the directed packets at given id"),
    PMDFWD_ACTION("represented_port", REPRESENTED_PORT, rte_flow_action_ethdev, kRepresentedPort,
                  "at embedded switch level, send matching traffic to the "
                  "given ethdev"),
    // The tunnel actions: their configuration comes from the `set` settings
    // (flow_encap.h), none from the rule's words.
    PMDFWD_BUILT("vxlan_encap", VXLAN_ENCAP, VxlanEncapData, vxlan_encap_init,
                 "VXLAN encapsulation, uses configuration set by \"set vxlan\""),
    PMDFWD_BARE("vxlan_decap", VXLAN_DECAP,
                "Performs a decapsulation action by stripping all headers of the VXLAN tunnel "
                "network overlay from the matched flow."),
    PMDFWD_BUILT("nvgre_encap", NVGRE_ENCAP, NvgreEncapData, nvgre_encap_init,
                 "NVGRE encapsulation, uses configuration set by \"set nvgre\""),
    PMDFWD_BARE("nvgre_decap", NVGRE_DECAP,
                "Performs a decapsulation action by stripping all headers of the NVGRE tunnel "
                "network overlay from the matched flow."),
    PMDFWD_BUILT("l2_encap", RAW_ENCAP, RawEncapData, l2_encap_init,
                 "l2 encap, uses configuration set by \"set l2_encap\""),
    PMDFWD_BUILT("l2_decap", RAW_DECAP, RawDecapData, l2_decap_init,
                 "l2 decap, uses configuration set by \"set l2_decap\""),
    PMDFWD_BUILT("mplsogre_encap", RAW_ENCAP, RawEncapData, mplsogre_encap_init,
                 "mplsogre encapsulation, uses configuration set by \"set mplsogre_encap\""),
    PMDFWD_BUILT("mplsogre_decap", RAW_DECAP, RawDecapData, mplsogre_decap_init,
                 "mplsogre decapsulation, uses configuration set by \"set mplsogre_decap\""),
    PMDFWD_BUILT("mplsoudp_encap", RAW_ENCAP, RawEncapData, mplsoudp_encap_init,
                 "mplsoudp encapsulation, uses configuration set by \"set mplsoudp_encap\""),
    PMDFWD_BUILT("mplsoudp_decap", RAW_DECAP, RawDecapData, mplsoudp_decap_init,
                 "mplsoudp decapsulation, uses configuration set by \"set mplsoudp_decap\""),
    raw_actions::kRawEncap,
    raw_actions::kRawDecap,
    raw_actions::kSample,
    raw_actions::kConntrack,
    raw_actions::kConntrackUpdate,
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
    PMDFWD_ACTION("quota_create", QUOTA, rte_flow_action_quota, kQuotaCreate,
                  "create quota action"),
    PMDFWD_ACTION("quota_update", QUOTA, rte_flow_update_quota, kQuotaUpdate,
                  "update quota action"),
#endif
};

#undef PMDFWD_ACTION
#undef PMDFWD_BARE
#undef PMDFWD_BUILT

} // namespace action_rows
} // namespace

std::span<const FlowAction> flow_actions() {
    return action_rows::kActions;
}

const FlowAction *find_action(std::string_view name) {
    for (const FlowAction &a : action_rows::kActions)
        if (name == a.name) return &a;
    return nullptr;
}

const FlowParam *find_param(const FlowAction &action, std::string_view name) {
    for (const FlowParam &p : action.params)
        if (name == p.field.name) return &p;
    return nullptr;
}

} // namespace pmdfwd::flow
