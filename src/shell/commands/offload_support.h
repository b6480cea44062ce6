// testpmd 23.11 on refuses to set (or clear) an offload the port does not
// report for the port, or per queue for a queue: "Error: port N doesn't
// support offload: NAME." (per queue: "... doesn't support per queue
// offload: NAME."), NAME as typed. 22.11 leaves it to the port's next start.
#pragma once

#include "shell/command_spec.h"

#include <rte_version.h>

#include <cstdint>
#include <string>

namespace pmdfwd::shell {

inline constexpr bool kRefusesUnreportedOffloads = RTE_VERSION >= RTE_VERSION_NUM(23, 11, 0, 0);

// testpmd 23.11 on: the offload word "all" for every offload the port (or
// queue) reports, and "port config all rx_offload|tx_offload X on|off".
inline constexpr bool kAllOffloads = RTE_VERSION >= RTE_VERSION_NUM(23, 11, 0, 0);

inline bool all_offloads(const std::string &name) {
    return kAllOffloads && name == "all";
}

// False, after testpmd's message, where this DPDK's testpmd refuses it.
inline bool offload_reported(Ctx &c, uint16_t port, uint64_t offload, uint64_t capa, bool per_queue,
                             const std::string &name) {
    if (!kRefusesUnreportedOffloads || (offload & capa) != 0) return true;
    return fail(c, "Error: port " + std::to_string(port) + " doesn't support " +
                       (per_queue ? "per queue " : "") + "offload: " + name + ".");
}

} // namespace pmdfwd::shell
