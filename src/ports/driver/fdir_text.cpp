#include "ports/driver/fdir_text.h"

#include "text/text_format.h"

#include <algorithm>
#include <cinttypes>
#include <iterator>

namespace pmdfwd::drv {

namespace {

struct FlowTypeName {
    const char *name;
    uint16_t type;
};

// testpmd's flowtype_str_table, in its order.
constexpr FlowTypeName kFlowTypes[] = {
    {"raw", RTE_ETH_FLOW_RAW},
    {"ipv4", RTE_ETH_FLOW_IPV4},
    {"ipv4-frag", RTE_ETH_FLOW_FRAG_IPV4},
    {"ipv4-tcp", RTE_ETH_FLOW_NONFRAG_IPV4_TCP},
    {"ipv4-udp", RTE_ETH_FLOW_NONFRAG_IPV4_UDP},
    {"ipv4-sctp", RTE_ETH_FLOW_NONFRAG_IPV4_SCTP},
    {"ipv4-other", RTE_ETH_FLOW_NONFRAG_IPV4_OTHER},
    {"ipv6", RTE_ETH_FLOW_IPV6},
    {"ipv6-frag", RTE_ETH_FLOW_FRAG_IPV6},
    {"ipv6-tcp", RTE_ETH_FLOW_NONFRAG_IPV6_TCP},
    {"ipv6-udp", RTE_ETH_FLOW_NONFRAG_IPV6_UDP},
    {"ipv6-sctp", RTE_ETH_FLOW_NONFRAG_IPV6_SCTP},
    {"ipv6-other", RTE_ETH_FLOW_NONFRAG_IPV6_OTHER},
    {"l2_payload", RTE_ETH_FLOW_L2_PAYLOAD},
    {"ipv6-ex", RTE_ETH_FLOW_IPV6_EX},
    {"ipv6-tcp-ex", RTE_ETH_FLOW_IPV6_TCP_EX},
    {"ipv6-udp-ex", RTE_ETH_FLOW_IPV6_UDP_EX},
    {"port", RTE_ETH_FLOW_PORT},
    {"vxlan", RTE_ETH_FLOW_VXLAN},
    {"geneve", RTE_ETH_FLOW_GENEVE},
    {"nvgre", RTE_ETH_FLOW_NVGRE},
    {"vxlan-gpe", RTE_ETH_FLOW_VXLAN_GPE},
    {"gtpu", RTE_ETH_FLOW_GTPU},
};

const char *kBorder = "########################";

std::string mode_line(rte_fdir_mode mode) {
    switch (mode) {
    case RTE_FDIR_MODE_PERFECT:
        return "  MODE:   PERFECT\n";
    case RTE_FDIR_MODE_PERFECT_MAC_VLAN:
        return "  MODE:   PERFECT-MAC-VLAN\n";
    case RTE_FDIR_MODE_PERFECT_TUNNEL:
        return "  MODE:   PERFECT-TUNNEL\n";
    case RTE_FDIR_MODE_SIGNATURE:
        return "  MODE:   SIGNATURE\n";
    default:
        return "  MODE:   DISABLE\n";
    }
}

std::string flow_types_line(uint64_t mask) {
    std::string o = "  SUPPORTED FLOW TYPE: ";
    for (int i = RTE_ETH_FLOW_UNKNOWN; i < RTE_ETH_FLOW_MAX; i++) {
        if (!(mask & (UINT64_C(1) << i))) continue;
        const char *name = flow_type_name(static_cast<uint16_t>(i));
        o += std::string(" ") + (name ? name : "unknown");
    }
    return o + "\n";
}

// testpmd prints max_flexpayload bytes of each entry; a driver saying more
// than an entry holds gets the entry's bytes, not what lies past them.
uint32_t flex_bytes(const rte_eth_fdir_info &info) {
    return std::min<uint32_t>(info.max_flexpayload, RTE_ETH_FDIR_MAX_FLEXLEN);
}

std::string payload_name(const rte_eth_flex_payload_cfg &cfg) {
    switch (cfg.type) {
    case RTE_ETH_RAW_PAYLOAD:
        return "\n    RAW:  ";
    case RTE_ETH_L2_PAYLOAD:
        return "\n    L2_PAYLOAD:  ";
    case RTE_ETH_L3_PAYLOAD:
        return "\n    L3_PAYLOAD:  ";
    case RTE_ETH_L4_PAYLOAD:
        return "\n    L4_PAYLOAD:  ";
    default:
        return text_format("\n    UNKNOWN PAYLOAD(%u):  ", static_cast<unsigned>(cfg.type));
    }
}

std::string flex_payload(const rte_eth_fdir_info &info) {
    const auto &conf = info.flex_conf;
    std::string o = "  FLEX PAYLOAD SRC OFFSET:";
    const uint16_t n = std::min<uint16_t>(conf.nb_payloads, std::size(conf.flex_set));
    for (uint16_t i = 0; i < n; i++) {
        o += payload_name(conf.flex_set[i]);
        for (uint32_t j = 0; j < flex_bytes(info); j++)
            o += text_format("  %-5u", conf.flex_set[i].src_offset[j]);
    }
    return o + "\n";
}

std::string flex_masks(const rte_eth_fdir_info &info) {
    const auto &conf = info.flex_conf;
    std::string o = "  FLEX MASK CFG:";
    const uint16_t n = std::min<uint16_t>(conf.nb_flexmasks, std::size(conf.flex_mask));
    for (uint16_t i = 0; i < n; i++) {
        const char *name = flow_type_name(conf.flex_mask[i].flow_type);
        o += std::string("\n    ") + (name ? name : "unknown") + ":\t";
        for (uint32_t j = 0; j < flex_bytes(info); j++)
            o += text_format(" %02x", conf.flex_mask[i].mask[j]);
    }
    return o + "\n";
}

std::string counters(const rte_eth_fdir_info &info, const rte_eth_fdir_stats &s) {
    return text_format("  guarant_count: %-10" PRIu32 "  best_count:    %" PRIu32 "\n"
                       "  guarant_space: %-10" PRIu32 "  best_space:    %" PRIu32 "\n",
                       s.guarant_cnt, s.best_cnt, info.guarant_spc, info.best_spc) +
           text_format("  collision:     %-10" PRIu32 "  free:          %" PRIu32 "\n"
                       "  maxhash:       %-10" PRIu32 "  maxlen:        %" PRIu32 "\n"
                       "  add:\t         %-10" PRIu64 "  remove:        %" PRIu64 "\n"
                       "  f_add:         %-10" PRIu64 "  f_remove:      %" PRIu64 "\n",
                       s.collision, s.free, s.maxhash, s.maxlen, s.add, s.remove, s.f_add,
                       s.f_remove);
}

} // namespace

const char *flow_type_name(uint16_t flow_type) {
    for (const FlowTypeName &f : kFlowTypes)
        if (f.type == flow_type) return f.name;
    return nullptr;
}

std::string fdir_text(uint16_t port, const rte_eth_fdir_info &info,
                      const rte_eth_fdir_stats &stats) {
    std::string o = text_format("\n  %s FDIR infos for port %-2d     %s\n", kBorder, port, kBorder);
    o += mode_line(info.mode);
    if (info.mode != RTE_FDIR_MODE_PERFECT_MAC_VLAN && info.mode != RTE_FDIR_MODE_PERFECT_TUNNEL)
        o += flow_types_line(info.flow_types_mask[0]);
    o += "  FLEX PAYLOAD INFO:\n";
    o += text_format("  max_len:       %-10" PRIu32 "  payload_limit: %-10" PRIu32 "\n"
                     "  payload_unit:  %-10" PRIu32 "  payload_seg:   %-10" PRIu32 "\n"
                     "  bitmask_unit:  %-10" PRIu32 "  bitmask_num:   %-10" PRIu32 "\n",
                     info.max_flexpayload, static_cast<uint32_t>(info.flex_payload_limit),
                     info.flex_payload_unit, info.max_flex_payload_segment_num,
                     info.flex_bitmask_unit, info.max_flex_bitmask_num);
    if (info.flex_conf.nb_payloads > 0) o += flex_payload(info);
    if (info.flex_conf.nb_flexmasks > 0) o += flex_masks(info);
    o += counters(info, stats);
    return o + text_format("  %s############################%s\n", kBorder, kBorder);
}

} // namespace pmdfwd::drv
