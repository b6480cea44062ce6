// What the port commands (src/shell/commands/port_*.cpp) may ask of the ports: the
// ethdev calls testpmd's commands make, each returning ethdev's answer as a
// Status whose code() is the errno, so that the command prints testpmd's text
// for it (testpmd prints the negative return value: -code()), and the state
// testpmd keeps per port (struct rte_port: started/stopped/closed, queue
// sizes, offloads, multicast addresses). The application implements it over
// ethdev (src/ports/port_control_ethdev.cpp); tests use a fake
// (tests/support/fake_ports.h).
#pragma once

#include "util/status.h"

#include <rte_errno.h>
#include <rte_ethdev.h>

#include <array>
#include <cerrno>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pmdfwd {

enum class PortStatus { Started, Stopped, Closed };

// ethdev's answer (0 or -errno; no call used here returns more than 0) as a
// Status: the errno as its code, rte_strerror's text as its message.
inline Status ethdev_status(int rc) {
    if (rc >= 0) return {};
    return Error(rte_strerror(-rc), -rc);
}

// What `show port info` prints, gathered from ethdev.
struct PortInfo {
    rte_eth_dev_info dev{};
    rte_eth_link link{};
    std::string name;
    std::string driver;
    std::optional<std::string> fw_version;
    std::optional<std::string> devargs;
    int socket = 0;     // the port's socket (testpmd's port->socket_id)
    int mem_socket = 0; // where its mbufs come from
    std::optional<rte_ether_addr> mac;
    std::optional<uint16_t> mtu;
    bool promiscuous = false;
    bool allmulticast = false;
    int vlan_offload = -1; // rte_eth_dev_get_vlan_offload(); < 0: unknown
    // dev_info's max_rx_bufsize (DPDK 23.11 on); UINT32_MAX: no limit, or
    // a DPDK without the field.
    uint32_t max_rx_bufsize = UINT32_MAX;
    std::optional<uint32_t> lanes; // rte_eth_speed_lanes_get (24.11 on), when it answers
    // rte_eth_dev_priv_dump's result and what it wrote (DPDK 23.03 on).
    int priv_dump_rc = -ENOTSUP;
    std::string priv_dump;
};

struct RxQueueInfo {
    rte_eth_rxq_info q{};
    std::string mempool;                   // q.mp's name ("NULL" without one)
    std::optional<std::string> burst_mode; // with " (per queue)" when so
};

struct TxQueueInfo {
    rte_eth_txq_info q{};
    std::optional<std::string> burst_mode;
};

// `show device info all`: a probed device and the ports it made.
struct DeviceInfo {
    struct Port {
        uint16_t id = 0;
        std::optional<rte_ether_addr> mac;
        std::string name;
        std::optional<uint32_t> speed_capa;
    };
    std::string name, bus, bus_info, driver, devargs;
    int numa = -1;
    std::vector<Port> ports;
};

struct Xstat {
    std::string name;
    uint64_t value = 0;
    char state = 0; // 'E', 'D' or '-' (unknown) when shown (testpmd 25.03), else 0
};

// The offloads a port is configured with: the device's (rte_eth_dev_conf_get)
// and each queue's (the application's queue configuration).
struct OffloadConfig {
    uint64_t port = 0;
    std::vector<uint64_t> queues;
};

class PortControl {
  public:
    virtual ~PortControl() = default;

    // ---- state kept per port ----
    // The ports there are (closed ones left out).
    virtual std::vector<uint16_t> port_ids() const = 0;
    virtual PortStatus status(uint16_t port) const = 0;
    // Ports that carry forwarding streams now (testpmd's port_is_forwarding).
    virtual bool forwarding(uint16_t port) const = 0;

    // ---- what ethdev says ----
    virtual Status info(uint16_t port, PortInfo *out) = 0;
    virtual Status dev_info(uint16_t port, rte_eth_dev_info *out) = 0;
    virtual Status link(uint16_t port, rte_eth_link *out) = 0;
    virtual Status mac(uint16_t port, rte_ether_addr *out) = 0;
    virtual std::string name(uint16_t port) = 0;
    virtual Status rxq_info(uint16_t port, uint16_t queue, RxQueueInfo *out) = 0;
    virtual Status txq_info(uint16_t port, uint16_t queue, TxQueueInfo *out) = 0;
    virtual std::vector<DeviceInfo> devices() = 0;
    virtual Status xstats(uint16_t port, std::vector<Xstat> *out) = 0;
    virtual Status xstats_reset(uint16_t port) = 0;
    virtual Status offload_config(uint16_t port, bool rx, OffloadConfig *out) = 0;
    // rss_key/rss_key_len of *conf say where the key goes (nullptr: not wanted).
    virtual Status rss_conf(uint16_t port, rte_eth_rss_conf *conf) = 0;
    virtual Status flow_ctrl(uint16_t port, rte_eth_fc_conf *out) = 0;

    // ---- modes and filters (effective at once) ----
    virtual Status set_promiscuous(uint16_t port, bool on) = 0;
    virtual Status set_allmulticast(uint16_t port, bool on) = 0;
    virtual Status mac_addr_add(uint16_t port, const rte_ether_addr &mac) = 0;
    virtual Status mac_addr_remove(uint16_t port, const rte_ether_addr &mac) = 0;
    virtual Status mac_addr_set(uint16_t port, const rte_ether_addr &mac) = 0;
    // The port's multicast address list, as testpmd keeps it (mc_addr_pool).
    virtual std::vector<rte_ether_addr> &mc_addrs(uint16_t port) = 0;
    virtual Status apply_mc_addrs(uint16_t port) = 0;
    // Sets the VLAN offload mask (rte_eth_dev_set_vlan_offload) and, when
    // ethdev takes it, records the RX offload in the port's configuration.
    virtual Status set_vlan_offload(uint16_t port, int mask, uint64_t rx_offload, bool on) = 0;
    virtual Status vlan_filter(uint16_t port, uint16_t vlan, bool on) = 0;
    virtual Status set_flow_ctrl(uint16_t port, rte_eth_fc_conf *conf) = 0;
    virtual Status rss_hash_update(uint16_t port, rte_eth_rss_conf *conf) = 0;
    virtual Status reta_update(uint16_t port, rte_eth_rss_reta_entry64 *conf, uint16_t size) = 0;
    virtual Status set_link(uint16_t port, bool up) = 0;
    virtual Status udp_tunnel_port(uint16_t port, uint16_t udp_port, bool add) = 0;

    // ---- configuration applied at the next port start ----
    // testpmd's port_mtu_set: set at once unless the port awaits
    // reconfiguration; kept for the next configure either way.
    virtual Status set_mtu(uint16_t port, uint16_t mtu) = 0;
    virtual uint16_t queue_ring_size(uint16_t port, bool rx, uint16_t queue) const = 0;
    virtual void set_queue_ring_size(uint16_t port, bool rx, uint16_t queue, uint16_t size) = 0;
    // Sets one queue up again with its settings, or ethdev's error (the
    // command then says testpmd's "Failed to setup RX queue").
    virtual Status setup_queue(uint16_t port, bool rx, uint16_t queue) = 0;
    virtual bool deferred_start(uint16_t port, bool rx, uint16_t queue) const = 0;
    virtual void set_deferred_start(uint16_t port, bool rx, uint16_t queue, bool on) = 0;
    // queue: nullopt for the port and all its queues.
    virtual void set_tx_offload(uint16_t port, std::optional<uint16_t> queue, uint64_t offload,
                                bool on) = 0;
    virtual Status queue_start_stop(uint16_t port, bool rx, uint16_t queue, bool start) = 0;
    // The queue counts or descriptor counts changed: every port is
    // reconfigured at its next start (testpmd's cmd_reconfig_device_queue).
    virtual void reconfigure(std::optional<uint16_t> port, bool device, bool queues) = 0;
    // testpmd's rxtx_port_config, run by the commands that re-initialise
    // every port (queue and descriptor counts, max-pkt-len, max-lro-pkt-size,
    // burst): each queue's own settings (deferred start, ring size) go back to
    // the port's; its offloads stay.
    virtual void reset_queue_settings() = 0;

    // ---- settings of the application's (and the engines') per port ----
    // `tx_vlan set|reset`: a warning to show (the PMD cannot insert tags;
    // empty when none), or why not.
    virtual Result<std::string> set_tx_vlan(uint16_t port, bool on, uint16_t tci) = 0;
    virtual void set_peer(uint16_t port, const std::array<uint8_t, 6> &mac) = 0;
    // Turns TX offloads of a stopped port on or off (an engine's command,
    // pmdfwd_command_ctx.set_port_tx_offloads),
    // for the device and for what engines read: ok or why not (the port is
    // started: "Please stop port N first"; the PMD lacks an offload).
    virtual Status set_tx_offloads(uint16_t port, uint64_t offloads, bool on) = 0;
    // The TX offloads a port has enabled and those its PMD offers; false
    // for a port that does not exist.
    virtual bool tx_offloads(uint16_t port, uint64_t *enabled, uint64_t *capa) const = 0;

    // ---- port configuration, VLAN and device commands (port_setting_commands.cpp,
    // vlan_commands.cpp) ----
    // What the port's next rte_eth_dev_configure and queue setups take
    // (testpmd's ports[p].dev_conf and its queues' rxconf/txconf): a command
    // changes it, then calls reconfigure(). nullptr for a port that does not exist.
    virtual rte_eth_conf *dev_conf(uint16_t port) = 0;
    virtual rte_eth_rxconf *rx_conf(uint16_t port) = 0;
    virtual rte_eth_txconf *tx_conf(uint16_t port) = 0;
    virtual Status get_mtu(uint16_t port, uint16_t *mtu) = 0;
    // rte_eth_dev_set_mtu now, whatever the port awaits (testpmd's
    // update_mtu_from_frame_size), kept for the next configure when taken.
    virtual Status set_mtu_now(uint16_t port, uint16_t mtu) = 0;
    virtual Status set_vlan_ether_type(uint16_t port, rte_vlan_type type, uint16_t tpid) = 0;
    virtual Status set_vlan_pvid(uint16_t port, uint16_t vlan, bool on) = 0;
    virtual Status set_vlan_strip_on_queue(uint16_t port, uint16_t queue, bool on) = 0;
    // `tx_vlan set <port> <inner> <outer>`: as set_tx_vlan, both tags.
    virtual Result<std::string> set_tx_qinq(uint16_t port, uint16_t inner, uint16_t outer) = 0;
    virtual Status udp_tunnel(uint16_t port, const rte_eth_udp_tunnel &tunnel, bool add) = 0;
    virtual Status set_queue_stats_mapping(uint16_t port, bool rx, uint16_t queue, uint8_t map) = 0;
    // rte_eth_dev_set_ptypes over what the port supports: the ptypes now
    // set, or why not (ENOTSUP: the port supports none).
    virtual Result<std::vector<uint32_t>> set_ptypes(uint16_t port, uint32_t mask) = 0;
    // testpmd's reset_port for one port or all: its messages, as text.
    virtual std::string reset(std::optional<uint16_t> port) = 0;
    // testpmd's port attach, port detach and device detach: their
    // messages, as text (a new port joins stopped; forwarding stopped).
    virtual std::string attach(const std::string &identifier) = 0;
    virtual std::string detach_port(uint16_t port) = 0;
    virtual std::string detach_device(const std::string &identifier) = 0;
    // A port whose device is gone, as testpmd's rmv_port_callback treats it
    // once forwarding is off: stopped (no link check), closed, its device
    // detached; their messages, as text.
    virtual std::string remove(uint16_t port) = 0;

    // ---- start, stop, close: testpmd's messages, as text ----
    virtual std::string start(std::optional<uint16_t> port) = 0;
    virtual std::string stop(std::optional<uint16_t> port) = 0;
    virtual std::string close(std::optional<uint16_t> port) = 0;

    // ---- link layer and rate settings ethdev takes at once (port_link_commands.cpp,
    // port_set_commands.cpp: FEC, priority flow control, unicast hash table,
    // queue rate limit, RX queue available-descriptor threshold) ----
    // rte_eth_fec_get_capability: one entry per speed, or why not.
    virtual Result<std::vector<rte_eth_fec_capa>> fec_capability(uint16_t port) = 0;
    virtual Status fec_get(uint16_t port, uint32_t *mode) = 0;
    virtual Status fec_set(uint16_t port, uint32_t mode) = 0;
    virtual Status priority_flow_ctrl_set(uint16_t port, rte_eth_pfc_conf *conf) = 0;
    virtual Status priority_flow_ctrl_queue(uint16_t port, rte_eth_pfc_queue_conf *conf) = 0;
    // mac: one address of the unicast hash table; nullopt: all of them.
    virtual Status uc_hash_table_set(uint16_t port, std::optional<rte_ether_addr> mac, bool on) = 0;
    virtual Status queue_rate_limit(uint16_t port, uint16_t queue, uint32_t rate) = 0;
    virtual Status rx_avail_thresh(uint16_t port, uint16_t queue, uint8_t percent) = 0;
    // rte_eth_tx_done_cleanup (port_config_commands.cpp): the mbufs freed, or why not.
    virtual Result<uint32_t> tx_done_cleanup(uint16_t port, uint16_t queue, uint32_t count) = 0;

    // ---- marks on every packet a port sends (`port config <p> tx_metadata|dynf`,
    // src/ports/tx_marks.h) ----
    virtual uint32_t tx_metadata(uint16_t port) const = 0;
    virtual void set_tx_metadata(uint16_t port, uint32_t value) = 0;
    // The flag registered and set or cleared, or testpmd's words why not.
    virtual Status set_tx_dynf(uint16_t port, const std::string &name, bool on) = 0;

    // ---- per-packet dump (`set verbose`): RX dumps at 1 and > 2, TX at >= 2 ----
    virtual void set_verbose(unsigned level) = 0;
    virtual unsigned verbose() const = 0;

    // ---- RX offloads and descriptor reads (segcfg: src/shell/commands/
    // rx_offload_commands.cpp, descriptor_commands.cpp) ----
    // An RX offload of a stopped port on or off for the port and all its
    // queues (queue: nullopt), or for one queue; applied at the next start.
    virtual void set_rx_offload(uint16_t port, std::optional<uint16_t> queue, uint64_t offload,
                                bool on) = 0;
    // testpmd's rx/tx_ring_desc_display (`read rxd|txd`): the descriptor's
    // words, or testpmd's refusal (an invalid descriptor, a PMD whose ring
    // is no "eth_p<port>_q<queue>_rx_ring" memzone), as text; ethdev logs
    // its own refusals (an invalid port or queue) and the text is then "".
    virtual std::string read_descriptor(uint16_t port, bool rx, uint16_t queue, uint16_t desc) = 0;

    // ---- calls newer testpmds' commands make (port_set_commands.cpp,
    // port_config_commands.cpp) ----
    // rte_eth_led_on/off (`set port <p> led on|off`, testpmd 24.11).
    virtual Status set_led(uint16_t port, bool on) = 0;
    // rte_eth_dev_count_aggr_ports: how many ports the device aggregates,
    // or why not; rte_eth_dev_map_aggr_tx_affinity (DPDK 23.03 on both).
    virtual Result<int> count_aggr_ports(uint16_t port) = 0;
    virtual Status map_tx_affinity(uint16_t port, uint16_t queue, uint8_t affinity) = 0;

    // ---- testpmd 24.11's speed lanes and EEPROM writes (port_lane_commands.cpp,
    // eeprom_commands.cpp); ENOTSUP on an older DPDK ----
    // A speed and the lane counts it takes (bit n: n lanes).
    struct SpeedLanes {
        uint32_t speed; // RTE_ETH_SPEED_NUM_*
        uint32_t lanes;
    };
    // rte_eth_speed_lanes_get_capability, every row.
    virtual Result<std::vector<SpeedLanes>> speed_lanes_capa(uint16_t port) = 0;
    virtual Status set_speed_lanes(uint16_t port, uint32_t lanes) = 0;
    // rte_eth_dev_get_eeprom_length and rte_eth_dev_set_eeprom.
    virtual Result<int> eeprom_length(uint16_t port) = 0;
    // testpmd 25.03's counters a PMD enables on demand: the state of the
    // xstat of index id (1 enabled, 0 disabled), the id of a name, and the
    // switch (rte_eth_xstats_query_state, _get_id_by_name, _set_counter).
    virtual Result<int> xstat_state(uint16_t port, uint64_t id) = 0;
    virtual Result<uint64_t> xstat_id(uint16_t port, const std::string &name) = 0;
    virtual Status set_xstat_counter(uint16_t port, uint64_t id, bool on) = 0;
    virtual Status set_eeprom(uint16_t port, uint32_t magic, uint32_t offset,
                              std::vector<uint8_t> data) = 0;

    // ---- congestion management (cman_commands.cpp, testpmd 23.03 on):
    // rte_eth_cman_info_get, _config_init, _config_get, _config_set ----
    virtual Status cman_info(uint16_t port, rte_eth_cman_info *info) = 0;
    virtual Status cman_config_init(uint16_t port, rte_eth_cman_config *cfg) = 0;
    virtual Status cman_config_get(uint16_t port, rte_eth_cman_config *cfg) = 0;
    virtual Status cman_config_set(uint16_t port, const rte_eth_cman_config &cfg) = 0;
};

} // namespace pmdfwd
