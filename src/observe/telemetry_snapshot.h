// What the telemetry endpoints read: a copy of the settings, the engines and
// the engine's own state, taken on the main thread whenever they may have
// changed (start, stop, every shell command) and handed to the telemetry
// thread whole. Only the counters behind `fwd` move after the copy.
#pragma once

#include "engine_host/engine_api.h"
#include "fwd/fwd_view.h"
#include "options/config.h"

#include <cstdint>
#include <string>
#include <vector>

namespace pmdfwd {

class Forwarder;

// One registered engine as telemetry lists it (origin and flags, which the
// control side's EngineInfo does not carry).
struct EngineEntry {
    std::string name, summary, origin;
    uint32_t flags = 0;
    bool has_params = false;
};

struct PlannedStream {
    StreamSpec spec;
    unsigned lcore;
};

struct TelemetrySnapshot {
    Config cfg;
    std::vector<uint16_t> ports;
    std::vector<unsigned> fwd_lcores;      // lcores that may forward
    std::vector<PlannedStream> streams;    // what the settings give (`show config fwd`)
    std::string streams_error;             // why they give none
    FwdView fwd;                           // the statistics source
    std::vector<EngineEntry> engines;      // registered, sorted by name
    EngineEntry engine;                    // the running one, else the configured one
    std::vector<std::string> engine_state; // its describe hook, line by line
};

TelemetrySnapshot take_snapshot(const Config &cfg, const Forwarder &fwd, const EngineApi &engines);

} // namespace pmdfwd
