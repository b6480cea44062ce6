// The flow family (src/shell/commands/flow_commands.cpp) against a fake
// rte_flow (tests/support/fake_flows.h): testpmd 22.11's texts for each
// command, the rule ids and list it keeps, the PMD's refusals in
// port_flow_complain's words, and that the rest of the line reaches the
// grammar whole.
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>
#include <rte_version.h>

#include <cstdio>
#include <fstream>
#include <iterator>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::has;
using pmdfwd::testing::run;

namespace {

constexpr bool kUserIds = RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0);
const char *const kRule = "pattern eth / ipv4 src is 10.0.0.1 / udp / end actions queue index 1 "
                          "/ count / end";

std::string create(FakeHost &h, const std::string &rule, const char *port = "0") {
    std::string out;
    EXPECT_TRUE(run(h, std::string("flow create ") + port + " " + rule, &out)) << out;
    return out;
}

} // namespace

TEST(FlowCommands, ValidateAndCreateAsTestpmd) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, std::string("flow validate 0 ") + kRule, &out));
    EXPECT_EQ(out, "Flow rule validated\n");
    EXPECT_EQ(create(h, kRule), "Flow rule #0 created\n");
    EXPECT_EQ(create(h, std::string("group 1 priority 2 ") + kRule), "Flow rule #1 created\n");
    EXPECT_EQ(create(h, kRule, "1"), "Flow rule #0 created\n"); // ids are per port
    EXPECT_EQ(h.fake_flows.validates, 1);
    EXPECT_EQ(h.fake_flows.creates, 3);
}

TEST(FlowCommands, ListSortsByGroupPriorityAndId) {
    FakeHost h;
    create(h, "group 2 ingress pattern eth / end actions drop / end");
    create(h, "priority 1 ingress egress pattern eth / void / tcp / end actions void / mark id 1 "
              "/ rss / end");
    create(h, "transfer pattern end actions port_id id 1 / end");
    std::string out;
    ASSERT_TRUE(run(h, "flow list 0", &out));
    EXPECT_EQ(out, "ID\tGroup\tPrio\tAttr\tRule\n"
                   "2\t0\t0\t--t\t=> PORT_ID\n"
                   "1\t0\t1\tie-\tETH TCP => MARK RSS\n"
                   "0\t2\t0\ti--\tETH => DROP\n");
    ASSERT_TRUE(run(h, "flow list 0 group 2 group 7", &out));
    EXPECT_EQ(out, "ID\tGroup\tPrio\tAttr\tRule\n0\t2\t0\ti--\tETH => DROP\n");
    ASSERT_TRUE(run(h, "flow list 1", &out));
    EXPECT_EQ(out, ""); // no rules: not even the header, as testpmd
    EXPECT_FALSE(run(h, "flow list 0 group", &out));
    EXPECT_EQ(out, "Bad arguments: flow: list: a group id is missing after 'group'\n");
}

// testpmd's next id is the newest rule's plus one, so a destroyed newest
// rule's id comes back; destroy walks newest first and passes over ids it
// does not hold.
TEST(FlowCommands, DestroyAndIds) {
    FakeHost h;
    for (int i = 0; i < 3; i++)
        create(h, kRule);
    std::string out;
    ASSERT_TRUE(run(h, "flow destroy 0 rule 0 rule 2 rule 9", &out));
    EXPECT_EQ(out, "Flow rule #2 destroyed\nFlow rule #0 destroyed\n");
    EXPECT_EQ(create(h, kRule), "Flow rule #2 created\n");
    EXPECT_FALSE(run(h, "flow destroy 0 rule", &out));
    EXPECT_TRUE(has(out, "Bad arguments")) << out;
    EXPECT_FALSE(run(h, "flow destroy 0 rule 1 x 2", &out));
#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
    EXPECT_EQ(out, "Bad arguments: flow: destroy: unexpected 'x' (allowed: rule, user_id)\n");
#else
    EXPECT_EQ(out, "Bad arguments: flow: destroy: unexpected 'x' (allowed: rule)\n");
#endif
    EXPECT_EQ(h.flows.count(0), 2u);
}

#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
// 23.07's user ids: created with `user_id N`, said in hex; `flow destroy
// ... user_id` and `flow query ... user_id` name rules by them.
TEST(FlowCommands, UserIds) {
    FakeHost h;
    EXPECT_EQ(create(h, std::string("user_id 0x2a ") + kRule),
              "Flow rule #0 created, user-id 0x2a\n");
    EXPECT_EQ(create(h, std::string("user_id 18446744073709551615 ") + kRule),
              "Flow rule #1 created, user-id 0xffffffffffffffff\n");
    EXPECT_EQ(create(h, kRule), "Flow rule #2 created\n");
    std::string out;
    ASSERT_TRUE(run(h, "flow query 0 42 count user_id", &out));
    EXPECT_TRUE(has(out, "hits: 7")) << out;
    EXPECT_FALSE(run(h, "flow query 0 2 count user_id", &out));
    EXPECT_EQ(out, "Flow rule #2 not found\n");
    ASSERT_TRUE(run(h, "flow query 0 2 count", &out));
    ASSERT_TRUE(run(h, "flow destroy 0 rule 42 rule 18446744073709551615 user_id", &out));
    EXPECT_EQ(out, "Flow rule #1 destroyed, user-id 0xffffffffffffffff\n"
                   "Flow rule #0 destroyed, user-id 0x2a\n");
    EXPECT_EQ(h.flows.count(0), 1u);
    EXPECT_FALSE(run(h, "flow destroy 0 rule user_id 2", &out));
    ASSERT_TRUE(run(h, "flow destroy 0 rule 2", &out));
    EXPECT_EQ(out, "Flow rule #2 destroyed\n");
}
#else
TEST(FlowCommands, NoUserIdsBefore2307) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, std::string("flow create 0 user_id 1 ") + kRule, &out));
    create(h, kRule);
    EXPECT_FALSE(run(h, "flow query 0 0 count user_id", &out));
    EXPECT_FALSE(run(h, "flow destroy 0 rule 0 user_id", &out));
    EXPECT_EQ(h.flows.count(0), 1u);
}
#endif

#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
// 24.03's `flow update`: the rule's actions replaced (its pattern kept), by
// rule id or user id; a PMD's refusal leaves the rule as it was.
TEST(FlowCommands, UpdateActions) {
    FakeHost h;
    create(h, kRule);
    create(h, std::string("user_id 7 ") + kRule);
    std::string out;
    ASSERT_TRUE(run(h, "flow update 0 0 actions drop / end", &out)) << out;
    EXPECT_EQ(out, "Flow rule #0 updated with new actions\n");
    EXPECT_EQ(h.fake_flows.updated, std::vector<rte_flow_action_type>{RTE_FLOW_ACTION_TYPE_DROP});
    ASSERT_TRUE(run(h, "flow update 0 7 actions mark id 3 / count / end user_id", &out)) << out;
    EXPECT_EQ(out, "Flow rule #1 updated with new actions, user-id 0x7\n");
    ASSERT_TRUE(run(h, "flow list 0", &out));
    EXPECT_EQ(out, "ID\tGroup\tPrio\tAttr\tRule\n"
                   "0\t0\t0\t---\tETH IPV4 UDP => DROP\n"
                   "1\t0\t0\t---\tETH IPV4 UDP => MARK COUNT\n");
    EXPECT_FALSE(run(h, "flow update 0 7 actions drop / end", &out));
    EXPECT_EQ(out, "Failed to find flow 7\n");
    h.fake_flows.fail_errno = ENOTSUP;
    h.fake_flows.fail_message = "no";
    EXPECT_FALSE(run(h, "flow update 0 0 actions queue index 2 / end", &out));
    EXPECT_TRUE(has(out, "port_flow_complain(): Caught PMD error")) << out;
    h.fake_flows.fail_errno = 0;
    ASSERT_TRUE(run(h, "flow list 0", &out));
    EXPECT_TRUE(has(out, "0\t0\t0\t---\tETH IPV4 UDP => DROP\n")) << out;
    EXPECT_EQ(h.fake_flows.updates, 3);
}

TEST(FlowCommands, UpdateWordsRefused) {
    FakeHost h;
    create(h, kRule);
    std::string out;
    EXPECT_FALSE(run(h, "flow update 0 0 drop / end", &out));
    EXPECT_EQ(out, "Bad arguments: flow: update: unexpected 'drop' (allowed: actions)\n");
    EXPECT_FALSE(run(h, "flow update 0 0 actions drop / end x", &out));
    EXPECT_EQ(out, "Bad arguments: flow: update: unexpected 'x' after the actions' 'end' "
                   "(allowed: user_id)\n");
    EXPECT_FALSE(run(h, "flow update 0 0 actions fly / end", &out));
    EXPECT_TRUE(has(out, "unknown action 'fly'")) << out;
    EXPECT_FALSE(run(h, "flow update 0 4294967296 actions drop / end", &out));
    EXPECT_FALSE(run(h, "flow update 9 0 actions drop / end", &out));
    EXPECT_EQ(h.fake_flows.updates, 0);
}
#else
TEST(FlowCommands, NoUpdateBefore2403) {
    FakeHost h;
    create(h, kRule);
    std::string out;
    EXPECT_FALSE(run(h, "flow update 0 0 actions drop / end", &out));
    EXPECT_TRUE(has(out, "Bad arguments")) << out;
}
#endif

TEST(FlowCommands, FlushForgetsRulesWhateverThePmdSays) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "flow flush 0", &out));
    EXPECT_EQ(h.fake_flows.flushes, 0); // no rules: rte_flow is not asked, as testpmd
    create(h, kRule);
    h.fake_flows.fail_errno = EIO;
    h.fake_flows.fail_message = "busy";
    ASSERT_TRUE(run(h, "flow flush 0", &out));
    EXPECT_EQ(out, "port_flow_complain(): Caught PMD error type 1 (cause unspecified): busy: "
                   "Input/output error\n");
    EXPECT_EQ(h.flows.count(0), 0u);
}

TEST(FlowCommands, QueryCount) {
    FakeHost h;
    create(h, kRule);
    std::string out;
    ASSERT_TRUE(run(h, "flow query 0 0 count", &out));
    EXPECT_EQ(out, "COUNT:\n hits_set: 1\n bytes_set: 1\n hits: 7\n bytes: 420\n");
    EXPECT_FALSE(run(h, "flow query 0 5 count", &out));
    EXPECT_EQ(out, "Flow rule #5 not found\n");
}

// `flow dump`: the PMD's text of all rules or of one, to the output where
// no file is named (testpmd's stdout), then testpmd's last line.
TEST(FlowCommands, DumpToTheOutput) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "flow dump 0 all", &out));
    EXPECT_EQ(out, "fake PMD dump\nFlow dump finished\n");
    EXPECT_EQ(h.fake_flows.dumped, nullptr); // all rules
    create(h, kRule);
    create(h, kRule);
    ASSERT_TRUE(run(h, "flow dump 0 rule 1", &out));
    EXPECT_EQ(out, "fake PMD dump\nFlow dump finished\n");
    EXPECT_NE(h.fake_flows.dumped, nullptr);
    rte_flow *second = h.fake_flows.dumped;
    ASSERT_TRUE(run(h, "flow dump 0 rule 0x0", &out));
    EXPECT_NE(h.fake_flows.dumped, second); // the rule named, not another
    EXPECT_EQ(h.fake_flows.dumps, 3);
}

TEST(FlowCommands, DumpToAFile) {
    FakeHost h;
    create(h, kRule);
    const std::string path = ::testing::TempDir() + "pmdfwd_flow_dump.txt";
    std::string out;
    ASSERT_TRUE(run(h, "flow dump 0 rule 0 " + path, &out));
    EXPECT_EQ(out, "Flow dump finished\n");
    std::ifstream f(path);
    const std::string written((std::istreambuf_iterator<char>(f)), {});
    EXPECT_EQ(written, "fake PMD dump\n");
    std::remove(path.c_str());
}

// The rule is looked up first, the file created next, and the PMD asked
// last; each failure in testpmd's words, the later steps not taken.
TEST(FlowCommands, DumpFailuresAsTestpmd) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "flow dump 0 rule 5 /nonexistent/dir/dump", &out));
    EXPECT_EQ(out, "Failed to dump to flow 5\n");
    EXPECT_FALSE(run(h, "flow dump 0 rule 4294967295", &out));
    EXPECT_EQ(out, kUserIds ? "Failed to dump to flow 4294967295\n"
                            : "Failed to dump to flow -1\n"); // 22.11 prints it as an int
    EXPECT_FALSE(run(h, "flow dump 0 all /nonexistent/dir/dump", &out));
    EXPECT_EQ(out, "Failed to create file /nonexistent/dir/dump: No such file or directory\n");
    EXPECT_EQ(h.fake_flows.dumps, 0);
    h.fake_flows.fail_errno = ENOSYS;
    h.fake_flows.fail_message = "Function not implemented";
    EXPECT_FALSE(run(h, "flow dump 0 all", &out));
    EXPECT_EQ(out, "port_flow_complain(): Caught PMD error type 1 (cause unspecified): Function "
                   "not implemented: Function not implemented\n"
                   "Failed to dump flow: Function not implemented\n");
    EXPECT_FALSE(run(h, "flow dump 9 all", &out));
    EXPECT_EQ(out, "Invalid port 9\n");
    // testpmd's RTE_PORT_ALL: refused without a word.
    EXPECT_FALSE(run(h, "flow dump 65535 all", &out));
    EXPECT_EQ(out, "");
    EXPECT_EQ(h.fake_flows.dumps, 1);
}

// What testpmd's grammar refuses: "Bad arguments", before the port.
TEST(FlowCommands, DumpWordsRefused) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "flow dump 0", &out));
    EXPECT_EQ(out, kUserIds ? "Bad arguments: flow: dump: the line ends (allowed: all, rule, "
                              "user_id)\n"
                            : "Bad arguments: flow: dump: the line ends (allowed: all, rule)\n");
    EXPECT_FALSE(run(h, "flow dump 9 rule", &out));
    EXPECT_EQ(out, "Bad arguments: flow: dump: a rule id is missing after 'rule'\n");
    EXPECT_FALSE(run(h, "flow dump 0 rule -1", &out));
    EXPECT_EQ(out, "Bad arguments: flow: rule: '-1' is not a number (allowed: 0.." +
                       std::to_string(kUserIds ? UINT64_MAX : UINT32_MAX) + ")\n");
    EXPECT_FALSE(run(h, "flow dump 0 foo", &out));
    EXPECT_TRUE(has(out, "dump: unexpected 'foo'")) << out;
    EXPECT_FALSE(run(h, "flow dump 0 all /dev/null extra", &out));
    EXPECT_EQ(out, "Bad arguments: flow: dump: unexpected 'extra' after the file path\n");
    // testpmd's file path holds 127 characters.
    const std::string path = "/tmp/" + std::string(122, 'a');
    EXPECT_FALSE(run(h, "flow dump 0 all " + path + "a", &out));
    EXPECT_EQ(out, "Bad arguments: flow: dump: the file path is longer than 127 characters\n");
    h.cfg.testpmd_texts = true;
    EXPECT_FALSE(run(h, "flow dump 0 all a b", &out));
    EXPECT_EQ(out, "Bad arguments\n");
    EXPECT_EQ(h.fake_flows.dumps, 0);
    ASSERT_TRUE(run(h, "flow dump 0 all /dev/null", &out));      // 16 characters pass
    ASSERT_TRUE(run(h, "flow dump 0 all " + path, &out)) << out; // 127 pass
    std::remove(path.c_str());
}

#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
// 23.07: `user_id` before all|rule names the rule by its user id.
TEST(FlowCommands, DumpByUserId) {
    FakeHost h;
    create(h, std::string("user_id 42 ") + kRule);
    std::string out;
    ASSERT_TRUE(run(h, "flow dump 0 user_id rule 42", &out));
    EXPECT_EQ(out, "fake PMD dump\nFlow dump finished\n");
    EXPECT_FALSE(run(h, "flow dump 0 user_id rule 0", &out));
    EXPECT_EQ(out, "Failed to dump to flow 0\n");
    ASSERT_TRUE(run(h, "flow dump 0 rule 0", &out));
    ASSERT_TRUE(run(h, "flow dump 0 user_id user_id all", &out));
    EXPECT_FALSE(run(h, "flow dump 0 rule 18446744073709551616", &out));
}
#else
TEST(FlowCommands, DumpNoUserIdBefore2307) {
    FakeHost h;
    create(h, kRule);
    std::string out;
    EXPECT_FALSE(run(h, "flow dump 0 user_id rule 0", &out));
    EXPECT_TRUE(has(out, "Bad arguments")) << out;
    EXPECT_FALSE(run(h, "flow dump 0 rule 4294967296", &out));
    EXPECT_TRUE(has(out, "out of range")) << out;
}
#endif

// A PMD's refusal in port_flow_complain's words, with the errno as
// rte_strerror writes it; nothing is added to the list.
TEST(FlowCommands, PmdRefusalAsTestpmd) {
    FakeHost h;
    h.fake_flows.fail_errno = ENOSYS;
    h.fake_flows.fail_message = "Function not implemented";
    std::string out;
    EXPECT_FALSE(run(h, std::string("flow create 0 ") + kRule, &out));
    EXPECT_EQ(out, "port_flow_complain(): Caught PMD error type 1 (cause unspecified): Function "
                   "not implemented: Function not implemented\n");
    EXPECT_EQ(h.flows.count(0), 0u);
    h.fake_flows.fail_type = RTE_FLOW_ERROR_TYPE_ATTR_TRANSFER;
    h.fake_flows.fail_message = nullptr;
    EXPECT_FALSE(run(h, std::string("flow validate 0 transfer ") + kRule, &out));
    EXPECT_TRUE(has(out, "Caught PMD error type 7 (transfer field): (no stated reason): "
                         "Function not implemented\nThe status suggests the use of \"transfer\""))
        << out;
}

TEST(FlowCommands, IsolateAndAged) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "flow isolate 0 1", &out));
    EXPECT_EQ(out, "Ingress traffic on port 0 is now restricted to the defined flow rules\n");
    EXPECT_TRUE(h.fake_flows.isolated);
    ASSERT_TRUE(run(h, "flow isolate 0 false", &out));
    EXPECT_EQ(out, "Ingress traffic on port 0 is not restricted anymore to the defined flow "
                   "rules\n");
    EXPECT_FALSE(run(h, "flow isolate 0 2", &out));
    EXPECT_EQ(out, "Bad arguments: flow: isolate: '2' is not a boolean (allowed: 0, 1, on, off, "
                   "true, false, yes, no)\n");
    ASSERT_TRUE(run(h, "flow aged 0", &out));
    EXPECT_EQ(out, "Port 0 total aged flows: 0\n");
}

// The age action's context is the rule, so the aged list names it and
// `destroy` removes it.
// Indirect actions: ids (given or the next), testpmd's texts, a refused
// one destroyed again before the PMD's complaint, query by type.
TEST(FlowCommands, IndirectActionsAsTestpmd) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(
        run(h, "flow indirect_action 0 create action_id 5 ingress action count / end", &out));
    EXPECT_EQ(out, "Indirect action #5 created\n");
    ASSERT_TRUE(run(h, "flow indirect_action 0 create action rss queues 0 1 end / end", &out));
    EXPECT_EQ(out, "Indirect action #6 created\n");
    EXPECT_FALSE(run(h, "flow indirect_action 0 create action_id 5 action count / end", &out));
    EXPECT_EQ(out, "Indirect action #5 is already assigned, delete it first\n");
    ASSERT_TRUE(run(h, "flow indirect_action 0 query 5", &out));
    EXPECT_EQ(out, "Indirect COUNT action:\n hits_set: 1\n bytes_set: 1\n hits: 7\n bytes: 420\n");
    EXPECT_FALSE(run(h, "flow indirect_action 0 query 6", &out));
    EXPECT_EQ(out, "Indirect action 6 (type: " + std::to_string(RTE_FLOW_ACTION_TYPE_RSS) +
                       ") on port 0 doesn't support query\n");
    ASSERT_TRUE(run(h, "flow indirect_action 0 update 6 action rss queues 1 end / end", &out));
    EXPECT_EQ(out, "Indirect action #6 updated\n");
    EXPECT_FALSE(run(h, "flow indirect_action 0 update 7 action count / end", &out));
    EXPECT_EQ(out, "Failed to find indirect action #7 on port 0\n");
    ASSERT_TRUE(run(h, "flow indirect_action 0 destroy action_id 5 action_id 6 action_id 9", &out));
    EXPECT_EQ(out, "Indirect action #6 destroyed\nIndirect action #5 destroyed\n");
    EXPECT_EQ(h.fake_flows.handle_destroys, 2);

    h.fake_flows.fail_errno = ENOSYS;
    h.fake_flows.fail_message = "Function not implemented";
    EXPECT_FALSE(run(h, "flow indirect_action 0 create action_id 100 action count / end", &out));
    EXPECT_EQ(out, "Indirect action #100 destroyed\nport_flow_complain(): Caught PMD error type "
                   "1 (cause unspecified): Function not implemented: Function not implemented\n");
    EXPECT_FALSE(run(h, "flow indirect_action 0 query 100", &out)); // not kept
    EXPECT_EQ(out, "Failed to find indirect action #100 on port 0\n");
    // One the PMD keeps stays, with its complaint.
    h.fake_flows.fail_errno = 0;
    ASSERT_TRUE(run(h, "flow indirect_action 0 create action_id 7 action count / end", &out));
    h.fake_flows.fail_errno = ENOSYS;
    EXPECT_FALSE(run(h, "flow indirect_action 0 destroy action_id 7", &out));
    EXPECT_EQ(out, "port_flow_complain(): Caught PMD error type 1 (cause unspecified): Function "
                   "not implemented: Function not implemented\n");
    h.fake_flows.fail_errno = 0;
    EXPECT_TRUE(run(h, "flow indirect_action 0 query 7", &out)) << out;
    EXPECT_FALSE(run(h, "flow indirect_action 0 create ingres action count / end", &out));
    EXPECT_EQ(out, "Bad arguments: flow: indirect_action create: unexpected 'ingres' (allowed: "
                   "action_id, ingress, egress, transfer, action)\n");
}

// testpmd lets a CONNTRACK indirect action's query through from 25.11 and
// the stable releases it was backported to (22.11.11, 23.11.6, 24.11.4).
constexpr bool kConntrackQuery =
    RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0) ||
    (RTE_VER_YEAR == 22 && RTE_VER_MONTH == 11 && RTE_VER_MINOR >= 11) ||
    (RTE_VER_YEAR == 23 && RTE_VER_MONTH == 11 && RTE_VER_MINOR >= 6) ||
    (RTE_VER_YEAR == 24 && RTE_VER_MONTH == 11 && RTE_VER_MINOR >= 4);

// The query prints what the PMD answers in testpmd's "Conntrack Context"
// (port_action_handle_query_dump); before, the type is refused.
TEST(FlowCommands, IndirectConntrackQuery) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h,
                    "set conntrack com peer 1 is_orig 1 enable 1 live 1 sack 1 cack 0 last_dir 0 "
                    "liberal 0 state 1 max_ack_win 7 r_lim 5 last_win 510 last_seq 2632987379 "
                    "last_ack 2532480967 last_end 2632987379 last_index 0x8",
                    &out))
        << out;
    ASSERT_TRUE(run(h,
                    "set conntrack orig scale 7 fin 0 acked 1 unack_data 0 sent_end 2632987379 "
                    "reply_end 2633016339 max_win 28960 max_ack 2632987379",
                    &out))
        << out;
    ASSERT_TRUE(run(h,
                    "set conntrack rply scale 3 fin 1 acked 0 unack_data 1 sent_end 2532480967 "
                    "reply_end 2532546247 max_win 65280 max_ack 2532480968",
                    &out))
        << out;
    ASSERT_TRUE(
        run(h, "flow indirect_action 0 create action_id 3 ingress action conntrack / end", &out));
    // The connection moved on in the PMD: the query shows its state.
    h.fake_flows.conntrack.state = RTE_FLOW_CONNTRACK_STATE_FIN_WAIT;
    h.fake_flows.conntrack.last_direction = 1;
    const bool queried = run(h, "flow indirect_action 0 query 3", &out);
    if (!kConntrackQuery) {
        EXPECT_FALSE(queried);
        EXPECT_EQ(out,
                  "Indirect action 3 (type: " + std::to_string(RTE_FLOW_ACTION_TYPE_CONNTRACK) +
                      ") on port 0 doesn't support query\n");
        return;
    }
    ASSERT_TRUE(queried) << out;
    EXPECT_EQ(out, "Conntrack Context:\n"
                   "  Peer: 1, Flow dir: Original, Enable: 1\n"
                   "  Live: 1, SACK: 1, CACK: 0\n"
                   "  Packet dir: Original, Liberal: 0, State: 2\n"
                   "  Factor: 7, Retrans: 5, TCP flags: 8\n"
                   "  Last Seq: 2632987379, Last ACK: 2532480967\n"
                   "  Last Win: 510, Last End: 2632987379\n"
                   "  Original Dir:\n"
                   "    scale: 7, fin: 0, ack seen: 1\n"
                   " unacked data: 0\n"
                   "    Sent end: 2632987379,    Reply end: 2633016339, Max win: 28960, "
                   "Max ACK: 2632987379\n"
                   "  Reply Dir:\n"
                   "    scale: 3, fin: 1, ack seen: 0\n"
                   " unacked data: 1\n"
                   "    Sent end: 2532480967,    Reply end: 2532546247, Max win: 65280, "
                   "Max ACK: 2532480968\n");
    h.fake_flows.fail_errno = EIO;
    h.fake_flows.fail_message = "query failed";
    EXPECT_FALSE(run(h, "flow indirect_action 0 query 3", &out));
    EXPECT_EQ(out, "port_flow_complain(): Caught PMD error type 1 (cause unspecified): query "
                   "failed: Input/output error\n");
}

// No asynchronous flow queue is configured: each is refused in testpmd's
// words, after the port.
TEST(FlowCommands, AsyncQueuesAreInvalid) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "flow queue 0 aged 3", &out));
    EXPECT_EQ(out, "Error: queue #3 is invalid\n");
    EXPECT_FALSE(run(h, "flow queue 1 aged 0 destroy", &out));
    EXPECT_EQ(out, "Error: queue #0 is invalid\n");
    EXPECT_FALSE(run(h, "flow pull 0 queue 4294967295", &out));
    EXPECT_EQ(out, "Queue #4294967295 is invalid\n");
    EXPECT_FALSE(run(h, "flow pull 9 queue 0", &out));
    EXPECT_EQ(out, "Invalid port 9\n");
    EXPECT_EQ(h.fake_flows.creates + h.fake_flows.validates, 0);
}

TEST(FlowCommands, AgedRulesAreListedAndDestroyed) {
    FakeHost h;
    create(h, "pattern eth / end actions age timeout 10 / drop / end");
    create(h, "ingress pattern eth / end actions age timeout 5 / drop / end");
    // The PMD says the second rule aged: it hands back that rule's context.
    ASSERT_EQ(h.fake_flows.age_contexts.size(), 2u);
    h.fake_flows.aged = {h.fake_flows.age_contexts[1]};
    std::string out;
    ASSERT_TRUE(run(h, "flow aged 0", &out));
    EXPECT_EQ(out, "Port 0 total aged flows: 1\n"
                   "Type                \tID\tGroup\tPrio\tAttr\n"
                   "Flow                \t1\t0\t0\ti--\t\n"
                   "\n0 flows destroyed\n");
    ASSERT_TRUE(run(h, "flow aged 0 destroy", &out));
    EXPECT_TRUE(has(out, "Flow rule #1 destroyed\n\n1 flows destroyed\n")) << out;
    EXPECT_EQ(h.flows.count(0), 1u);
}

// The rule is the rest of the line: every word reaches the grammar, and a
// grammar error is testpmd's "Bad arguments" (with why, unless
// --testpmd-texts).
TEST(FlowCommands, RuleIsTheRestOfTheLine) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(
        run(h, "flow create 0 pattern eth / ipv4 ttl is 300 / end actions drop / end", &out));
    EXPECT_EQ(out, "Bad arguments: flow: ipv4 ttl: '300' is out of range (allowed: 0..255)\n");
    EXPECT_FALSE(run(h, "flow create 0 pattern e\x1b[2Jth / end actions drop / end", &out));
    EXPECT_TRUE(has(out, "unknown item 'e\\x1b[2Jth'")) << out;
    h.cfg.testpmd_texts = true;
    EXPECT_FALSE(run(h, "flow create 0 pattern eth / end actions drop /", &out));
    EXPECT_EQ(out, "Bad arguments\n");
    EXPECT_EQ(h.fake_flows.creates, 0);
    EXPECT_FALSE(run(h, "flow create x pattern end actions drop / end", &out));
    EXPECT_EQ(out, "port: 'x' is not a number (allowed: 0..65535)\n");
    // testpmd's port_id_is_invalid: the port alone, no list of valid ones.
    for (const char *cmd : {"flow list 9", "flow flush 9", "flow query 9 0 count", "flow aged 9",
                            "flow destroy 9 rule 0"}) {
        EXPECT_FALSE(run(h, cmd, &out)) << cmd;
        EXPECT_EQ(out, "Invalid port 9\n") << cmd;
    }
    // 65535 is testpmd's RTE_PORT_ALL, which these refuse without a word.
    for (const char *cmd :
         {"flow list 65535", "flow flush 65535", "flow query 65535 0 count", "flow aged 65535",
          "flow destroy 65535 rule 0", "flow info 65535", "flow push 65535 queue 0",
          "flow indirect_action 65535 query 0", "flow template_table 65535 destroy table 0"}) {
        EXPECT_FALSE(run(h, cmd, &out)) << cmd;
        EXPECT_EQ(out, "") << cmd;
    }
}

TEST(FlowCommands, HelpFlowListsTheTables) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "help flow", &out));
    EXPECT_TRUE(has(out, "    vlan: match 802.1Q/ad VLAN tag\n        tci {0..65535}")) << out;
    EXPECT_TRUE(has(out, "        vid {0..4095}"));
    EXPECT_TRUE(has(out, "        src {a.b.c.d}"));
    EXPECT_TRUE(has(out, "    rss: spread packets among several queues\n"));
    EXPECT_TRUE(has(out, "        queues {queue} ... end"));
    EXPECT_TRUE(has(out, "        type data_o: Type #4: data message with offset option\n"
                         "            tunnel_id {0..65535}"))
        << out;
    ASSERT_TRUE(run(h, "help filters", &out));
    EXPECT_TRUE(has(out, "\nfilters:\n--------\n")) << out;
    EXPECT_TRUE(has(out, "flow create <port> <rule>..."));
}

// testpmd's port stop and close flush the port's rules: the PMD drops them
// with the port's state.
TEST(FlowCommands, PortStopAndCloseFlushTheRules) {
    FakeHost h;
    create(h, kRule);
    create(h, kRule, "1");
    ASSERT_TRUE(run(h, "port stop 0"));
    EXPECT_EQ(h.flows.count(0), 0u);
    EXPECT_EQ(h.flows.count(1), 1u);
    EXPECT_EQ(h.fake_flows.flushes, 1);
    create(h, kRule); // on a stopped port: kept by a stop, dropped by a close
    ASSERT_TRUE(run(h, "port stop 0"));
    EXPECT_EQ(h.flows.count(0), 1u);
    ASSERT_TRUE(run(h, "port close all"));
    EXPECT_EQ(h.flows.count(0), 0u);
    EXPECT_EQ(h.flows.count(1), 0u);
    EXPECT_EQ(h.fake_flows.flushes, 3);
}

// --disable-flow-flush (testpmd 24.11): port stop keeps the rules, close
// still drops them.
TEST(FlowCommands, PortStopKeepsTheRulesWithoutFlowFlush) {
    FakeHost h;
    h.cfg.flow_flush = false;
    create(h, kRule);
    ASSERT_TRUE(run(h, "port stop 0"));
    EXPECT_EQ(h.flows.count(0), 1u);
    EXPECT_EQ(h.fake_flows.flushes, 0);
    ASSERT_TRUE(run(h, "port close 0"));
    EXPECT_EQ(h.flows.count(0), 0u);
}

// TAB after `flow create <port>` follows the grammar's tables: attributes,
// items, an item's fields, the operators, actions and their parameters;
// nothing where a value comes.
TEST(FlowCommands, CompletionFollowsTheGrammar) {
    FakeHost h;
    using V = std::vector<std::string>;
    V attrs{"egress", "group", "ingress", "pattern", "priority", "transfer"};
    if (kUserIds) attrs.push_back("user_id");
    EXPECT_EQ(complete_command(h, "flow create 0 "), attrs);
    if (kUserIds) {
        EXPECT_EQ(complete_command(h, "flow create 0 user_id "), V{}); // its value
    }
    EXPECT_EQ(complete_command(h, "flow create 0 ingress pat"), (V{"pattern"}));
    EXPECT_EQ(complete_command(h, "flow create 0 group "), V{});
    EXPECT_EQ(complete_command(h, "flow validate 0 pattern eth / ip"), (V{"ipv4", "ipv6"}));
    EXPECT_EQ(complete_command(h, "flow create 0 pattern udp "), (V{"/", "dst", "src"}));
    EXPECT_EQ(complete_command(h, "flow create 0 pattern udp dst "),
              (V{"is", "last", "mask", "prefix", "spec"}));
    EXPECT_EQ(complete_command(h, "flow create 0 pattern udp dst is "), V{});
    EXPECT_EQ(complete_command(h, "flow create 0 pattern udp dst is 53 "), (V{"/", "dst", "src"}));
    EXPECT_EQ(complete_command(h, "flow create 0 pattern l2tpv2 "), (V{"/", "type"}));
    EXPECT_EQ(complete_command(h, "flow create 0 pattern l2tpv2 type data_"),
              (V{"data_l", "data_l_s", "data_o", "data_s"}));
    EXPECT_EQ(complete_command(h, "flow create 0 pattern l2tpv2 type data "),
              (V{"/", "session_id", "tunnel_id"}));
    EXPECT_EQ(complete_command(h, "flow create 0 pattern l2tpv2 type data session_id is 1 "),
              (V{"/", "session_id", "tunnel_id"}));
    EXPECT_EQ(complete_command(h, "flow create 0 pattern end "), (V{"actions"}));
    // 23.03's quota actions start with q too.
    const V q =
        pmdfwd::testing::kDpdkHasQuota ? V{"queue", "quota_create", "quota_update"} : V{"queue"};
    EXPECT_EQ(complete_command(h, "flow create 0 pattern end actions q"), q);
    EXPECT_EQ(complete_command(h, "flow create 0 pattern end actions queue "), (V{"/", "index"}));
    EXPECT_EQ(complete_command(h, "flow create 0 pattern end actions rss queues 1 "), V{});
    EXPECT_EQ(complete_command(h, "flow create 0 pattern end actions rss queues 1 end k"),
              (V{"key", "key_len"}));
    EXPECT_EQ(complete_command(h, "flow create 0 pattern end actions drop / end "), V{});
    EXPECT_EQ(complete_command(h, "flow create 0 pattern nosuch "), V{});
    EXPECT_EQ(complete_command(h, "flow dump 0 "),
              kUserIds ? (V{"all", "rule", "user_id"}) : (V{"all", "rule"}));
    EXPECT_EQ(complete_command(h, "flow dump 0 rule "), V{}); // its id
}

#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
// compare's fields come in testpmd's order: op first, "/" after op or width.
TEST(FlowCommands, CompletionFollowsCompareOrder) {
    FakeHost h;
    using V = std::vector<std::string>;
    EXPECT_EQ(complete_command(h, "flow create 0 pattern compare "), (V{"op"}));
    EXPECT_EQ(complete_command(h, "flow create 0 pattern compare op is eq "),
              (V{"/", "a_type", "b_type", "op"}));
    EXPECT_EQ(complete_command(h, "flow create 0 pattern compare op is eq a_type is tag b_"),
              (V{"b_type"}));
    EXPECT_EQ(complete_command(h, "flow create 0 pattern compare op is eq b_type is tag w"),
              (V{"width"}));
    EXPECT_EQ(complete_command(h, "flow create 0 pattern compare op is eq b_type is tag /"), V{});
    EXPECT_EQ(complete_command(h, "flow create 0 pattern compare op is eq b_type is tag "
                                  "width is 8 / "),
              complete_command(h, "flow create 0 pattern "));
}
#endif

#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
// testpmd 24.11 prints "Bad flex item handle" before "Bad arguments" where
// a flex_item field's level names no flex item (parse_vc_compare_field_level).
TEST(FlowCommands, BadFlexHandleAsTestpmd) {
    FakeHost h;
    const std::string line = "flow pattern_template 0 create pattern_template_id 1 template "
                             "compare op is eq a_type is flex_item a_level is 0 b_type is tag "
                             "width is 8 / end";
    std::string out;
    EXPECT_FALSE(run(h, line, &out));
    EXPECT_TRUE(has(out, "Bad flex item handle (pmdfwd has no flex items)")) << out;
    h.cfg.testpmd_texts = true;
    EXPECT_FALSE(run(h, line, &out));
    EXPECT_EQ(out, "Bad flex item handle\nBad arguments\n");
    EXPECT_FALSE(run(h, "flow create 0 pattern compare op is xx / end actions drop / end", &out));
    EXPECT_EQ(out, "Bad arguments\n");
}
#endif

#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
// 23.03's query_update: the update is the action after `action`, the mode
// testpmd's words; the answer is dumped as a query's, QUOTA's included.
TEST(FlowCommands, IndirectQueryUpdateAsTestpmd) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h,
                    "flow indirect_action 0 create action_id 3 action quota_create limit 9 "
                    "mode packet / end",
                    &out))
        << out;
    ASSERT_TRUE(run(h,
                    "flow indirect_action 0 query_update 3 mode update_first action "
                    "quota_update limit 5 update_op set / end",
                    &out))
        << out;
    EXPECT_EQ(out, "Indirect QUOTA action 3\n unused quota: 42\n");
    EXPECT_EQ(h.fake_flows.last_update_type, RTE_FLOW_ACTION_TYPE_QUOTA);
    EXPECT_EQ(h.fake_flows.last_qu_mode, RTE_FLOW_QU_UPDATE_FIRST);
    ASSERT_TRUE(run(h, "flow indirect_action 0 query 3", &out)) << out;
    EXPECT_EQ(out, "Indirect QUOTA action 3\n unused quota: 42\n"); // 23.03 queries QUOTA
    ASSERT_TRUE(run(h, "flow indirect_action 0 query_update 3 action end", &out)) << out;
    EXPECT_EQ(h.fake_flows.last_update_type, RTE_FLOW_ACTION_TYPE_END);
    EXPECT_EQ(h.fake_flows.last_qu_mode, 0);
    ASSERT_TRUE(run(h, "flow indirect_action 0 create action_id 4 action count / end", &out));
    ASSERT_TRUE(
        run(h, "flow indirect_action 0 query_update 4 mode query_firstly action end", &out));
    EXPECT_EQ(out, "Indirect COUNT action:\n hits_set: 1\n bytes_set: 1\n hits: 7\n bytes: 420\n");
    EXPECT_EQ(h.fake_flows.last_qu_mode, RTE_FLOW_QU_QUERY_FIRST);
    EXPECT_FALSE(run(h, "flow indirect_action 0 query_update 8 action end", &out));
    EXPECT_EQ(out, "Failed to find indirect action #8 on port 0\n");
    EXPECT_FALSE(run(h, "flow indirect_action 9 query_update 3 action end", &out));
    EXPECT_EQ(out, "Invalid port 9\n");
    h.fake_flows.fail_errno = ENOSYS;
    h.fake_flows.fail_message = "Function not implemented";
    EXPECT_FALSE(run(h, "flow indirect_action 0 query_update 3 action end", &out));
    EXPECT_EQ(out, "port_flow_complain(): Caught PMD error type 1 (cause unspecified): Function "
                   "not implemented: Function not implemented\n");
    h.cfg.testpmd_texts = true;
    for (const char *line : {"flow indirect_action 0 query_update 3",
                             "flow indirect_action 0 query_update 3 mode foo action end",
                             "flow indirect_action 0 query_update 3 action end extra",
                             "flow indirect_action 0 query_update 3 postpone no action end"}) {
        EXPECT_FALSE(run(h, line, &out)) << line;
        EXPECT_EQ(out, "Bad arguments\n") << line;
    }
}
#else
TEST(FlowCommands, NoQueryUpdateBefore2303) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "flow indirect_action 0 query_update 3 action end", &out));
    EXPECT_TRUE(has(out, "Bad arguments")) << out;
}
#endif

// TAB offers the operators a field takes: a raw pattern no range, 23.03's
// quota_state spec and mask alone (testpmd's tokens).
TEST(FlowCommands, CompletionOffersTheFieldsOperators) {
    FakeHost h;
    using V = std::vector<std::string>;
    EXPECT_EQ(complete_command(h, "flow create 0 pattern raw pattern "), (V{"is", "mask", "spec"}));
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
    EXPECT_EQ(complete_command(h, "flow create 0 pattern quota "), (V{"/", "quota_state"}));
    EXPECT_EQ(complete_command(h, "flow create 0 pattern quota quota_state "), (V{"mask", "spec"}));
    EXPECT_EQ(complete_command(h, "flow create 0 pattern end actions quota_create "),
              (V{"/", "limit", "mode"}));
#endif
}
