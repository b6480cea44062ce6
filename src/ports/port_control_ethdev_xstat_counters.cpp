// EthdevPortControl's calls for the counters a PMD enables on demand
// (ethdev 25.03; testpmd's `port <p> enable|disable <name>`, `set
// xstats-hide-disabled`, `set xstats-show-state`): ENOTSUP before 25.03, as
// from a PMD without them.
#include "ports/port_control_ethdev.h"

#include <rte_ethdev.h>
#include <rte_version.h>

namespace pmdfwd {

#if RTE_VERSION >= RTE_VERSION_NUM(25, 3, 0, 0)
Result<int> EthdevPortControl::xstat_state(uint16_t id, uint64_t xstat) {
    const int state = rte_eth_xstats_query_state(id, xstat);
    if (state < 0) return ethdev_status(state);
    return state;
}

Result<uint64_t> EthdevPortControl::xstat_id(uint16_t id, const std::string &name) {
    uint64_t xstat = 0;
    const int rc = rte_eth_xstats_get_id_by_name(id, name.c_str(), &xstat);
    if (rc < 0) return ethdev_status(rc);
    return xstat;
}

Status EthdevPortControl::set_xstat_counter(uint16_t id, uint64_t xstat, bool on) {
    return ethdev_status(rte_eth_xstats_set_counter(id, xstat, on ? 1 : 0));
}
#else
Result<int> EthdevPortControl::xstat_state(uint16_t, uint64_t) {
    return ethdev_status(-ENOTSUP);
}

Result<uint64_t> EthdevPortControl::xstat_id(uint16_t, const std::string &) {
    return ethdev_status(-ENOTSUP);
}

Status EthdevPortControl::set_xstat_counter(uint16_t, uint64_t, bool) {
    return ethdev_status(-ENOTSUP);
}
#endif

} // namespace pmdfwd
