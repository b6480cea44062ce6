// EAL initialisation with pmdfwd's exit statuses, whatever the DPDK version.
#pragma once

namespace pmdfwd {

// rte_eal_init(argc, argv): what it returns (the arguments it consumed), or
// -1 after a "pmdfwd: EAL initialisation failed: ..." message. Since DPDK
// 25.11, EAL's argument parser calls exit(-EINVAL) itself on a bad option
// (status 234); while EAL initialises, such an exit is turned into the same
// message and status 1 (EalExitGuard), so pmdfwd's statuses do not depend on
// the DPDK it was built on. EAL's own --help still exits 0.
int init_eal(int argc, char **argv);

// While one lives, a non-zero exit() of the process prints the EAL failure
// message and ends it with status 1 instead. A zero exit is left alone.
class EalExitGuard {
  public:
    EalExitGuard();
    ~EalExitGuard();
    EalExitGuard(const EalExitGuard &) = delete;
    EalExitGuard &operator=(const EalExitGuard &) = delete;
};

// The exit status of every EAL initialisation failure.
inline constexpr int kEalFailureStatus = 1;

} // namespace pmdfwd
