// set <setting> ...: forwarding settings, changed while forwarding is stopped.
#include "shell/command_families.h"

#include <algorithm>

namespace pmdfwd::shell {

namespace {

// testpmd's set_fwd_lcores_number texts; pmdfwd also refuses more lcores
// than streams (they would idle) and 0.
bool set_nbcore(Ctx &c, const Args &a) {
    const Result<size_t> planned = c.lcores.nb_streams();
    if (!planned) return fail(c, planned.message());
    const size_t streams = *planned;
    const size_t lcores = c.lcores.nb_fwd_lcores();
    const uint64_t n = a.number(0);
    if (n > lcores)
        return fail(c, "nb fwd cores " + std::to_string(n) + " > " + std::to_string(lcores) +
                           " (max. number of configured lcores) - ignored");
    if (n == 0 || n > streams)
        return fail(c, "nb fwd cores " + std::to_string(n) + ": there are only " +
                           std::to_string(streams) + " streams to spread - ignored (allowed: 1.." +
                           std::to_string(std::min(lcores, streams)) + ")");
    c.config.nb_cores = static_cast<unsigned>(n);
    *c.out += "Number of forwarding cores set to " + std::to_string(n) + "\n";
    return true;
}

} // namespace

std::vector<Spec> set_commands() {
    return {
        {.syntax = "set burst tx delay <us> retry <n>",
         .help = "TX retry wait (0..1000 us) and count (0..1000) (with set fwd ... retry)",
         .needs_stopped = true,
         .types = {arg::number("<us>", "delay", 0, kMaxTxRetryDelayUs),
                   arg::number("<n>", "retry", 0, kMaxTxRetries)},
         .run =
             [](Ctx &c, const Args &a) {
                 c.config.tx_retry_delay_us = static_cast<unsigned>(a.number(0));
                 c.config.tx_retry_num = static_cast<unsigned>(a.number(1));
                 return true;
             }},
        {.syntax = "set burst <n>",
         .help = "packets per burst",
         .needs_stopped = true,
         .types = {arg::number("<n>", "burst", 1, kMaxBurst)},
         .run =
             [](Ctx &c, const Args &a) {
                 c.config.burst = static_cast<uint16_t>(a.number(0));
                 *c.out +=
                     "Number of packets per burst set to " + std::to_string(a.number(0)) + "\n";
                 return true;
             }},
        {.syntax = "set nbcore <n>",
         .help = "number of forwarding lcores",
         .needs_stopped = true,
         .types = {arg::number("<n>", "nbcore", 0, UINT16_MAX)},
         .run = set_nbcore},
        {.syntax = "set record-core-cycles on|off",
         .help = "count CPU cycles per packet",
         .needs_stopped = true,
         .run =
             [](Ctx &c, const Args &a) {
                 c.config.record_core_cycles = a.on(0);
                 return true;
             }},
        {.syntax = "set record-burst-stats on|off",
         .help = "record burst size statistics",
         .needs_stopped = true,
         .run =
             [](Ctx &c, const Args &a) {
                 c.config.record_burst_stats = a.on(0);
                 return true;
             }},
        {.syntax = "set flush_rx on|off",
         .help = "drain the RX queues at start (on) or not",
         .run =
             [](Ctx &c, const Args &a) {
                 c.config.no_flush_rx = !a.on(0);
                 return true;
             }},
        {.syntax = "set port setup on iterator|event",
         .help = "port attach sets up the probed device's ports (iterator) or every new port "
                 "(event)",
         .run =
             [](Ctx &c, const Args &a) {
                 c.config.setup_on_probe_event = a.word(0) == "event";
                 return true;
             }},
    };
}

} // namespace pmdfwd::shell
