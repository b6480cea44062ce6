#include "engine_host/engine_registry.h"
#include "options/option_groups.h"
#include "support/status_matchers.h"

#include <pmdfwd/engine_register.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

using namespace pmdfwd;
using pmdfwd::testing::IsOk;

namespace {
uint16_t pass(pmdfwd_stream *, rte_mbuf **, uint16_t nb, uint16_t) {
    return nb;
}

pmdfwd_engine make(const char *name, uint32_t abi = PMDFWD_ENGINE_ABI_VERSION) {
    pmdfwd_engine e = pmdfwd::engine_descriptor(name, "test", pass);
    e.abi_version = abi; // another version's descriptor, where a test asks for one
    return e;
}
} // namespace

TEST(Registry, BuiltInEnginesArePresent) {
    for (const char *name : {"io", "macswap"}) {
        const pmdfwd_engine *e = EngineRegistry::instance().find(name);
        ASSERT_NE(e, nullptr) << name;
        EXPECT_NE(e->burst, nullptr);
        EXPECT_EQ(EngineRegistry::instance().origin(name), "built-in");
    }
}

TEST(Registry, ListIsSorted) {
    auto all = EngineRegistry::instance().all();
    for (size_t i = 1; i < all.size(); i++)
        EXPECT_LT(std::string(all[i - 1]->name), all[i]->name);
}

// One ABI version loads: every other, older or newer, is refused naming
// both, before any field past abi_version is read (another version's
// descriptor may end there, or hold something else at name's place).
TEST(Registry, RefusesEveryOtherAbiVersion) {
    EngineRegistry r;
    for (uint32_t v :
         {0u, 1u, PMDFWD_ENGINE_ABI_VERSION - 1, PMDFWD_ENGINE_ABI_VERSION + 1, UINT32_MAX}) {
        pmdfwd_engine e{};
        e.abi_version = v;
        e.name = reinterpret_cast<const char *>(uintptr_t{1});
        EXPECT_EQ(r.add(&e, "test").message(),
                  "engine descriptor was built for pmdfwd engine ABI " + std::to_string(v) +
                      "; this pmdfwd speaks ABI " + std::to_string(PMDFWD_ENGINE_ABI_VERSION) +
                      " (rebuild it against this pmdfwd's <pmdfwd/engine.h>)");
    }
    EXPECT_EQ(r.names(), "");
    pmdfwd_engine current = make("current");
    EXPECT_TRUE(IsOk(r.add(&current, "test")));
    EXPECT_TRUE(IsOk(check_abi_version(current, "x")));
}

TEST(Registry, RefusesNameClashAndBadNames) {
    EngineRegistry r;
    pmdfwd_engine a = make("dup"), b = make("dup"), bad = make("Bad Name"), empty = make("");
    EXPECT_TRUE(IsOk(r.add(&a, "first")));
    EXPECT_NE(r.add(&b, "second").message().find("already taken by first"), std::string::npos);
    EXPECT_NE(r.add(&bad, "x").message().find("not allowed"), std::string::npos);
    EXPECT_NE(r.add(&empty, "x").message().find("not allowed"), std::string::npos);
    pmdfwd_engine noburst = make("noburst");
    noburst.burst = nullptr;
    EXPECT_NE(r.add(&noburst, "x").message().find("no burst function"), std::string::npos);
    EXPECT_EQ(r.names(), "dup");
}

TEST(Registry, PluginLoadFailuresAreClear) {
    EXPECT_NE(load_engine_plugin("/nonexistent/plugin.so").message().find("cannot load plugin"),
              std::string::npos);
    // A shared object that is not a plugin.
    const Status loaded = load_engine_plugin("libm.so.6");
    EXPECT_NE(loaded.message().find("not a pmdfwd engine plugin"), std::string::npos)
        << loaded.message();
}

// Issue 37 item 10: a flag bit this host does not know is refused, as an
// unknown command-row flag is, naming the bits.
TEST(Registry, RefusesUnknownEngineFlags) {
    EngineRegistry r;
    pmdfwd_engine e = make("flagged");
    e.flags = PMDFWD_ENGINE_F_NO_RX | (1u << 9) | (1u << 31);
    const Status added = r.add(&e, "test");
    EXPECT_NE(added.message().find("engine 'flagged' has unknown flags 0x80000200 (allowed: "),
              std::string::npos)
        << added.message();
    EXPECT_EQ(r.find("flagged"), nullptr);
    e.flags = PMDFWD_ENGINE_F_NO_RX | PMDFWD_ENGINE_F_REPLIES | PMDFWD_ENGINE_F_DEFAULT;
    EXPECT_TRUE(IsOk(r.add(&e, "test")));
}

// Issue 37 item 12b: ctx_init runs only on a context, so one without
// ctx_size would never run and the hooks would get NULL.
TEST(Registry, RefusesCtxInitWithoutContextSize) {
    EngineRegistry r;
    pmdfwd_engine e = make("noctx");
    e.ctx_init = [](void *ctx) { *static_cast<int *>(ctx) = 1; };
    const Status added = r.add(&e, "test");
    EXPECT_NE(added.message().find(
                  "engine 'noctx' has ctx_init but ctx_size 0 (ctx_init needs a ctx_size > 0)"),
              std::string::npos)
        << added.message();
    EXPECT_EQ(r.find("noctx"), nullptr);
    e.ctx_size = sizeof(int);
    EXPECT_TRUE(IsOk(r.add(&e, "test")));
}

// Issue 37 item 1: the built-in engines' aliases (txonly, flowgen) pass the
// rule a plugin's must.
TEST(Registry, BuiltInAliasesPassTheOptionCheck) {
    const Status checked = opt::check_engine_options({}, registry_engines().list());
    EXPECT_TRUE(IsOk(checked)) << checked.message();
}
