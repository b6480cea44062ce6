// The flow rules testpmd keeps per port (struct rte_port's flow_list): each
// created rule with its id and its parsed form, and the flow commands'
// texts (testpmd 22.11's port_flow_* in config.c), over a FlowControl.
#pragma once

#include "ports/flow/flow_control.h"
#include "ports/flow/flow_parse.h"
#include "ports/flow/flow_query_text.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
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
    // by_user_id (DPDK 23.07's `user_id`): ids are the rules' user ids.
    bool destroy(uint16_t port, const std::vector<uint64_t> &ids, std::string *out,
                 bool by_user_id = false);
    bool flush(uint16_t port, std::string *out);
#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
    // 24.03's `flow update`: the rule id (by_user_id: user id) takes
    // actions' actions (END last), its attributes and pattern kept.
    bool update(uint16_t port, uint32_t id, ParsedRule actions, std::string *out, bool by_user_id);
#endif
    // groups: only the rules of these (none: all).
    void list(uint16_t port, const std::vector<uint32_t> &groups, std::string *out) const;
    // action: count or age (what testpmd queries and prints).
    bool query(uint16_t port, uint64_t id, rte_flow_action_type action, std::string *out,
               bool by_user_id = false);
    bool isolate(uint16_t port, bool on, std::string *out);
    // testpmd's port_flow_dump (flow_dump.cpp): the PMD's text of the rule
    // id (by_user_id: user id; none: of all rules) written to file, or
    // into *out where no file is named (testpmd's stdout).
    bool dump(uint16_t port, std::optional<uint64_t> id, bool by_user_id, const std::string &file,
              std::string *out);
    bool aged(uint16_t port, bool destroy, std::string *out);
    // Indirect actions (testpmd's port_action_handle_*): id kAutoId takes
    // the one after the highest; the action is rule's first.
    static constexpr uint32_t kAutoId = UINT32_MAX;
    bool indirect_create(uint16_t port, uint32_t id, const rte_flow_indir_action_conf &conf,
                         ParsedRule rule, std::string *out);
    bool indirect_destroy(uint16_t port, const std::vector<uint32_t> &ids, std::string *out);
    bool indirect_update(uint16_t port, uint32_t id, const ParsedRule &rule, std::string *out);
    bool indirect_query(uint16_t port, uint32_t id, std::string *out);
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
    // 23.03's query_update (flow_query_update.cpp: testpmd's
    // port_action_handle_query_update and port_queue_action_handle_query_
    // update): rule's first action is the update; an action without a
    // handle is refused without a word.
    bool indirect_query_update(uint16_t port, uint32_t id, rte_flow_query_update_mode mode,
                               const ParsedRule &rule, std::string *out);
#endif
    // The port was closed: its rules and indirect actions went with it
    // (testpmd flushes them).
    void forget(uint16_t port) {
        rules_.erase(port);
        indirect_.erase(port);
        engines_.erase(port);
    }
    size_t count(uint16_t port) const;

    // The template and queue API (flow_templates.cpp: testpmd 22.11's
    // port_flow_get_info, port_flow_configure, port_flow_*_template_*,
    // port_flow_template_table_*, port_queue_flow_*). A queue create's rule
    // joins the rule list (its id, `flow list`); templates and tables are
    // the port's until destroyed or the port closes.
    struct EngineConfig {
        rte_flow_port_attr port{};
        uint32_t nb_queue = 0; // testpmd hands rte_flow its low 16 bits
        rte_flow_queue_attr queue{};
    };
    struct TemplateAttr {
        uint32_t id = kAutoId;
        bool relaxed = false, ingress = false, egress = false, transfer = false;
    };
    struct TableSpec {
        uint32_t id = kAutoId;
        rte_flow_template_table_attr attr{};
        std::vector<uint32_t> patterns, actions; // template ids, in order
    };
    struct QueueRule {
        uint32_t queue = 0;
        bool postpone = false;
        uint32_t table = 0, pattern_index = 0, actions_index = 0;
        // 24.11's `rule_index`, for a table that inserts by index.
        uint32_t rule_index = UINT32_MAX;
    };
    bool info(uint16_t port, std::string *out);
    bool configure(uint16_t port, const EngineConfig &config, std::string *out);
    bool pattern_template_create(uint16_t port, const TemplateAttr &attr, ParsedRule pattern,
                                 std::string *out);
    bool pattern_template_destroy(uint16_t port, const std::vector<uint32_t> &ids,
                                  std::string *out);
    // masks: the template's `mask` actions, or none (no actions: NULL).
    bool actions_template_create(uint16_t port, const TemplateAttr &attr, ParsedRule actions,
                                 ParsedRule masks, std::string *out);
    bool actions_template_destroy(uint16_t port, const std::vector<uint32_t> &ids,
                                  std::string *out);
    bool table_create(uint16_t port, const TableSpec &spec, std::string *out);
    bool table_destroy(uint16_t port, const std::vector<uint32_t> &ids, std::string *out);
#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
    // testpmd's port_flow_template_table_resize|_resize_complete: a table
    // that is not there is refused without a word.
    bool table_resize(uint16_t port, uint32_t id, uint32_t nb_rules, std::string *out);
    bool table_resize_complete(uint16_t port, uint32_t id, std::string *out);
#endif
    bool queue_create(uint16_t port, const QueueRule &op, ParsedRule rule, std::string *out);
    bool queue_destroy(uint16_t port, uint32_t queue, bool postpone,
                       const std::vector<uint32_t> &ids, std::string *out);
    bool push(uint16_t port, uint32_t queue, std::string *out);
    bool pull(uint16_t port, uint32_t queue, std::string *out);
    // Indirect actions through a queue (flow_queue_indirect.cpp: testpmd's
    // port_queue_action_handle_create|destroy|update): the action is
    // rule's first.
    bool queue_indirect_create(uint16_t port, const QueueRule &op, uint32_t id,
                               const rte_flow_indir_action_conf &conf, ParsedRule rule,
                               std::string *out);
    bool queue_indirect_destroy(uint16_t port, const QueueRule &op,
                                const std::vector<uint32_t> &ids, std::string *out);
    bool queue_indirect_update(uint16_t port, const QueueRule &op, uint32_t id,
                               const ParsedRule &rule, std::string *out);
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
    // The query's answer is the PMD's to write when the operation completes.
    bool queue_indirect_query_update(uint16_t port, const QueueRule &op, uint32_t id,
                                     rte_flow_query_update_mode mode, const ParsedRule &rule,
                                     std::string *out);
#endif
#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
    // 23.07's `flow queue update` (flow_queue_update.cpp: testpmd's
    // port_queue_flow_update): rule id takes actions (END last) of its
    // table's actions template op.actions_index.
    bool queue_update(uint16_t port, const QueueRule &op, uint32_t id, ParsedRule actions,
                      std::string *out);
#endif
#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
    // 24.03's `flow queue update_resized` (port_queue_flow_update_resized):
    // a rule that is not there is refused without a word, success is silent.
    bool queue_update_resized(uint16_t port, uint32_t queue, uint32_t id, std::string *out);
#endif
    // At port close: the tables, then the templates (testpmd's close_port).
    void templates_flush(uint16_t port, std::string *out);

  private:
    struct Rule {
        uint32_t id = 0;
        rte_flow *flow = nullptr;
        ParsedRule parsed;
        // A queue rule's table's actions templates (testpmd's pf->table);
        // none for a rule `flow create` made.
        std::optional<uint32_t> table_actions;
    };
    // The rule keeps its pattern and takes actions' actions.
    static void replace_actions(Rule &rule, ParsedRule actions);
    // Newest last; the next id is the newest's plus one (testpmd's).
    using List = std::vector<std::unique_ptr<Rule>>;

    bool destroy_one(uint16_t port, List &list, size_t i, std::string *out,
                     bool by_user_id = false);
    // The port's rule whose id (or user id) is id, or nullptr.
    Rule *find(uint16_t port, uint64_t id, bool by_user_id);

    struct Indirect {
        rte_flow_action_handle *handle = nullptr;
        rte_flow_action_type type = RTE_FLOW_ACTION_TYPE_END;
        ParsedRule parsed; // what the action's configuration points into
        // Where a queued query's answer lands (testpmd's job->query).
        QueryAnswer queued = empty_answer();
    };
    // Highest id first, as testpmd's actions_list.
    using IndirectList = std::map<uint32_t, Indirect, std::greater<>>;
    Indirect *find_indirect(uint16_t port, uint32_t id, std::string *out);
    // A new slot under id (kAutoId: the next free), or nullptr with testpmd's text.
    Indirect *alloc_indirect(uint16_t port, uint32_t *id, std::string *out);

    // A port's flow engine (testpmd's queue_nb, queue_sz and template and
    // table lists, highest id first).
    struct Table {
        rte_flow_template_table *table = nullptr;
        uint32_t nb_patterns = 0, nb_actions = 0;
        rte_flow_attr attr{};
        int insertion_type = 0; // 24.11's rte_flow_table_insertion_type (0: by pattern)
    };
    // rte_flow's asynchronous creation of rule r in table t, as the
    // table's insertion type asks (24.11).
    rte_flow *enqueue_create(uint16_t port, const QueueRule &op, const Table &t, Rule &r,
                             rte_flow_error *error, int *rc);
    struct Engine {
        uint16_t queue_nb = 0;
        uint32_t queue_sz = 0;
        // rte_flow_configure succeeded: 22.11's asynchronous calls reach
        // the PMD's functions unchecked, so none is made before.
        bool configured = false;
        std::map<uint32_t, rte_flow_pattern_template *, std::greater<>> patterns;
        std::map<uint32_t, rte_flow_actions_template *, std::greater<>> actions;
        std::map<uint32_t, Table, std::greater<>> tables;
    };
    bool queue_valid(const Engine &e, uint32_t queue, std::string *out) const;
    // 22.11's asynchronous calls reach the PMD only once its engine is
    // configured; before, the error 24.11's rte_flow answers.
    bool engine_ready(uint16_t port, rte_flow_error *error, int *rc) const;
    bool table_create_checked(uint16_t port, Engine &e, const TableSpec &spec, std::string *out);

    FlowControl &ctl_;
    std::map<uint16_t, List> rules_;
    std::map<uint16_t, IndirectList> indirect_;
    std::map<uint16_t, Engine> engines_;
};

} // namespace pmdfwd::flow
