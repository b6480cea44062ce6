// Engines' commands in the shell (engine_rows.h, syntax_clash.h): rows an
// engine declares run through the one table with the words they took (a
// port or mode checked first), refuse while forwarding when they say so, are
// helped under the engine's name, completed and documented; a plugin loaded
// in the session adds its rows at once; and rows that would take another
// row's lines are refused with the row they clash with.
#include "shell/command_table.h"
#include "shell/engine_rows.h"
#include "shell/syntax_clash.h"
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace pmdfwd;
using namespace pmdfwd::shell;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::run;

namespace {

const std::vector<EngineCommand> kNotes = {
    {"show notes [<index>]", "the notes, or one", false},
    {"notes clear", "forget every note", true},
    {"notes port all|<port> <mode>", "a port and a mode, checked", false},
};

// A host whose macswap declares commands, and a plugin notes.so that does.
struct EngineRowsTest : ::testing::Test {
    FakeHost h;
    void SetUp() override {
        h.fake_engines.engines[1].commands = {{"macswap calibrate", "time again", true}};
        h.fake_engines.plugin_commands["notes"] = kNotes;
    }
};

bool clash(const char *a, const char *b) {
    return syntaxes_clash(compile_syntax(a), compile_syntax(b));
}

std::string check(const std::vector<EngineInfo> &registered,
                  const std::vector<EngineInfo> &adding) {
    return check_engine_commands({"set <mode> <key> <value>", "show fwd <mode>", "help <section>",
                                  "show port info all|<port>", "show port <port> flow_ctrl"},
                                 {"control", "config"}, registered, adding)
        .message();
}

EngineInfo engine(const std::string &name, std::vector<EngineCommand> cmds) {
    return {name, "", false, false, std::move(cmds)};
}

} // namespace

TEST_F(EngineRowsTest, EngineCommandRunsWithItsWords) {
    std::string out;
    EXPECT_TRUE(run(h, "macswap calibrate", &out)) << out;
    EXPECT_EQ(out, "macswap command 0:\n");
    ASSERT_EQ(h.fake_engines.command_runs.size(), 1u);
    EXPECT_EQ(h.fake_engines.command_runs[0].mode, "macswap");
    EXPECT_FALSE(h.fake_engines.command_runs[0].forwarding);
}

TEST_F(EngineRowsTest, StoppedRowIsRefusedWhileForwarding) {
    h.is_running = true;
    std::string out;
    EXPECT_FALSE(run(h, "macswap calibrate", &out));
    EXPECT_EQ(out, "Please stop forwarding first (\"macswap calibrate\" needs forwarding "
                   "stopped)\n");
    EXPECT_TRUE(h.fake_engines.command_runs.empty());
}

TEST_F(EngineRowsTest, PluginLoadedInTheSessionAddsItsRowsAtOnce) {
    std::string out;
    EXPECT_FALSE(run(h, "show notes", &out));
    EXPECT_EQ(out.find("notes command"), std::string::npos) << out;
    ASSERT_TRUE(run(h, "load engine notes.so", &out)) << out;
    EXPECT_TRUE(run(h, "show notes 3", &out)) << out;
    EXPECT_EQ(out, "notes command 0: 3\n");
    h.is_running = true;
    EXPECT_TRUE(run(h, "show notes", &out)) << out;
    EXPECT_EQ(out, "notes command 0:\n");
    EXPECT_TRUE(h.fake_engines.command_runs.back().forwarding);
    EXPECT_FALSE(run(h, "notes clear", &out));
    h.is_running = false;
    EXPECT_TRUE(run(h, "notes clear", &out)) << out;
    // The engine's refusal fails the line.
    EXPECT_FALSE(run(h, "show notes bad", &out));
    EXPECT_EQ(out, "notes command 0: bad\n");
}

// A command file that loads a plugin and runs its command: the `load`
// row runs on while the table is rebuilt under it.
TEST_F(EngineRowsTest, CommandFileLoadsAPluginAndUsesIt) {
    h.files["f"] = {"load engine notes.so", "show notes 1", "notes clear"};
    std::string out;
    EXPECT_TRUE(run(h, "load f", &out)) << out;
    EXPECT_NE(out.find("notes command 0: 1\n"), std::string::npos) << out;
    EXPECT_NE(out.find("notes command 1:\n"), std::string::npos) << out;
}

TEST_F(EngineRowsTest, PortAndModeAreCheckedBeforeTheEngineSeesThem) {
    std::string out;
    ASSERT_TRUE(run(h, "load engine notes.so", &out)) << out;
    EXPECT_FALSE(run(h, "notes port 7 io", &out));
    EXPECT_NE(out.find("Invalid port 7"), std::string::npos) << out;
    EXPECT_FALSE(run(h, "notes port all nosuch", &out));
    EXPECT_NE(out.find("unknown mode 'nosuch'"), std::string::npos) << out;
    EXPECT_EQ(h.fake_engines.command_runs.size(), 0u);
    EXPECT_TRUE(run(h, "notes port 1 io", &out)) << out;
    EXPECT_EQ(out, "notes command 2: 1 io\n");
    EXPECT_TRUE(run(h, "notes port all macswap", &out)) << out;
    EXPECT_EQ(out, "notes command 2: all macswap\n");
}

TEST_F(EngineRowsTest, HelpedUnderTheEnginesName) {
    std::string out;
    EXPECT_TRUE(run(h, "help", &out));
    EXPECT_NE(out.find("    help macswap" + std::string(19, ' ') +
                       " : Commands of the macswap forwarding engine.\n    help all "),
              std::string::npos)
        << out;
    EXPECT_TRUE(run(h, "help macswap", &out));
    EXPECT_EQ(out, "\nmacswap engine:\n---------------\n\nmacswap calibrate\n    time again "
                   "(forwarding stopped)\n\n");
    EXPECT_TRUE(run(h, "help all", &out));
    EXPECT_NE(out.find("\nmacswap engine:\n"), std::string::npos) << out;
    EXPECT_FALSE(run(h, "help notes", &out));
    EXPECT_NE(out.find("(allowed: "), std::string::npos) << out;
    EXPECT_NE(out.find("macswap, all)"), std::string::npos) << out;
}

TEST_F(EngineRowsTest, CompletedAndDocumented) {
    EXPECT_EQ(complete_command(h, "macs"), std::vector<std::string>{"macswap"});
    EXPECT_EQ(complete_command(h, "macswap "), std::vector<std::string>{"calibrate"});
    const std::vector<CommandDoc> docs = command_docs(h.fake_engines);
    ASSERT_FALSE(docs.empty());
    EXPECT_EQ(docs.back().syntax, "macswap calibrate");
    EXPECT_EQ(docs.back().help, "time again");
    EXPECT_TRUE(docs.back().needs_stopped);
    EXPECT_NE(command_help(h).find("  macswap calibrate"), std::string::npos);
}

TEST(SyntaxClash, LinesBothRowsTake) {
    EXPECT_TRUE(clash("set notes colour <c>", "set <mode> <key> <value>"));
    EXPECT_TRUE(clash("show notes", "show notes"));
    EXPECT_TRUE(clash("show notes [<n>]", "show notes all"));
    EXPECT_TRUE(clash("notes on|off", "notes <state>"));
    EXPECT_TRUE(clash("notes 3", "notes all|<port>"));
    EXPECT_FALSE(clash("notes x", "notes all|<port>"));
    EXPECT_FALSE(clash("show notes", "show fwd <mode>"));
    EXPECT_FALSE(clash("notes on|off", "notes up|down"));
    EXPECT_FALSE(clash("notes a b", "notes a"));
}

// A row whose leading literal words run past where another row's literal
// words end takes that row's lines ("Bad arguments" instead of its run).
TEST(SyntaxClash, LeadingLiteralsThatShadowARow) {
    EXPECT_TRUE(clash("set macswap kernel", "set <mode> <key> <value>"));
    EXPECT_TRUE(clash("set <mode> <key> <value>", "set macswap kernel"));
    EXPECT_TRUE(clash("show notes port all|<port>", "show notes [<index>]"));
    EXPECT_FALSE(clash("show port info all|<port>", "show port <port> flow_ctrl"));
    EXPECT_FALSE(clash("notes port all|<port>", "show notes [<index>]"));
}

TEST(EngineRowsCheck, AcceptsRowsOfTheEnginesOwn) {
    EXPECT_EQ(check({}, {engine("notes", kNotes)}), "");
    EXPECT_EQ(
        check({engine("macswap", {{"macswap calibrate", "h", true}})}, {engine("notes", kNotes)}),
        "");
}

TEST(EngineRowsCheck, RefusesAClashWithTheRowItClashesWith) {
    EXPECT_EQ(check({}, {engine("notes", {{"set notes colour <c>", "h", false}})}),
              "engine 'notes' command 'set notes colour <c>' clashes with the shell's 'set <mode> "
              "<key> <value>' (a line could mean either; use words of the engine's own)");
    EXPECT_EQ(check({engine("a", {{"show a notes", "h", false}})},
                    {engine("notes", {{"show a notes", "h", false}})}),
              "engine 'notes' command 'show a notes' clashes with engine a's 'show a notes' (a "
              "line could mean either; use words of the engine's own)");
    // Two of the plugin's own rows.
    EXPECT_NE(check({}, {engine("notes", {{"show notes [<i>]", "h", false},
                                          {"show notes port", "h", false}})})
                  .find("'show notes port' clashes with engine notes's 'show notes [<i>]'"),
              std::string::npos);
}

TEST(EngineRowsCheck, RefusesWhatTheShellCannotRead) {
    auto one = [](const char *syntax) {
        return check({}, {engine("notes", {{syntax, "h", false}})});
    };
    const std::string allowed = " (allowed: word, <placeholder>, a|b, <port>, all|<port>, "
                                "<mode>, and [word] or [<placeholder>] last)";
    EXPECT_EQ(one("notes [a] b"),
              "engine 'notes' command 'notes [a] b' has an optional word '[a]' before its last" +
                  allowed);
    EXPECT_EQ(one("notes <a b>"), "engine 'notes' command 'notes <a b>' has a word '<a' the shell "
                                  "cannot read" +
                                      allowed);
    EXPECT_EQ(one("notes \"x\""), "engine 'notes' command 'notes \"x\"' has a word '\"x\"' the "
                                  "shell cannot read" +
                                      allowed);
    EXPECT_EQ(one("<x> notes"), "engine 'notes' command '<x> notes' begins with '<x>', not a "
                                "literal word (a command's first word is typed as written)");
    EXPECT_EQ(one("show <notes>"),
              "engine 'notes' command 'show <notes>' does not name the "
              "engine: 'notes' or one of its command words must be one of its literal words");
    EXPECT_EQ(one("notes a|b [c|d]"), "");
}

// csum's `tso set <n> <port>`: a listed command word names the engine, and a
// row that a shell row takes is still refused.
TEST(EngineRowsCheck, CommandWordsNameTheEngine) {
    EngineInfo e = engine("notes", {{"tso set <n> <port>", "h", false}});
    EXPECT_NE(check({}, {e}), "");
    e.command_words = {"tso"};
    EXPECT_EQ(check({}, {e}), "");
    e.commands = {{"show port <port> flow_ctrl tso", "h", false}};
    EXPECT_EQ(check({}, {e}), "");
    // `set <mode> <key> <value>` takes an engine's name; the row with more
    // literal words runs.
    e.commands = {{"set tso flush <n>", "h", false}};
    EXPECT_EQ(check({}, {e}), "");
    e.commands = {{"set notes tso <n>", "h", false}};
    EXPECT_NE(check({}, {e}).find("clashes with the shell's 'set <mode> <key> <value>'"),
              std::string::npos);
    e.commands = {{"tso go", "h", false}};
    EXPECT_NE(check({engine("other", {{"tso go", "h", false}})}, {e})
                  .find("clashes with engine other's 'tso go'"),
              std::string::npos);
}

TEST(EngineRowsCheck, RefusesAnEngineNamedLikeAHelpSection) {
    for (const char *name : {"config", "all"})
        EXPECT_EQ(check({}, {engine(name, {{std::string(name) + " x", "h", false}})}),
                  "engine '" + std::string(name) + "' cannot declare commands: `help " + name +
                      "` already names a help section (rename the engine)");
    EXPECT_EQ(check({}, {engine("config", {})}), "");
}

// A row that takes the rest of the line ("flow create <port> <rule>...")
// meets every longer line that begins as it does.
TEST(EngineRowClash, RestOfLineMeetsLongerLines) {
    EXPECT_TRUE(clash("flow create <port> <rule>...", "flow create <port> x y"));
    EXPECT_TRUE(clash("flow create <port> <rule>...", "flow create <port>"));
    EXPECT_TRUE(clash("flow <n> <rule>...", "flow create <rule>..."));
    EXPECT_FALSE(clash("flow create <port> <rule>...", "flow create"));
    EXPECT_FALSE(clash("flow create <port> <rule>...", "flow list <port> x"));
}
