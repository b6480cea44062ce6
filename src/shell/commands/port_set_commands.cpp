// Per-port settings testpmd lists under `set` in its config help, each
// handed to ethdev at once: which statistics counter a queue counts into
// (set stat_qmap, gone from testpmd 25.11 with ethdev's queue counters), which packet types the PMD
// parses (set port ptype_mask), the unicast hash table (set port uta), a TX queue's rate limit (set
// port queue rate), an RX queue's available-descriptor threshold (set port rxq avail_thresh) and,
// from testpmd 24.11, the port's LED (set port led).
#include "shell/command_families.h"

#include <rte_mbuf_ptype.h>
#include <rte_version.h>

#include <algorithm>
#include <cstring>

namespace pmdfwd::shell {

namespace {

// testpmd 25.11 drops set stat_qmap with the per-queue counters of
// rte_eth_stats (ethdev deprecates the mapping calls): unknown there.
#if RTE_VERSION < RTE_VERSION_NUM(25, 11, 0, 0)
constexpr unsigned kQueueStatCounters = RTE_ETHDEV_QUEUE_STAT_CNTRS;

// testpmd's set_qmap: the queue below the configured count, the counter
// below RTE_ETHDEV_QUEUE_STAT_CNTRS.
bool stat_qmap(Ctx &c, const Args &a) {
    const bool rx = a.word(0) == "rx";
    const uint16_t port = a.port(1);
    const uint64_t queue = a.number(2);
    const uint64_t map = a.number(3);
    const uint16_t nb = rx ? c.config.nb_rxq : c.config.nb_txq;
    if (queue >= nb)
        return fail(c, std::string("Invalid ") + (rx ? "RX" : "TX") + " queue " +
                           std::to_string(queue) + " (must be < " + (rx ? "nb_rxq" : "nb_txq") +
                           "=" + std::to_string(nb) + ")");
    if (map >= kQueueStatCounters)
        return fail(c,
                    "map_value not in required range 0.." + std::to_string(kQueueStatCounters - 1));
    const Status rc = c.ports.set_queue_stats_mapping(port, rx, static_cast<uint16_t>(queue),
                                                      static_cast<uint8_t>(map));
    if (!rc.ok())
        return fail(c,
                    std::string("failed to set ") + (rx ? "rx" : "tx") + " queue stats mapping.");
    return true;
}
#endif

bool ptype_mask(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    const Result<std::vector<uint32_t>> set =
        c.ports.set_ptypes(port, static_cast<uint32_t>(a.number(1)));
    const std::string of = "Port " + std::to_string(port);
    if (!set && set.status().code() == ENOTSUP) return fail(c, of + " doesn't support any ptypes.");
    if (!set) return fail(c, "Unable to set requested ptypes for " + of);
    *c.out += "Successfully set following ptypes for " + of + "\n";
    for (uint32_t ptype : *set) {
        if (ptype == RTE_PTYPE_UNKNOWN) break;
        char name[256];
        rte_get_ptype_name(ptype, name, sizeof(name));
        *c.out += std::string(name) + "\n";
    }
    return true;
}

// mac: nullopt for all addresses. Ethdev logs its own reason (a full
// table) before testpmd's line.
bool uta(Ctx &c, uint16_t port, std::optional<rte_ether_addr> mac, bool on) {
    const Status rc = c.ports.uc_hash_table_set(port, mac, on);
    if (!rc.ok())
        return fail(c, "bad unicast hash table parameter, return code = " +
                           std::to_string(-rc.code()));
    return true;
}

// testpmd's set_queue_rate_limit: no rate above a known link speed.
bool queue_rate(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    const auto rate = static_cast<uint32_t>(a.number(2));
    rte_eth_link link{};
    if (const Status rc = c.ports.link(port, &link); !rc.ok())
        return fail(c, "Failed to get link status (port " + std::to_string(port) +
                           "): " + rc.message());
    if (link.link_speed != RTE_ETH_SPEED_NUM_UNKNOWN && rate > link.link_speed)
        return fail(c, "Invalid rate value:" + std::to_string(rate) +
                           " bigger than link speed: " + std::to_string(link.link_speed));
    const Status rc = c.ports.queue_rate_limit(port, static_cast<uint16_t>(a.number(1)), rate);
    if (!rc.ok())
        return fail(c, "rte_eth_set_queue_rate_limit for port_id=" + std::to_string(port) +
                           " failed diag=" + std::to_string(-rc.code()) +
                           "\nqueue_rate_limit_cmd error: (" + std::strerror(rc.code()) + ")");
    return true;
}

bool avail_thresh(Ctx &c, const Args &a) {
    const Status rc = c.ports.rx_avail_thresh(a.port(0), static_cast<uint16_t>(a.number(1)),
                                              static_cast<uint8_t>(a.number(2)));
    if (!rc.ok())
        return fail(c,
                    std::string("rxq_avail_thresh_cmd error: (") + std::strerror(rc.code()) + ")");
    return true;
}

#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
// set port <port_id> led on|off: testpmd checks the id as ethdev does, in its
// own words rather than the valid ports list.
bool set_led(Ctx &c, const Args &a) {
    const auto port = static_cast<uint16_t>(a.number(0));
    const std::vector<uint16_t> ids = c.ports.port_ids();
    if (std::find(ids.begin(), ids.end(), port) == ids.end())
        return fail(c, "Error: Invalid port number " + std::to_string(port));
    const Status s = c.ports.set_led(port, a.on(1));
    if (s.ok()) return true;
    return fail(c, "Error: Unable to change LED state for port " + std::to_string(port) + ": " +
                       s.message());
}
#endif

} // namespace

std::vector<Spec> port_set_commands() {
    std::vector<Spec> v = {
        {.syntax = "set port <port> ptype_mask <mask>",
         .help = "the packet types the PMD parses on receive",
         .types = {arg::number("<mask>", "ptype_mask", 0, UINT32_MAX)},
         .run = ptype_mask},
        {.syntax = "set port <port> uta all on|off",
         .help = "every address in the port's unicast hash table",
         .run = [](Ctx &c, const Args &a) { return uta(c, a.port(0), std::nullopt, a.on(1)); }},
        {.syntax = "set port <port> uta <mac> on|off",
         .help = "an address in the port's unicast hash table",
         .run =
             [](Ctx &c, const Args &a) {
                 rte_ether_addr mac{};
                 std::copy(a.mac(1).begin(), a.mac(1).end(), mac.addr_bytes);
                 return uta(c, a.port(0), mac, a.on(2));
             }},
        {.syntax = "set port <port> queue <queue> rate <rate>",
         .help = "a TX queue's rate limit, in Mbps",
         .types = {arg::number("<queue>", "queue", 0, UINT8_MAX),
                   arg::number("<rate>", "rate", 0, UINT32_MAX)},
         .run = queue_rate},
        {.syntax = "set port <port> rxq <queue> avail_thresh <percent>",
         .help = "an RX queue's available-descriptor threshold (0..99 % of its ring)",
         .types = {arg::number("<percent>", "avail_thresh", 0, UINT8_MAX)},
         .run = avail_thresh},
    };
#if RTE_VERSION < RTE_VERSION_NUM(25, 11, 0, 0)
    v.insert(v.begin(), {.syntax = "set stat_qmap tx|rx <port> <queue> <map>",
                         .help = "the statistics counter a queue counts into",
                         .types = {arg::number("<map>", "map", 0, UINT8_MAX)},
                         .run = stat_qmap});
#endif
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
    v.push_back({.syntax = "set port <port_id> led on|off",
                 .help = "a controllable LED of the port on or off",
                 .types = {arg::port_number("<port_id>")},
                 .run = set_led});
#endif
    return v;
}

} // namespace pmdfwd::shell
