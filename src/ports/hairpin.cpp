#include "ports/hairpin.h"

#include "text/text_format.h"

#include <rte_errno.h>
#include <rte_version.h>

#include <algorithm>
#include <cstdio>

namespace pmdfwd {

namespace {

rte_eth_hairpin_conf make_conf(uint32_t mode, bool rx, uint16_t peer_port, uint16_t peer_queue,
                               bool manual) {
    auto has = [mode](uint32_t bit) { return (mode & bit) != 0; };
    rte_eth_hairpin_conf c{};
    c.peer_count = 1;
    c.peers[0].port = peer_port;
    c.peers[0].queue = peer_queue;
    c.manual_bind = manual;
    c.tx_explicit = has(kHairpinTxExplicit);
    c.force_memory = has(rx ? kHairpinRxForceMem : kHairpinTxForceMem);
    c.use_locked_device_memory = has(rx ? kHairpinRxLockedMem : kHairpinTxLockedMem);
    c.use_rte_memory = has(rx ? kHairpinRxRteMem : kHairpinTxRteMem);
    return c;
}

void add_queues(std::vector<HairpinQueue> *out, uint32_t mode, bool rx, uint16_t head,
                uint16_t peer_port, uint16_t peer_head, uint16_t count, bool manual) {
    for (uint16_t i = 0; i < count; i++)
        out->push_back(
            {rx, static_cast<uint16_t>(head + i), i,
             make_conf(mode, rx, peer_port, static_cast<uint16_t>(peer_head + i), manual)});
}

// rte_eth_find_next_owned_by(port + 1, RTE_ETH_DEV_NO_OWNER): the next port
// after this one, RTE_MAX_ETHPORTS past the last.
uint16_t next_port(const std::vector<uint16_t> &all, uint16_t port) {
    auto it = std::upper_bound(all.begin(), all.end(), port);
    return it == all.end() ? RTE_MAX_ETHPORTS : *it;
}

// testpmd's setup_legacy_hairpin_queues: whom this port's TX queues send
// to (peer RX) and whose TX feeds its RX queues (peer TX).
void legacy_queues(const HairpinLayout &cfg, const HairpinPlace &at,
                   const std::vector<uint16_t> &all, std::vector<HairpinQueue> *out) {
    const uint32_t mode = cfg.mode;
    uint16_t peer_rx = at.port, peer_tx = at.port;
    const bool manual = (mode & kHairpinManualMask) != 0;
    if (mode & kHairpinLoop) {
        peer_tx = next_port(all, at.port);
        if (peer_tx >= RTE_MAX_ETHPORTS) peer_tx = all.empty() ? at.port : all.front();
        // The last port is the first one's RX peer.
        peer_rx = at.prev != RTE_MAX_ETHPORTS ? at.prev : all.empty() ? at.port : all.back();
    } else if (mode & kHairpinPaired) {
        peer_rx = (at.nth & 1) ? at.prev : next_port(all, at.port);
        if (peer_rx >= RTE_MAX_ETHPORTS) peer_rx = at.port;
        peer_tx = peer_rx;
    }
    add_queues(out, mode, false, cfg.nb_txq, peer_rx, cfg.nb_rxq, cfg.nb_hairpinq, manual);
    add_queues(out, mode, true, cfg.nb_rxq, peer_tx, cfg.nb_txq, cfg.nb_hairpinq, manual);
}

// testpmd's setup_mapped_harpin_queues, over its map list (newest first).
void mapped_queues(const HairpinLayout &cfg, uint16_t port, std::vector<HairpinQueue> *out) {
    for (auto m = cfg.maps.rbegin(); m != cfg.maps.rend(); ++m) {
        if (m->rx_port == port)
            add_queues(out, cfg.mode, true, m->rxq_head, m->tx_port, m->txq_head, m->nb_queues,
                       true);
        if (m->tx_port == port)
            add_queues(out, cfg.mode, false, m->txq_head, m->rx_port, m->rxq_head, m->nb_queues,
                       true);
    }
}

// testpmd's get_allowed_max_nb_rxq/txq: the smallest maximum of the ports
// (0 without a port), and which port has it.
uint16_t max_queues(bool rx, uint16_t *which) {
    uint16_t max = RTE_MAX_QUEUES_PER_PORT, id;
    bool any = false;
    RTE_ETH_FOREACH_DEV(id) {
        rte_eth_dev_info info{};
        if (rte_eth_dev_info_get(id, &info) != 0) continue;
        any = true;
        const uint16_t m = rx ? info.max_rx_queues : info.max_tx_queues;
        if (m < max) max = m, *which = id;
    }
    return any ? max : 0;
}

// testpmd's get_allowed_max_nb_hairpinq: 0 from the first port without
// hairpin queues.
uint16_t max_hairpin_queues(uint16_t *which) {
    uint16_t max = RTE_MAX_QUEUES_PER_PORT, id;
    RTE_ETH_FOREACH_DEV(id) {
        rte_eth_hairpin_cap cap{};
        if (rte_eth_dev_hairpin_capability_get(id, &cap) != 0) {
            *which = id;
            return 0;
        }
        if (cap.max_nb_queues < max) max = cap.max_nb_queues, *which = id;
    }
    return max;
}

// A queue's failure, in the words of the build's testpmd.
std::string queue_failure(uint16_t port, const HairpinQueue &q) {
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
    // testpmd names the peer queue by its index among the port's hairpin queues.
    return text_format("Port %u failed to configure hairpin on %s %u.\nPeer port: %u peer %s: %u",
                       port, q.rx ? "rxq" : "txq", q.queue, q.conf.peers[0].port,
                       q.rx ? "txq" : "rxq", q.index);
#else
    (void)q;
    return text_format("Fail to configure port %u hairpin queues", port);
#endif
}

} // namespace

std::vector<HairpinQueue> hairpin_queues(const HairpinLayout &cfg, const HairpinPlace &at,
                                         const std::vector<uint16_t> &all_ports) {
    std::vector<HairpinQueue> out;
    if (!cfg.maps.empty())
        mapped_queues(cfg, at.port, &out);
    else
        legacy_queues(cfg, at, all_ports, &out);
    return out;
}

Status check_hairpin_queues(const Config &cfg) {
    if (cfg.nb_hairpinq == 0) return {};
    const unsigned n = cfg.nb_hairpinq;
    uint16_t port = 0;
    if (const uint16_t max = max_hairpin_queues(&port); n > max)
        return Error(text_format("Fail: input hairpin (%u) can't be greater than "
                                 "max_hairpin_queues (%u) of port %u\n"
                                 "txq %u invalid - must be >= 0 && <= %u",
                                 n, max, port, n, max));
    for (const bool rx : {false, true}) {
        port = 0;
        const unsigned sum = n + (rx ? cfg.nb_rxq : cfg.nb_txq);
        const char *q = rx ? "rxq" : "txq";
        if (const uint16_t max = max_queues(rx, &port); sum > max)
            return Error(text_format("Fail: input %s (%u) can't be greater than max_%s_queues "
                                     "(%u) of port %u\n%s + hairpinq %u invalid - must be >= 0 "
                                     "&& <= %u",
                                     q, sum, rx ? "rx" : "tx", max, port, q, sum, max));
    }
    return {};
}

Status setup_hairpin_queues(uint16_t port, const std::vector<HairpinQueue> &queues, uint16_t nb_rxd,
                            uint16_t nb_txd) {
    for (const HairpinQueue &q : queues) {
        const int rc = q.rx ? rte_eth_rx_hairpin_queue_setup(port, q.queue, nb_rxd, &q.conf)
                            : rte_eth_tx_hairpin_queue_setup(port, q.queue, nb_txd, &q.conf);
        if (rc != 0) return Error(queue_failure(port, q), -rc);
    }
    return {};
}

Status bind_hairpin_ports(const std::vector<uint16_t> &started,
                          const std::function<bool(uint16_t)> &is_started) {
    uint16_t peers[RTE_MAX_ETHPORTS];
    for (uint16_t port : started) {
        // Its TX to every RX peer (direction 1), then every TX peer to its RX.
        for (const uint32_t direction : {1u, 0u}) {
            const int n = rte_eth_hairpin_get_peer_ports(port, peers, RTE_MAX_ETHPORTS, direction);
            if (n < 0) return Error("", -n);
            for (int j = 0; j < n; j++) {
                if (!is_started(peers[j])) continue;
                const uint16_t tx = direction ? port : peers[j], rx = direction ? peers[j] : port;
                if (const int rc = rte_eth_hairpin_bind(tx, rx); rc < 0)
                    return Error(text_format("Error during binding hairpin Tx port %u to %u: %s",
                                             tx, rx, rte_strerror(-rc)),
                                 -rc);
            }
        }
    }
    return {};
}

bool unbind_hairpin_port(uint16_t port, const std::function<bool(uint16_t)> &is_started) {
    rte_eth_hairpin_unbind(port, RTE_MAX_ETHPORTS);
    uint16_t peers[RTE_MAX_ETHPORTS];
    const int n = rte_eth_hairpin_get_peer_ports(port, peers, RTE_MAX_ETHPORTS, 0);
    if (n < 0) return false;
    for (int j = 0; j < n; j++)
        if (is_started(peers[j])) rte_eth_hairpin_unbind(peers[j], port);
    return true;
}

} // namespace pmdfwd
