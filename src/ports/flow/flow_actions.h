// The actions the flow grammar knows (testpmd's names and parameters), as
// data: the parser, `help flow` and the refusals of a bad word read this
// table; an action is one row of it (flow_actions.cpp). A parameter is a
// field of the action's configuration, or (RSS's lists, key and function)
// a reader of its own words.
#pragma once

#include "ports/flow/flow_field.h"

#include <rte_ethdev.h>
#include <rte_flow.h>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pmdfwd::flow {

struct EncapConf;

// What the defaults of an action depend on: the port's queues and RSS
// types (testpmd's nb_rxq and rss_hf), the tunnel settings.
struct ActionDefaults {
    uint16_t nb_rxq = 1;
    uint64_t rss_hf = RTE_ETH_RSS_IP;
    const EncapConf *encap = nullptr; // `set vxlan ...` and the like; none: testpmd's defaults
    const struct RawStore *raw = nullptr; // `set raw_encap|raw_decap|sample_actions|conntrack`
};

// A parameter's words from *pos on: reads what it takes, moves *pos past
// them, writes conf; or why not.
using ParamReader = Status (*)(std::span<const std::string> words, size_t *pos, uint8_t *conf);

struct FlowParam {
    FlowField field;             // the value's place; name and help always
    ParamReader read = nullptr;  // instead of field's value: words of its own
    const char *value = nullptr; // what it takes, for help: "{unsigned}", "{type} ... end"
};

struct FlowAction {
    const char *name = nullptr;
    rte_flow_action_type type = RTE_FLOW_ACTION_TYPE_VOID;
    size_t conf_size = 0; // the configuration's storage; 0: none
    std::span<const FlowParam> params;
    // Fills a fresh configuration with testpmd's defaults (RSS's queues).
    void (*init)(const ActionDefaults &, uint8_t *conf) = nullptr;
    const char *help = nullptr;
};

std::span<const FlowAction> flow_actions();
const FlowAction *find_action(std::string_view name);
const FlowParam *find_param(const FlowAction &action, std::string_view name);

} // namespace pmdfwd::flow
