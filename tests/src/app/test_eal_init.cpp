// pmdfwd's EAL failure status is 1 on every DPDK: also when EAL calls exit()
// itself on a bad option (DPDK 25.11's argument parser exits with -EINVAL,
// status 234). Death tests: each case runs in a child process.
#include "app/eal_init.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdlib>
#include <string>
#include <unistd.h>
#include <vector>

using pmdfwd::EalExitGuard;
using pmdfwd::kEalFailureStatus;

TEST(EalExitGuardDeathTest, NegativeExitBecomesStatusOneWithTheReason) {
    EXPECT_EXIT(
        {
            EalExitGuard guard;
            std::exit(-EINVAL); // what DPDK 25.11's rte_argparse does
        },
        ::testing::ExitedWithCode(kEalFailureStatus),
        "pmdfwd: EAL initialisation failed: Invalid argument");
}

TEST(EalExitGuardDeathTest, PositiveExitBecomesStatusOne) {
    EXPECT_EXIT(
        {
            EalExitGuard guard;
            std::exit(7);
        },
        ::testing::ExitedWithCode(kEalFailureStatus), "EAL exited with status 7");
}

TEST(EalExitGuardDeathTest, EalHelpStillExitsZero) {
    EXPECT_EXIT(
        {
            EalExitGuard guard;
            std::exit(0);
        },
        ::testing::ExitedWithCode(0), "");
}

TEST(EalExitGuardDeathTest, NothingChangesOnceTheGuardIsGone) {
    EXPECT_EXIT(
        {
            { EalExitGuard guard; }
            std::exit(3);
        },
        ::testing::ExitedWithCode(3), "");
}

// The real EAL of this build, as main() calls it: a bad EAL option ends in
// status 1 whether this DPDK returns an error (22.11, 24.11) or exits (25.11).
TEST(EalInitDeathTest, BadEalOptionIsStatusOneOnEveryDpdk) {
    const std::string prefix = "pmdfwd-test-eal-init-" + std::to_string(getpid());
    std::vector<std::string> args = {
        "pmdfwd",        "--no-pci", "--no-huge",         "-m", "64", "--no-shconf",
        "--file-prefix", prefix,     "--no-such-eal-flag"};
    EXPECT_EXIT(
        {
            std::vector<char *> argv;
            for (std::string &a : args)
                argv.push_back(a.data());
            argv.push_back(nullptr);
            if (pmdfwd::init_eal(static_cast<int>(args.size()), argv.data()) < 0)
                std::exit(kEalFailureStatus);
            std::exit(0);
        },
        ::testing::ExitedWithCode(kEalFailureStatus), "pmdfwd: EAL initialisation failed");
}
