// set <setting> ...: forwarding settings, changed while forwarding is stopped.
#include "shell/command_spec.h"

#include "options/scalar_parse.h"

#include <algorithm>

namespace pmdfwd::shell {

namespace {

// testpmd's set_fwd_lcores_number texts; pmdfwd also refuses more lcores
// than streams (they would idle) and 0.
bool set_nbcore(Ctx &c, const Args &a) {
    std::string err;
    const size_t streams = c.lcores.nb_streams(&err);
    if (streams == 0) return fail(c, err);
    const size_t lcores = c.lcores.nb_fwd_lcores();
    auto n = uint_arg(c, "nbcore", a[0], 0, UINT16_MAX);
    if (!n) return false;
    if (*n > lcores)
        return fail(c, "nb fwd cores " + std::to_string(*n) + " > " + std::to_string(lcores) +
                           " (max. number of configured lcores) - ignored");
    if (*n == 0 || *n > streams)
        return fail(c, "nb fwd cores " + std::to_string(*n) + ": there are only " +
                           std::to_string(streams) + " streams to spread - ignored (allowed: 1.." +
                           std::to_string(std::min(lcores, streams)) + ")");
    c.config.nb_cores = static_cast<unsigned>(*n);
    *c.out += "Number of forwarding cores set to " + std::to_string(*n) + "\n";
    return true;
}

std::vector<Spec> rows() {
    return {
        {.syntax = "set burst tx delay <us> retry <n>",
         .help = "TX retry wait (0..1000 us) and count (0..1000) (with set fwd ... retry)",
         .needs_stopped = true,
         .run =
             [](Ctx &c, const Args &a) {
                 auto us = uint_arg(c, "delay", a[0], 0, kMaxTxRetryDelayUs);
                 if (!us) return false;
                 auto n = uint_arg(c, "retry", a[1], 0, kMaxTxRetries);
                 if (!n) return false;
                 c.config.tx_retry_delay_us = static_cast<unsigned>(*us);
                 c.config.tx_retry_num = static_cast<unsigned>(*n);
                 return true;
             }},
        {.syntax = "set burst <n>",
         .help = "packets per burst",
         .needs_stopped = true,
         .run =
             [](Ctx &c, const Args &a) {
                 auto n = uint_arg(c, "burst", a[0], 1, kMaxBurst);
                 if (!n) return false;
                 c.config.burst = static_cast<uint16_t>(*n);
                 *c.out += "Number of packets per burst set to " + std::to_string(*n) + "\n";
                 return true;
             }},
        {.syntax = "set nbcore <n>",
         .help = "number of forwarding lcores",
         .needs_stopped = true,
         .run = set_nbcore},
        {.syntax = "set record-core-cycles on|off",
         .help = "count CPU cycles per packet",
         .needs_stopped = true,
         .run =
             [](Ctx &c, const Args &a) {
                 return set_on_off(c, "record-core-cycles", a[0], &Config::record_core_cycles);
             }},
        {.syntax = "set record-burst-stats on|off",
         .help = "record burst size statistics",
         .needs_stopped = true,
         .run =
             [](Ctx &c, const Args &a) {
                 return set_on_off(c, "record-burst-stats", a[0], &Config::record_burst_stats);
             }},
        {.syntax = "set txpkts <len[,len]...>",
         .help = "generated frame segment lengths",
         .needs_stopped = true,
         .run =
             [](Ctx &c, const Args &a) {
                 std::string err;
                 auto segs = parse_txpkts(a[0], &err);
                 if (!segs) return fail(c, err);
                 c.config.txpkts = *segs;
                 return true;
             }},
    };
}

const FamilyRegistrar registered{{.order = 30, .section = "config", .rows = rows}};

} // namespace

} // namespace pmdfwd::shell
