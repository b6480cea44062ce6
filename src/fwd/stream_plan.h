// Forwarding streams: which (RX port, queue) feeds which (TX port, queue),
// derived from the port topology, and how streams are spread over the
// forwarding lcores. Pure logic, no EAL, so it is tested directly.
#pragma once

#include "options/config.h"
#include "util/status.h"

#include <cstdint>
#include <string>
#include <vector>

namespace pmdfwd {

struct StreamSpec {
    uint16_t rx_port;
    uint16_t rx_queue;
    uint16_t tx_port;
    uint16_t tx_queue;
};

// The TX port of `index`-th forwarding port under a topology, as testpmd:
// paired 0<->1, 2<->3, ... (an odd last port with itself); chained
// 0->1->...->n-1->0; loop i->i.
uint16_t peer_index(Topology topology, size_t index, size_t nb_ports);

// One stream per (port, RX queue), sending on the same queue index of
// its TX port (so nb_txq >= nb_rxq), ordered queue by queue; an error
// when the topology cannot use these ports.
Result<std::vector<StreamSpec>> build_streams(const std::vector<uint16_t> &ports, Topology topology,
                                              uint16_t nb_rxq, uint16_t nb_txq);

// testpmd's warning when the paired topology has an odd port count, or "".
std::string topology_warning(Topology topology, size_t nb_ports);

// The forwarding ports, as testpmd's --portmask/--portlist and --nb-ports
// choose them: the listed ports that exist, in order (all ports when list is
// empty), the first nb of them (0 = all). Ports listed but absent go to
// *note (one line each); an error when none remain or nb is too many.
Result<std::vector<uint16_t>> select_fwd_ports(const std::vector<uint16_t> &available,
                                               const std::vector<uint16_t> &list, uint16_t nb,
                                               std::string *note);

// Splits streams into nb_lcores contiguous groups, sizes differing by at
// most one (testpmd's layout); never more groups than streams.
std::vector<std::vector<size_t>> spread_streams(size_t nb_streams, size_t nb_lcores);

} // namespace pmdfwd
