// Ports, their queues, and the mbuf pools that feed them: one pool per NUMA
// socket in use, each port and lcore served from its own socket's pool.
#pragma once

#include "config.h"

#include <pmdfwd/engine.h>

#include <rte_ethdev.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

struct rte_mempool;

namespace pmdfwd {

struct Port {
    uint16_t id = 0;
    int socket = 0;
    rte_eth_dev_info info{};
    pmdfwd_port_tx tx{};         // what engines read: MACs, VLAN settings
    uint64_t hw_tx_offloads = 0; // offloads enabled on the device
};

class Ports {
  public:
    // Configures and starts every available port with cfg's queues and
    // descriptors, creating the pools it needs. Returns "" or why not.
    std::string setup(const Config &cfg, const std::vector<unsigned> &fwd_lcores);
    // Stops and closes every port and frees the pools.
    void close();

    std::vector<Port> &ports() { return ports_; }
    const std::vector<Port> &ports() const { return ports_; }
    Port *find(uint16_t id);
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
    // Queues and descriptors, fixed at setup; a port reconfigured later
    // (`tx_vlan set` enabling the offload) gets them again.
    struct QueueLayout {
        uint16_t nb_rxq, nb_txq, nb_rxd, nb_txd;
    };

    std::string create_pools(const Config &cfg, const std::vector<unsigned> &fwd_lcores);
    std::string configure(Port &p, const QueueLayout &q);

    std::vector<Port> ports_;
    std::map<int, rte_mempool *> pools_;
    QueueLayout queues_{};
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
