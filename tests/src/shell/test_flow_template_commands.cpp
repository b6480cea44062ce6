// The template and queue flow family (src/shell/commands/
// flow_template_commands.cpp, src/ports/flow/flow_templates.cpp) against a
// fake rte_flow (tests/support/fake_flows.h): testpmd 22.11's texts, the
// ids it hands out and checks, the PMD's refusals in port_flow_complain's
// words, the grammar's refusals, and what port close destroys.
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>
#include <rte_version.h>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::run;

namespace {

std::string ok(FakeHost &h, const std::string &line) {
    std::string out;
    EXPECT_TRUE(run(h, line, &out)) << line << ": " << out;
    return out;
}

std::string refused(FakeHost &h, const std::string &line) {
    std::string out;
    EXPECT_FALSE(run(h, line, &out)) << line << ": " << out;
    return out;
}

// A configured port 0 with pattern template 0, actions template 0 and
// table 0 made of them.
void make_table(FakeHost &h) {
    ok(h, "flow configure 0 queues_number 2 queues_size 8");
    ok(h, "flow pattern_template 0 create template eth / ipv4 / end");
    ok(h, "flow actions_template 0 create template drop / end");
    ok(h, "flow template_table 0 create group 1 ingress rules_number 64 pattern_template 0 "
          "actions_template 0");
}

// What `flow configure` and `flow template_table create` take, as each
// DPDK's testpmd.
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
const char *const kConfigureWords =
    "queues_number, queues_size, counters_number, aging_counters_number, meters_number, "
    "conn_tracks_number, quotas_number, flags, host_port";
const char *const kTableWords =
    "table_id, group, insertion_type, hash_func, priority, ingress, egress, transfer, "
    "wire_orig, vport_orig, resizable, rules_number, pattern_template, actions_template";
#else
const char *const kConfigureWords = "queues_number, queues_size, counters_number, "
                                    "aging_counters_number, meters_number, conn_tracks_number, "
                                    "flags";
const char *const kTableWords = "table_id, group, priority, ingress, egress, transfer, "
                                "rules_number, pattern_template, actions_template";
#endif

const char *const kQueueRule = "template_table 0 pattern_template 0 actions_template 0 "
                               "postpone no pattern eth / ipv4 / end actions drop / end";

} // namespace

TEST(FlowTemplateCommands, InfoAndConfigureAsTestpmd) {
    FakeHost h;
    EXPECT_EQ(ok(h, "flow info 0"), "Flow engine resources on port 0:\nNumber of queues: 8\n"
                                    "Size of queues: 256\nNumber of counters: 1024\n"
                                    "Number of aging objects: 16\nNumber of meter actions: 4\n");
    EXPECT_EQ(ok(h, "flow configure 0 queues_number 4 queues_size 64 counters_number 8 "
                    "aging_counters_number 2 meters_number 1 conn_tracks_number 1 flags 0"),
              "Configure flows on port 0: number of queues 4 with 64 elements\n");
    // testpmd hands rte_flow the queue count's low 16 bits.
    ok(h, "flow configure 0 queues_number 65537 queues_size 1");
    EXPECT_EQ(h.fake_flows.last_nb_queue, 1);
    EXPECT_EQ(refused(h, "flow info 9"), "Invalid port 9\n");
    EXPECT_EQ(refused(h, "flow configure 9 queues_number 1"), "Invalid port 9\n");
    EXPECT_EQ(refused(h, "flow configure 0 end"),
              std::string("Bad arguments: flow: configure: unexpected 'end' (allowed: ") +
                  kConfigureWords + ")\n");
    EXPECT_EQ(refused(h, "flow configure 0 queues_size"),
              "Bad arguments: flow: configure: queues_size: a value is missing\n");
    h.fake_flows.fail_errno = ENOSYS;
    h.fake_flows.fail_message = "Function not implemented";
    EXPECT_EQ(refused(h, "flow info 0"),
              "port_flow_complain(): Caught PMD error type 1 (cause unspecified): Function not "
              "implemented: Function not implemented\n");
}

TEST(FlowTemplateCommands, TemplatesTakeIdsAsTestpmd) {
    FakeHost h;
    EXPECT_EQ(ok(h, "flow pattern_template 0 create pattern_template_id 5 relaxed yes ingress "
                    "template eth / end"),
              "Pattern template #5 created\n");
    EXPECT_EQ(ok(h, "flow pattern_template 0 create template eth / end"),
              "Pattern template #6 created\n"); // the one after the highest
    EXPECT_EQ(refused(h, "flow pattern_template 0 create pattern_template_id 5 template end"),
              "Template #5 is already assigned, delete it first\n");
    EXPECT_EQ(ok(h, "flow actions_template 0 create ingress actions_template_id 3 template "
                    "queue index 1 / end mask queue index 0 / end"),
              "Actions template #3 created\n");
    EXPECT_TRUE(h.fake_flows.last_masks);
    EXPECT_EQ(ok(h, "flow actions_template 0 create template drop / end"),
              "Actions template #4 created\n");
    EXPECT_FALSE(h.fake_flows.last_masks);
    EXPECT_EQ(ok(h, "flow pattern_template 0 destroy pattern_template 6 pattern_template 5 "
                    "pattern_template 9"),
              "Pattern template #6 destroyed\nPattern template #5 destroyed\n");
    EXPECT_EQ(ok(h, "flow actions_template 0 destroy actions_template 3"),
              "Actions template #3 destroyed\n");
    EXPECT_EQ(ok(h, "flow actions_template 0 destroy actions_template 3"), "");
    EXPECT_EQ(h.fake_flows.template_destroys, 3);
}

// A template the PMD refuses is destroyed again (its line said) before the
// PMD's complaint, as testpmd's; one the PMD keeps at destroy stays.
TEST(FlowTemplateCommands, RefusalsAsTestpmd) {
    FakeHost h;
    h.fake_flows.fail_errno = ENOSYS;
    h.fake_flows.fail_message = "Function not implemented";
    const std::string complaint = "port_flow_complain(): Caught PMD error type 1 (cause "
                                  "unspecified): Function not implemented: Function not "
                                  "implemented\n";
    EXPECT_EQ(refused(h, "flow pattern_template 0 create template eth / end"),
              "Pattern template #0 destroyed\n" + complaint);
    EXPECT_EQ(refused(h, "flow actions_template 0 create actions_template_id 2 template drop / "
                         "end mask drop / end"),
              "Actions template #2 destroyed\n" + complaint);
    EXPECT_EQ(refused(h, "flow template_table 0 create table_id 4"),
              "Template table #4 destroyed\n" + complaint);
    EXPECT_EQ(refused(h, "flow configure 0 queues_number 2"), complaint);
    h.fake_flows.fail_errno = 0;
    ok(h, "flow pattern_template 0 create template eth / end");
    h.fake_flows.fail_errno = EBUSY;
    h.fake_flows.fail_message = "in use";
    EXPECT_EQ(refused(h, "flow pattern_template 0 destroy pattern_template 0"),
              "port_flow_complain(): Caught PMD error type 1 (cause unspecified): in use: Device "
              "or resource busy\n");
    h.fake_flows.fail_errno = 0;
    EXPECT_EQ(ok(h, "flow pattern_template 0 destroy pattern_template 0"),
              "Pattern template #0 destroyed\n");
}

// The grammar as testpmd 22.11's: an actions template's mask comes with an
// id only (and then must); booleans are testpmd's words; destroy names ids.
TEST(FlowTemplateCommands, GrammarRefusals) {
    FakeHost h;
    const std::pair<const char *, const char *> cases[] = {
        {"flow actions_template 0 create template drop / end mask drop / end",
         "actions_template create: unexpected 'mask' (allowed: nothing)"},
        {"flow actions_template 0 create actions_template_id 3 template drop / end",
         "actions_template create: expected 'mask' at the end of the line"},
        {"flow actions_template 0 create actions_template_id 3 ingress template drop / end",
         "actions_template create: expected 'template' at 'ingress'"},
        {"flow pattern_template 0 create relaxed maybe template eth / end",
         "relaxed: 'maybe' is not a boolean (allowed: 0, 1, on, off, true, false, yes, no)"},
        {"flow pattern_template 0 create template eth", "eth: unexpected the end of the line "
                                                        "(allowed: dst, src, type, /)"},
        {"flow pattern_template 0 create ingress", "pattern_template create: expected "
                                                   "'template' at the end of the line"},
        {"flow pattern_template 0 destroy", "expected 'pattern_template' at the end of the line"},
        {"flow template_table 0 destroy table x", "table: 'x' is not a number (allowed: "
                                                  "0..4294967295)"},
        {"flow queue 0 create 0 template_table 0 pattern_template 0 actions_template 0 pattern "
         "eth / end actions drop / end",
         "queue create: expected 'postpone' at 'pattern'"},
        {"flow queue 0 destroy 0 rule 0", "queue destroy: expected 'postpone' at 'rule'"},
        {"flow queue 0 destroy 0 postpone no", "expected 'rule' at the end of the line"},
    };
    for (const auto &[line, why] : cases)
        EXPECT_EQ(refused(h, line), std::string("Bad arguments: flow: ") + why + "\n") << line;
    EXPECT_EQ(refused(h, "flow template_table 0 create size 4"),
              std::string("Bad arguments: flow: template_table create: unexpected 'size' "
                          "(allowed: ") +
                  kTableWords + ")\n");
    h.cfg.testpmd_texts = true;
    EXPECT_EQ(refused(h, "flow queue 0 destroy 0 rule 0"), "Bad arguments\n");
    EXPECT_EQ(h.fake_flows.actions_templates + h.fake_flows.pattern_templates, 0);
}

TEST(FlowTemplateCommands, TablesCheckTheirTemplates) {
    FakeHost h;
    EXPECT_EQ(refused(h, "flow template_table 0 create pattern_template 2 actions_template 4"),
              "Pattern template #2 is invalid\n");
    ok(h, "flow pattern_template 0 create pattern_template_id 2 template eth / end");
    EXPECT_EQ(refused(h, "flow template_table 0 create pattern_template 2 actions_template 4"),
              "Actions template #4 is invalid\n");
    ok(h, "flow actions_template 0 create actions_template_id 4 template drop / end mask "
          "drop / end");
    EXPECT_EQ(ok(h, "flow template_table 0 create table_id 6 group 9 priority 4 ingress "
                    "rules_number 64 pattern_template 2 pattern_template 2 actions_template 4"),
              "Template table #6 created\n");
    EXPECT_EQ(h.fake_flows.last_nb_patterns, 2);
    EXPECT_EQ(h.fake_flows.last_nb_actions, 1);
    EXPECT_EQ(refused(h, "flow template_table 0 create table_id 6"),
              "Table #6 is already assigned, delete it first\n");
    EXPECT_EQ(ok(h, "flow template_table 0 destroy table 6 table 7"),
              "Template table #6 destroyed\n");
}

// Queue operations: the queue, the table and the template indexes are
// checked before rte_flow; a created rule joins the port's rule list.
TEST(FlowTemplateCommands, QueueCreateDestroyPushPull) {
    FakeHost h;
    make_table(h);
    const std::string q = std::string("flow queue 0 create 0 ") + kQueueRule;
    EXPECT_EQ(ok(h, q), "Flow rule #0 creation enqueued\n");
    EXPECT_EQ(ok(h, "flow create 0 pattern eth / end actions drop / end"),
              "Flow rule #1 created\n"); // one id sequence with the synchronous rules
    EXPECT_EQ(ok(h, "flow list 0"), "ID\tGroup\tPrio\tAttr\tRule\n"
                                    "1\t0\t0\t---\tETH => DROP\n"
                                    "0\t1\t0\ti--\tETH IPV4 => DROP\n");
    EXPECT_EQ(refused(h, "flow queue 0 create 2 template_table 0 pattern_template 0 "
                         "actions_template 0 postpone no pattern end actions end"),
              "Queue #2 is invalid\n");
    EXPECT_EQ(refused(h, "flow queue 0 create 1 template_table 3 pattern_template 0 "
                         "actions_template 0 postpone no pattern end actions end"),
              "Table #3 is invalid\n");
    EXPECT_EQ(refused(h, "flow queue 0 create 1 template_table 0 pattern_template 1 "
                         "actions_template 0 postpone no pattern end actions end"),
              "Pattern template index #1 is invalid, 1 templates present in the table\n");
    EXPECT_EQ(refused(h, "flow queue 0 create 1 template_table 0 pattern_template 0 "
                         "actions_template 5 postpone yes pattern end actions end"),
              "Actions template index #5 is invalid, 1 templates present in the table\n");
    // testpmd reads a port it does not have as one without queues.
    EXPECT_EQ(refused(h, std::string("flow queue 9 create 0 ") + kQueueRule),
              "Queue #0 is invalid\n");
    EXPECT_EQ(ok(h, "flow queue 0 destroy 1 postpone yes rule 0 rule 5"),
              "Flow rule #0 destruction enqueued\n");
    EXPECT_EQ(h.fake_flows.async_creates, 1);
    EXPECT_EQ(h.fake_flows.async_destroys, 1);
    EXPECT_EQ(ok(h, "flow push 0 queue 1"), "Queue #1 operations pushed\n");
    h.fake_flows.pulled = 3;
    h.fake_flows.pull_failed = 1;
    EXPECT_EQ(ok(h, "flow pull 0 queue 0"),
              "Queue #0 pulled 3 operations (1 failed, 2 succeeded)\n");
    EXPECT_EQ(refused(h, "flow push 0 queue 2"), "Queue #2 is invalid\n");
    EXPECT_EQ(refused(h, "flow pull 9 queue 0"), "Invalid port 9\n");
    EXPECT_EQ(refused(h, "flow queue 9 destroy 0 postpone no rule 0"), "Invalid port 9\n");
    h.fake_flows.fail_errno = EIO;
    EXPECT_EQ(refused(h, "flow push 0 queue 0"), "Failed to push operations in the queue\n");
    EXPECT_EQ(refused(h, "flow pull 0 queue 0"), "Failed to pull a operation results\n");
}

#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
// 24.11's words: configure's quotas_number and host_port; a table's
// insertion type (its queue rules then go in by index, with the pattern
// or without), hash function and specializations; a queue rule's
// rule_index; 64-bit rule ids to destroy.
TEST(FlowTemplateCommands, Words2411) {
    FakeHost h;
    EXPECT_EQ(ok(h, "flow configure 0 queues_number 2 queues_size 8 quotas_number 4 host_port 1"),
              "Configure flows on port 0: number of queues 2 with 8 elements\n");
    EXPECT_EQ(refused(h, "flow configure 0 host_port 65536"),
              "Bad arguments: flow: configure: host_port: '65536' is out of range (allowed: "
              "0..65535)\n");
    ok(h, "flow pattern_template 0 create template eth / end");
    ok(h, "flow actions_template 0 create template drop / end");
    EXPECT_EQ(ok(h, "flow template_table 0 create table_id 1 insertion_type index hash_func "
                    "crc32 transfer wire_orig vport_orig resizable rules_number 8 "
                    "pattern_template 0 actions_template 0"),
              "Template table #1 created\n");
    ok(h, "flow template_table 0 create table_id 2 insertion_type index_with_pattern "
          "pattern_template 0 actions_template 0");
    ok(h, "flow template_table 0 create table_id 3 insertion_type pattern pattern_template 0 "
          "actions_template 0");
    EXPECT_EQ(ok(h, "flow queue 0 create 0 template_table 1 rule_index 5 actions_template 0 "
                    "postpone no pattern end actions drop / end"),
              "Flow rule #0 creation enqueued\n");
    EXPECT_EQ(h.fake_flows.index_creates, 1);
    EXPECT_EQ(h.fake_flows.last_rule_index, 5u);
    EXPECT_FALSE(h.fake_flows.last_with_pattern);
    ok(h, "flow queue 0 create 1 template_table 2 rule_index 6 pattern_template 0 "
          "actions_template 0 postpone yes pattern eth / end actions drop / end");
    EXPECT_EQ(h.fake_flows.index_creates, 2);
    EXPECT_TRUE(h.fake_flows.last_with_pattern);
    ok(h, std::string("flow queue 0 create 0 ") +
              "template_table 3 pattern_template 0 actions_template 0 postpone no pattern eth / "
              "end actions drop / end");
    EXPECT_EQ(h.fake_flows.index_creates, 2);
    EXPECT_EQ(h.fake_flows.async_creates, 1);
    EXPECT_EQ(refused(h, "flow template_table 0 create insertion_type hash"),
              "Bad arguments: flow: template_table create: insertion_type: 'hash' is not allowed "
              "here (allowed: pattern, index, index_with_pattern)\n");
    EXPECT_EQ(refused(h, "flow template_table 0 create hash_func crc64"),
              "Bad arguments: flow: template_table create: hash_func: 'crc64' is not allowed "
              "here (allowed: default, linear, crc32, crc16)\n");
    EXPECT_EQ(refused(h, "flow template_table 0 create wire_orig transfer"),
              "Bad arguments: flow: template_table create: wire_orig: only after 'transfer'\n");
    EXPECT_EQ(refused(h, "flow queue 0 create 0 template_table 1 actions_template 0 postpone "
                         "no pattern end actions drop / end"),
              "Bad arguments: flow: queue create: expected 'pattern_template' at "
              "'actions_template'\n");
    EXPECT_EQ(ok(h, "flow queue 0 destroy 0 postpone no rule 4294967296"), "");
    EXPECT_EQ(ok(h, "flow queue 0 destroy 0 postpone no rule 2 rule 18446744073709551615"),
              "Flow rule #2 destruction enqueued\n");
    using V = std::vector<std::string>;
    EXPECT_EQ(complete_command(h, "flow queue 0 create 0 template_table 1 "),
              (V{"pattern_template", "rule_index"}));
    EXPECT_EQ(complete_command(h, "flow queue 0 create 0 template_table 1 rule_index 3 "),
              (V{"actions_template", "pattern_template"}));
}
#else
// 22.11's grammar has none of 24.11's words.
TEST(FlowTemplateCommands, No2411WordsIn2211) {
    FakeHost h;
    make_table(h);
    for (const char *line :
         {"flow configure 0 quotas_number 4", "flow configure 0 host_port 1",
          "flow template_table 0 create insertion_type index",
          "flow template_table 0 create transfer wire_orig",
          "flow template_table 0 create resizable",
          "flow template_table 0 resize table_resize_id 0 table_resize_rules_num 1",
          "flow template_table 0 resize_complete table 0",
          "flow queue 0 create 0 template_table 0 rule_index 5 pattern_template 0 "
          "actions_template 0 postpone no pattern end actions drop / end",
          "flow queue 0 destroy 0 postpone no rule 4294967296"})
        EXPECT_EQ(refused(h, line).substr(0, 13), "Bad arguments") << line;
    EXPECT_EQ(h.fake_flows.async_creates + h.fake_flows.async_destroys, 0);
    EXPECT_EQ(h.fake_flows.tables, 1);
}
#endif

#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
// 24.03's resize and resize_complete: the table's rte_flow calls; a table
// that is not there is refused without a word, as testpmd 24.11 does.
TEST(FlowTemplateCommands, TableResizeAsTestpmd) {
    FakeHost h;
    make_table(h);
    EXPECT_EQ(ok(h, "flow template_table 0 resize table_resize_id 0 table_resize_rules_num 128"),
              "");
    EXPECT_EQ(h.fake_flows.last_resize_rules, 128u);
    EXPECT_EQ(ok(h, "flow template_table 0 resize_complete table 0 table 3"), "");
    EXPECT_EQ(h.fake_flows.resize_completes, 1);
    EXPECT_EQ(refused(h, "flow template_table 0 resize table_resize_id 5 table_resize_rules_num 1"),
              "");
    EXPECT_EQ(refused(h, "flow template_table 0 resize_complete table 5"), "");
    EXPECT_EQ(h.fake_flows.resize_completes, 1);
    EXPECT_EQ(refused(h, "flow template_table 9 resize table_resize_id 0 table_resize_rules_num 1"),
              "Invalid port 9\n");
    EXPECT_EQ(refused(h, "flow template_table 9 resize_complete table 0"), "Invalid port 9\n");
    h.fake_flows.fail_errno = ENOSYS;
    h.fake_flows.fail_message = "Function not implemented";
    const std::string complaint = "port_flow_complain(): Caught PMD error type 1 (cause "
                                  "unspecified): Function not implemented: Function not "
                                  "implemented\n";
    EXPECT_EQ(refused(h, "flow template_table 0 resize table_resize_id 0 table_resize_rules_num 2"),
              complaint);
    EXPECT_EQ(refused(h, "flow template_table 0 resize_complete table 0"), complaint);
    for (const char *line :
         {"flow template_table 0 resize", "flow template_table 0 resize table_resize_id 0",
          "flow template_table 0 resize table_resize_id 0 table_resize_rules_num 4294967296",
          "flow template_table 0 resize table_resize_id 0 table_resize_rules_num 1 x",
          "flow template_table 0 resize table_resize_rules_num 1 table_resize_id 0",
          "flow template_table 0 resize_complete", "flow template_table 0 resize_complete table",
          "flow template_table 0 resize_complete tables 0"})
        EXPECT_EQ(refused(h, line).substr(0, 13), "Bad arguments") << line;
}
#endif

// A refused configure still records the queues (testpmd's), but 22.11's
// rte_flow would call the PMD's asynchronous functions unchecked: pmdfwd
// does not, and answers as 24.11's rte_flow does.
TEST(FlowTemplateCommands, NoAsynchronousCallsWithoutAFlowEngine) {
    FakeHost h;
    h.fake_flows.fail_errno = ENOTSUP;
    refused(h, "flow configure 0 queues_number 4 queues_size 64");
    h.fake_flows.fail_errno = 0;
    ok(h, "flow create 0 pattern eth / end actions drop / end");
    EXPECT_EQ(refused(h, "flow queue 0 destroy 3 postpone no rule 0"),
              "port_flow_complain(): Caught PMD error type 1 (cause unspecified): Function not "
              "implemented: Function not implemented\n");
    EXPECT_EQ(refused(h, "flow push 0 queue 3"), "Failed to push operations in the queue\n");
    EXPECT_EQ(refused(h, "flow pull 0 queue 3"), "Failed to pull a operation results\n");
    EXPECT_EQ(h.fake_flows.async_destroys + h.fake_flows.pushes, 0);
    EXPECT_EQ(h.flows.count(0), 1u);
}

// testpmd's close_port destroys the port's tables and templates.
TEST(FlowTemplateCommands, PortCloseDestroysTablesAndTemplates) {
    FakeHost h;
    make_table(h);
    ok(h, "flow pattern_template 1 create template eth / end");
    ASSERT_TRUE(run(h, "port stop 0"));
    ASSERT_TRUE(run(h, "port close 0"));
    EXPECT_EQ(h.fake_flows.template_destroys, 3); // port 1's template stays
    EXPECT_EQ(ok(h, "flow pattern_template 1 destroy pattern_template 0"),
              "Pattern template #0 destroyed\n");
}

// TAB follows the templates' attributes, then the grammar's tables.
TEST(FlowTemplateCommands, CompletionFollowsTheGrammar) {
    FakeHost h;
    using V = std::vector<std::string>;
    EXPECT_EQ(complete_command(h, "flow pattern_template 0 create "),
              (V{"egress", "ingress", "pattern_template_id", "relaxed", "template", "transfer"}));
    EXPECT_EQ(complete_command(h, "flow pattern_template 0 create relaxed "), V{});
    EXPECT_EQ(complete_command(h, "flow pattern_template 0 create template eth / ip"),
              (V{"ipv4", "ipv6"}));
    EXPECT_EQ(complete_command(h, "flow pattern_template 0 create template eth / end "), V{});
    // 23.03's quota actions start with q too.
    const V q =
        pmdfwd::testing::kDpdkHasQuota ? V{"queue", "quota_create", "quota_update"} : V{"queue"};
    EXPECT_EQ(complete_command(h, "flow actions_template 0 create template q"), q);
    EXPECT_EQ(complete_command(h, "flow queue 0 create 0 "), (V{"template_table"}));
    EXPECT_EQ(complete_command(h, "flow queue 0 create 0 template_table 1 pattern_template 0 "
                                  "actions_template 0 postpone no "),
              (V{"pattern"}));
    EXPECT_EQ(complete_command(h, "flow queue 0 create 0 template_table 1 pattern_template 0 "
                                  "actions_template 0 postpone no pattern eth / end "),
              (V{"actions"}));
}

// Indirect actions through a queue: testpmd takes the id before it checks
// the queue, so a refused one stays without a handle.
TEST(FlowTemplateCommands, QueueIndirectActions) {
    FakeHost h;
    EXPECT_EQ(refused(h, "flow queue 0 indirect_action 0 create action_id 1 action count / end"),
              "Queue #0 is invalid\n");
    EXPECT_EQ(refused(h, "flow queue 0 indirect_action 0 create action_id 1 action count / end"),
              "Indirect action #1 is already assigned, delete it first\n");
    EXPECT_EQ(refused(h, "flow indirect_action 0 query 1"),
              "Indirect action 1 (type: 0) on port 0 doesn't support query\n");
    EXPECT_EQ(refused(h, "flow queue 0 indirect_action 0 update 1 action count / end"), "");
    EXPECT_EQ(refused(h, "flow queue 0 indirect_action 0 update 4 action count / end"),
              "Failed to find indirect action #4 on port 0\n");
    ok(h, "flow configure 0 queues_number 2 queues_size 8");
    EXPECT_EQ(ok(h, "flow queue 0 indirect_action 1 create ingress postpone yes action count / "
                    "end"),
              "Indirect action #2 creation queued\n");
    EXPECT_EQ(ok(h, "flow queue 0 indirect_action 1 update 2 postpone no action count / end"),
              "Indirect action #2 update queued\n");
    EXPECT_EQ(ok(h, "flow queue 0 indirect_action 0 destroy postpone no action_id 2 action_id 1"),
              "Indirect action #2 destruction queued\nIndirect action #1 destruction queued\n");
    EXPECT_EQ(h.fake_flows.async_handle_creates, 1);
    EXPECT_EQ(h.fake_flows.async_handle_updates, 1);
    EXPECT_EQ(h.fake_flows.async_handle_destroys, 2);
    EXPECT_EQ(refused(h, "flow queue 9 indirect_action 0 destroy action_id 1"), "Invalid port 9\n");
    EXPECT_EQ(refused(h, "flow queue 0 indirect_action 0 destroy rule 1"),
              "Bad arguments: flow: indirect_action destroy: unexpected 'rule' (allowed: postpone, "
              "action_id)\n");
    // Refused by the PMD: destroyed again (the PMD refuses that too), then
    // the complaint.
    h.fake_flows.fail_errno = EIO;
    h.fake_flows.fail_message = "no";
    const std::string complaint =
        "port_flow_complain(): Caught PMD error type 1 (cause unspecified): no: Input/output "
        "error\n";
    EXPECT_EQ(refused(h, "flow queue 0 indirect_action 0 create action_id 5 action count / end"),
              complaint + complaint);
}

#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
// 23.03's queued query_update: testpmd's "update-and-query queued"; an
// action that is not there named, one without a handle silent.
TEST(FlowTemplateCommands, QueueIndirectQueryUpdateAsTestpmd) {
    FakeHost h;
    make_table(h);
    ok(h, "flow queue 0 indirect_action 0 create action_id 2 action quota_create limit 4 / end");
    EXPECT_EQ(ok(h, "flow queue 0 indirect_action 1 query_update 2 postpone yes mode query_first "
                    "action quota_update limit 9 update_op add / end"),
              "port-0: indirect action #2 update-and-query queued\n");
    EXPECT_EQ(h.fake_flows.async_query_updates, 1);
    EXPECT_EQ(h.fake_flows.last_qu_mode, RTE_FLOW_QU_QUERY_FIRST);
    EXPECT_EQ(h.fake_flows.last_update_type, RTE_FLOW_ACTION_TYPE_QUOTA);
    EXPECT_EQ(refused(h, "flow queue 0 indirect_action 0 query_update 5 action end"),
              "Failed to find indirect action #5 on port 0\n");
    EXPECT_EQ(refused(h, "flow queue 9 indirect_action 0 query_update 2 action end"),
              "Invalid port 9\n");
    h.fake_flows.fail_errno = ENOSYS;
    h.fake_flows.fail_message = "Function not implemented";
    EXPECT_EQ(refused(h, "flow queue 0 indirect_action 0 query_update 2 action end"),
              "port_flow_complain(): Caught PMD error type 1 (cause unspecified): Function not "
              "implemented: Function not implemented\n");
    // Refused for its queue: listed without a handle, then passed over.
    EXPECT_EQ(refused(h, "flow queue 0 indirect_action 0 create action_id 6 action count / end")
                  .substr(0, 20),
              "port_flow_complain()");
    h.fake_flows.fail_errno = 0;
    EXPECT_EQ(h.fake_flows.async_query_updates, 2);
    for (const char *line : {"flow queue 0 indirect_action 0 query_update 2",
                             "flow queue 0 indirect_action 0 query_update 2 mode x action end",
                             "flow queue 0 indirect_action 0 query_update 2 postpone x action end"})
        EXPECT_EQ(refused(h, line).substr(0, 13), "Bad arguments") << line;
}
#endif

#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
// 23.07's queue update: rule N actions_template N postpone B pattern ...
// actions ...; testpmd's texts for a bad queue, rule and template index.
TEST(FlowTemplateCommands, QueueUpdateAsTestpmd) {
    FakeHost h;
    make_table(h);
    ok(h, "flow queue 0 create 0 template_table 0 pattern_template 0 actions_template 0 "
          "postpone no pattern eth / ipv4 / end actions drop / end");
    const std::string tail = " postpone no pattern end actions count / end";
    EXPECT_EQ(ok(h, "flow queue 0 update 1 rule 0 actions_template 0" + tail),
              "Flow rule #0 update enqueued\n");
    EXPECT_EQ(h.fake_flows.async_updates, 1);
    EXPECT_EQ(refused(h, "flow queue 0 update 1 rule 0 actions_template 1" + tail),
              "Actions template index #1 is invalid, 1 templates present in the table\n");
    EXPECT_EQ(refused(h, "flow queue 0 update 1 rule 7 actions_template 0" + tail),
              "Flow rule #7 is invalid\n");
    EXPECT_EQ(refused(h, "flow queue 0 update 5 rule 0 actions_template 0" + tail),
              "Queue #5 is invalid\n");
    EXPECT_EQ(refused(h, "flow queue 9 update 0 rule 0 actions_template 0" + tail),
              "Invalid port 9\n");
    // A rule `flow create` made has no table (testpmd reads through NULL).
    ok(h, "flow create 0 pattern eth / end actions drop / end");
    EXPECT_EQ(refused(h, "flow queue 0 update 1 rule 1 actions_template 0" + tail),
              "Actions template index #0 is invalid, 0 templates present in the table\n");
    h.fake_flows.fail_errno = ENOSYS;
    h.fake_flows.fail_message = "Function not implemented";
    EXPECT_EQ(refused(h, "flow queue 0 update 1 rule 0 actions_template 0" + tail),
              "port_flow_complain(): Caught PMD error type 1 (cause unspecified): Function not "
              "implemented: Function not implemented\n");
    h.fake_flows.fail_errno = 0;
    for (const char *line : {"flow queue 0 update 1 rule 0 actions_template 0",
                             "flow queue 0 update 1 rule 0 postpone no pattern end actions end",
                             "flow queue 0 update 1 actions_template 0 rule 0 postpone no pattern "
                             "end actions end",
                             "flow queue 0 update 1 rule 0 actions_template 0 postpone no actions "
                             "count / end"})
        EXPECT_EQ(refused(h, line).substr(0, 13), "Bad arguments") << line;
    EXPECT_EQ(h.fake_flows.async_updates, 2);
}
#endif

#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
// 24.03's update_resized: silent on success and for a rule that is not
// there; the first of its rules moves.
TEST(FlowTemplateCommands, QueueUpdateResizedAsTestpmd) {
    FakeHost h;
    make_table(h);
    ok(h, "flow queue 0 create 0 template_table 0 pattern_template 0 actions_template 0 "
          "postpone no pattern eth / ipv4 / end actions drop / end");
    EXPECT_EQ(ok(h, "flow queue 0 update_resized 1 rule 0 rule 3"), "");
    EXPECT_EQ(h.fake_flows.resized_updates, 1);
    EXPECT_EQ(refused(h, "flow queue 0 update_resized 1 rule 3 rule 0"), "");
    EXPECT_EQ(refused(h, "flow queue 0 update_resized 2 rule 0"), "Queue #2 is invalid\n");
    EXPECT_EQ(refused(h, "flow queue 9 update_resized 0 rule 0"), "Invalid port 9\n");
    h.fake_flows.fail_errno = ENOTSUP;
    h.fake_flows.fail_message = "async_flow_async_transfer not supported";
    EXPECT_EQ(refused(h, "flow queue 0 update_resized 0 rule 0"),
              "port_flow_complain(): Caught PMD error type 1 (cause unspecified): "
              "async_flow_async_transfer not supported: Operation not supported\n");
    EXPECT_EQ(h.fake_flows.resized_updates, 2);
    for (const char *line : {"flow queue 0 update_resized 0", "flow queue 0 update_resized 0 rule",
                             "flow queue 0 update_resized 0 rules 0"})
        EXPECT_EQ(refused(h, line).substr(0, 13), "Bad arguments") << line;
}
#else
TEST(FlowTemplateCommands, NoQueueUpdatesBefore2403) {
    FakeHost h;
    make_table(h);
    EXPECT_EQ(refused(h, "flow queue 0 update_resized 0 rule 0").substr(0, 13), "Bad arguments");
#if RTE_VERSION < RTE_VERSION_NUM(23, 7, 0, 0)
    EXPECT_EQ(refused(h, "flow queue 0 update 0 rule 0 actions_template 0 postpone no pattern "
                         "end actions end")
                  .substr(0, 13),
              "Bad arguments");
    EXPECT_EQ(refused(h, "flow queue 0 indirect_action 0 query_update 0 action end").substr(0, 13),
              "Bad arguments");
#endif
}
#endif
