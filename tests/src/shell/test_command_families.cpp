// The command families are one table (src/shell/command_families.cpp), in
// help's order; a host's shell offers the families its Host lists. The
// example family (example_commands.cpp, the README's) is in no product
// table: this test puts it into its host's table, where it joins parsing,
// help and completion at its place.
#include "shell/command_families.h"
#include "shell/command_table.h"
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>

using namespace pmdfwd;
using namespace pmdfwd::shell;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::run;

namespace pmdfwd::shell {
std::vector<Spec> lcore_commands(); // example_commands.cpp
}

namespace {

// A fake host whose table has the example family after the session family,
// filed under config.
struct ExampleHost : FakeHost {
    ExampleHost() {
        auto session =
            std::find(families.begin(), families.end(), Family{Section::Control, session_commands});
        families.insert(session + 1, Family{Section::Config, lcore_commands});
    }
};

// Where a syntax is in `command_help`'s list (the table's order).
size_t help_index_of(const std::string &help, const std::string &syntax) {
    return help.find("\n  " + syntax + " ");
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

TEST(CommandSpecHelpers, DevInfoFailedSaysTestpmdsText) {
    FakeHost h;
    std::string out;
    Ctx c{h.host(), &out};
    EXPECT_FALSE(dev_info_failed(c, 3, ethdev_status(-ENODEV)));
    EXPECT_EQ(out, "Error during getting device (port 3) info: No such device\n");
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

TEST(CommandFamilies, AFamilyInTheHostsTableRuns) {
    ExampleHost h;
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

TEST(CommandFamilies, AFamilyInTheHostsTableIsCompletedAndHelped) {
    ExampleHost h;
    EXPECT_EQ(complete_command(h, "show lc"), std::vector<std::string>{"lcores"});
    std::string out;
    EXPECT_TRUE(help_section(h, "config", &out));
    EXPECT_NE(out.find("\nset lcore <lcore>\n    forward on this one lcore (forwarding stopped)\n"),
              std::string::npos)
        << out;
}

// A family is only where a table lists it: the built-in table has no
// example, and a host with it and one without alternate.
TEST(CommandFamilies, OnlyTheHostsTableCounts) {
    FakeHost plain;
    ExampleHost with;
    std::string out;
    EXPECT_FALSE(run(plain, "show lcores", &out));
    EXPECT_TRUE(out.starts_with("Bad arguments")) << out;
    EXPECT_TRUE(run(with, "show lcores", &out)) << out;
    EXPECT_FALSE(run(plain, "set lcore 1", &out));
    EXPECT_TRUE(out.starts_with("Bad arguments")) << out;
    EXPECT_TRUE(run(with, "set lcore 1", &out)) << out;
}

// The table's order is help's: the example sits right after the session
// family's last row and before the forwarding configuration's first.
TEST(CommandFamilies, TablePlaceIsHelpPlace) {
    ExampleHost h;
    const std::string help = command_help(h);
    const size_t lcores = help_index_of(help, "show lcores");
    ASSERT_NE(lcores, std::string::npos) << help;
    const std::vector<Spec> session = session_commands();
    const size_t last_session = help_index_of(help, session.back().syntax);
    const size_t set_lcore = help_index_of(help, "set lcore <lcore>");
    const size_t first_fwd = help_index_of(help, fwd_config_commands().front().syntax);
    EXPECT_LT(last_session, lcores);
    EXPECT_LT(lcores, set_lcore);
    EXPECT_LT(set_lcore, first_fwd);
    // Nothing between the session family's last row and the example's first.
    EXPECT_EQ(help.find("\n  ", last_session + 1), lcores);
    EXPECT_EQ(help_index_of(help, "help"), help.find("\n  ")); // control first
}

// Every section a built-in family is filed under is testpmd's, named as
// `help` names it, in testpmd's order.
TEST(CommandFamilies, SectionsAreTestpmds) {
    std::vector<std::string> names;
    for (const SectionText &s : section_texts())
        names.push_back(s.name);
    EXPECT_EQ(names, (std::vector<std::string>{"control", "display", "config", "ports", "filters",
                                               "traffic_management", "devices", "drivers"}));
    EXPECT_STREQ(section_text(Section::Filters).name, "filters");
}

// The host's `set <setting>` rows are testpmd's config section, as its help
// lists them (README: a row goes into the family of what it acts on).
TEST(CommandFamilies, HostSettingsAreInTheConfigSection) {
    FakeHost h;
    std::string config, display, control;
    ASSERT_TRUE(help_section(h, "config", &config));
    ASSERT_TRUE(help_section(h, "display", &display));
    ASSERT_TRUE(help_section(h, "control", &control));
    for (const char *row : {"set verbose <level>", "set log <type> <level>",
                            "set xstats-hide-zero on|off", "set burst <n>", "set nbcore <n>",
                            "set eth-peer <port> <mac>", "set flush_rx on|off", "set default"})
        EXPECT_NE(config.find(std::string("\n") + row + "\n"), std::string::npos) << row;
    // Where they were before: set log and set xstats-* under display, set
    // verbose under control (24.11's `set port <p> eeprom` is display's, as
    // in testpmd).
    EXPECT_EQ(display.find("\nset log"), std::string::npos) << display;
    EXPECT_EQ(display.find("\nset xstats"), std::string::npos) << display;
    EXPECT_EQ(control.find("\nset "), std::string::npos) << control;
}
