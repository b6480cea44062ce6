// The rule list's template and queue API (flow_rules.h): testpmd 22.11's
// port_flow_get_info, port_flow_configure, port_flow_pattern_template_*,
// port_flow_actions_template_*, port_flow_template_table_* and
// port_queue_flow_* (config.c) and their texts, the same in 24.11 and
// 25.11 but for how a queue rule goes in (the table's insertion type).
#include "ports/flow/flow_complain.h"
#include "ports/flow/flow_destroy_listed.h"
#include "ports/flow/flow_rules.h"
#include "text/text_format.h"

#include <rte_errno.h>
#include <rte_version.h>

#include <algorithm>
#include <cinttypes>
#include <cstring>
#include <optional>

namespace pmdfwd::flow {

namespace {

// What 24.11's rte_flow answers where 22.11's would call a PMD function
// that is not there (a port whose flow engine is not configured).
rte_flow_error not_implemented(int *rc) {
    rte_flow_error e{};
    rte_flow_error_set(&e, ENOSYS, RTE_FLOW_ERROR_TYPE_UNSPECIFIED, nullptr, rte_strerror(ENOSYS));
    *rc = -ENOSYS;
    return e;
}

// testpmd's template_alloc and table_alloc: kAutoId takes the one after
// the highest; what says why not names the list (`what`: "template",
// "table"; `What`: "Template", "Table").
template <typename Map>
std::optional<uint32_t> alloc_id(const Map &list, uint32_t id, const char *what, const char *What,
                                 std::string *out) {
    if (id == FlowRules::kAutoId) {
        if (!list.empty() && list.begin()->first == UINT32_MAX - 1) {
            append_format(out, "Highest %s ID is already assigned, delete it first\n", what);
            return std::nullopt;
        }
        id = list.empty() ? 0 : list.begin()->first + 1;
    }
    if (list.contains(id)) {
        append_format(out, "%s #%" PRIu32 " is already assigned, delete it first\n", What, id);
        return std::nullopt;
    }
    return id;
}

#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
// testpmd's port_flow_template_table_resize|_resize_complete: a table that
// is not there is refused without a word; call(table, error) is the PMD's
// and its refusal is answered as testpmd's complaint.
template <typename Map, typename Call>
bool on_table(const Map &tables, uint32_t id, std::string *out, Call call) {
    const auto t = tables.find(id);
    if (t == tables.end()) return false;
    rte_flow_error error = poisoned_error(0x22);
    const int rc = call(t->second.table, &error);
    if (rc == 0) return true;
    *out += flow_complaint(error, rc);
    return false;
}
#endif

// testpmd's *_flush at port close: silent, but for what the PMD keeps.
template <typename Map, typename Destroy>
void flush_list(Map &list, const char *name, bool line_first, Destroy destroy, std::string *out) {
    for (auto it = list.begin(); it != list.end();) {
        rte_flow_error error = poisoned_error(0x33);
        const int rc = destroy(it->second, &error);
        if (rc >= 0) {
            it = list.erase(it);
            continue;
        }
        const std::string line = text_format("%s #%" PRIu32 " not destroyed\n", name, it->first);
        *out += line_first ? line + flow_complaint(error, rc) : flow_complaint(error, rc) + line;
        ++it;
    }
}

} // namespace

bool FlowRules::info(uint16_t port, std::string *out) {
    rte_flow_port_info port_info{};
    rte_flow_queue_info queue_info{};
    rte_flow_error error = poisoned_error(0x99);
    if (const int rc = ctl_.info_get(port, &port_info, &queue_info, &error); rc < 0) {
        *out += flow_complaint(error, rc);
        return false;
    }
    append_format(out,
                  "Flow engine resources on port %u:\nNumber of queues: %d\nSize of queues: %d\n"
                  "Number of counters: %d\nNumber of aging objects: %d\n"
                  "Number of meter actions: %d\n",
                  port, port_info.max_nb_queues, queue_info.max_size, port_info.max_nb_counters,
                  port_info.max_nb_aging_objects, port_info.max_nb_meters);
    return true;
}

// testpmd records the queues before rte_flow answers: a refused configure
// still sets what the queue commands check.
bool FlowRules::configure(uint16_t port, const EngineConfig &config, std::string *out) {
    Engine &e = engines_[port];
    const auto nb_queue = static_cast<uint16_t>(config.nb_queue);
    e.queue_nb = nb_queue;
    e.queue_sz = config.queue.size;
    rte_flow_error error = poisoned_error(0x66);
    if (const int rc = ctl_.configure(port, config.port, nb_queue, config.queue, &error); rc < 0) {
        *out += flow_complaint(error, rc);
        return false;
    }
    e.configured = true;
    append_format(out, "Configure flows on port %u: number of queues %d with %d elements\n", port,
                  nb_queue, config.queue.size);
    return true;
}

bool FlowRules::pattern_template_create(uint16_t port, const TemplateAttr &attr, ParsedRule pattern,
                                        std::string *out) {
    Engine &e = engines_[port];
    const std::optional<uint32_t> id = alloc_id(e.patterns, attr.id, "template", "Template", out);
    if (!id) return false;
    rte_flow_pattern_template_attr a{};
    a.relaxed_matching = attr.relaxed;
    a.ingress = attr.ingress;
    a.egress = attr.egress;
    a.transfer = attr.transfer;
    rte_flow_error error = poisoned_error(0x22);
    int rc = 0;
    rte_flow_pattern_template *t =
        ctl_.pattern_template_create(port, a, pattern.pattern.data(), &error, &rc);
    if (!t) {
        append_format(out, "Pattern template #%" PRIu32 " destroyed\n", *id);
        *out += flow_complaint(error, rc);
        return false;
    }
    e.patterns[*id] = t;
    append_format(out, "Pattern template #%" PRIu32 " created\n", *id);
    return true;
}

bool FlowRules::pattern_template_destroy(uint16_t port, const std::vector<uint32_t> &ids,
                                         std::string *out) {
    return destroy_listed(
        engines_[port].patterns, ids, "Pattern template", "destroyed", 0x33,
        [&](rte_flow_pattern_template *t, rte_flow_error *error) {
            return ctl_.pattern_template_destroy(port, t, error);
        },
        out);
}

bool FlowRules::actions_template_create(uint16_t port, const TemplateAttr &attr, ParsedRule actions,
                                        ParsedRule masks, std::string *out) {
    Engine &e = engines_[port];
    const std::optional<uint32_t> id = alloc_id(e.actions, attr.id, "template", "Template", out);
    if (!id) return false;
    rte_flow_actions_template_attr a{};
    a.ingress = attr.ingress;
    a.egress = attr.egress;
    a.transfer = attr.transfer;
    rte_flow_error error = poisoned_error(0x22);
    int rc = 0;
    rte_flow_actions_template *t = ctl_.actions_template_create(
        port, a, actions.actions.data(), masks.actions.empty() ? nullptr : masks.actions.data(),
        &error, &rc);
    if (!t) {
        append_format(out, "Actions template #%" PRIu32 " destroyed\n", *id);
        *out += flow_complaint(error, rc);
        return false;
    }
    e.actions[*id] = t;
    append_format(out, "Actions template #%" PRIu32 " created\n", *id);
    return true;
}

bool FlowRules::actions_template_destroy(uint16_t port, const std::vector<uint32_t> &ids,
                                         std::string *out) {
    return destroy_listed(
        engines_[port].actions, ids, "Actions template", "destroyed", 0x33,
        [&](rte_flow_actions_template *t, rte_flow_error *error) {
            return ctl_.actions_template_destroy(port, t, error);
        },
        out);
}

// The templates by id (each must exist, testpmd's "... is invalid"), then
// the table's id, then the PMD.
bool FlowRules::table_create(uint16_t port, const TableSpec &spec, std::string *out) {
    Engine &e = engines_[port];
    for (uint32_t id : spec.patterns)
        if (!e.patterns.contains(id)) {
            append_format(out, "Pattern template #%" PRIu32 " is invalid\n", id);
            return false;
        }
    for (uint32_t id : spec.actions)
        if (!e.actions.contains(id)) {
            append_format(out, "Actions template #%" PRIu32 " is invalid\n", id);
            return false;
        }
    return table_create_checked(port, e, spec, out);
}

bool FlowRules::table_create_checked(uint16_t port, Engine &e, const TableSpec &spec,
                                     std::string *out) {
    const std::optional<uint32_t> id = alloc_id(e.tables, spec.id, "table", "Table", out);
    if (!id) return false;
    std::vector<rte_flow_pattern_template *> patterns;
    for (uint32_t p : spec.patterns)
        patterns.push_back(e.patterns.at(p));
    std::vector<rte_flow_actions_template *> actions;
    for (uint32_t a : spec.actions)
        actions.push_back(e.actions.at(a));
    rte_flow_error error = poisoned_error(0x22);
    int rc = 0;
    // rte_flow counts the templates in a byte, as testpmd hands them.
    rte_flow_template_table *t = ctl_.template_table_create(
        port, spec.attr, patterns.data(), static_cast<uint8_t>(patterns.size()), actions.data(),
        static_cast<uint8_t>(actions.size()), &error, &rc);
    if (!t) {
        append_format(out, "Template table #%" PRIu32 " destroyed\n", *id);
        *out += flow_complaint(error, rc);
        return false;
    }
    Table &table = e.tables[*id];
    table = Table{t, static_cast<uint32_t>(patterns.size()), static_cast<uint32_t>(actions.size()),
                  spec.attr.flow_attr};
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
    table.insertion_type = spec.attr.insertion_type;
#endif
    append_format(out, "Template table #%" PRIu32 " created\n", *id);
    return true;
}

bool FlowRules::table_destroy(uint16_t port, const std::vector<uint32_t> &ids, std::string *out) {
    return destroy_listed(
        engines_[port].tables, ids, "Template table", "destroyed", 0x33,
        [&](const Table &t, rte_flow_error *error) {
            return ctl_.template_table_destroy(port, t.table, error);
        },
        out);
}

#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
bool FlowRules::table_resize(uint16_t port, uint32_t id, uint32_t nb_rules, std::string *out) {
    return on_table(engines_[port].tables, id, out,
                    [&](rte_flow_template_table *t, rte_flow_error *e) {
                        return ctl_.template_table_resize(port, t, nb_rules, e);
                    });
}

bool FlowRules::table_resize_complete(uint16_t port, uint32_t id, std::string *out) {
    return on_table(engines_[port].tables, id, out,
                    [&](rte_flow_template_table *t, rte_flow_error *e) {
                        return ctl_.template_table_resize_complete(port, t, e);
                    });
}
#endif

void FlowRules::templates_flush(uint16_t port, std::string *out) {
    auto it = engines_.find(port);
    if (it == engines_.end()) return;
    Engine &e = it->second;
    e.configured = false; // the device's flow engine goes with it
    flush_list(
        e.tables, "Template table", false,
        [&](const Table &t, rte_flow_error *error) {
            return ctl_.template_table_destroy(port, t.table, error);
        },
        out);
    flush_list(
        e.patterns, "Pattern template", true,
        [&](rte_flow_pattern_template *t, rte_flow_error *error) {
            return ctl_.pattern_template_destroy(port, t, error);
        },
        out);
    flush_list(
        e.actions, "Actions template", false,
        [&](rte_flow_actions_template *t, rte_flow_error *error) {
            return ctl_.actions_template_destroy(port, t, error);
        },
        out);
}

bool FlowRules::engine_ready(uint16_t port, rte_flow_error *error, int *rc) const {
    auto it = engines_.find(port);
    if (it != engines_.end() && it->second.configured) return true;
    *error = not_implemented(rc);
    return false;
}

bool FlowRules::queue_valid(const Engine &e, uint32_t queue, std::string *out) const {
    if (queue < e.queue_nb) return true;
    append_format(out, "Queue #%" PRIu32 " is invalid\n", queue);
    return false;
}

bool FlowRules::queue_create(uint16_t port, const QueueRule &op, ParsedRule rule,
                             std::string *out) {
    List &list = rules_[port];
    if (!list.empty() && list.back()->id == UINT32_MAX) {
        *out += "Highest rule ID is already assigned, delete it first";
        return false;
    }
    const uint32_t id = list.empty() ? 0 : list.back()->id + 1;
    Engine &e = engines_[port];
    if (!queue_valid(e, op.queue, out)) return false;
    auto table = e.tables.find(op.table);
    if (table == e.tables.end()) {
        append_format(out, "Table #%" PRIu32 " is invalid\n", op.table);
        return false;
    }
    const Table &t = table->second;
    if (op.pattern_index >= t.nb_patterns) {
        append_format(out,
                      "Pattern template index #%" PRIu32 " is invalid, %" PRIu32
                      " templates present in the table\n",
                      op.pattern_index, t.nb_patterns);
        return false;
    }
    if (op.actions_index >= t.nb_actions) {
        append_format(out,
                      "Actions template index #%" PRIu32 " is invalid, %" PRIu32
                      " templates present in the table\n",
                      op.actions_index, t.nb_actions);
        return false;
    }
    auto r = std::make_unique<Rule>();
    r->id = id;
    r->parsed = std::move(rule);
    r->parsed.attr = t.attr; // what `flow list` shows: the table's
    r->table_actions = t.nb_actions;
    rte_flow_error error = poisoned_error(0x11);
    int rc = 0;
    r->flow = enqueue_create(port, op, t, *r, &error, &rc);
    if (!r->flow) {
        *out += flow_complaint(error, rc);
        return false;
    }
    append_format(out, "Flow rule #%" PRIu32 " creation enqueued\n", id);
    list.push_back(std::move(r));
    return true;
}

// 22.11 creates by pattern only; 24.11 as the table inserts: by pattern,
// at op's rule index, or at the index with the pattern.
rte_flow *FlowRules::enqueue_create(uint16_t port, const QueueRule &op, const Table &t, Rule &r,
                                    rte_flow_error *error, int *rc) {
    rte_flow_op_attr attr{};
    attr.postpone = op.postpone;
    const auto pattern_index = static_cast<uint8_t>(op.pattern_index);
    const auto actions_index = static_cast<uint8_t>(op.actions_index);
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
    if (t.insertion_type != RTE_FLOW_TABLE_INSERTION_TYPE_PATTERN) {
        const bool with_pattern =
            t.insertion_type == RTE_FLOW_TABLE_INSERTION_TYPE_INDEX_WITH_PATTERN;
        return ctl_.async_create_by_index(port, op.queue, attr, t.table, op.rule_index,
                                          with_pattern ? r.parsed.pattern.data() : nullptr,
                                          pattern_index, r.parsed.actions.data(), actions_index,
                                          error, rc);
    }
#endif
    return ctl_.async_create(port, op.queue, attr, t.table, r.parsed.pattern.data(), pattern_index,
                             r.parsed.actions.data(), actions_index, error, rc);
}

bool FlowRules::queue_destroy(uint16_t port, uint32_t queue, bool postpone,
                              const std::vector<uint32_t> &ids, std::string *out) {
    const Engine &e = engines_[port];
    if (!queue_valid(e, queue, out)) return false;
    List &list = rules_[port];
    rte_flow_op_attr attr{};
    attr.postpone = postpone;
    bool ok = true;
    // Newest first, as testpmd's list.
    for (size_t i = list.size(); i-- > 0;) {
        if (std::find(ids.begin(), ids.end(), list[i]->id) == ids.end()) continue;
        rte_flow_error error = poisoned_error(0x33);
        int rc = 0;
        if (!e.configured)
            error = not_implemented(&rc);
        else
            rc = ctl_.async_destroy(port, queue, attr, list[i]->flow, &error);
        if (rc < 0) {
            *out += flow_complaint(error, rc);
            ok = false;
            continue;
        }
        append_format(out, "Flow rule #%" PRIu32 " destruction enqueued\n", list[i]->id);
        list.erase(list.begin() + static_cast<ptrdiff_t>(i));
    }
    return ok;
}

bool FlowRules::push(uint16_t port, uint32_t queue, std::string *out) {
    const Engine &e = engines_[port];
    if (!queue_valid(e, queue, out)) return false;
    rte_flow_error error = poisoned_error(0x55);
    if (!e.configured || ctl_.push(port, queue, &error) < 0) {
        *out += "Failed to push operations in the queue\n";
        return false;
    }
    append_format(out, "Queue #%" PRIu32 " operations pushed\n", queue);
    return true;
}

bool FlowRules::pull(uint16_t port, uint32_t queue, std::string *out) {
    const Engine &e = engines_[port];
    if (!queue_valid(e, queue, out)) return false;
    // As many results as the queue holds, counted in 16 bits as testpmd
    // hands them.
    const auto n = static_cast<uint16_t>(e.queue_sz);
    std::vector<rte_flow_op_result> res(n);
    rte_flow_error error = poisoned_error(0x66);
    const int got = e.configured ? ctl_.pull(port, queue, res.data(), n, &error) : -ENOSYS;
    if (got < 0) {
        *out += "Failed to pull a operation results\n";
        return false;
    }
    const auto done = static_cast<size_t>(std::min<int>(got, n));
    const auto ok = static_cast<unsigned>(
        std::count_if(res.begin(), res.begin() + static_cast<ptrdiff_t>(done),
                      [](const rte_flow_op_result &r) { return r.status == RTE_FLOW_OP_SUCCESS; }));
    append_format(out, "Queue #%" PRIu32 " pulled %u operations (%u failed, %u succeeded)\n", queue,
                  static_cast<unsigned>(got), static_cast<unsigned>(got) - ok, ok);
    return true;
}

} // namespace pmdfwd::flow
