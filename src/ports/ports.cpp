#include "ports/ports.h"

#include "options/scalar_parse.h"
#include "ports/mbuf_pool_alloc.h"
#include "ports/port_config.h"

#include <rte_cycles.h>
#include <rte_errno.h>
#include <rte_lcore.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>
#include <rte_version.h>

#include <numa.h>

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <set>
#include <thread>

namespace pmdfwd {

namespace {
// Queue sizes used to size pools when the PMD gives no preference.
constexpr unsigned kAssumedRingSize = 1024;
// Room for tx_first bursts and packets parked in software rings (net_ring
// holds up to 1023 per queue) beyond what the descriptors hold.
constexpr unsigned kExtraPerPort = 2048;
constexpr unsigned kMinPoolSize = 8192;
// testpmd drains each queue for up to a second; a tenth is plenty for real
// rings and keeps `start` quick on PMDs that never run dry. The whole flush
// is bounded too: 32 queues of a never-dry PMD took 13 s at 100 ms each.
constexpr uint64_t kFlushMsPerQueue = 100;
constexpr uint64_t kFlushMsTotal = 200;
} // namespace

int lcore_socket(unsigned lcore) {
    int s = static_cast<int>(rte_lcore_to_socket_id(lcore));
    // EAL reports SOCKET_ID_ANY only without NUMA information; libnuma may
    // still know the CPU's node.
    if (s < 0 && numa_available() >= 0) {
        const int cpu = rte_lcore_to_cpu_id(static_cast<int>(lcore));
        if (cpu >= 0) s = numa_node_of_cpu(cpu);
    }
    return s < 0 ? 0 : s;
}

int port_socket(uint16_t port) {
    const int s = rte_eth_dev_socket_id(port);
    return s < 0 ? lcore_socket(rte_get_main_lcore()) : s;
}

// testpmd's pool names: mb_pool_<socket> for the first --mbuf-size,
// mb_pool_<socket>_<index> for the others; its line before each is made.
Status Ports::create_pool(const Config &cfg, int socket, size_t index, unsigned count) {
    std::string name = "mb_pool_" + std::to_string(socket);
    if (index > 0) name += '_' + std::to_string(index);
    const uint16_t data_room = cfg.mbuf_sizes[index];
    std::printf("%s: create a new mbuf pool <%s>: n=%u, size=%u, socket=%d\n", log_tag_.c_str(),
                name.c_str(), count, data_room, socket);
    const Result<rte_mempool *> mp =
        make_mbuf_pool(cfg.mp_alloc, {.name = name,
                                      .count = count,
                                      .data_room = data_room,
                                      .cache = cfg.mbuf_cache,
                                      .socket = socket,
                                      .no_iova_contig = cfg.no_iova_contig,
                                      .log_tag = log_tag_});
    if (!mp) return mp.status();
    all_pools_[{socket, index}] = *mp;
    if (index == 0) pools_[socket] = *mp;
    return {};
}

Status Ports::create_pools(const Config &cfg, const std::vector<unsigned> &fwd_lcores) {
    log_tag_ = cfg.log_tag;
    if (cfg.no_iova_contig && cfg.mp_alloc != MpAlloc::Anon)
        std::printf("%s: cannot use no-iova-contig without mp-alloc=anon. mempool "
                    "no-iova-contig is ignored\n",
                    log_tag_.c_str());
    std::map<int, unsigned> need;
    for (const Port &p : ports_) {
        const unsigned rxd = cfg.nb_rxd ? cfg.nb_rxd
                             : p.info.default_rxportconf.ring_size
                                 ? p.info.default_rxportconf.ring_size
                                 : kAssumedRingSize;
        const unsigned txd = cfg.nb_txd ? cfg.nb_txd
                             : p.info.default_txportconf.ring_size
                                 ? p.info.default_txportconf.ring_size
                                 : kAssumedRingSize;
        // RX rings fill from their socket's pool; what they send on comes
        // from there or from the lcores' pools.
        need[p.numa.rx_ring] += cfg.nb_rxq * rxd + cfg.nb_txq * txd + kExtraPerPort;
    }
    for (unsigned l : fwd_lcores) {
        const int socket = cfg.numa ? lcore_socket(l) : std::max(cfg.socket_num, 0);
        need[socket] += cfg.mbuf_cache * 3 / 2 + 2u * cfg.burst;
    }
    for (auto &[socket, n] : need) {
        const unsigned count =
            cfg.total_num_mbufs ? cfg.total_num_mbufs : std::max(n, kMinPoolSize);
        for (size_t i = 0; i < cfg.mbuf_sizes.size(); i++)
            if (Status made = create_pool(cfg, socket, i, count); !made) return made;
    }
    return {};
}

rte_mempool *Ports::pool(int socket) const {
    auto it = pools_.find(socket);
    return it != pools_.end() ? it->second : pools_.begin()->second;
}

rte_mempool *Ports::lcore_pool(unsigned lcore) const {
    return pool(layout_.numa ? lcore_socket(lcore) : std::max(layout_.socket_num, 0));
}

Status check_vdevs_probed(const std::vector<std::string> &eal_args) {
    for (const std::string &dev : option_values(eal_args, "--vdev")) {
        const std::string name = dev.substr(0, dev.find(','));
        // Only ethdev drivers make ports; crypto or event vdevs do not.
        if (name.rfind("net_", 0) != 0) continue;
        uint16_t id;
        if (rte_eth_dev_get_port_by_name(name.c_str(), &id) != 0)
            return Error("--vdev " + dev +
                         " did not probe, so it has no port (the EAL messages above "
                         "say why: a missing file, a bad argument)");
    }
    return {};
}

Port *Ports::find(uint16_t id) {
    for (Port &p : ports_)
        if (p.id == id) return &p;
    return nullptr;
}

const Port *Ports::find(uint16_t id) const {
    for (const Port &p : ports_)
        if (p.id == id) return &p;
    return nullptr;
}

std::vector<uint16_t> Ports::ids() const {
    std::vector<uint16_t> v;
    for (const Port &p : ports_)
        if (p.status != PortStatus::Closed) v.push_back(p.id);
    return v;
}

// The driver marks a slave in the flags dev_info points to; DPDK 23.11
// renamed the flag with slave to member.
bool Ports::is_bonding_slave(uint16_t id) {
    rte_eth_dev_info info{};
    if (rte_eth_dev_info_get(id, &info) != 0 || info.dev_flags == nullptr) return false;
#if RTE_VERSION >= RTE_VERSION_NUM(23, 11, 0, 0)
    return (*info.dev_flags & RTE_ETH_DEV_BONDING_MEMBER) != 0;
#else
    return (*info.dev_flags & RTE_ETH_DEV_BONDED_SLAVE) != 0;
#endif
}

std::vector<uint16_t> Ports::fwd_ids() const {
    std::vector<uint16_t> v = ids();
    std::erase_if(v, is_bonding_slave);
    return v;
}

// Checked before any pool is sized from the queue counts: --rxq=400 on a
// 16-queue device is the device's limit, not a pool too large for memory.
static Status check_queues(const Port &p, uint16_t nb_rxq, uint16_t nb_txq) {
    if (nb_rxq <= p.info.max_rx_queues && nb_txq <= p.info.max_tx_queues) return {};
    return Error("port " + std::to_string(p.id) + ": asked for " + std::to_string(nb_rxq) +
                 " RX / " + std::to_string(nb_txq) + " TX queues, the device has at most " +
                 std::to_string(p.info.max_rx_queues) + " / " +
                 std::to_string(p.info.max_tx_queues) + " (--rxq/--txq)");
}

// One port as the options configure it, stopped, appended to ports_.
Status Ports::add_port(const Config &cfg, uint16_t id) {
    Port p;
    p.id = id;
    p.numa = port_placement(cfg, id, port_socket(id));
    p.socket = p.numa.pool;
    int rc = rte_eth_dev_info_get(id, &p.info);
    if (rc != 0)
        return Error("port " + std::to_string(id) + ": no device info: " + rte_strerror(-rc), -rc);
    p.conf_status = port_conf(cfg, p.info, id, &p.conf);
    if (!p.conf_status && !cfg.interactive) return p.conf_status;
    p.hw_tx_offloads = p.conf.txmode.offloads;
    p.rxconf = rx_queue_conf(cfg, p.info, p.conf);
    p.rxconf.share_group = rx_share_group(cfg, p.info, id);
    p.txconf = tx_queue_conf(cfg, p.info, p.conf);
    // Engines request in mbufs what the port was configured for (VLAN,
    // QinQ, MACsec insert), as testpmd's read txmode.offloads.
    p.tx.tx_offloads = p.hw_tx_offloads;
    rte_ether_addr mac{};
    rte_eth_macaddr_get(id, &mac);
    std::copy(std::begin(mac.addr_bytes), std::end(mac.addr_bytes), p.tx.mac);
    // testpmd's default peer: 02:00:00:00:00:<port>.
    const uint8_t peer[6] = {0x02, 0, 0, 0, 0, static_cast<uint8_t>(id)};
    std::copy(std::begin(peer), std::end(peer), p.tx.peer_mac);
    auto it = cfg.eth_peers.find(id);
    if (it != cfg.eth_peers.end()) std::copy(it->second.begin(), it->second.end(), p.tx.peer_mac);
    p.rxq.resize(std::max<uint16_t>(p.info.max_rx_queues, 1));
    p.txq.resize(std::max<uint16_t>(p.info.max_tx_queues, 1));
    ports_.push_back(p);
    return {};
}

Status Ports::collect(const Config &cfg) {
    uint16_t id;
    RTE_ETH_FOREACH_DEV(id) {
        if (Status added = add_port(cfg, id); !added) return added;
    }
    // testpmd's shell stays up without a port (a harness asks what it
    // has); a batch run has nothing to forward.
    if (ports_.empty() && !cfg.interactive)
        return Error("no ports: give EAL virtual devices (e.g. --vdev=net_ring0 "
                     "--vdev=net_ring1) or PCI devices (-a 0000:01:00.0)");
    if (ports_.empty()) std::printf("pmdfwd: No probed ethernet devices\n");
    for (const auto &[port, mac] : cfg.eth_peers)
        if (find(port) == nullptr)
            return Error("--eth-peer names port " + std::to_string(port) +
                         ", which does not exist");
    for (const Port &p : ports_)
        if (Status queues = check_queues(p, cfg.nb_rxq, cfg.nb_txq); !queues) return queues;
    for (const auto &[port, numa] : cfg.port_numa)
        if (find(port) == nullptr)
            return Error("--port-numa-config/--ring-numa-config names port " +
                         std::to_string(port) + ", which does not exist");
    return {};
}

// Every socket the placement options name must be one EAL has memory on.
Status Ports::check_sockets(const Config &cfg) const {
    std::set<int> known;
    std::string allowed;
    for (unsigned i = 0; i < rte_socket_count(); i++) {
        known.insert(rte_socket_id_by_idx(i));
        allowed += (allowed.empty() ? "" : ", ") + std::to_string(rte_socket_id_by_idx(i));
    }
    auto check = [&](int socket, const std::string &what) -> Status {
        if (socket < 0 || known.count(socket)) return {};
        return Error(what + " names socket " + std::to_string(socket) +
                     ", which EAL does not have (allowed: " + allowed + ")");
    };
    if (Status s = check(cfg.socket_num, "--socket-num"); !s) return s;
    for (const auto &[port, n] : cfg.port_numa) {
        const std::string p = " for port " + std::to_string(port);
        if (Status s = check(n.pool, "--port-numa-config" + p); !s) return s;
        if (Status s = check(n.rx_ring, "--ring-numa-config" + p); !s) return s;
        if (Status s = check(n.tx_ring, "--ring-numa-config" + p); !s) return s;
    }
    return {};
}

Status Ports::setup(const Config &cfg, const std::vector<unsigned> &fwd_lcores) {
    layout_ = {.nb_rxq = cfg.nb_rxq,
               .nb_txq = cfg.nb_txq,
               .nb_rxd = cfg.nb_rxd,
               .nb_txd = cfg.nb_txd,
               .rxpkts = cfg.rxpkts,
               .rxoffs = cfg.rxoffs,
               .rxhdrs = cfg.rxhdrs,
               .nb_pool_sizes = cfg.mbuf_sizes.size(),
               .mp_alloc = cfg.mp_alloc,
               .multi_rx_mempool = cfg.multi_rx_mempool,
               .nb_hairpinq = cfg.nb_hairpinq,
               .hairpin_mode = cfg.hairpin_mode,
               .hairpin_maps = cfg.hairpin_maps,
               .numa = cfg.numa,
               .socket_num = cfg.socket_num,
               .link_check = cfg.link_check,
               .lsc_interrupt = cfg.lsc_interrupt};
    // testpmd checks --hairpinq against the ports as it reads it.
    if (Status hairpin = check_hairpin_queues(cfg); !hairpin) return hairpin;
    if (Status collected = collect(cfg); !collected) return collected;
    if (Status sockets = check_sockets(cfg); !sockets) return sockets;
    if (cfg.rxpkts.size() > 1 && !(cfg.rx_offloads & RTE_ETH_RX_OFFLOAD_BUFFER_SPLIT))
        std::printf("pmdfwd: --rxpkts splits received packets only with the buffer_split RX "
                    "offload (--rx-offloads=0x%" PRIx64 "), as in testpmd; RX is not split\n",
                    static_cast<uint64_t>(RTE_ETH_RX_OFFLOAD_BUFFER_SPLIT));
    if (Status pools = create_pools(cfg, fwd_lcores); !pools) return pools;
    events_.start(cfg.event_print_mask, &removals_);
    if (cfg.hot_plug)
        if (Status hot_plug = hot_plug_.start(&removals_); !hot_plug) return hot_plug;
    // testpmd starts every port at start-up unless --disable-device-start;
    // then they are configured at their first `port start`.
    if (!cfg.device_start) return {};
    bool gave_up = false;
    std::fputs(start_ports(std::nullopt, &gave_up).c_str(), stdout);
    std::fflush(stdout);
    for (const Port &p : ports_)
        if (p.status != PortStatus::Started && !cfg.interactive)
            return Error("port " + std::to_string(p.id) + " did not start (see above)");
    // Every port started, but not their hairpin binding.
    if (gave_up && !cfg.interactive) return Error("Start ports failed");
    // testpmd's interactive start-up goes on to its prompt, where `port
    // start` or `show port info` still answer.
    if (gave_up || !all_started()) std::printf("Start ports failed\n");
    // testpmd puts every port in promiscuous mode once, at start-up.
    for (const Port &p : ports_) {
        const int rc = rte_eth_promiscuous_enable(p.id);
        if (rc < 0 && rc != -ENOTSUP)
            std::printf("Error during enabling promiscuous mode for port %u: %s\n", p.id,
                        rte_strerror(-rc));
    }
    return {};
}

void Ports::close() {
    for (Port &p : ports_) {
        if (p.status == PortStatus::Closed) continue;
        if (p.status == PortStatus::Started) rte_eth_dev_stop(p.id);
        rte_eth_dev_close(p.id);
    }
    ports_.clear();
    hot_plug_.stop();
    events_.stop();
    for (auto &[key, mp] : all_pools_)
        free_mbuf_pool(layout_.mp_alloc, mp);
    all_pools_.clear();
    pools_.clear();
}

void Ports::flush_rx(const std::vector<uint16_t> &ports, uint16_t nb_rxq) const {
    rte_mbuf *pkts[kMaxBurst];
    // Twice, as testpmd: packets in flight may land after the first pass.
    // Each queue is drained for a bounded time, since some PMDs (net_null,
    // a pcap file with infinite_rx) never run dry, and so is the whole
    // flush; past the deadline, or once a signal asks to stop, every queue
    // left gets one burst.
    const uint64_t ms = rte_get_timer_hz() / 1000;
    const uint64_t deadline = rte_get_timer_cycles() + kFlushMsTotal * ms;
    for (int pass = 0; pass < 2; pass++) {
        for (uint16_t port : ports)
            for (uint16_t q = 0; q < nb_rxq; q++) {
                const uint64_t end =
                    std::min(deadline, rte_get_timer_cycles() + kFlushMsPerQueue * ms);
                uint16_t n;
                do {
                    n = rte_eth_rx_burst(port, q, pkts, kMaxBurst);
                    rte_pktmbuf_free_bulk(pkts, n);
                } while (n > 0 && rte_get_timer_cycles() < end && !stop_requested_());
            }
        if (pass == 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}

Result<std::string> Ports::set_tx_vlan(uint16_t port, bool on, uint16_t tci) {
    Port *p = find(port);
    if (p == nullptr) return Error("port " + std::to_string(port) + " does not exist");
    // testpmd's tx_vlan_set: one tag does not replace two.
    if (on && (p->tx.tx_offloads & RTE_ETH_TX_OFFLOAD_QINQ_INSERT))
        return Error("Error, as QinQ has been enabled.");
    return set_tx_tags(*p, on ? RTE_ETH_TX_OFFLOAD_VLAN_INSERT : 0, tci, 0);
}

Result<std::string> Ports::set_tx_qinq(uint16_t port, uint16_t inner, uint16_t outer) {
    Port *p = find(port);
    if (p == nullptr) return Error("port " + std::to_string(port) + " does not exist");
    return set_tx_tags(*p, RTE_ETH_TX_OFFLOAD_VLAN_INSERT | RTE_ETH_TX_OFFLOAD_QINQ_INSERT, inner,
                       outer);
}

// testpmd's tx_vlan_reset, then the insert offloads asked for (none, VLAN,
// or VLAN and QinQ) with their tags. Engines mark every mbuf with them; the
// device is configured with those its PMD offers, and a warning names the
// others (the tags then leave as the engine wrote the frame).
Result<std::string> Ports::set_tx_tags(Port &p, uint64_t flags, uint16_t tci, uint16_t outer) {
    const uint64_t all = RTE_ETH_TX_OFFLOAD_VLAN_INSERT | RTE_ETH_TX_OFFLOAD_QINQ_INSERT;
    p.tx.tx_offloads = (p.tx.tx_offloads & ~all) | flags;
    p.tx.vlan_tci = tci;
    p.tx.vlan_tci_outer = outer;
    const uint64_t hw = flags & p.info.tx_offload_capa;
    const uint64_t want = (p.hw_tx_offloads & ~all) | hw;
    std::string warning;
    if (flags & ~hw) {
        const bool qinq = flags & ~hw & RTE_ETH_TX_OFFLOAD_QINQ_INSERT;
        warning = "port " + std::to_string(p.id) + " has no " + (qinq ? "QinQ" : "VLAN") +
                  " insert offload: engines mark mbufs (" +
                  (qinq ? "RTE_MBUF_F_TX_QINQ, vlan_tci_outer" : "RTE_MBUF_F_TX_VLAN, vlan_tci") +
                  ") but the PMD will not insert the tag";
    }
    if (want == p.hw_tx_offloads) return warning;
    p.hw_tx_offloads = want;
    p.need_reconfig = p.need_reconfig_queues = true;
    if (p.status != PortStatus::Started) return warning;
    // A started port takes the offload at once: stop, configure, start.
    rte_eth_dev_stop(p.id);
    p.status = PortStatus::Stopped;
    // Started again even when the configuration failed, as testpmd does;
    // both messages then.
    const Status reconfigured = reconfigure_now(p);
    const Status started = start_port(p);
    if (reconfigured && started) return warning;
    return Error(reconfigured.message() + started.message());
}

Status Ports::set_tx_offloads(uint16_t port, uint64_t offloads, bool on) {
    Port *p = find(port);
    if (p == nullptr) return Error("port " + std::to_string(port) + " does not exist");
    if (p->status == PortStatus::Started)
        return Error("Please stop port " + std::to_string(port) + " first");
    if (on && (offloads & ~p->info.tx_offload_capa))
        return Error("port " + std::to_string(port) + ": TX offloads " +
                     tx_offload_text(offloads & ~p->info.tx_offload_capa) + " are not offered by " +
                     (p->info.driver_name ? p->info.driver_name : "the PMD"));
    const uint64_t want = on ? (p->hw_tx_offloads | offloads) : (p->hw_tx_offloads & ~offloads);
    if (want == p->hw_tx_offloads) return {};
    p->hw_tx_offloads = want;
    p->tx.tx_offloads = on ? (p->tx.tx_offloads | offloads) : (p->tx.tx_offloads & ~offloads);
    return reconfigure_now(*p);
}

void Ports::set_peer(uint16_t port, const std::array<uint8_t, 6> &mac) {
    if (Port *p = find(port)) std::copy(mac.begin(), mac.end(), p->tx.peer_mac);
}

} // namespace pmdfwd
