// The option group "generated traffic": its rows, in --help's order.
#include "options/option_row.h"

#include "options/scalar_parse.h"

#include <string>

namespace pmdfwd::opt {

namespace {

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
