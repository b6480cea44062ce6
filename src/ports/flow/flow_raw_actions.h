// The actions built from what `set raw_encap|raw_decap|sample_actions|
// conntrack` stored (flow_raw_store.h): raw_encap [index N], raw_decap
// [index N], sample ratio N index M, conntrack and conntrack_update dir|ctx,
// as testpmd 22.11's parse_vc_action_raw_encap|raw_decap|sample and
// parse_vc_action_conntrack_update build them. Each copies what it takes
// from the store into its own configuration block, so a rule keeps its
// bytes when the store changes. The rows join flow_actions.cpp's table.
#pragma once

#include "ports/flow/flow_actions.h"
#include "ports/flow/flow_raw_store.h"

#include <cstddef>

namespace pmdfwd::flow::raw_actions {

// raw_encap's and raw_decap's configuration with the bytes it points to.
struct RawEncapData {
    rte_flow_action_raw_encap conf;
    uint8_t data[kRawDataMax];
    const RawStore *store;
};
struct RawDecapData {
    rte_flow_action_raw_decap conf;
    uint8_t data[kRawDataMax];
    const RawStore *store;
};

// A sample action's list and each listed action's configuration (the
// largest an allowed action takes fits a slot).
constexpr size_t kSampleConfSlot = 1024;
struct SampleData {
    rte_flow_action_sample conf;
    rte_flow_action actions[kSampleActionsMax];
    alignas(16) uint8_t confs[kSampleActionsMax][kSampleConfSlot];
    const RawStore *store;
};

struct ConntrackUpdateData {
    rte_flow_modify_conntrack conf;
    const RawStore *store;
};

void raw_encap_init(const ActionDefaults &d, uint8_t *conf);
void raw_decap_init(const ActionDefaults &d, uint8_t *conf);
void sample_init(const ActionDefaults &d, uint8_t *conf);
void conntrack_update_init(const ActionDefaults &d, uint8_t *conf);
Status read_raw_encap_index(std::span<const std::string> words, size_t *pos, uint8_t *conf);
Status read_raw_decap_index(std::span<const std::string> words, size_t *pos, uint8_t *conf);
Status read_sample_index(std::span<const std::string> words, size_t *pos, uint8_t *conf);
Status read_conntrack_dir(std::span<const std::string> words, size_t *pos, uint8_t *conf);
Status read_conntrack_ctx(std::span<const std::string> words, size_t *pos, uint8_t *conf);

inline constexpr FlowParam kRawEncapParams[] = {
    {{"index", FieldKind::Uint, 0, 0, 0, 0, "the index of raw_encap_confs"},
     read_raw_encap_index,
     "{index}"},
};
inline constexpr FlowParam kRawDecapParams[] = {
    {{"index", FieldKind::Uint, 0, 0, 0, 0, "the index of raw_encap_confs"},
     read_raw_decap_index,
     "{index}"},
};
inline constexpr FlowParam kSampleParams[] = {
    {{"ratio", FieldKind::Uint, static_cast<uint16_t>(offsetof(rte_flow_action_sample, ratio)),
      sizeof(uint32_t), 0, 0, "flow sample ratio value"},
     nullptr,
     "{unsigned}"},
    {{"index", FieldKind::Uint, 0, 0, 0, 0, "the index of sample actions list"},
     read_sample_index,
     "{index}"},
};
inline constexpr FlowParam kConntrackUpdateParams[] = {
    {{"dir", FieldKind::Uint, 0, 0, 0, 0, "update a conntrack object direction"},
     read_conntrack_dir,
     ""},
    {{"ctx", FieldKind::Uint, 0, 0, 0, 0, "update a conntrack object context"},
     read_conntrack_ctx,
     ""},
};

inline constexpr FlowAction kRawEncap{
    "raw_encap",          RTE_FLOW_ACTION_TYPE_RAW_ENCAP,
    sizeof(RawEncapData), kRawEncapParams,
    raw_encap_init,       "encapsulation data, defined by set raw_encap"};
inline constexpr FlowAction kRawDecap{
    "raw_decap",          RTE_FLOW_ACTION_TYPE_RAW_DECAP,
    sizeof(RawDecapData), kRawDecapParams,
    raw_decap_init,       "decapsulation data, defined by set raw_encap"};
inline constexpr FlowAction kSample{"sample",           RTE_FLOW_ACTION_TYPE_SAMPLE,
                                    sizeof(SampleData), kSampleParams,
                                    sample_init,        "set a sample action"};
inline constexpr FlowAction kConntrack{
    "conntrack", RTE_FLOW_ACTION_TYPE_CONNTRACK, sizeof(rte_flow_action_conntrack), {},
    nullptr,     "create a conntrack object"};
inline constexpr FlowAction kConntrackUpdate{
    "conntrack_update",     RTE_FLOW_ACTION_TYPE_CONNTRACK, sizeof(ConntrackUpdateData),
    kConntrackUpdateParams, conntrack_update_init,          "update a conntrack object"};

// The actions `set sample_actions` takes (testpmd's next_action_sample).
bool sample_may_list(rte_flow_action_type type);

} // namespace pmdfwd::flow::raw_actions
