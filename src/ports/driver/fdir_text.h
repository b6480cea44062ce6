// testpmd 22.11's flow director text (app/test-pmd/config.c, fdir_get_infos):
// a port's FDIR mode, flow types, flex payload and counters, as
// `show port fdir` prints them from the i40e or ixgbe driver's answer.
#pragma once

#include <rte_eth_ctrl.h>

#include <cstdint>
#include <string>

namespace pmdfwd::drv {

std::string fdir_text(uint16_t port, const rte_eth_fdir_info &info,
                      const rte_eth_fdir_stats &stats);

// testpmd's flowtype_to_str: "ipv4-tcp", ...; nullptr for a flow type it
// has no name for.
const char *flow_type_name(uint16_t flow_type);

} // namespace pmdfwd::drv
