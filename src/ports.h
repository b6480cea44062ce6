// Ports, their queues, and the mbuf pools that feed them: one pool per NUMA
// socket in use, each port and lcore served from its own socket's pool.
#pragma once

#include "config.h"
#include "port_control.h"

#include <pmdfwd/engine.h>

#include <rte_ethdev.h>

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

struct rte_mempool;

namespace pmdfwd {

// A queue's settings, kept across port restarts as testpmd keeps them
// (struct rte_port's nb_rx_desc[], rxq[].conf, rxq[].state).
struct QueueSettings {
    uint16_t nb_desc = 0; // 0: --rxd/--txd, else the PMD's preference
    bool deferred_start = false;
    uint64_t offloads = 0; // the queue's own, on top of the port's
    uint8_t state = RTE_ETH_QUEUE_STATE_STOPPED;
};

struct Port {
    uint16_t id = 0;
    int socket = 0;
    rte_eth_dev_info info{};
    pmdfwd_port_tx tx{};         // what engines read: MACs, VLAN settings
    uint64_t hw_tx_offloads = 0; // offloads enabled on the device
    uint64_t rx_offloads = 0;    // RX offloads (VLAN strip, filter...) of the device
    uint16_t mtu = 0;            // 0: the PMD's default
    PortStatus status = PortStatus::Stopped;
    // What the next start must redo (testpmd's need_reconfig[_queues]).
    bool need_reconfig = true;
    bool need_reconfig_queues = true;
    std::vector<QueueSettings> rxq, txq; // sized to the device's maximum
    std::vector<rte_ether_addr> mc_addrs;
};

class Ports {
  public:
    // Configures and starts every available port with cfg's queues and
    // descriptors, creating the pools it needs. Returns "" or why not.
    std::string setup(const Config &cfg, const std::vector<unsigned> &fwd_lcores);
    // Stops and closes every port and frees the pools.
    void close();

    // testpmd's start_port / stop_port / close_port for one port or all
    // (nullopt): configure what changed, start, wait for links; returns
    // what testpmd prints. `forwarding` says which ports carry streams now:
    // those are not stopped or closed.
    std::string start_ports(std::optional<uint16_t> port);
    std::string stop_ports(std::optional<uint16_t> port,
                           const std::function<bool(uint16_t)> &forwarding, bool link_check = true);
    std::string close_ports(std::optional<uint16_t> port,
                            const std::function<bool(uint16_t)> &forwarding);
    bool all_started() const;
    // The shell changed queue counts or sizes: the next start uses cfg.
    void sync_config(const Config &cfg);
    // Sets a queue up again with its settings (`port P rxq Q setup`).
    int setup_queue(Port &p, bool rx, uint16_t q);

    std::vector<Port> &ports() { return ports_; }
    const std::vector<Port> &ports() const { return ports_; }
    Port *find(uint16_t id);
    // The ports not closed, in id order.
    std::vector<uint16_t> ids() const;
    rte_mempool *pool(int socket) const;
    const std::map<int, rte_mempool *> &pools() const { return pools_; }

    // Frees whatever sits in the RX queues (testpmd's flush at start).
    void flush_rx(uint16_t nb_rxq) const;
    // `tx_vlan set|reset`: returns "" or why not; a warning (the PMD cannot
    // insert tags) goes to *note.
    std::string set_tx_vlan(uint16_t port, bool on, uint16_t tci, std::string *note);
    void set_peer(uint16_t port, const std::array<uint8_t, 6> &mac);

  private:
    std::string create_pools(const Config &cfg, const std::vector<unsigned> &fwd_lcores);
    std::string configure(Port &p);
    std::string setup_queues(Port &p);
    std::string start_one(Port &p);

    std::vector<Port> ports_;
    std::map<int, rte_mempool *> pools_;
    Config cfg_;
};

// EAL carries on when a --vdev fails to probe (it only logs "Bus (vdev)
// probe failed"), and pmdfwd would then forward on the other ports. Returns
// "" or which net_* --vdev of eal_args has no port, so that start-up stops.
std::string check_vdevs_probed(const std::vector<std::string> &eal_args);

// The socket a port or lcore's memory should come from (SOCKET_ID_ANY for
// virtual devices maps to the main lcore's socket).
int port_socket(uint16_t port);
int lcore_socket(unsigned lcore);

} // namespace pmdfwd
