// testpmd's forwarding layout for ports in DCB mode (dcb_fwd_config_setup,
// app/test-pmd/config.c): each forwarding lcore polls one traffic class of
// one RX port (the class's queues in every VMDq pool that has it) and sends
// on the same class's queues of the TX port; with DPDK 25.11's `set dcb
// fwd_tc_cores N`, N lcores share a class's queues, and `set dcb fwd_tc
// MASK` forwards only the classes it names. Pure logic over ethdev's
// rte_eth_dcb_info, so it is tested directly.
#pragma once

#include "fwd/stream_plan.h"

#include <rte_ethdev.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace pmdfwd {

// The streams and, per forwarding lcore used, the streams it polls
// (indices into specs).
struct StreamLayout {
    std::vector<StreamSpec> specs;
    std::vector<std::vector<size_t>> groups;
};

// How the DPDK a build copies lays DCB streams out. 25.11 peers the ports
// by the forwarding topology, honours the class mask and cores per class,
// and refuses too few lcores; earlier ones pair ports (0<->1, 2<->3) and
// poll as many classes as there are lcores.
struct DcbRules {
    bool topology_peers = false;
    bool class_selection = false;
};
DcbRules this_dpdks_dcb_rules();

struct DcbSettings {
    uint8_t tc_mask = 0xff; // `set dcb fwd_tc` (0xff: every class)
    uint8_t tc_cores = 1;   // `set dcb fwd_tc_cores`
    // testpmd's numa_support with at most half the ports forwarding: the RX
    // ports step over the other half (nb_ports: every port there is).
    bool numa = false;
    size_t nb_ports = 0;
};

// The layout over the forwarding ports, dcb[i] being ports[i]'s classes, on
// at most nb_lcores lcores; an error in testpmd's words when the settings
// cannot be laid out.
Result<StreamLayout> dcb_layout(const std::vector<uint16_t> &ports,
                                const std::vector<rte_eth_dcb_info> &dcb, Topology topology,
                                size_t nb_lcores, const DcbSettings &settings,
                                const DcbRules &rules);

} // namespace pmdfwd
