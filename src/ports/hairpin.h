// Hairpin queues as testpmd sets them up (--hairpinq, --hairpin-mode,
// --hairpin-map): after a port's --rxq/--txq queues, each hairpin RX queue
// handing what it receives to a peer port's hairpin TX queue inside the
// device. Forwarding lcores never poll them.
#pragma once

#include "options/config.h"
#include "util/status.h"

#include <rte_ethdev.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace pmdfwd {

// testpmd's hairpin_mode bits.
inline constexpr uint32_t kHairpinLoop = 0x1;        // TX to the port before, RX from the next
inline constexpr uint32_t kHairpinPaired = 0x2;      // ports two by two
inline constexpr uint32_t kHairpinManualMask = 0xf;  // a peer layout: bound after start
inline constexpr uint32_t kHairpinTxExplicit = 0x10; // the application inserts the TX flow rule
inline constexpr uint32_t kHairpinRxForceMem = 1u << 8;
inline constexpr uint32_t kHairpinTxForceMem = 1u << 9;
inline constexpr uint32_t kHairpinRxLockedMem = 1u << 12;
inline constexpr uint32_t kHairpinRxRteMem = 1u << 13;
inline constexpr uint32_t kHairpinTxLockedMem = 1u << 16;
inline constexpr uint32_t kHairpinTxRteMem = 1u << 17;

// One hairpin queue of a port: its direction, id and configuration.
struct HairpinQueue {
    bool rx = false;
    uint16_t queue = 0;
    uint16_t index = 0; // among the queues of its range (testpmd's failure line names it)
    rte_eth_hairpin_conf conf{};
};

// What lays hairpin queues out: the options, and the queue counts of the
// moment (the shell may change them).
struct HairpinLayout {
    uint16_t nb_rxq = 1, nb_txq = 1, nb_hairpinq = 0;
    uint32_t mode = 0;
    std::vector<HairpinMap> maps;
};

// Where a port's hairpin queues go, as testpmd's start_port knows it: the
// port configured before it in the same start (RTE_MAX_ETHPORTS: none) and
// how many it configured before it.
struct HairpinPlace {
    uint16_t port = 0;
    uint16_t prev = RTE_MAX_ETHPORTS;
    uint16_t nth = 0;
};

// The queues testpmd sets up on a port, in its order: with maps, each map's
// queues on the port (RX then TX, the last map given first); else
// --hairpinq TX queues after the --txq ones, then RX queues, their peers as
// --hairpin-mode lays ports out. all_ports: every port, in id order.
std::vector<HairpinQueue> hairpin_queues(const HairpinLayout &cfg, const HairpinPlace &at,
                                         const std::vector<uint16_t> &all_ports);

// testpmd's check of --hairpinq against every probed port (its hairpin
// capability, then its queue counts): testpmd's words when one falls short.
Status check_hairpin_queues(const Config &cfg);

// Sets the queues up: ok, or testpmd's lines for the queue that failed.
Status setup_hairpin_queues(uint16_t port, const std::vector<HairpinQueue> &queues, uint16_t nb_rxd,
                            uint16_t nb_txd);

// testpmd's binding after start of the ports it started, each TX to its
// started RX peers and each started TX peer to it: ok, or why not (an
// empty message where testpmd says nothing: the PMD has no peer ports).
Status bind_hairpin_ports(const std::vector<uint16_t> &started,
                          const std::function<bool(uint16_t)> &is_started);
// And before a port stops: false where testpmd's stop_port leaves the port
// as it is (the PMD cannot say the port's peers).
bool unbind_hairpin_port(uint16_t port, const std::function<bool(uint16_t)> &is_started);

} // namespace pmdfwd
