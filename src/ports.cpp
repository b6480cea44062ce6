#include "ports.h"

#include "parse.h"

#include <rte_cycles.h>
#include <rte_errno.h>
#include <rte_lcore.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>

#include <numa.h>

#include <chrono>
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
// rings and keeps `start` quick on PMDs that never run dry.
constexpr uint64_t kFlushMsPerQueue = 100;
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

std::string Ports::create_pools(const Config &cfg, const std::vector<unsigned> &fwd_lcores) {
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
        need[p.socket] += cfg.nb_rxq * rxd + cfg.nb_txq * txd + kExtraPerPort;
    }
    for (unsigned l : fwd_lcores)
        need[lcore_socket(l)] += cfg.mbuf_cache * 3 / 2 + 2u * cfg.burst;
    for (auto &[socket, n] : need) {
        const unsigned count =
            cfg.total_num_mbufs ? cfg.total_num_mbufs : std::max(n, kMinPoolSize);
        const std::string name = "mb_pool_" + std::to_string(socket);
        rte_mempool *mp = rte_pktmbuf_pool_create(name.c_str(), count, cfg.mbuf_cache, 0,
                                                  RTE_MBUF_DEFAULT_BUF_SIZE, socket);
        if (mp == nullptr)
            return "cannot create mbuf pool " + name + " of " + std::to_string(count) +
                   " mbufs on socket " + std::to_string(socket) + ": " + rte_strerror(rte_errno) +
                   " (give EAL more memory with -m / hugepages, or lower --total-num-mbufs)";
        std::printf("pmdfwd: created mbuf pool <%s>: n=%u, size=%u, socket=%d\n", name.c_str(),
                    count, RTE_MBUF_DEFAULT_BUF_SIZE, socket);
        pools_[socket] = mp;
    }
    return {};
}

rte_mempool *Ports::pool(int socket) const {
    auto it = pools_.find(socket);
    return it != pools_.end() ? it->second : pools_.begin()->second;
}

std::string check_vdevs_probed(const std::vector<std::string> &eal_args) {
    for (size_t i = 0; i < eal_args.size(); i++) {
        std::string dev;
        if (eal_args[i].rfind("--vdev=", 0) == 0)
            dev = eal_args[i].substr(7);
        else if (eal_args[i] == "--vdev" && i + 1 < eal_args.size())
            dev = eal_args[++i];
        const std::string name = dev.substr(0, dev.find(','));
        // Only ethdev drivers make ports; crypto or event vdevs do not.
        if (name.rfind("net_", 0) != 0) continue;
        uint16_t id;
        if (rte_eth_dev_get_port_by_name(name.c_str(), &id) != 0)
            return "--vdev " + dev +
                   " did not probe, so it has no port (the EAL messages above "
                   "say why: a missing file, a bad argument)";
    }
    return {};
}

Port *Ports::find(uint16_t id) {
    for (Port &p : ports_)
        if (p.id == id) return &p;
    return nullptr;
}

std::vector<uint16_t> Ports::ids() const {
    std::vector<uint16_t> v;
    for (const Port &p : ports_)
        if (p.status != PortStatus::Closed) v.push_back(p.id);
    return v;
}

std::string Ports::setup(const Config &cfg, const std::vector<unsigned> &fwd_lcores) {
    cfg_ = cfg;
    uint16_t id;
    RTE_ETH_FOREACH_DEV(id) {
        Port p;
        p.id = id;
        p.socket = port_socket(id);
        int rc = rte_eth_dev_info_get(id, &p.info);
        if (rc != 0) return "port " + std::to_string(id) + ": no device info: " + rte_strerror(-rc);
        rte_ether_addr mac{};
        rte_eth_macaddr_get(id, &mac);
        std::copy(std::begin(mac.addr_bytes), std::end(mac.addr_bytes), p.tx.mac);
        // testpmd's default peer: 02:00:00:00:00:<port>.
        const uint8_t peer[6] = {0x02, 0, 0, 0, 0, static_cast<uint8_t>(id)};
        std::copy(std::begin(peer), std::end(peer), p.tx.peer_mac);
        auto it = cfg.eth_peers.find(id);
        if (it != cfg.eth_peers.end())
            std::copy(it->second.begin(), it->second.end(), p.tx.peer_mac);
        p.rxq.resize(std::max<uint16_t>(p.info.max_rx_queues, 1));
        p.txq.resize(std::max<uint16_t>(p.info.max_tx_queues, 1));
        ports_.push_back(p);
    }
    if (ports_.empty())
        return "no ports: give EAL virtual devices (e.g. --vdev=net_ring0 --vdev=net_ring1) or "
               "PCI devices (-a 0000:01:00.0)";
    for (const auto &[port, mac] : cfg.eth_peers)
        if (find(port) == nullptr)
            return "--eth-peer names port " + std::to_string(port) + ", which does not exist";
    if (std::string err = create_pools(cfg, fwd_lcores); !err.empty()) return err;
    std::fputs(start_ports(std::nullopt).c_str(), stdout);
    for (const Port &p : ports_)
        if (p.status != PortStatus::Started)
            return "port " + std::to_string(p.id) + " did not start (see above)";
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
        rte_eth_dev_stop(p.id);
        rte_eth_dev_close(p.id);
    }
    ports_.clear();
    for (auto &[socket, mp] : pools_)
        rte_mempool_free(mp);
    pools_.clear();
}

void Ports::flush_rx(uint16_t nb_rxq) const {
    rte_mbuf *pkts[kMaxBurst];
    // Twice, as testpmd: packets in flight may land after the first pass.
    // Each queue is drained for a bounded time, since some PMDs (net_null,
    // a pcap file with infinite_rx) never run dry.
    const uint64_t limit = rte_get_timer_hz() / 1000 * kFlushMsPerQueue;
    for (int pass = 0; pass < 2; pass++) {
        for (const Port &p : ports_)
            for (uint16_t q = 0; q < nb_rxq; q++) {
                const uint64_t start = rte_get_timer_cycles();
                uint16_t n;
                do {
                    n = rte_eth_rx_burst(p.id, q, pkts, kMaxBurst);
                    rte_pktmbuf_free_bulk(pkts, n);
                } while (n > 0 && rte_get_timer_cycles() - start < limit);
            }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}

std::string Ports::set_tx_vlan(uint16_t port, bool on, uint16_t tci, std::string *note) {
    Port *p = find(port);
    if (p == nullptr) return "port " + std::to_string(port) + " does not exist";
    p->tx.vlan_tci = on ? tci : 0;
    const uint64_t flag = RTE_ETH_TX_OFFLOAD_VLAN_INSERT;
    if (on)
        p->tx.tx_offloads |= flag;
    else
        p->tx.tx_offloads &= ~flag;
    const bool hw = (p->info.tx_offload_capa & flag) != 0;
    if (!hw) {
        if (on)
            *note =
                "port " + std::to_string(port) +
                " has no VLAN insert offload: engines mark mbufs (RTE_MBUF_F_TX_VLAN, vlan_tci) "
                "but the PMD will not insert the tag";
        return {};
    }
    const uint64_t want = on ? (p->hw_tx_offloads | flag) : (p->hw_tx_offloads & ~flag);
    if (want == p->hw_tx_offloads) return {};
    p->hw_tx_offloads = want;
    p->need_reconfig = p->need_reconfig_queues = true;
    if (p->status != PortStatus::Started) return {};
    // A started port takes the offload at once: stop, configure, start.
    rte_eth_dev_stop(p->id);
    p->status = PortStatus::Stopped;
    if (std::string err = configure(*p); !err.empty()) return err;
    if (std::string err = setup_queues(*p); !err.empty()) return err;
    return start_one(*p);
}

void Ports::set_peer(uint16_t port, const std::array<uint8_t, 6> &mac) {
    if (Port *p = find(port)) std::copy(mac.begin(), mac.end(), p->tx.peer_mac);
}

} // namespace pmdfwd
