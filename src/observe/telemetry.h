// pmdfwd's own DPDK telemetry endpoints, next to EAL's and ethdev's on the
// telemetry socket (/var/run/dpdk/<prefix>/dpdk_telemetry.v2), for
// dpdk-telemetry.py, scripts/pmdfwd-exporter.py and DPDK's
// dpdk-telemetry-exporter.py:
//
//   /pmdfwd/stats[,FIRST]  `show fwd stats` per port and stream, with the
//                          rates of the last 1/4 s window (the same for every client)
//   /pmdfwd/config         mode, topology, lcores, streams, burst, queues
//   /pmdfwd/engines        registered engines and where they come from
//   /pmdfwd/engine         the running (else configured) engine's own state
//
// The endpoints run on EAL's telemetry threads (one per client). They read a
// snapshot the main thread publishes and the forwarding counters with relaxed
// loads, as the shell does; the lcores never wait for them.
#pragma once

#include "observe/telemetry_snapshot.h"

#include <memory>

namespace pmdfwd::telemetry {

// Makes s what the endpoints answer from; registers them the first time.
void publish(std::shared_ptr<const TelemetrySnapshot> s);
// Closes a rate window when one is due: called from the main thread's wait
// loops, so that the rates /pmdfwd/stats gives do not depend on who asks.
void sample_rates();
// Before the ports close: waits for a command in progress; afterwards the
// endpoints answer that pmdfwd is shutting down.
void withdraw();

// /pmdfwd/stats's parameter, the first stream listed: "" (0) or a decimal
// number; false for anything else (a sign, a space, a letter).
bool parse_first_stream(const char *params, size_t *first);
// The endpoints whose help says "No parameters" refuse any.
bool no_params(const char *params);

} // namespace pmdfwd::telemetry
