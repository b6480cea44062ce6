// The C ABI calls (engine_api.cpp) against engines that misbehave within
// what the ABI lets them do, and EngineApi's checks and messages.
#include "engine_host/abi_calls.h"
#include "engine_host/engine_api.h"
#include "support/fake_engines.h"
#include "support/status_matchers.h"

#include <pmdfwd/engine_register.h>

#include <gtest/gtest.h>

#include <cstring>

using namespace pmdfwd;
using pmdfwd::testing::IsOk;

namespace {

uint16_t no_burst(pmdfwd_stream *, rte_mbuf **, uint16_t nb, uint16_t) {
    return nb;
}

// Every hook fills its whole buffer and leaves no terminator.
int fill_set(void *, const pmdfwd_param_value *, char *err, size_t len) {
    std::memset(err, 'e', len);
    return -1;
}
void fill_description(void *, char *buf, size_t len) {
    std::memset(buf, 'd', len);
}

// A refusal without a message.
int silent_refusal(void *, const pmdfwd_param_value *, char *, size_t) {
    return 1;
}

pmdfwd_engine engine_with(void (*describe)(void *, char *, size_t)) {
    pmdfwd_engine e = pmdfwd::engine_descriptor("test", nullptr, no_burst);
    e.describe = describe;
    return e;
}

pmdfwd_param row_with(int (*set)(void *, const pmdfwd_param_value *, char *, size_t)) {
    pmdfwd_param row{};
    row.key = "k";
    row.kind = PMDFWD_PARAM_STRING;
    row.set = set;
    return row;
}

const pmdfwd_engine *const *fill_entry(uint32_t, char *err, size_t len) {
    std::memset(err, 'p', len);
    return nullptr;
}

} // namespace

TEST(EngineAbi, BuffersFilledToTheEndAreCutAtTheirLastByte) {
    const pmdfwd_engine e = engine_with(fill_description);
    const pmdfwd_param_value v{"v", 0, 0, {}};
    EXPECT_EQ(call_param_set(e, row_with(fill_set), v).message(),
              std::string(PMDFWD_ERRMSG_LEN - 1, 'e'));
    const std::string text = call_describe(e);
    EXPECT_FALSE(text.empty());
    EXPECT_EQ(text, std::string(text.size(), 'd'));
    const Result<const pmdfwd_engine *const *> listed = call_plugin_entry(fill_entry);
    EXPECT_FALSE(listed.ok());
    EXPECT_EQ(listed.message(), std::string(PMDFWD_ERRMSG_LEN - 1, 'p'));
}

TEST(EngineAbi, RefusalWithoutMessageGetsOne) {
    const pmdfwd_engine e = engine_with(nullptr);
    const pmdfwd_param_value v{"v", 0, 0, {}};
    EXPECT_EQ(call_param_set(e, row_with(silent_refusal), v).message(), "refused by the engine");
}

TEST(EngineAbi, MissingDescribeGivesNothing) {
    EXPECT_EQ(call_describe(engine_with(nullptr)), "");
}

TEST(EngineApi, ChecksBeforeCallingTheEngine) {
    pmdfwd::testing::FakeEngines api;
    EXPECT_EQ(api.set_param("nosuch", "k", "v").message(),
              "unknown mode 'nosuch' (allowed: io, macswap)");
    EXPECT_EQ(api.set_param("io", "k", "v").message(), "engine io has no parameters");
    EXPECT_EQ(api.describe("io").message(), "engine io has no state to show");
    EXPECT_EQ(api.set_param_calls, 0);
    EXPECT_TRUE(IsOk(api.set_param("macswap", "kernel", "scalar")));
    const Result<std::string> text = api.describe("macswap");
    ASSERT_TRUE(IsOk(text));
    EXPECT_EQ(*text, "macswap kernel: scalar");
    EXPECT_EQ(api.param_help("nosuch"), "");
    EXPECT_EQ(api.names("|"), "io|macswap");
    EXPECT_TRUE(api.find("io").has_value());
    EXPECT_FALSE(api.find("i").has_value());
}
