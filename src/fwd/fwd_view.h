// What forward statistics are computed from: the streams (shared, so a
// reader on another thread keeps them alive across a restart), their specs
// and lcores, and the port counters at the last start or clear. The shell's
// `show fwd stats` and the telemetry thread compute FwdStats from it with
// the same function, so both give the same numbers.
#pragma once

#include "fwd/fwd_stats.h"
#include "fwd/stream.h"
#include "fwd/stream_plan.h"

#include <rte_ethdev.h>

#include <memory>
#include <string>
#include <vector>

namespace pmdfwd {

struct FwdView {
    std::string engine; // running engine, else the configured mode
    bool running = false;
    bool record_cycles = false;
    bool record_bursts = false;
    bool rx_cksum_stats = false; // the engine counts bad RX checksums
    std::vector<StreamSpec> specs;
    std::vector<unsigned> stream_lcores; // per spec; empty before the first start
    std::shared_ptr<Stream[]> streams;   // specs.size() entries
    std::vector<uint16_t> port_ids;
    std::vector<rte_eth_stats> base; // port counters at start/clear, per port_ids
};

// Counters are relaxed loads (the lcores write them); burst histograms are
// plain arrays, read only with with_bursts (forwarding stopped).
FwdStats collect_fwd_stats(const FwdView &view, bool with_bursts);

} // namespace pmdfwd
