// Issue 20 item 3: the options reach the engines they are handed, as the
// shell does (no engine is linked here: a fake's modes are the only ones).
#include "options/option_groups.h"
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

namespace {

EngineInfo with_alias(std::string engine, std::string key, std::string alias) {
    EngineInfo e{engine, "test", true, false};
    e.aliases.push_back({std::move(alias), key, "N", "a level", false});
    e.param_keys.push_back(std::move(key));
    return e;
}

EngineInfo with_params(std::string engine, std::vector<std::string> keys) {
    EngineInfo e{engine, "test", true, false};
    e.param_keys = std::move(keys);
    return e;
}

} // namespace

// Issue 37 item 1: a plugin's alias may take no option, no abbreviation that
// meant an option, and no other engine's --<engine>-<key>.
TEST(OptionsEngines, AliasesThatTakeOverAreRefused) {
    const std::vector<EngineInfo> registered = {with_alias("txonly", "ip", "tx-ip"),
                                                with_params("macswap", {"kernel"})};
    const auto refused = [&](const char *alias) {
        return opt::check_engine_options(registered, {with_alias("plug", "level", alias)})
            .message();
    };
    EXPECT_EQ(refused("tx-ip"),
              "engine 'plug' parameter 'level' alias 'tx-ip' is already the option --tx-ip (an "
              "alias must be no option's name, nor begin one or extend one, nor take an "
              "abbreviation or an engine's --<engine>-<key>)");
    const auto says = [&](const char *alias, const char *what) {
        EXPECT_NE(refused(alias).find(what), std::string::npos) << refused(alias);
    };
    says("nb-coresx", "alias 'nb-coresx' extends the option --nb-cores (its abbreviations, "
                      "--nb-core, would be ambiguous)");
    says("nb-core", "alias 'nb-core' abbreviates the option --nb-cores (--nb-core would no "
                    "longer mean it)");
    says("macswap-kernel", "alias 'macswap-kernel' would take --macswap-kernel, engine 'macswap' "
                           "parameter 'kernel'");
    // pmdfwd's own --engine-plugin yields its abbreviations to testpmd's
    // spellings: they would be the alias's.
    says("engine-plugx", "alias 'engine-plugx' would make --engine-plug (--engine-plugin) mean "
                         "--engine-plugx");
    // A short shared prefix (--l, --latencystats) is not a takeover.
    EXPECT_TRUE(refused("level").empty()) << refused("level");
    EXPECT_TRUE(refused("plug-level").empty()) << refused("plug-level");
    // Two aliases of one plugin clash as any two do.
    EngineInfo twice = with_alias("plug", "level", "plug-one");
    twice.aliases.push_back({"plug-one", "level", "N", "again", false});
    EXPECT_NE(opt::check_engine_options(registered, {twice})
                  .message()
                  .find("is already the "
                        "option --plug-one"),
              std::string::npos);
    // A new engine's own --<engine>-<key> that an option would take.
    EXPECT_NE(opt::check_engine_options(registered, {with_params("nb", {"core"})})
                  .message()
                  .find("engine 'nb' parameter 'core': --nb-core would be the option --nb-cores"),
              std::string::npos);
}

// Issue 37 item 5: the plugins main() loads are those the parser reads.
TEST(OptionsEngines, EnginePluginPathsReadAsTheParserReads) {
    FakeEngines engines;
    EXPECT_EQ(
        engine_plugin_paths({"--engine-plug=a.so", "--engine-p", "b.so", "--engine-plugin=c.so",
                             "--cmdline-file", "--engine-plugin=d", "--engine-plugin"},
                            engines),
        (std::vector<std::string>{"a.so", "b.so", "c.so"}));
}
