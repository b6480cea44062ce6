// The engine guide's in-tree example (doc/engine-authoring.md, the sink
// engine), compiled from the guide as an engine (engine_dep only) and linked
// whole: it registers, and its burst consumes what it is given.
#include "engine_host/engine_api.h"
#include "engine_host/engine_registry.h"

#include <gtest/gtest.h>

TEST(EngineGuide, SinkExampleRegisters) {
    const pmdfwd_engine *e = pmdfwd::EngineRegistry::instance().find("sink");
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(pmdfwd::EngineRegistry::instance().origin("sink"), "built-in");
    EXPECT_EQ(e->flags, 0u);
    EXPECT_EQ(e->params, nullptr);
    const auto info = pmdfwd::registry_engines().find("sink");
    ASSERT_TRUE(info.has_value());
    EXPECT_FALSE(info->summary.empty());
    pmdfwd_stream s{};
    EXPECT_EQ(e->burst(&s, nullptr, 0, 32), 0);
    EXPECT_EQ(s.engine_consumed, 0u);
}
