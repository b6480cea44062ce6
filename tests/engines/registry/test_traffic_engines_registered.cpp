// The four traffic engines register themselves from their folders: each is
// found by name with the flags the host relies on (only txonly skips RX).
#include "engine_host/engine_registry.h"

#include <gtest/gtest.h>

namespace {

TEST(TrafficEngines, AreRegisteredByName) {
    const pmdfwd::EngineRegistry &reg = pmdfwd::EngineRegistry::instance();
    for (const char *name : {"txonly", "rxonly", "flowgen", "mac"}) {
        const pmdfwd_engine *e = reg.find(name);
        ASSERT_NE(e, nullptr) << name << " is not registered (have: " << reg.names() << ")";
        EXPECT_STREQ(e->name, name);
        EXPECT_EQ(e->abi_version, PMDFWD_ENGINE_ABI_VERSION);
        EXPECT_NE(e->summary, nullptr);
        EXPECT_EQ(reg.origin(name), "built-in");
        EXPECT_EQ((e->flags & PMDFWD_ENGINE_F_NO_RX) != 0, std::string(name) == "txonly") << name;
    }
}

TEST(TrafficEngines, GeneratorsHaveStreamState) {
    const pmdfwd::EngineRegistry &reg = pmdfwd::EngineRegistry::instance();
    for (const char *name : {"txonly", "flowgen"}) {
        ASSERT_NE(reg.find(name), nullptr);
        EXPECT_NE(reg.find(name)->stream_init, nullptr) << name;
        EXPECT_NE(reg.find(name)->stream_fini, nullptr) << name;
    }
}

} // namespace
