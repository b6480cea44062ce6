// The shell's prompt: testpmd's under testpmd's names (DTS waits for
// "testpmd>"), or --prompt, else pmdfwd's own.
#include "options/options.h"
#include "options/prompt.h"
#include "support/status_matchers.h"

#include <gtest/gtest.h>

using namespace pmdfwd;
using pmdfwd::testing::value_or_error;

TEST(Prompt, ChosenByProgramName) {
    EXPECT_EQ(default_prompt("/build/app/dpdk-testpmd"), "testpmd> ");
    EXPECT_EQ(default_prompt("dpdk-testpmd"), "testpmd> ");
    EXPECT_EQ(default_prompt("./testpmd"), "testpmd> ");
    EXPECT_EQ(default_prompt("build/pmdfwd"), "pmdfwd> ");
    EXPECT_EQ(default_prompt("/opt/dpdk-testpmd-old"), "pmdfwd> ");
}

TEST(Prompt, FromOption) {
    std::string err;
    EXPECT_EQ(value_or_error(prompt_from_option("testpmd>"), &err), "testpmd> ");
    EXPECT_EQ(value_or_error(prompt_from_option("lab> "), &err), "lab> ");
    EXPECT_FALSE(value_or_error(prompt_from_option(""), &err));
    EXPECT_NE(err.find("allowed"), std::string::npos);
    EXPECT_FALSE(value_or_error(prompt_from_option(std::string(40, 'x')), &err));
    EXPECT_FALSE(value_or_error(prompt_from_option("a\033[2Jb"), &err));
    Config cfg;
    const Result<ParseResult> parsed =
        parse_options({"--prompt=testpmd>"}, cfg, registry_engines());
    ASSERT_TRUE(parsed.ok()) << parsed.message();
    EXPECT_EQ(*parsed, ParseResult::Ok);
    EXPECT_EQ(cfg.prompt, "testpmd> ");
    EXPECT_FALSE(parse_options({"--prompt="}, cfg, registry_engines()).ok());
}

TEST(Prompt, LogTagFollowsTheProgramName) {
    EXPECT_EQ(log_tag("build/app/dpdk-testpmd"), "testpmd");
    EXPECT_EQ(log_tag("testpmd"), "testpmd");
    EXPECT_EQ(log_tag("/usr/bin/pmdfwd"), "pmdfwd");
}
