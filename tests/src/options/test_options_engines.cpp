// Issue 20 item 3: the options reach the engines they are handed, as the
// shell does (no engine is linked here: a fake's modes are the only ones).
#include "options/options.h"
#include "support/fake_engines.h"
#include "support/parsed_options.h"

#include <gtest/gtest.h>

using namespace pmdfwd;
using pmdfwd::testing::FakeEngines;
using pmdfwd::testing::parse;
using pmdfwd::testing::Parsed;

TEST(OptionsEngines, ForwardModeIsOneOfTheEnginesHandedIn) {
    FakeEngines engines;
    Config cfg;
    std::string err;
    EXPECT_EQ(parse({"--forward-mode=extra"}, cfg, err, engines), Parsed::Error);
    EXPECT_EQ(err, "forward-mode: unknown mode 'extra' (allowed: io, macswap); an engine built "
                   "as a plugin needs --engine-plugin=PATH");
    ASSERT_TRUE(engines.load("extra.so").ok());
    Config loaded;
    ASSERT_EQ(parse({"--forward-mode=extra"}, loaded, err, engines), Parsed::Ok) << err;
    EXPECT_EQ(loaded.forward_mode, "extra");
}

TEST(OptionsEngines, ParametersAndUsageGoToTheEnginesHandedIn) {
    FakeEngines engines;
    Config cfg;
    std::string err;
    ASSERT_EQ(parse({"--macswap-kernel=scalar"}, cfg, err, engines), Parsed::Ok) << err;
    const Status applied = apply_engine_params(cfg, engines);
    ASSERT_TRUE(applied.ok()) << applied.message();
    EXPECT_EQ(engines.kernel, "scalar");
    EXPECT_EQ(engines.set_param_calls, 1);
    const std::string u = usage("pmdfwd", engines);
    EXPECT_NE(u.find("  macswap         swap MAC addresses\n"), std::string::npos) << u;
    EXPECT_NE(u.find("  --macswap-kernel=NAME  SIMD kernel (NAME: auto|scalar)\n"),
              std::string::npos)
        << u;
}
