#include "eal_env.h"

#include <rte_eal.h>
#include <rte_errno.h>

#include <unistd.h>

namespace pmdfwd::testing {

EalEnvironment::EalEnvironment(std::vector<std::string> extra_args) {
    args_ = {"pmdfwd-test", "--no-huge", "-m", "512", "--no-pci", "--no-shconf",
             "--log-level=lib.eal:error", "--file-prefix=pmdfwd-test-" + std::to_string(getpid())};
    args_.insert(args_.end(), extra_args.begin(), extra_args.end());
}

void EalEnvironment::SetUp() {
    std::vector<char *> argv;
    for (std::string &a : args_) argv.push_back(a.data());
    int rc = rte_eal_init(static_cast<int>(argv.size()), argv.data());
    ASSERT_GE(rc, 0) << "rte_eal_init failed: " << rte_strerror(rte_errno);
}

void EalEnvironment::TearDown() { rte_eal_cleanup(); }

::testing::Environment *add_eal_environment(std::vector<std::string> extra_args) {
    return ::testing::AddGlobalTestEnvironment(new EalEnvironment(std::move(extra_args)));
}

} // namespace pmdfwd::testing
