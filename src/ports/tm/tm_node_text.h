// testpmd 24.11's traffic management node texts (app/test-pmd/cmdline_tm.c,
// "display TM parameters when adding nodes" and "add traffic manager
// query"): the parameters it echoes when adding a shaper profile or a node,
// and show port tm node's listing of a node.
#pragma once

#include <rte_tm.h>

#include <cstdint>
#include <string>

namespace pmdfwd::tm {

// add port tm node shaper profile's echo, before it checks the port.
std::string shaper_profile_add_text(uint16_t port, uint32_t id, const rte_tm_shaper_params &sp);

// What add port tm nonleaf|leaf node echoes, the ids as typed (testpmd's
// int32 tokens: negative for none).
struct NodeEcho {
    uint32_t node;
    int32_t parent;
    uint32_t priority, weight, level;
    int32_t shaper_profile;
    uint64_t stats_mask;
    std::string shared_shapers; // the words as typed
};
std::string nonleaf_node_add_text(uint16_t port, const NodeEcho &n, uint32_t n_sp_priorities);
std::string leaf_node_add_text(uint16_t port, const NodeEcho &n, uint32_t cman_mode,
                               uint32_t wred_profile);

// show port tm node <port> <node>: what rte_tm_node_query answered.
struct NodeQuery {
    uint32_t parent, priority, weight, level;
    bool is_leaf;
    rte_tm_node_params params;
};
std::string node_text(uint16_t port, uint32_t node, const NodeQuery &q);

} // namespace pmdfwd::tm
