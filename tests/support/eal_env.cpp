#include "eal_env.h"

#include <rte_eal.h>
#include <rte_errno.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace pmdfwd::testing {

EalEnvironment::EalEnvironment(std::vector<std::string> extra_args) {
    // --no-huge excludes --in-memory; the per-process file prefix keeps
    // test programs that meson runs in parallel apart.
    args_ = {"pmdfwd-test",
             "--no-huge",
             "-m",
             "512",
             "--no-pci",
             "--log-level=lib.eal:error",
             "--file-prefix=pmdfwd-test-" + std::to_string(getpid())};
    args_.insert(args_.end(), extra_args.begin(), extra_args.end());
}

void EalEnvironment::SetUp() {
    std::vector<char *> argv;
    for (std::string &a : args_)
        argv.push_back(a.data());
    if (rte_eal_init(static_cast<int>(argv.size()), argv.data()) < 0) {
        // A failed environment would only skip the tests; make it a failure.
        std::fprintf(stderr, "rte_eal_init failed: %s\n", rte_strerror(rte_errno));
        std::exit(1);
    }
}

void EalEnvironment::TearDown() {
    rte_eal_cleanup();
}

::testing::Environment *add_eal_environment(std::vector<std::string> extra_args) {
    return ::testing::AddGlobalTestEnvironment(new EalEnvironment(std::move(extra_args)));
}

} // namespace pmdfwd::testing
