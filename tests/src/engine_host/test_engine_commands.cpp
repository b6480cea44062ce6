// The host's side of engine command tables (engine_commands.h, abi_calls.h):
// rows the registry must refuse, a row's run called with the words and a
// sink, its answer cut when it writes without end, and the shell's check
// asked before a plugin's engines register. No engine and no shell linked: the rows and
// the check are here.
#include "engine_host/abi_calls.h"
#include "engine_host/engine_api.h"
#include "engine_host/engine_commands.h"
#include "engine_host/engine_registry.h"
#include "support/status_matchers.h"

#include <pmdfwd/engine_register.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>
#include <vector>

using namespace pmdfwd;
using pmdfwd::testing::IsOk;

namespace {

uint16_t no_burst(pmdfwd_stream *, rte_mbuf **, uint16_t nb, uint16_t) {
    return nb;
}

// What the last run received.
std::vector<std::string> g_argv;
bool g_argv_terminated = false;
uint32_t g_forwarding = 0;
const pmdfwd_engine *g_engine = nullptr;

int echo(const pmdfwd_command_ctx *ctx, uint32_t argc, const char *const *argv) {
    g_argv.assign(argv, argv + argc);
    g_argv_terminated = argv[argc] == nullptr;
    g_forwarding = ctx->forwarding;
    g_engine = ctx->engine;
    ctx->write(ctx->sink, "got");
    for (uint32_t i = 0; i < argc; i++) {
        ctx->write(ctx->sink, " ");
        ctx->write(ctx->sink, argv[i]);
    }
    ctx->write(ctx->sink, nullptr); // ignored
    return 0;
}
int refuse_silently(const pmdfwd_command_ctx *, uint32_t, const char *const *) {
    return 1;
}
int refuse(const pmdfwd_command_ctx *ctx, uint32_t, const char *const *) {
    ctx->write(ctx->sink, "no such thing (allowed: this)\n");
    return -1;
}
// Writes past any sane answer.
int flood(const pmdfwd_command_ctx *ctx, uint32_t, const char *const *) {
    static const std::string block(64 * 1024, 'x');
    for (int i = 0; i < 40; i++)
        ctx->write(ctx->sink, block.c_str());
    return 0;
}

pmdfwd_command rows[] = {
    {.syntax = "show cmds <a> [<b>]", .help = "echo", .run = echo, .flags = 0},
    {.syntax = "cmds quiet", .help = "refuses", .run = refuse_silently, .flags = 0},
    {.syntax = "cmds loud", .help = "refuses", .run = refuse, .flags = PMDFWD_COMMAND_F_STOPPED},
    {.syntax = "cmds flood", .help = "writes too much", .run = flood, .flags = 0},
};

pmdfwd_engine cmd_engine(const pmdfwd_command *c = rows, uint32_t n = std::size(rows)) {
    pmdfwd_engine e = pmdfwd::engine_descriptor("cmds", nullptr, no_burst);
    e.commands = c;
    e.nb_commands = n;
    return e;
}

Status refused(pmdfwd_command row) {
    pmdfwd_command one[] = {row};
    pmdfwd_engine e = cmd_engine(one, 1);
    EngineRegistry r;
    return r.add(&e, "test");
}

} // namespace

TEST(EngineCommands, ListedAsDeclared) {
    const pmdfwd_engine e = cmd_engine();
    const std::vector<EngineCommand> cmds = engine_commands(e);
    ASSERT_EQ(cmds.size(), 4u);
    EXPECT_EQ(cmds[0], (EngineCommand{"show cmds <a> [<b>]", "echo", false}));
    EXPECT_EQ(cmds[2], (EngineCommand{"cmds loud", "refuses", true}));
    EXPECT_EQ(engine_listing(e).commands, cmds);
}

TEST(EngineCommands, RunGetsTheWordsTheEngineAndASink) {
    const pmdfwd_engine e = cmd_engine();
    std::string out = "before\n";
    EXPECT_TRUE(run_engine_command(e, 0, {"x", "y z"}, true, nullptr, &out));
    EXPECT_EQ(g_argv, (std::vector<std::string>{"x", "y z"}));
    EXPECT_TRUE(g_argv_terminated);
    EXPECT_EQ(g_forwarding, 1u);
    EXPECT_EQ(g_engine, &e);
    // Appended, with the newline the engine left out.
    EXPECT_EQ(out, "before\ngot x y z\n");
    out.clear();
    EXPECT_TRUE(run_engine_command(e, 0, {"x"}, false, nullptr, &out));
    EXPECT_EQ(g_forwarding, 0u);
    EXPECT_EQ(out, "got x\n");
}

TEST(EngineCommands, RefusalKeepsTheEnginesWordsOrGetsSome) {
    const pmdfwd_engine e = cmd_engine();
    std::string out;
    EXPECT_FALSE(run_engine_command(e, 2, {}, false, nullptr, &out));
    EXPECT_EQ(out, "no such thing (allowed: this)\n");
    out.clear();
    EXPECT_FALSE(run_engine_command(e, 1, {}, false, nullptr, &out));
    EXPECT_EQ(out, "cmds: 'cmds quiet' refused\n");
    out.clear();
    EXPECT_FALSE(run_engine_command(e, 4, {}, false, nullptr, &out));
    EXPECT_EQ(out, "engine cmds has no command 4\n");
}

TEST(EngineCommands, EndlessAnswerIsCutAndSaysSo) {
    const pmdfwd_engine e = cmd_engine();
    std::string out;
    EXPECT_TRUE(run_engine_command(e, 3, {}, false, nullptr, &out));
    const std::string note = "\n(cmds's answer was cut at 1048576 bytes)\n";
    ASSERT_EQ(out.size(), kCommandOutputMax + note.size());
    EXPECT_EQ(out.substr(0, kCommandOutputMax), std::string(kCommandOutputMax, 'x'));
    EXPECT_EQ(out.substr(kCommandOutputMax), note);
}

TEST(EngineCommands, RegistryRefusesBrokenRows) {
    const pmdfwd_command ok = {.syntax = "cmds go", .help = "h", .run = echo, .flags = 0};
    EXPECT_TRUE(IsOk(refused(ok)));
    pmdfwd_command r = ok;
    r.run = nullptr;
    EXPECT_EQ(refused(r).message(), "engine 'cmds' command 'cmds go' has no run function");
    r = ok, r.help = nullptr;
    EXPECT_EQ(refused(r).message(), "engine 'cmds' command 'cmds go' has no one-line help");
    r = ok, r.help = "two\nlines";
    EXPECT_EQ(refused(r).message(), "engine 'cmds' command 'cmds go' has no one-line help");
    r = ok, r.flags = 6;
    EXPECT_EQ(refused(r).message(),
              "engine 'cmds' command 'cmds go' has unknown flags 0x6 (allowed: "
              "PMDFWD_COMMAND_F_STOPPED)");
    r = ok, r.syntax = "show go";
    EXPECT_EQ(refused(r).message(),
              "engine 'cmds' command 'show go' does not name the engine: 'cmds' or one of "
              "its command_words must be one of its words (e.g. show cmds ...)");
    r = ok, r.syntax = "cmds  go";
    EXPECT_EQ(refused(r).message(), "engine 'cmds' command 'cmds  go' has an empty word (words are "
                                    "separated by single spaces)");
    for (const char *bad : {static_cast<const char *>(nullptr), "", "cmds\tgo"}) {
        r = ok, r.syntax = bad;
        EXPECT_EQ(refused(r).message(),
                  "engine 'cmds' declares a command without a syntax of 1..200 "
                  "printable characters");
    }
    pmdfwd_engine e = cmd_engine(nullptr, 2);
    EngineRegistry reg;
    EXPECT_EQ(reg.add(&e, "test").message(), "engine 'cmds' declares 2 commands and no table");
}

// A testpmd command that configures an engine without naming it (csum's
// `tso set`): the engine lists the word, and only a listed word will do.
TEST(EngineCommands, CommandWordsNameTheEngineToo) {
    pmdfwd_command rows[] = {{.syntax = "tso set <n>", .help = "h", .run = echo, .flags = 0}};
    constexpr const char *words[] = {"tso", nullptr};
    pmdfwd_engine e = cmd_engine(rows, 1);
    e.command_words = words;
    EngineRegistry reg;
    EXPECT_TRUE(IsOk(reg.add(&e, "test")));
    rows[0].syntax = "gso set <n>";
    pmdfwd_engine other = cmd_engine(rows, 1);
    other.name = "cmds2";
    other.command_words = words;
    EXPECT_NE(reg.add(&other, "test").message().find("does not name the engine"),
              std::string::npos);
    constexpr const char *bad[] = {"Tso word", nullptr};
    pmdfwd_engine third = cmd_engine(rows, 1);
    third.name = "cmds3";
    third.command_words = bad;
    EXPECT_EQ(reg.add(&third, "test").message(),
              "engine 'cmds3' lists a command word that is not 1..32 of a-z, 0-9, '-', '_'");
}

namespace {
std::vector<EngineInfo> g_registered, g_adding;
Status refuse_all(const std::vector<EngineInfo> &registered,
                  const std::vector<EngineInfo> &adding) {
    g_registered = registered;
    g_adding = adding;
    return Error("clashes with everything");
}
} // namespace

// The registry asks the shell's check about the engines it is about to add,
// with those already registered, and passes on its refusal.
TEST(EngineCommands, RegistryAsksTheShellsCheck) {
    const EngineCheckFn before = engine_check(EngineCheck::Commands);
    set_engine_check(EngineCheck::Commands, nullptr);
    const pmdfwd_engine e = cmd_engine();
    EXPECT_TRUE(check_new_engines({&e}).ok());
    set_engine_check(EngineCheck::Commands, refuse_all);
    EXPECT_EQ(check_new_engines({&e}).message(), "clashes with everything");
    ASSERT_EQ(g_adding.size(), 1u);
    EXPECT_EQ(g_adding[0].name, "cmds");
    EXPECT_EQ(g_adding[0].commands.size(), 4u);
    EXPECT_EQ(g_registered.size(), EngineRegistry::instance().all().size());
    set_engine_check(EngineCheck::Commands, before);
}
