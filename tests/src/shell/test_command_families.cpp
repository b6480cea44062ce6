// A command family registers itself (src/shell/command_spec.h): the example
// family (example_commands.cpp, the README's) is named nowhere but in this
// test's build line, and joins parsing, help, completion and the manual
// page's table in its order key's place. ordered_families refuses what would
// make help's order depend on link order.
#include "shell/command_families.h"
#include "shell/command_spec.h"
#include "shell/command_table.h"
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace pmdfwd;
using namespace pmdfwd::shell;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::run;

namespace {

// For the ordering checks: a family needs a rows function.
std::vector<Spec> rows() {
    return {};
}

size_t doc_index(const std::string &syntax) {
    pmdfwd::testing::FakeEngines engines;
    const std::vector<CommandDoc> docs = command_docs(engines);
    auto it = std::find_if(docs.begin(), docs.end(),
                           [&](const CommandDoc &d) { return d.syntax == syntax; });
    return it == docs.end() ? SIZE_MAX : static_cast<size_t>(it - docs.begin());
}

// For each_port: refuses port 0, answers for the others.
bool refuse_port_0(Ctx &c, uint16_t port) {
    if (port == 0) return fail(c, "no port 0");
    *c.out += "port " + std::to_string(port) + "\n";
    return true;
}

} // namespace

// The helpers families share (command_spec.h), called as a row's run is.
TEST(CommandSpecHelpers, EachPortGoesOnPastAPortThatFails) {
    FakeHost h;
    std::string out;
    Ctx c{h.host(), &out};
    Args all;
    all.push_back({"all", std::vector<uint16_t>{0, 1}});
    EXPECT_FALSE(each_port<refuse_port_0>(c, all));
    EXPECT_EQ(out, "no port 0\nport 1\n");
    out.clear();
    Args one;
    one.push_back({"1", std::vector<uint16_t>{1}});
    EXPECT_TRUE(each_port<refuse_port_0>(c, one));
    EXPECT_EQ(out, "port 1\n");
}

TEST(CommandSpecHelpers, AllPortsStoppedSaysOnceWhyNot) {
    FakeHost h;
    std::string out;
    Ctx c{h.host(), &out};
    for (auto &[id, p] : h.fake_ports.ports)
        p.status = PortStatus::Started;
    EXPECT_FALSE(all_ports_stopped(c));
    EXPECT_EQ(out, "Please stop all ports first\n");
    out.clear();
    h.fake_ports.ports[0].status = PortStatus::Stopped;
    EXPECT_FALSE(all_ports_stopped(c));
    EXPECT_EQ(out, "Please stop all ports first\n");
    out.clear();
    h.fake_ports.ports[1].status = PortStatus::Stopped;
    EXPECT_TRUE(all_ports_stopped(c));
    EXPECT_EQ(out, "");
}

TEST(CommandFamilies, SelfRegisteredFamilyRuns) {
    FakeHost h;
    std::string out;
    EXPECT_TRUE(run(h, "show lcores", &out));
    EXPECT_EQ(out, "lcore 1\nlcore 2\nlcore 3\n");
    EXPECT_TRUE(run(h, "set lcore 2", &out)) << out;
    EXPECT_EQ(h.lcores, std::vector<unsigned>{2});
    EXPECT_FALSE(run(h, "set lcore 0", &out));
    EXPECT_NE(out.find("allowed: 1..1023"), std::string::npos) << out;
    h.is_running = true;
    EXPECT_FALSE(run(h, "set lcore 3", &out));
    EXPECT_NE(out.find("stop forwarding first"), std::string::npos) << out;
    EXPECT_EQ(h.lcores, std::vector<unsigned>{2});
}

TEST(CommandFamilies, SelfRegisteredFamilyIsCompletedAndHelped) {
    FakeHost h;
    EXPECT_EQ(complete_command(h, "show lc"), std::vector<std::string>{"lcores"});
    std::string out;
    EXPECT_TRUE(help_section(h, "config", &out));
    EXPECT_NE(out.find("\nset lcore <lcore>\n    forward on this one lcore (forwarding stopped)\n"),
              std::string::npos)
        << out;
}

// The order key, not link order, places a family: 115 comes after the
// session family's last row and before the forwarding configuration's first.
TEST(CommandFamilies, OrderKeyPlacesTheFamily) {
    const size_t first = doc_index("show lcores");
    ASSERT_NE(first, SIZE_MAX);
    // The session family's last row: 25.11's load_echo, else load.
    const size_t echo = doc_index("load_echo <file>");
    EXPECT_EQ((echo == SIZE_MAX ? doc_index("load <file>") : echo) + 1, first);
    EXPECT_EQ(doc_index("set lcore <lcore>"), first + 1);
    EXPECT_EQ(doc_index("set portlist <list>"), first + 2);
    EXPECT_EQ(doc_index("help"), 0u); // the control family's key is the lowest
}

TEST(CommandFamilies, OrderedByKey) {
    auto f = ordered_families({{.order = 30, .section = "ports", .rows = rows},
                               {.order = 10, .section = "control", .rows = rows},
                               {.order = 20, .section = "display", .rows = rows}},
                              {"control", "display", "ports"});
    ASSERT_TRUE(f) << f.message();
    ASSERT_EQ(f->size(), 3u);
    EXPECT_EQ((*f)[0].order, 10u);
    EXPECT_EQ((*f)[1].order, 20u);
    EXPECT_EQ((*f)[2].order, 30u);
}

TEST(CommandFamilies, SharedOrderKeyIsRefused) {
    const auto shared = ordered_families({{.order = 40, .section = "config", .rows = rows},
                                          {.order = 40, .section = "ports", .rows = rows}},
                                         {"config", "ports"});
    EXPECT_FALSE(shared);
    EXPECT_EQ(shared.message(),
              "two command families share order key 40 (help's order would depend on link "
              "order; give each its own key)");
}

TEST(CommandFamilies, UnknownSectionIsRefused) {
    const auto unknown =
        ordered_families({{.order = 5, .section = "port", .rows = rows}}, {"control", "ports"});
    EXPECT_FALSE(unknown);
    EXPECT_EQ(unknown.message(), "command family with order key 5: unknown help section 'port' "
                                 "(allowed: control, ports)");
    const auto no_rows = ordered_families({{.order = 5, .section = "ports"}}, {"ports"});
    EXPECT_FALSE(no_rows);
    EXPECT_EQ(no_rows.message(), "command family with order key 5 has no rows function");
}

// The built-in families in order-key order: help lists them so, whatever
// the link order. Control, display, then the config families (the segment
// settings at 36, VLAN 43, per-port `set` 47, link settings 48, the drivers'
// VF and port commands 49, 25.11's DCB forwarding settings 51, rowless
// before), display
// (ports' information, display, at 70 and 75; the driver-answered FDIR and
// transfer proxy displays at 77, speed lanes at 78, 25.11's mbuf history
// dumps at 79, rowless before), the port families (80-85, DCB at 87;
// RX offloads 84), the descriptor reads (display, 88), filters and RSS
// (ports), session control, forwarding configuration, flow rules (filters,
// 130), the template and queue flow commands (131), the
// `set raw_encap|sample_actions|conntrack` stores (133) and the
// tunnel settings (135) their actions read, traffic management and meters
// (ports), the bonding driver's commands (ports, 150), bpf-load/bpf-unload
// (ports, 155), i40e's pctype commands (drivers, 160).
TEST(CommandFamilies, BuiltInFamiliesKeepHelpOrder) {
    auto f = ordered_families(registered_families(),
                              {"control", "display", "config", "ports", "filters", "drivers"});
    ASSERT_TRUE(f) << f.message();
    std::vector<std::string> sections;
    for (const Family &fam : *f)
        if (fam.order != 115) sections.push_back(fam.section);
    EXPECT_EQ(
        sections,
        (std::vector<std::string>{
            "control", "display", "config",  "config",  "config",  "config",  "config",  "config",
            "config",  "config",  "config",  "display", "display", "display", "display", "display",
            "display", "ports",   "ports",   "ports",   "ports",   "ports",   "ports",   "display",
            "ports",   "ports",   "control", "config",  "filters", "filters", "filters", "filters",
            "ports",   "ports",   "ports",   "ports",   "drivers"}));
}
