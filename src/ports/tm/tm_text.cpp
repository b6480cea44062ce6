#include "ports/tm/tm_text.h"

#include "ports/api_error_text.h"

#include <cinttypes>
#include <cstdio>

namespace pmdfwd::tm {

namespace {

// rte_tm_error_type's words, in the enum's order.
const char *const kErrorTypes[] = {
    "no error",
    "cause unspecified",
    "capability parameter null",
    "level id",
    "wred profile null",
    "wred profile(green)",
    "wred profile(yellow)",
    "wred profile(red)",
    "wred profile id",
    "shared wred context id",
    "shaper profile null",
    "committed rate field (shaper profile)",
    "committed size field (shaper profile)",
    "peak rate field (shaper profile)",
    "peak size field (shaper profile)",
    "packet adjust length field (shaper profile)",
    "packet mode field (shaper profile)",
    "shaper profile id",
    "shared shaper id",
    "parent node id",
    "node priority",
    "node weight",
    "node parameter null",
    "shaper profile id field (node params)",
    "shared shaper id field (node params)",
    "num shared shapers field (node params)",
    "wfq weight mode field (node params)",
    "num strict priorities field (node params)",
    "congestion management mode field (node params)",
    "wred profile id field (node params)",
    "shared wred context id field (node params)",
    "num shared wred contexts field (node params)",
    "stats field (node params)",
    "node id",
};
static_assert(sizeof(kErrorTypes) / sizeof(kErrorTypes[0]) == RTE_TM_ERROR_TYPE_NODE_ID + 1);

void hex_line(std::string &o, const char *name, uint64_t v) {
    char buf[24];
    snprintf(buf, sizeof(buf), "%" PRIx64, v);
    o.append(name).append(" ").append(buf).append("\n");
}

} // namespace

namespace {

// Blocks of fields testpmd prints alike wherever a capability struct has
// them (a level's nonleaf and leaf, a node), under the prefix it gives.
template <class S>
void shaper_lines(std::string &o, const std::string &prefix, const S &s) {
    auto put = [&](const char *field, auto v) { capability_line(o, (prefix + field).c_str(), v); };
    put("shaper_private_supported", s.shaper_private_supported);
    put("shaper_private_dual_rate_supported", s.shaper_private_dual_rate_supported);
    put("shaper_private_rate_min", s.shaper_private_rate_min);
    put("shaper_private_rate_max", s.shaper_private_rate_max);
    put("shaper_private_packet_mode_supported", s.shaper_private_packet_mode_supported);
    put("shaper_private_byte_mode_supported", s.shaper_private_byte_mode_supported);
    put("shaper_shared_n_max", s.shaper_shared_n_max);
    put("shaper_shared_packet_mode_supported", s.shaper_shared_packet_mode_supported);
    put("shaper_shared_byte_mode_supported", s.shaper_shared_byte_mode_supported);
}

template <class S>
void sched_lines(std::string &o, const std::string &prefix, const S &s) {
    auto put = [&](const char *field, auto v) { capability_line(o, (prefix + field).c_str(), v); };
    put("sched_n_children_max", s.sched_n_children_max);
    put("sched_sp_n_priorities_max", s.sched_sp_n_priorities_max);
    put("sched_wfq_n_children_per_group_max", s.sched_wfq_n_children_per_group_max);
    put("sched_wfq_n_groups_max", s.sched_wfq_n_groups_max);
    put("sched_wfq_weight_max", s.sched_wfq_weight_max);
    put("sched_wfq_packet_mode_supported", s.sched_wfq_packet_mode_supported);
    put("sched_wfq_byte_mode_supported", s.sched_wfq_byte_mode_supported);
}

template <class S>
void cman_lines(std::string &o, const std::string &prefix, const S &s) {
    auto put = [&](const char *field, auto v) { capability_line(o, (prefix + field).c_str(), v); };
    put("cman_head_drop_supported", s.cman_head_drop_supported);
    put("cman_wred_context_private_supported", s.cman_wred_context_private_supported);
    put("cman_wred_context_shared_n_max", s.cman_wred_context_shared_n_max);
}

} // namespace

std::string error_text(const rte_tm_error &error) {
    return api_error_text(error, kErrorTypes);
}

std::string capabilities_text(const rte_tm_capabilities &c) {
    std::string o = "\n****   Port TM Capabilities ****\n\n";
    capability_line(o, "cap.n_nodes_max", c.n_nodes_max);
    capability_line(o, "cap.n_levels_max", c.n_levels_max);
    capability_line(o, "cap.non_leaf_nodes_identical", c.non_leaf_nodes_identical);
    capability_line(o, "cap.leaf_nodes_identical", c.leaf_nodes_identical);
    capability_line(o, "cap.shaper_n_max", c.shaper_n_max);
    capability_line(o, "cap.shaper_private_n_max", c.shaper_private_n_max);
    capability_line(o, "cap.shaper_private_dual_rate_n_max", c.shaper_private_dual_rate_n_max);
    capability_line(o, "cap.shaper_private_rate_min", c.shaper_private_rate_min);
    capability_line(o, "cap.shaper_private_rate_max", c.shaper_private_rate_max);
    capability_line(o, "cap.shaper_private_packet_mode_supported",
                    c.shaper_private_packet_mode_supported);
    capability_line(o, "cap.shaper_private_byte_mode_supported",
                    c.shaper_private_byte_mode_supported);
    capability_line(o, "cap.shaper_shared_n_max", c.shaper_shared_n_max);
    capability_line(o, "cap.shaper_shared_n_nodes_per_shaper_max",
                    c.shaper_shared_n_nodes_per_shaper_max);
    capability_line(o, "cap.shaper_shared_n_shapers_per_node_max",
                    c.shaper_shared_n_shapers_per_node_max);
    capability_line(o, "cap.shaper_shared_dual_rate_n_max", c.shaper_shared_dual_rate_n_max);
    capability_line(o, "cap.shaper_shared_rate_min", c.shaper_shared_rate_min);
    capability_line(o, "cap.shaper_shared_rate_max", c.shaper_shared_rate_max);
    capability_line(o, "cap.shaper_shared_packet_mode_supported",
                    c.shaper_shared_packet_mode_supported);
    capability_line(o, "cap.shaper_shared_byte_mode_supported",
                    c.shaper_shared_byte_mode_supported);
    capability_line(o, "cap.shaper_pkt_length_adjust_min", c.shaper_pkt_length_adjust_min);
    capability_line(o, "cap.shaper_pkt_length_adjust_max", c.shaper_pkt_length_adjust_max);
    capability_line(o, "cap.sched_n_children_max", c.sched_n_children_max);
    capability_line(o, "cap.sched_sp_n_priorities_max", c.sched_sp_n_priorities_max);
    capability_line(o, "cap.sched_wfq_n_children_per_group_max",
                    c.sched_wfq_n_children_per_group_max);
    capability_line(o, "cap.sched_wfq_n_groups_max", c.sched_wfq_n_groups_max);
    capability_line(o, "cap.sched_wfq_weight_max", c.sched_wfq_weight_max);
    capability_line(o, "cap.sched_wfq_packet_mode_supported", c.sched_wfq_packet_mode_supported);
    capability_line(o, "cap.sched_wfq_byte_mode_supported", c.sched_wfq_byte_mode_supported);
    capability_line(o, "cap.cman_head_drop_supported", c.cman_head_drop_supported);
    capability_line(o, "cap.cman_wred_context_n_max", c.cman_wred_context_n_max);
    capability_line(o, "cap.cman_wred_context_private_n_max", c.cman_wred_context_private_n_max);
    capability_line(o, "cap.cman_wred_context_shared_n_max", c.cman_wred_context_shared_n_max);
    capability_line(o, "cap.cman_wred_context_shared_n_nodes_per_context_max",
                    c.cman_wred_context_shared_n_nodes_per_context_max);
    capability_line(o, "cap.cman_wred_context_shared_n_contexts_per_node_max",
                    c.cman_wred_context_shared_n_contexts_per_node_max);
    for (int i = 0; i < RTE_COLORS; i++) {
        capability_line(o, "cap.mark_vlan_dei_supported", c.mark_vlan_dei_supported[i]);
        capability_line(o, "cap.mark_ip_ecn_tcp_supported", c.mark_ip_ecn_tcp_supported[i]);
        capability_line(o, "cap.mark_ip_ecn_sctp_supported", c.mark_ip_ecn_sctp_supported[i]);
        capability_line(o, "cap.mark_ip_dscp_supported", c.mark_ip_dscp_supported[i]);
    }
    hex_line(o, "cap.dynamic_update_mask", c.dynamic_update_mask);
    hex_line(o, "cap.stats_mask", c.stats_mask);
    return o;
}

namespace {

void nonleaf_level(std::string &o, const rte_tm_level_capabilities &c) {
    const auto &n = c.nonleaf;
    shaper_lines(o, "cap.nonleaf.", n);
    sched_lines(o, "cap.nonleaf.", n);
    hex_line(o, "cap.nonleaf.stats_mask", n.stats_mask);
}

void leaf_level(std::string &o, const rte_tm_level_capabilities &c) {
    const auto &l = c.leaf;
    shaper_lines(o, "cap.leaf.", l);
    cman_lines(o, "cap.leaf.", l);
    hex_line(o, "cap.leaf.stats_mask", l.stats_mask);
}

} // namespace

std::string level_capabilities_text(uint32_t level, const rte_tm_level_capabilities &c) {
    std::string o =
        "\n**   Port TM Hierarchy level " + std::to_string(level) + " Capability **\n\n";
    capability_line(o, "cap.n_nodes_max", c.n_nodes_max);
    capability_line(o, "cap.n_nodes_nonleaf_max", c.n_nodes_nonleaf_max);
    capability_line(o, "cap.n_nodes_leaf_max", c.n_nodes_leaf_max);
    capability_line(o, "cap.non_leaf_nodes_identical", c.non_leaf_nodes_identical);
    capability_line(o, "cap.leaf_nodes_identical", c.leaf_nodes_identical);
    // testpmd takes levels 0..3 for nonleaf ones, whatever the PMD's depth.
    if (level <= 3)
        nonleaf_level(o, c);
    else
        leaf_level(o, c);
    return o;
}

std::string node_capabilities_text(uint32_t node, bool is_leaf, const rte_tm_node_capabilities &c) {
    std::string o = "\n**   Port TM Hierarchy node " + std::to_string(node) + " Capability **\n\n";
    shaper_lines(o, "cap.", c);
    if (!is_leaf)
        sched_lines(o, "cap.nonleaf.", c.nonleaf);
    else
        cman_lines(o, "cap.leaf.", c.leaf);
    hex_line(o, "cap.stats_mask", c.stats_mask);
    return o;
}

std::string node_stats_text(const rte_tm_node_stats &s, uint64_t mask) {
    struct Counter {
        uint64_t bit;
        const char *name;
        uint64_t value;
    };
    const Counter counters[] = {
        {RTE_TM_STATS_N_PKTS, "Pkts scheduled from node", s.n_pkts},
        {RTE_TM_STATS_N_BYTES, "Bytes scheduled from node", s.n_bytes},
        {RTE_TM_STATS_N_PKTS_GREEN_DROPPED, "Pkts dropped (green)",
         s.leaf.n_pkts_dropped[RTE_COLOR_GREEN]},
        {RTE_TM_STATS_N_PKTS_YELLOW_DROPPED, "Pkts dropped (yellow)",
         s.leaf.n_pkts_dropped[RTE_COLOR_YELLOW]},
        {RTE_TM_STATS_N_PKTS_RED_DROPPED, "Pkts dropped (red)",
         s.leaf.n_pkts_dropped[RTE_COLOR_RED]},
        {RTE_TM_STATS_N_BYTES_GREEN_DROPPED, "Bytes dropped (green)",
         s.leaf.n_bytes_dropped[RTE_COLOR_GREEN]},
        {RTE_TM_STATS_N_BYTES_YELLOW_DROPPED, "Bytes dropped (yellow)",
         s.leaf.n_bytes_dropped[RTE_COLOR_YELLOW]},
        {RTE_TM_STATS_N_BYTES_RED_DROPPED, "Bytes dropped (red)",
         s.leaf.n_bytes_dropped[RTE_COLOR_RED]},
        {RTE_TM_STATS_N_PKTS_QUEUED, "Pkts queued", s.leaf.n_pkts_queued},
        {RTE_TM_STATS_N_BYTES_QUEUED, "Bytes queued", s.leaf.n_bytes_queued},
    };
    std::string o;
    for (const Counter &c : counters)
        if (mask & c.bit)
            o.append("\t").append(c.name).append(": ").append(std::to_string(c.value)).append("\n");
    return o;
}

} // namespace pmdfwd::tm
