#include "observe/telemetry_snapshot.h"

#include "engine_host/abi_calls.h"
#include "engine_host/engine_api.h"
#include "engine_host/engine_params.h"
#include "fwd/forwarder.h"

#include <sstream>

namespace pmdfwd {

namespace {

EngineEntry engine_info(const EngineApi &engines, const pmdfwd_engine &e) {
    EngineEntry i;
    i.name = e.name;
    i.summary = e.summary ? e.summary : "";
    i.origin = engines.origin(e.name);
    i.flags = e.flags;
    i.has_params = has_params(e);
    return i;
}

// Through the one C-ABI wrapper, which terminates what the engine wrote.
std::vector<std::string> describe_lines(const pmdfwd_engine &e) {
    std::vector<std::string> lines;
    std::istringstream in(call_describe(e));
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) lines.push_back(line);
    return lines;
}

// The streams and lcores the settings give, as `show config fwd` lays them.
void plan_streams(const Forwarder &fwd, const std::vector<uint16_t> &ports,
                  const std::vector<unsigned> &lcores, TelemetrySnapshot &s) {
    const Result<StreamLayout> planned = fwd.layout(ports);
    if (!planned) {
        s.streams_error = planned.message();
        return;
    }
    for (size_t g = 0; g < planned->groups.size() && g < lcores.size(); g++)
        for (size_t idx : planned->groups[g])
            s.streams.push_back(PlannedStream{planned->specs[idx], lcores[g]});
}

} // namespace

TelemetrySnapshot take_snapshot(const Config &cfg, const Forwarder &fwd, const EngineApi &engines) {
    TelemetrySnapshot s;
    s.cfg = cfg;
    s.fwd = fwd.view();
    s.ports = s.fwd.port_ids;
    s.fwd_lcores = fwd.fwd_lcores();
    plan_streams(fwd, s.ports, s.fwd_lcores, s);
    for (const EngineInfo &info : engines.list())
        if (const pmdfwd_engine *e = engines.descriptor(info.name))
            s.engines.push_back(engine_info(engines, *e));
    const std::string &name = s.fwd.running ? s.fwd.engine : cfg.forward_mode;
    if (const pmdfwd_engine *e = engines.descriptor(name)) {
        s.engine = engine_info(engines, *e);
        s.engine_state = describe_lines(*e);
    } else {
        s.engine.name = name;
    }
    return s;
}

} // namespace pmdfwd
