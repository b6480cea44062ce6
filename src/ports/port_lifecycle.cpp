// Ports started, stopped and closed as testpmd's start_port, stop_port and
// close_port do it, with their messages: a port is configured again at its
// next start only when a setting changed (need_reconfig), queues keep their
// own sizes, deferred-start flags and offloads across restarts.
#include "ports/ports.h"

#include "ports/port_config.h"
#include "text/mac_text.h"
#include "text/text_format.h"

#include <rte_errno.h>

#include <cinttypes>

#include <chrono>
#include <cstdio>
#include <thread>

namespace pmdfwd {

namespace {
// testpmd's check_all_ports_link_status: every 100 ms for up to 9 s.
constexpr auto kLinkPoll = std::chrono::milliseconds(100);
constexpr int kLinkPolls = 90;

bool selected(const Port &p, std::optional<uint16_t> port) {
    return p.status != PortStatus::Closed && (!port || *port == p.id);
}

void refresh_queue_states(Port &p, uint16_t nb_rxq, uint16_t nb_txq) {
    for (uint16_t q = 0; q < nb_rxq && q < p.rxq.size(); q++) {
        rte_eth_rxq_info info{};
        if (rte_eth_rx_queue_info_get(p.id, q, &info) == 0) p.rxq[q].state = info.queue_state;
    }
    for (uint16_t q = 0; q < nb_txq && q < p.txq.size(); q++) {
        rte_eth_txq_info info{};
        if (rte_eth_tx_queue_info_get(p.id, q, &info) == 0) p.txq[q].state = info.queue_state;
    }
}

// testpmd's multi-rx-mempool: every --mbuf-size pool of the queue's socket
// offered, the PMD picking one a packet. Its refusals, where there is one
// pool only or the PMD takes no pool list, are testpmd's words on stderr.
int setup_multi_pool_rx_queue(const Port &p, uint16_t q, uint16_t nb_desc, int socket,
                              rte_eth_rxconf rxconf, std::vector<rte_mempool *> pools) {
    if (pools.size() <= 1) {
        std::fprintf(stderr, "Invalid number of mempools %zu\n", pools.size());
        return -EINVAL;
    }
    if (p.info.max_rx_mempools == 0) {
        std::fprintf(stderr, "Port %u doesn't support requested multi-rx-mempool configuration.\n",
                     p.id);
        return -ENOTSUP;
    }
    rxconf.rx_mempools = pools.data();
    rxconf.rx_nmempool = static_cast<uint16_t>(pools.size());
    return rte_eth_rx_queue_setup(p.id, q, nb_desc, socket, &rxconf, nullptr);
}

} // namespace

void Ports::sync_config(const Config &cfg) {
    layout_.nb_rxq = cfg.nb_rxq;
    layout_.nb_txq = cfg.nb_txq;
    layout_.nb_rxd = cfg.nb_rxd;
    layout_.nb_txd = cfg.nb_txd;
    // `set rxpkts|rxoffs|rxhdrs` apply at the queues' next setup.
    layout_.rxpkts = cfg.rxpkts;
    layout_.rxoffs = cfg.rxoffs;
    layout_.rxhdrs = cfg.rxhdrs;
}

bool Ports::all_started() const {
    for (const Port &p : ports_)
        if (p.status == PortStatus::Stopped && !is_bonding_slave(p.id)) return false;
    return true;
}

// rte_eth_dev_configure with the port's offloads, MTU and RSS; leaves it
// stopped and its queues to setup_queues.
Status Ports::configure(Port &p) {
    const std::string what = "port " + std::to_string(p.id) + ": ";
    if (layout_.nb_rxq > p.info.max_rx_queues || layout_.nb_txq > p.info.max_tx_queues)
        return Error(what + "asked for " + std::to_string(layout_.nb_rxq) + " RX / " +
                     std::to_string(layout_.nb_txq) + " TX queues, the device has at most " +
                     std::to_string(p.info.max_rx_queues) + " / " +
                     std::to_string(p.info.max_tx_queues));
    p.conf.txmode.offloads = p.hw_tx_offloads;
    // ethdev refuses these with a log line of its own, printed at once; the
    // line is said here instead, in its place in testpmd's start messages.
    if (const uint64_t rx = p.conf.rxmode.offloads; rx & ~p.info.rx_offload_capa)
        return Error(text_format("Ethdev port_id=%u requested Rx offloads 0x%" PRIx64
                                 " doesn't match Rx offloads capabilities 0x%" PRIx64
                                 " in rte_eth_dev_configure()",
                                 p.id, rx, p.info.rx_offload_capa),
                     EINVAL);
    // Hairpin queues follow the forwarding ones (testpmd's nb_rxq + nb_hairpinq).
    const int rc = rte_eth_dev_configure(p.id, layout_.nb_rxq + layout_.nb_hairpinq,
                                         layout_.nb_txq + layout_.nb_hairpinq, &p.conf);
    if (rc < 0) return Error(what + "configure failed: " + rte_strerror(-rc), -rc);
    return {};
}

// testpmd's buffer split (rx_queue_setup): with the buffer_split RX offload
// and --rxpkts/`set rxpkts`, segment i of a packet lands at offset rxoffs[i]
// in an mbuf of the socket's i-th pool (the last one for the rest); a
// length of 0 takes that pool's whole data room, unless `set rxhdrs` gives
// the segment a protocol header to split after (the headers not already
// split off by the segments before).
int Ports::setup_rx_queue(Port &p, uint16_t q, uint16_t nb_desc, rte_eth_rxconf rxconf) {
    const int socket = p.numa.rx_ring;
    rte_eth_rxseg rx_segs[kMaxMbufSizes] = {};
    if (rxconf.share_group > 0) rxconf.share_qid = q; // testpmd maps queue q to shared queue q
    const bool split =
        layout_.rxpkts.size() > 1 && (rxconf.offloads & RTE_ETH_RX_OFFLOAD_BUFFER_SPLIT);
    if (split) {
        std::vector<std::pair<rte_mempool *, uint16_t>> pools;
        for (size_t i = 0; i < layout_.nb_pool_sizes; i++) {
            rte_mempool *mp = all_pools_.at({socket, i});
            pools.emplace_back(mp, rte_pktmbuf_data_room_size(mp));
        }
        const size_t n = rx_split_segments(layout_.rxpkts, layout_.rxoffs, layout_.rxhdrs, pools,
                                           rx_segs, std::size(rx_segs));
        rxconf.rx_seg = rx_segs;
        rxconf.rx_nseg = static_cast<uint16_t>(n);
    } else if (layout_.multi_rx_mempool) {
        std::vector<rte_mempool *> pools;
        for (size_t i = 0; i < layout_.nb_pool_sizes; i++)
            pools.push_back(all_pools_.at({socket, i}));
        return setup_multi_pool_rx_queue(p, q, nb_desc, socket, rxconf, pools);
    }
    return rte_eth_rx_queue_setup(p.id, q, nb_desc, socket, &rxconf,
                                  split ? nullptr : pool(socket));
}

int Ports::setup_queue(Port &p, bool rx, uint16_t q) {
    const uint16_t own = rx ? p.rxq[q].nb_desc : p.txq[q].nb_desc;
    uint16_t n = own ? own : rx ? layout_.nb_rxd : layout_.nb_txd;
    // 0 leaves the size to the PMD; a given size is rounded to its limits.
    if (n != 0) {
        const int rc = rte_eth_dev_adjust_nb_rx_tx_desc(p.id, rx ? &n : nullptr, rx ? nullptr : &n);
        if (rc < 0) return rc;
    }
    if (rx) {
        rte_eth_rxconf conf = p.rxconf;
        conf.offloads = p.conf.rxmode.offloads | p.rxq[q].offloads;
        // As configure: ethdev's refusal, said in its place (queue_refusal).
        if (const uint64_t added = conf.offloads & ~p.conf.rxmode.offloads;
            added & ~p.info.rx_queue_offload_capa)
            return -EINVAL;
        conf.rx_deferred_start = p.rxq[q].deferred_start;
        return setup_rx_queue(p, q, n, conf);
    }
    rte_eth_txconf conf = p.txconf;
    conf.offloads = p.hw_tx_offloads | p.txq[q].offloads;
    conf.tx_deferred_start = p.txq[q].deferred_start;
    return rte_eth_tx_queue_setup(p.id, q, n, p.numa.tx_ring, &conf);
}

Status Ports::setup_queues(Port &p, bool *rx_failed) {
    for (uint16_t q = 0; q < layout_.nb_txq; q++) {
        const int rc = setup_queue(p, false, q);
        if (rc < 0)
            return Error("port " + std::to_string(p.id) + ": TX queue " + std::to_string(q) +
                             " setup failed: " + rte_strerror(-rc),
                         -rc);
        p.txq[q].state =
            p.txq[q].deferred_start ? RTE_ETH_QUEUE_STATE_STOPPED : RTE_ETH_QUEUE_STATE_STARTED;
    }
    for (uint16_t q = 0; q < layout_.nb_rxq; q++) {
        const int rc = setup_queue(p, true, q);
        if (rc < 0) {
            if (rx_failed) *rx_failed = true;
            const uint64_t offloads = p.conf.rxmode.offloads | p.rxq[q].offloads;
            const uint64_t added = offloads & ~p.conf.rxmode.offloads;
            if (added & ~p.info.rx_queue_offload_capa)
                return Error(text_format("Ethdev port_id=%u rx_queue_id=%u, new added offloads "
                                         "0x%" PRIx64 " must be within per-queue offload "
                                         "capabilities 0x%" PRIx64 " in rte_eth_rx_queue_setup()",
                                         static_cast<unsigned>(p.id), static_cast<unsigned>(q),
                                         added, p.info.rx_queue_offload_capa),
                             EINVAL);
            return Error("port " + std::to_string(p.id) + ": RX queue " + std::to_string(q) +
                             " setup failed: " + rte_strerror(-rc),
                         -rc);
        }
        p.rxq[q].state =
            p.rxq[q].deferred_start ? RTE_ETH_QUEUE_STATE_STOPPED : RTE_ETH_QUEUE_STATE_STARTED;
    }
    return {};
}

Status Ports::setup_hairpin(const Port &p, const HairpinPlace &at) const {
    const HairpinLayout layout{layout_.nb_rxq, layout_.nb_txq, layout_.nb_hairpinq,
                               layout_.hairpin_mode, layout_.hairpin_maps};
    return setup_hairpin_queues(p.id, hairpin_queues(layout, at, ids()), layout_.nb_rxd,
                                layout_.nb_txd);
}

bool Ports::started(uint16_t id) const {
    const Port *p = find(id);
    return p && p->status == PortStatus::Started;
}

Status Ports::reconfigure_now(Port &p) {
    if (Status configured = configure(p); !configured) return configured;
    if (Status queues = setup_queues(p); !queues) return queues;
    if (Status hairpin = setup_hairpin(p, {.port = p.id}); !hairpin) return hairpin;
    p.need_reconfig = p.need_reconfig_queues = false;
    return {};
}

Status Ports::start_port(Port &p) {
    const int rc = rte_eth_dev_start(p.id);
    if (rc < 0)
        return Error("Fail to start port " + std::to_string(p.id) + ": " + rte_strerror(-rc) + "\n",
                     -rc);
    p.status = PortStatus::Started;
    refresh_queue_states(p, layout_.nb_rxq, layout_.nb_txq);
    return {};
}

// testpmd's check_all_ports_link_status: poll until every started port is
// up or 9 s have passed, then say each port's link. With LSC interrupts (its
// default) testpmd leaves the loop after the first look, having waited one
// interval at most if a link was down, and prints the header alone: a link
// that is down (a veth whose peer is down, a vhost socket nobody opened) does
// not hold an interactive start-up, and so it is here.
std::string Ports::check_links() const {
    std::string o = "Checking link statuses...\n";
    const int polls = layout_.lsc_interrupt ? 1 : kLinkPolls;
    for (int poll = 0; poll < polls; poll++) {
        bool all_up = true;
        for (const Port &p : ports_) {
            rte_eth_link link{};
            if (p.status == PortStatus::Started &&
                (rte_eth_link_get_nowait(p.id, &link) != 0 || !link.link_status))
                all_up = false;
        }
        if (all_up) break;
        std::this_thread::sleep_for(kLinkPoll);
    }
    if (layout_.lsc_interrupt) return o;
    for (const Port &p : ports_) {
        if (p.status != PortStatus::Started) continue;
        rte_eth_link link{};
        const int rc = rte_eth_link_get_nowait(p.id, &link);
        char text[RTE_ETH_LINK_MAX_STR_LEN];
        rte_eth_link_to_str(text, sizeof(text), &link);
        if (rc == 0)
            o += "Port " + std::to_string(p.id) + " " + text + "\n";
        else
            o += "Port " + std::to_string(p.id) + " link get failed: " + rte_strerror(-rc) + "\n";
    }
    return o;
}

std::string Ports::start_ports(std::optional<uint16_t> port, bool *gave_up) {
    std::string o;
    bool any = false, all_already = true;
    std::vector<uint16_t> started_now;
    HairpinPlace place; // testpmd's p_pi and cnt_pi
    auto give_up = [&](const std::string &why) {
        if (gave_up) *gave_up = true;
        return o + why;
    };
    for (Port &p : ports_) {
        if (!selected(p, port)) continue;
        any = true;
        if (p.status != PortStatus::Stopped) {
            o += "Port " + std::to_string(p.id) + " is now not stopped\n";
            continue;
        }
        all_already = false;
        if (!p.conf_status)
            return give_up(p.conf_status.message() + "\nFail to configure port " +
                           std::to_string(p.id) + "\n");
        if (p.need_reconfig) {
            p.need_reconfig = false;
            // testpmd's start_port gives up on every port left.
            if (before_configure_ && !before_configure_(p.id, &o)) {
                p.need_reconfig = true;
                return give_up("");
            }
            o += "Configuring Port " + std::to_string(p.id) + " (socket " +
                 std::to_string(p.socket) + ")\n";
            rte_eth_hairpin_cap cap{};
            if (layout_.nb_hairpinq > 0 && rte_eth_dev_hairpin_capability_get(p.id, &cap) != 0) {
                p.need_reconfig = true;
                return give_up("Port " + std::to_string(p.id) +
                               " doesn't support hairpin queues\n");
            }
            if (Status configured = configure(p); !configured) {
                p.need_reconfig = true; // tried again at the next start
                return give_up(configured.message() + "\nFail to configure port " +
                               std::to_string(p.id) + "\n");
            }
        }
        if (p.need_reconfig_queues) {
            p.need_reconfig_queues = false;
            bool rx_failed = false;
            if (Status queues = setup_queues(p, &rx_failed); !queues) {
                p.need_reconfig_queues = true;
                return give_up(queues.message() + "\nFail to configure port " +
                               std::to_string(p.id) +
                               (rx_failed ? " rx queues\n" : " tx queues\n"));
            }
            place.port = p.id;
            if (Status hairpin = setup_hairpin(p, place); !hairpin) {
                p.need_reconfig_queues = true;
                return give_up(hairpin.message() + "\n");
            }
        }
        place.prev = p.id;
        place.nth++;
        if (Status started = start_port(p); !started) {
            o += started.message();
            continue;
        }
        rte_ether_addr mac{};
        if (rte_eth_macaddr_get(p.id, &mac) == 0) {
            std::copy(std::begin(mac.addr_bytes), std::end(mac.addr_bytes), p.tx.mac);
            // testpmd's "Port 0: 02:70:63:61:70:00" line: scripts and the e2e
            // tests learn each port's own MAC (pmdfwd_port_tx.mac) from it.
            o += "Port " + std::to_string(p.id) + ": " + mac_to_text(p.tx.mac) + "\n";
        }
        started_now.push_back(p.id);
    }
    if (!started_now.empty() && layout_.link_check) {
        o += check_links();
    } else if (any && all_already) {
        o += "Please stop the ports first\n";
    }
    // A peer layout is bound by hand once its ports run; a PMD that cannot
    // say its hairpin peers ends the start there, without a word, as in testpmd.
    if (layout_.hairpin_mode & kHairpinManualMask) {
        const Status bound =
            bind_hairpin_ports(started_now, [this](uint16_t id) { return started(id); });
        if (!bound) return give_up(bound.message().empty() ? "" : bound.message() + "\n");
    }
    return o + "Done\n";
}

std::string Ports::stop_ports(std::optional<uint16_t> port,
                              const std::function<bool(uint16_t)> &forwarding, bool link_check) {
    std::string o = "Stopping ports...\n";
    bool stopped = false;
    for (Port &p : ports_) {
        if (!selected(p, port)) continue;
        if (forwarding(p.id)) {
            o += "Please remove port " + std::to_string(p.id) + " from forwarding configuration.\n";
            continue;
        }
        if (p.status != PortStatus::Started) continue;
        // testpmd's stop_port leaves a port whose hairpin peers its PMD
        // cannot say started (and the next `port start` says so).
        if ((layout_.hairpin_mode & kHairpinManualMask) &&
            !unbind_hairpin_port(p.id, [this](uint16_t id) { return started(id); }))
            continue;
        const int rc = rte_eth_dev_stop(p.id);
        if (rc != 0) {
            o += "rte_eth_dev_stop failed for port " + std::to_string(p.id) + "\n";
            continue;
        }
        p.status = PortStatus::Stopped;
        stopped = true;
    }
    if (stopped && link_check && layout_.link_check) o += check_links();
    return o + "Done\n";
}

// The PMD resets the device (rte_eth_dev_reset); the port is configured
// and its queues set up again at its next start. The ports are stopped
// (the command says so otherwise, as testpmd).
std::string Ports::reset_ports(std::optional<uint16_t> port,
                               const std::function<bool(uint16_t)> &forwarding) {
    std::string o = "Resetting ports...\n";
    for (Port &p : ports_) {
        if (!selected(p, port)) continue;
        if (forwarding(p.id)) {
            o += "Please remove port " + std::to_string(p.id) + " from forwarding configuration.\n";
            continue;
        }
        const int rc = rte_eth_dev_reset(p.id);
        if (rc != 0) {
            o += "Failed to reset port " + std::to_string(p.id) + ". diag=" + std::to_string(rc) +
                 "\n";
            continue;
        }
        p.need_reconfig = p.need_reconfig_queues = true;
    }
    return o + "Done\n";
}

std::string Ports::close_ports(std::optional<uint16_t> port,
                               const std::function<bool(uint16_t)> &forwarding) {
    std::string o = "Closing ports...\n";
    for (Port &p : ports_) {
        if (port && *port != p.id) continue;
        if (p.status == PortStatus::Closed) {
            o += "Port " + std::to_string(p.id) + " is already closed\n";
            continue;
        }
        if (forwarding(p.id)) {
            o += "Please remove port " + std::to_string(p.id) + " from forwarding configuration.\n";
            continue;
        }
        // ethdev refuses to close a started port (and logs why), as in testpmd.
        if (rte_eth_dev_close(p.id) != 0) continue;
        p.mc_addrs.clear();
        p.status = PortStatus::Closed;
        o += "Port " + std::to_string(p.id) + " is closed\n";
    }
    return o + "Done\n";
}

} // namespace pmdfwd
