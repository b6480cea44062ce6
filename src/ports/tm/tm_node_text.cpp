#include "ports/tm/tm_node_text.h"

#include <cinttypes>
#include <cstdio>

namespace pmdfwd::tm {

namespace {

std::string format(const char *fmt, auto... args) {
    char buf[160];
    std::snprintf(buf, sizeof(buf), fmt, args...);
    return buf;
}

// testpmd's get_printable_rate: G, M, K with one decimal, else the number.
std::string printable_rate(uint64_t rate) {
    if (rate >= 1000ULL * 1000 * 1000) return format("%.1fG", static_cast<double>(rate) / 1e9);
    if (rate >= 1000ULL * 1000) return format("%.1fM", static_cast<double>(rate) / 1e6);
    if (rate >= 1000) return format("%.1fK", static_cast<double>(rate) / 1e3);
    return std::to_string(rate);
}

std::string node_head(const char *what, uint16_t port, const NodeEcho &n) {
    std::string o = n.parent >= 0 ? format("adding %s on port %u, with id %u and parent node %d\n",
                                           what, port, n.node, n.parent)
                                  : format("adding %s on port %u, with id %u as root node\n", what,
                                           port, n.node);
    o += format("# priority: %u\n# weight: %u\n# level_id: %u\n# shaper_profile_id: %d\n",
                n.priority, n.weight, n.level, n.shaper_profile);
    return o;
}

std::string node_tail(const NodeEcho &n) {
    return format("# stats_mask: %" PRIx64 "\n", n.stats_mask) + "# shared shapers: '" +
           n.shared_shapers + "'\n";
}

std::string ids(const uint32_t *id, uint32_t n) {
    if (n == 0 || id == nullptr) return "<none>\n";
    std::string o;
    for (uint32_t i = 0; i < n; i++)
        o += std::to_string(id[i]) + " ";
    return o + "\n";
}

std::string leaf_params(const rte_tm_node_params &p) {
    std::string o = "  Leaf Node Parameters\n";
    switch (p.leaf.cman) {
    case RTE_TM_CMAN_TAIL_DROP:
        o += "    CMAN Mode: Tail Drop\n";
        break;
    case RTE_TM_CMAN_HEAD_DROP:
        o += "    CMAN Mode: Head Drop\n";
        break;
    case RTE_TM_CMAN_WRED:
        o += "    CMAN Mode: WRED\n";
        break;
    }
    o += p.leaf.wred.wred_profile_id == RTE_TM_WRED_PROFILE_ID_NONE
             ? std::string("    WRED Profile ID: <none>\n")
             : format("    WRED Profile ID: %u\n", p.leaf.wred.wred_profile_id);
    return o + "    Shared WRED Context Ids: " +
           ids(p.leaf.wred.shared_wred_context_id, p.leaf.wred.n_shared_wred_contexts);
}

std::string nonleaf_params(const rte_tm_node_params &p) {
    std::string o = format("  Nonleaf Node Parameters\n    Num Strict Priorities: %u\n"
                           "    WFQ Weights Mode: ",
                           p.nonleaf.n_sp_priorities);
    if (p.nonleaf.wfq_weight_mode == nullptr) return o + "WFQ\n";
    for (uint32_t i = 0; i < p.nonleaf.n_sp_priorities; i++) {
        const int mode = p.nonleaf.wfq_weight_mode[i];
        o += format("%s(%d) ", mode ? "Bytes" : "Packet", mode);
    }
    return o + "\n";
}

} // namespace

std::string shaper_profile_add_text(uint16_t port, uint32_t id, const rte_tm_shaper_params &sp) {
    return format("adding node shaper on port %u, with id %u\n", port, id) +
           "# committed rate: " + printable_rate(sp.committed.rate) +
           format(", t.b. size: %" PRIu64 "\n", sp.committed.size) +
           "# peak rate: " + printable_rate(sp.peak.rate) +
           format(", t.b. size: %" PRIu64 "\n", sp.peak.size) +
           format("# pkt length adjust: %u\n", sp.pkt_length_adjust) +
           "# packet mode: " + (sp.packet_mode ? "true" : "false (bytes mode)") + "\n";
}

std::string nonleaf_node_add_text(uint16_t port, const NodeEcho &n, uint32_t n_sp_priorities) {
    return node_head("node", port, n) + format("# num SP priorities: %u\n", n_sp_priorities) +
           node_tail(n);
}

std::string leaf_node_add_text(uint16_t port, const NodeEcho &n, uint32_t cman_mode,
                               uint32_t wred_profile) {
    return node_head("leaf node", port, n) +
           format("# cman_mode: %u\n# wred_profile_id: %d\n", cman_mode,
                  static_cast<int32_t>(wred_profile)) +
           node_tail(n);
}

std::string node_text(uint16_t port, uint32_t node, const NodeQuery &q) {
    const rte_tm_node_params &p = q.params;
    std::string o = format("Port %u TM Node %u\n", port, node);
    o += q.parent == RTE_TM_NODE_ID_NULL
             ? std::string("  Parent Node ID: <NULL>\n")
             : format("  Parent Node ID: %d\n", static_cast<int32_t>(q.parent));
    o += format("  Level ID: %u\n  Priority: %u\n  Weight: %u\n", q.level, q.priority, q.weight);
    o += p.shaper_profile_id == RTE_TM_SHAPER_PROFILE_ID_NONE
             ? std::string("  Shaper Profile ID: <none>\n")
             : format("  Shaper Profile ID: %d\n", static_cast<int32_t>(p.shaper_profile_id));
    o += "  Shared Shaper IDs: " + ids(p.shared_shaper_id, p.n_shared_shapers);
    o += format("  Stats Mask: %" PRIu64 "\n", p.stats_mask);
    return o + (q.is_leaf ? leaf_params(p) : nonleaf_params(p));
}

} // namespace pmdfwd::tm
