// A GoogleTest global environment that initialises EAL once per test
// program, the way every in-process integration test here needs it:
// no hugepages, no PCI probing (never touch the machine's own NIC), no
// shared config and a per-process --file-prefix so that test programs running
// in parallel do not collide on /var/run/dpdk (--in-memory would say the
// same, but DPDK 22.11 refuses it with --no-huge: "Option --legacy-mem is
// not compatible with --in-memory"), and any --vdev the suite asks for.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace pmdfwd::testing {

class EalEnvironment : public ::testing::Environment {
  public:
    // extra_args: more EAL arguments (e.g. {"--vdev=net_ring0"}).
    explicit EalEnvironment(std::vector<std::string> extra_args = {});
    void SetUp() override;
    void TearDown() override;

  private:
    std::vector<std::string> args_;
};

// Registers an EalEnvironment; call from main() or a static initialiser.
::testing::Environment *add_eal_environment(std::vector<std::string> extra_args = {});

} // namespace pmdfwd::testing
