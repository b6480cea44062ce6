// The flow rules testpmd keeps per port (struct rte_port's flow_list): each
// created rule with its id and its parsed form, and the flow commands'
// texts (testpmd 22.11's port_flow_* in config.c), over a FlowControl.
#pragma once

#include "ports/flow/flow_control.h"
#include "ports/flow/flow_parse.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace pmdfwd::flow {

class FlowRules {
  public:
    explicit FlowRules(FlowControl &ctl) : ctl_(ctl) {}

    // Each appends testpmd's text to *out and returns whether the call
    // succeeded.
    bool validate(uint16_t port, const ParsedRule &rule, std::string *out);
    bool create(uint16_t port, ParsedRule rule, std::string *out);
    bool destroy(uint16_t port, const std::vector<uint32_t> &ids, std::string *out);
    bool flush(uint16_t port, std::string *out);
    // groups: only the rules of these (none: all).
    void list(uint16_t port, const std::vector<uint32_t> &groups, std::string *out) const;
    // action: count or age (what testpmd queries and prints).
    bool query(uint16_t port, uint32_t id, rte_flow_action_type action, std::string *out);
    bool isolate(uint16_t port, bool on, std::string *out);
    bool aged(uint16_t port, bool destroy, std::string *out);
    // Indirect actions (testpmd's port_action_handle_*): id kAutoId takes
    // the one after the highest; the action is rule's first.
    static constexpr uint32_t kAutoId = UINT32_MAX;
    bool indirect_create(uint16_t port, uint32_t id, const rte_flow_indir_action_conf &conf,
                         ParsedRule rule, std::string *out);
    bool indirect_destroy(uint16_t port, const std::vector<uint32_t> &ids, std::string *out);
    bool indirect_update(uint16_t port, uint32_t id, const ParsedRule &rule, std::string *out);
    bool indirect_query(uint16_t port, uint32_t id, std::string *out);
    // The port was closed: its rules and indirect actions went with it
    // (testpmd flushes them).
    void forget(uint16_t port) {
        rules_.erase(port);
        indirect_.erase(port);
    }
    size_t count(uint16_t port) const;

  private:
    struct Rule {
        uint32_t id = 0;
        rte_flow *flow = nullptr;
        ParsedRule parsed;
    };
    // Newest last; the next id is the newest's plus one (testpmd's).
    using List = std::vector<std::unique_ptr<Rule>>;

    bool destroy_one(uint16_t port, List &list, size_t i, std::string *out);

    struct Indirect {
        rte_flow_action_handle *handle = nullptr;
        rte_flow_action_type type = RTE_FLOW_ACTION_TYPE_END;
        ParsedRule parsed; // what the action's configuration points into
    };
    // Highest id first, as testpmd's actions_list.
    using IndirectList = std::map<uint32_t, Indirect, std::greater<>>;
    Indirect *find_indirect(uint16_t port, uint32_t id, std::string *out);

    FlowControl &ctl_;
    std::map<uint16_t, List> rules_;
    std::map<uint16_t, IndirectList> indirect_;
};

} // namespace pmdfwd::flow
