// What testpmd's `set raw_encap|raw_decap|sample_actions|conntrack`
// commands keep for later flow rules (cmdline_flow.c's raw_encap_confs,
// raw_decap_confs, raw_sample_confs and cmdline.c's conntrack_context): one
// store the host owns; the flow grammar reads it through ActionDefaults.
#pragma once

#include "ports/flow/flow_parse.h"

#include <rte_flow.h>

#include <array>
#include <cstdint>
#include <vector>

namespace pmdfwd::flow {

// testpmd's RAW_ENCAP_CONFS_MAX_NUM (and RAW_SAMPLE_CONFS_MAX_NUM).
constexpr unsigned kRawConfs = 8;
// testpmd's ACTION_RAW_ENCAP_MAX_DATA: the most header bytes one index holds.
constexpr size_t kRawDataMax = 512;
// testpmd's ACTION_SAMPLE_ACTIONS_NUM, the END that closes the list included.
constexpr unsigned kSampleActionsMax = 10;

struct RawStore {
    // The header bytes of each index, outermost first.
    std::array<std::vector<uint8_t>, kRawConfs> encap, decap;
    // Each index's sample actions, END last (empty: none set).
    std::array<ParsedRule, kRawConfs> sample;
    rte_flow_action_conntrack conntrack{};
};

} // namespace pmdfwd::flow
