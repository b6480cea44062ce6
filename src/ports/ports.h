// Ports, their queues, and the mbuf pools that feed them: one pool per NUMA
// socket in use (and per --mbuf-size), each port and lcore served from its
// own socket's pool; started, and their links waited for, as testpmd does.
#pragma once

#include "options/config.h"
#include "ports/hairpin.h"
#include "ports/port_control.h"
#include "ports/port_events.h"
#include "ports/port_removal.h"
#include "util/status.h"

#include <pmdfwd/engine.h>

#include <rte_ethdev.h>

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
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
    int socket = 0; // the port's socket; rings may be elsewhere (numa)
    PortNuma numa;  // pool (= socket), RX ring and TX ring sockets
    rte_eth_dev_info info{};
    rte_eth_conf conf{};     // what rte_eth_dev_configure gets
    rte_eth_rxconf rxconf{}; // and each queue's setup
    rte_eth_txconf txconf{};
    pmdfwd_port_tx tx{};         // what engines read: MACs, VLAN settings
    uint64_t hw_tx_offloads = 0; // offloads enabled on the device
    PortStatus status = PortStatus::Stopped;
    // What the next start must redo (testpmd's need_reconfig[_queues]).
    bool need_reconfig = true;
    bool need_reconfig_queues = true;
    std::vector<QueueSettings> rxq, txq; // sized to the device's maximum
    std::vector<rte_ether_addr> mc_addrs;
    // Whether the options can configure this port (not: an offload or MTU
    // the device refuses), kept in interactive mode: each start says why not
    // and leaves the port stopped, as testpmd's failed rte_eth_dev_configure.
    Status conf_status;
};

class Ports {
  public:
    // Configures and starts every available port with cfg's queues and
    // descriptors, creating the pools it needs, or says why not.
    Status setup(const Config &cfg, const std::vector<unsigned> &fwd_lcores);
    // Stops and closes every port and frees the pools.
    void close();

    std::vector<Port> &ports() { return ports_; }
    const std::vector<Port> &ports() const { return ports_; }
    Port *find(uint16_t id);
    const Port *find(uint16_t id) const;
    // The ports not closed, in id order.
    std::vector<uint16_t> ids() const;
    // The ports forwarding may use: ids() less a bonded device's slaves,
    // which the bonded port drives (testpmd's port_is_bonding_slave).
    std::vector<uint16_t> fwd_ids() const;
    static bool is_bonding_slave(uint16_t id);
    // The first (--mbuf-size) pool of a socket.
    rte_mempool *pool(int socket) const;
    // The pool a forwarding lcore allocates from: its socket's, or
    // --socket-num's without NUMA.
    rte_mempool *lcore_pool(unsigned lcore) const;
    const std::map<int, rte_mempool *> &pools() const { return pools_; }
    // No port is stopped (closed ones do not count).
    bool all_started() const;

    // testpmd's start_port / stop_port / close_port for one port or all
    // (nullopt): configure what changed, start, wait for links; returns
    // what testpmd prints. `forwarding` says which ports carry streams now:
    // those are not stopped or closed. *gave_up (when given) says the start
    // stopped short, as testpmd's start_port returning an error: a port
    // could not be configured, or its hairpin queues not bound.
    std::string start_ports(std::optional<uint16_t> port, bool *gave_up = nullptr);
    std::string stop_ports(std::optional<uint16_t> port,
                           const std::function<bool(uint16_t)> &forwarding, bool link_check = true);
    std::string close_ports(std::optional<uint16_t> port,
                            const std::function<bool(uint16_t)> &forwarding);
    // Sets a queue up again with its settings (`port P rxq Q setup`):
    // 0 or ethdev's error.
    int setup_queue(Port &p, bool rx, uint16_t q);
    // The shell changed queue or descriptor counts: the next start uses them.
    void sync_config(const Config &cfg);

    // Frees whatever sits in these ports' RX queues (testpmd's flush at start).
    void flush_rx(const std::vector<uint16_t> &ports, uint16_t nb_rxq) const;
    // What long waits (the RX flush) poll to end early: the application's
    // "a signal asked to stop", handed down so that ports know no app.
    void set_stop_requested(std::function<bool()> stop) { stop_requested_ = std::move(stop); }
    // What is asked of a port before each configuration of it (the flow
    // isolated mode of --flow-isolate-all): false, with what it said in
    // *out, stops the start as testpmd's start_port.
    using BeforeConfigure = std::function<bool(uint16_t port, std::string *out)>;
    void set_before_configure(BeforeConfigure hook) { before_configure_ = std::move(hook); }
    // `tx_vlan set|reset`: ok or why not; a warning (the PMD cannot insert
    // tags) goes to *note.
    Result<std::string> set_tx_vlan(uint16_t port, bool on, uint16_t tci);
    // `tx_vlan set <port> <inner> <outer>`: both tags, as set_tx_vlan.
    Result<std::string> set_tx_qinq(uint16_t port, uint16_t inner, uint16_t outer);
    // testpmd's attach_port, detach_port_device and detach_devargs (ports
    // stopped): their messages, as text.
    std::string attach(const Config &cfg, const std::string &identifier);
    // A port a driver made outside attach (a bonded device) joins the
    // ports, stopped, as testpmd's reconfig makes it one of its own.
    Status adopt(const Config &cfg, uint16_t id);
    std::string detach_port(uint16_t port);
    std::string detach_device(const std::string &identifier);
    // testpmd's rmv_port_callback's part (forwarding not using the port):
    // stop_port without a link check, close_port, detach_device.
    std::string remove_port(uint16_t port);
    // Where event callbacks note the ports whose devices went away.
    RemovalQueue &removals() { return removals_; }
    // testpmd's reset_port (nullopt: all): its messages, as text.
    std::string reset_ports(std::optional<uint16_t> port,
                            const std::function<bool(uint16_t)> &forwarding);
    void set_peer(uint16_t port, const std::array<uint8_t, 6> &mac);
    // TX offloads on or off on a stopped port, reconfiguring the device:
    // ok or why not (started, or an offload the PMD lacks, by name).
    Status set_tx_offloads(uint16_t port, uint64_t offloads, bool on);

  private:
    std::vector<uint16_t> new_ports(const Config &cfg, const std::string &identifier) const;
    std::function<bool()> stop_requested_ = [] { return false; };
    BeforeConfigure before_configure_;
    // What setup fixed and a later reconfiguration (`tx_vlan set`, an
    // engine's TX offload command) uses again: queues, descriptors, RX buffer split, and where the
    // forwarding lcores' mbufs come from.
    struct Layout {
        uint16_t nb_rxq = 1, nb_txq = 1, nb_rxd = 0, nb_txd = 0;
        std::vector<uint16_t> rxpkts;
        std::vector<uint16_t> rxoffs; // per segment, as Config's
        std::vector<uint32_t> rxhdrs;
        size_t nb_pool_sizes = 1;
        MpAlloc mp_alloc = MpAlloc::Native; // how the pools were made, to free them alike
        bool multi_rx_mempool = false;
        uint16_t nb_hairpinq = 0;
        uint32_t hairpin_mode = 0;
        std::vector<HairpinMap> hairpin_maps;
        bool numa = true;
        int socket_num = -1;
        bool link_check = true;    // --disable-link-check
        bool lsc_interrupt = true; // --no-lsc-interrupt
    };

    Status collect(const Config &cfg);
    Status add_port(const Config &cfg, uint16_t id);
    std::string forget_removed();
    // testpmd's detach_device: the device's ports stopped or closed.
    std::string detach(rte_device *dev);
    Status check_sockets(const Config &cfg) const;
    Status create_pools(const Config &cfg, const std::vector<unsigned> &fwd_lcores);
    Status create_pool(const Config &cfg, int socket, size_t index, unsigned count);
    Status configure(Port &p);
    // *rx_failed (when given) says an RX queue, not a TX one, failed.
    Status setup_queues(Port &p, bool *rx_failed = nullptr);
    int setup_rx_queue(Port &p, uint16_t q, uint16_t nb_desc, rte_eth_rxconf rxconf);
    // An error is testpmd's "Fail to start port" line, newline included.
    Status start_port(Port &p);
    Result<std::string> set_tx_tags(Port &p, uint64_t flags, uint16_t tci, uint16_t outer);
    // The hairpin queues of a port, placed as testpmd's start_port places it.
    Status setup_hairpin(const Port &p, const HairpinPlace &at) const;
    bool started(uint16_t id) const;
    // configure + setup_queues on a stopped port, now, or why not.
    Status reconfigure_now(Port &p);
    std::string check_links() const;

    std::vector<Port> ports_;
    std::map<int, rte_mempool *> pools_;                        // the first size's pool per socket
    std::map<std::pair<int, size_t>, rte_mempool *> all_pools_; // (socket, size index)
    // Before the callbacks that fill it, so that it outlives them.
    RemovalQueue removals_;
    EventPrinter events_;
    HotPlug hot_plug_;
    Layout layout_;
    std::string log_tag_ = "pmdfwd"; // Config::log_tag, for the pool lines
};

// EAL carries on when a --vdev fails to probe (it only logs "Bus (vdev)
// probe failed"), and pmdfwd would then forward on the other ports. An
// error says which net_* --vdev of eal_args has no port, so that start-up
// stops.
Status check_vdevs_probed(const std::vector<std::string> &eal_args);

// The socket a port or lcore's memory should come from (SOCKET_ID_ANY for
// virtual devices maps to the main lcore's socket).
int port_socket(uint16_t port);
int lcore_socket(unsigned lcore);

} // namespace pmdfwd
