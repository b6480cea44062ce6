#include "ports/flow/flow_raw_actions.h"

#include <algorithm>
#include <cstring>

namespace pmdfwd::flow::raw_actions {

namespace {

// testpmd's ARGS_ENTRY_ARB_BOUNDED(..., 0, RAW_ENCAP_CONFS_MAX_NUM - 1).
Result<unsigned> read_index(std::span<const std::string> words, size_t *pos) {
    const std::string_view w = *pos < words.size() ? std::string_view(words[*pos]) : "";
    const Result<uint64_t> n = parse_flow_number("index", w, kRawConfs - 1);
    if (!n) return n.status();
    ++*pos;
    return static_cast<unsigned>(*n);
}

template <typename Data>
void copy_bytes(Data *d, const std::vector<uint8_t> &bytes) {
    const size_t n = std::min(bytes.size(), sizeof(d->data));
    if (n) std::memcpy(d->data, bytes.data(), n); // an empty store's data() may be null
    d->conf.data = d->data;
    d->conf.size = n;
}

// A configuration copied into another block: its pointers into itself
// (RSS's queues and key, raw_encap's bytes) are moved to the copy. A
// configuration block holds nothing else that looks like its own address.
void copy_conf(uint8_t *to, const uint8_t *from, size_t n) {
    std::memcpy(to, from, n);
    const auto lo = reinterpret_cast<uintptr_t>(from), hi = lo + n;
    for (size_t off = 0; off + sizeof(uintptr_t) <= n; off += alignof(void *)) {
        uintptr_t v;
        std::memcpy(&v, to + off, sizeof(v));
        if (v < lo || v >= hi) continue;
        v = v - lo + reinterpret_cast<uintptr_t>(to);
        std::memcpy(to + off, &v, sizeof(v));
    }
}

size_t conf_size_of(rte_flow_action_type type) {
    for (const FlowAction &a : flow_actions())
        if (a.type == type) return a.conf_size;
    return 0;
}

} // namespace

void raw_encap_init(const ActionDefaults &d, uint8_t *conf) {
    auto *data = reinterpret_cast<RawEncapData *>(conf);
    data->store = d.raw;
    data->conf.data = data->data;
    if (d.raw) copy_bytes(data, d.raw->encap[0]);
}

void raw_decap_init(const ActionDefaults &d, uint8_t *conf) {
    auto *data = reinterpret_cast<RawDecapData *>(conf);
    data->store = d.raw;
    data->conf.data = data->data;
    if (d.raw) copy_bytes(data, d.raw->decap[0]);
}

Status read_raw_encap_index(std::span<const std::string> words, size_t *pos, uint8_t *conf) {
    auto *data = reinterpret_cast<RawEncapData *>(conf);
    const Result<unsigned> i = read_index(words, pos);
    if (!i) return i.status();
    if (data->store) copy_bytes(data, data->store->encap[*i]);
    return {};
}

Status read_raw_decap_index(std::span<const std::string> words, size_t *pos, uint8_t *conf) {
    auto *data = reinterpret_cast<RawDecapData *>(conf);
    const Result<unsigned> i = read_index(words, pos);
    if (!i) return i.status();
    if (data->store) copy_bytes(data, data->store->decap[*i]);
    return {};
}

// Without an index, the list is END alone (testpmd's end_action).
void sample_init(const ActionDefaults &d, uint8_t *conf) {
    auto *data = reinterpret_cast<SampleData *>(conf);
    data->store = d.raw;
    data->actions[0].type = RTE_FLOW_ACTION_TYPE_END;
    data->conf.actions = data->actions;
}

Status read_sample_index(std::span<const std::string> words, size_t *pos, uint8_t *conf) {
    auto *data = reinterpret_cast<SampleData *>(conf);
    const Result<unsigned> i = read_index(words, pos);
    if (!i) return i.status();
    std::memset(data->actions, 0, sizeof(data->actions));
    if (!data->store) return {};
    const std::vector<rte_flow_action> &list = data->store->sample[*i].actions;
    for (size_t k = 0; k < list.size() && k < kSampleActionsMax; k++) {
        data->actions[k] = list[k];
        const size_t n = conf_size_of(list[k].type);
        if (!list[k].conf || !n) continue;
        if (n > kSampleConfSlot)
            return Error("index: a sample action's configuration is over " +
                         std::to_string(kSampleConfSlot) + " bytes");
        copy_conf(data->confs[k], static_cast<const uint8_t *>(list[k].conf), n);
        data->actions[k].conf = data->confs[k];
    }
    return {};
}

void conntrack_update_init(const ActionDefaults &d, uint8_t *conf) {
    reinterpret_cast<ConntrackUpdateData *>(conf)->store = d.raw;
}

// testpmd's parse_vc_action_conntrack_update: dir takes the stored
// direction, ctx the rest of the stored context.
Status read_conntrack_dir(std::span<const std::string>, size_t *, uint8_t *conf) {
    auto *data = reinterpret_cast<ConntrackUpdateData *>(conf);
    if (data->store) data->conf.new_ct.is_original_dir = data->store->conntrack.is_original_dir;
    data->conf.direction = 1;
    return {};
}

Status read_conntrack_ctx(std::span<const std::string>, size_t *, uint8_t *conf) {
    auto *data = reinterpret_cast<ConntrackUpdateData *>(conf);
    const uint32_t dir = data->conf.new_ct.is_original_dir;
    if (data->store) data->conf.new_ct = data->store->conntrack;
    data->conf.new_ct.is_original_dir = dir;
    data->conf.state = 1;
    return {};
}

bool sample_may_list(rte_flow_action_type type) {
    static const rte_flow_action_type kAllowed[] = {
        RTE_FLOW_ACTION_TYPE_QUEUE,       RTE_FLOW_ACTION_TYPE_RSS,
        RTE_FLOW_ACTION_TYPE_MARK,        RTE_FLOW_ACTION_TYPE_COUNT,
        RTE_FLOW_ACTION_TYPE_PORT_ID,     RTE_FLOW_ACTION_TYPE_RAW_ENCAP,
        RTE_FLOW_ACTION_TYPE_VXLAN_ENCAP, RTE_FLOW_ACTION_TYPE_NVGRE_ENCAP};
    return std::find(std::begin(kAllowed), std::end(kAllowed), type) != std::end(kAllowed);
}

} // namespace pmdfwd::flow::raw_actions
