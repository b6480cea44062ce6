// Per-port settings testpmd lists under `set` in its config help, each
// handed to ethdev at once: which statistics counter a queue counts into
// (set stat_qmap) and which packet types the PMD parses (set port ptype_mask).
#include "shell/command_spec.h"

#include <rte_mbuf_ptype.h>

namespace pmdfwd::shell {

namespace {

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
    if (map >= RTE_ETHDEV_QUEUE_STAT_CNTRS)
        return fail(c, "map_value not in required range 0.." +
                           std::to_string(RTE_ETHDEV_QUEUE_STAT_CNTRS - 1));
    const Status rc = c.ports.set_queue_stats_mapping(port, rx, static_cast<uint16_t>(queue),
                                                      static_cast<uint8_t>(map));
    if (!rc.ok())
        return fail(c,
                    std::string("failed to set ") + (rx ? "rx" : "tx") + " queue stats mapping.");
    return true;
}

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

std::vector<Spec> rows() {
    return {
        {.syntax = "set stat_qmap tx|rx <port> <queue> <map>",
         .help = "the statistics counter a queue counts into",
         .types = {arg::number("<map>", "map", 0, UINT8_MAX)},
         .run = stat_qmap},
        {.syntax = "set port <port> ptype_mask <mask>",
         .help = "the packet types the PMD parses on receive",
         .types = {arg::number("<mask>", "ptype_mask", 0, UINT32_MAX)},
         .run = ptype_mask},
    };
}

const FamilyRegistrar registered{{.order = 47, .section = "config", .rows = rows}};

} // namespace

} // namespace pmdfwd::shell
