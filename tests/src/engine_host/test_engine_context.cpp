// The engine's context: one block per engine, allocated once, zeroed and
// aligned, filled by ctx_init, and the same block handed to parameter sets,
// describe, port hooks and commands. No engine linked: the descriptors are
// here.
#include "engine_host/abi_calls.h"
#include "engine_host/engine_context.h"
#include "engine_host/engine_params.h"
#include "engine_host/engine_registry.h"
#include "support/status_matchers.h"

#include <pmdfwd/engine_register.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <iterator>
#include <string>

using namespace pmdfwd;
using pmdfwd::testing::IsOk;

namespace {

uint16_t no_burst(pmdfwd_stream *, rte_mbuf **, uint16_t nb, uint16_t) {
    return nb;
}

struct Counter {
    int64_t level;
    int inits;
    int begun;
    void *seen_by_command;
};

void init_counter(void *ctx) {
    auto *c = static_cast<Counter *>(ctx);
    c->level = 7;
    c->inits++;
}

int set_level(void *ctx, const pmdfwd_param_value *v, char *, size_t) {
    static_cast<Counter *>(ctx)->level = v->i;
    return 0;
}

void describe_level(void *ctx, char *buf, size_t len) {
    std::snprintf(buf, len, "level %lld",
                  static_cast<long long>(static_cast<Counter *>(ctx)->level));
}

int begin_port(void *ctx, uint16_t) {
    static_cast<Counter *>(ctx)->begun++;
    return 0;
}

int note_ctx(const pmdfwd_command_ctx *ctx, uint32_t, const char *const *) {
    static_cast<Counter *>(ctx->engine_ctx)->seen_by_command = ctx->engine_ctx;
    return 0;
}

constexpr pmdfwd_param kLevel[] = {
    Param("level", PMDFWD_PARAM_INT, "how high", set_level).range(0, 99).alias("lvl"),
};
constexpr pmdfwd_command kShow[] = {
    {.syntax = "show ctxeng level", .help = "the level", .run = note_ctx, .flags = 0},
};

pmdfwd_engine ctx_engine() {
    pmdfwd_engine e = engine_descriptor("ctxeng", "has a context", no_burst);
    e.params = kLevel;
    e.nb_params = std::size(kLevel);
    e.commands = kShow;
    e.nb_commands = std::size(kShow);
    e.describe = describe_level;
    e.port_begin = begin_port;
    e.ctx_size = sizeof(Counter);
    e.ctx_init = init_counter;
    return e;
}

TEST(EngineContext, OneBlockReachesEveryHook) {
    static const pmdfwd_engine e = ctx_engine();
    auto *c = static_cast<Counter *>(engine_context(e));
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(c) % 64, 0u);
    EXPECT_EQ(engine_context(e), c) << "allocated once";
    EXPECT_EQ(c->inits, 1);
    EXPECT_EQ(c->level, 7) << "ctx_init ran";
    EXPECT_EQ(c->begun, 0) << "the rest zeroed";
    ASSERT_TRUE(IsOk(set_engine_param(e, "level", "42")));
    EXPECT_EQ(c->level, 42);
    EXPECT_EQ(call_describe(e), "level 42");
    EXPECT_EQ(call_port_begin(e, 3), 0);
    EXPECT_EQ(c->begun, 1);
    std::string out;
    EXPECT_TRUE(call_command(e, kShow[0], {}, false, nullptr, &out));
    EXPECT_EQ(c->seen_by_command, c);
}

TEST(EngineContext, NoneWithoutASize) {
    pmdfwd_engine e = engine_descriptor("noctx", "none", no_burst);
    EXPECT_EQ(engine_context(e), nullptr);
}

TEST(EngineContext, AliasIsListed) {
    const pmdfwd_engine e = ctx_engine();
    const std::vector<EngineAlias> aliases = engine_aliases(e);
    ASSERT_EQ(aliases.size(), 1u);
    EXPECT_EQ(aliases[0], (EngineAlias{"lvl", "level", "N", "how high", false}));
    pmdfwd_param bad[] = {kLevel[0]};
    bad[0].alias = "Not Allowed";
    pmdfwd_engine b = ctx_engine();
    b.params = bad;
    EngineRegistry r;
    EXPECT_EQ(r.add(&b, "test").message(),
              "engine 'ctxeng' parameter 'level' has an alias 'Not Allowed' that is not allowed "
              "(1..32 characters of a-z, 0-9, '-')");
}

TEST(EngineContext, TooLargeIsRefused) {
    pmdfwd_engine e = ctx_engine();
    e.ctx_size = size_t{1} << 30;
    EngineRegistry r;
    EXPECT_EQ(r.add(&e, "test").message(),
              "engine 'ctxeng' declares a context of 1073741824 bytes (allowed: 0..16777216)");
}

} // namespace
