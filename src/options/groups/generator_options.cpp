// The option group "generated traffic": its rows, in --help's order.
#include "options/option_row.h"

#include "options/scalar_parse.h"

#include <string>

namespace pmdfwd::opt {

namespace {

// A testpmd option that sets an engine's parameter: it goes the way of
// --<engine>-<key>=<value>, so the engine alone checks and keeps it.
Apply engine_param(const char *param, const char *flag_value = nullptr) {
    return [=](Config &c, std::string_view v) -> Status {
        c.engine_params.emplace_back(param, flag_value && v.empty() ? std::string(flag_value)
                                                                    : std::string(v));
        return {};
    };
}

// An lcore id; whether EAL runs it and it is free to use is checked once
// EAL and the forwarding lcores are known (App::init).
Apply lcore_option(const char *what, int Config::*field) {
    return [=](Config &c, std::string_view v) -> Status {
        auto n = parse_uint(what, v, 0, RTE_MAX_LCORE - 1);
        if (!n) return n.status();
        c.*field = static_cast<int>(*n);
        return {};
    };
}

} // namespace

std::vector<Option> generator_options() {
    return {
        {"txpkts", 0, "LEN[,LEN]...", "generated frame segment lengths (default 64)",
         [](Config &c, std::string_view v) -> Status {
             auto segs = parse_txpkts(v);
             if (!segs) return segs.status();
             c.txpkts = *segs;
             return {};
         }},
        {"txonly-multi-flow", 0, nullptr,
         "txonly: vary the source address (also --txonly-multi-flow=on|off)",
         engine_param("txonly-multi-flow", "on")},
        {"tx-ip", 0, "SRC,DST", "txonly: IPv4 addresses (--txonly-ip)", engine_param("txonly-ip")},
        {"tx-udp", 0, "SRC[,DST]", "txonly: UDP ports (--txonly-udp)", engine_param("txonly-udp")},
        {"flowgen-clones", 0, "N", "flowgen: send each packet N more times (--flowgen-clones)",
         engine_param("flowgen-clones")},
        {"flowgen-flows", 0, "N", "flowgen: number of flows (--flowgen-flows)",
         engine_param("flowgen-flows")},
        {"latencystats", 0, "LCORE",
         "publish latency metrics (librte_latencystats) from worker LCORE, which forwards only "
         "when no other worker can (as testpmd's -l 0-1 --latencystats=1)",
         lcore_option("latencystats", &Config::latencystats_lcore)},
        {"bitrate-stats", 0, "LCORE",
         "publish bit-rate metrics (librte_bitratestats) from worker LCORE, which forwards only "
         "when no other worker can (as testpmd's -l 0-1 --bitrate-stats=1)",
         lcore_option("bitrate-stats", &Config::bitrate_lcore)},
    };
}

} // namespace pmdfwd::opt
