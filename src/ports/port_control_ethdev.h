// PortControl over ethdev and the application's ports (src/ports/ports.h): what
// the port commands ask is done by the same ethdev calls testpmd makes.
#pragma once

#include "options/config.h"
#include "ports/packet_dump.h"
#include "ports/port_control.h"
#include "ports/ports.h"
#include "ports/tx_marks.h"

#include <functional>

namespace pmdfwd {

class EthdevPortControl : public PortControl {
  public:
    // forwarding(port): the port carries streams now. running(): any
    // forwarding lcore runs (removed dump callbacks wait until it stops).
    // verbose_set(level): `set verbose` changed the level (the engines'
    // copy, which the dump's callbacks do not carry).
    EthdevPortControl(Ports &ports, Config &cfg, std::function<bool(uint16_t)> forwarding,
                      std::function<bool()> running, std::function<void(unsigned)> verbose_set);

    // Forwarding stopped: frees what the lcores may have been using.
    void lcores_stopped() {
        dump_.release();
        marks_.release();
    }

    std::vector<uint16_t> port_ids() const override { return ports_.ids(); }
    PortStatus status(uint16_t port) const override;
    bool forwarding(uint16_t port) const override { return forwarding_(port); }

    Status info(uint16_t port, PortInfo *out) override;
    Status dev_info(uint16_t port, rte_eth_dev_info *out) override;
    Status link(uint16_t port, rte_eth_link *out) override;
    Status mac(uint16_t port, rte_ether_addr *out) override;
    std::string name(uint16_t port) override;
    Status rxq_info(uint16_t port, uint16_t queue, RxQueueInfo *out) override;
    Status txq_info(uint16_t port, uint16_t queue, TxQueueInfo *out) override;
    std::vector<DeviceInfo> devices() override;
    Status xstats(uint16_t port, std::vector<Xstat> *out) override;
    Status xstats_reset(uint16_t port) override;
    Status offload_config(uint16_t port, bool rx, OffloadConfig *out) override;
    Status rss_conf(uint16_t port, rte_eth_rss_conf *conf) override;
    Status flow_ctrl(uint16_t port, rte_eth_fc_conf *out) override;

    Status set_promiscuous(uint16_t port, bool on) override;
    Status set_allmulticast(uint16_t port, bool on) override;
    Status mac_addr_add(uint16_t port, const rte_ether_addr &mac) override;
    Status mac_addr_remove(uint16_t port, const rte_ether_addr &mac) override;
    Status mac_addr_set(uint16_t port, const rte_ether_addr &mac) override;
    std::vector<rte_ether_addr> &mc_addrs(uint16_t port) override;
    Status apply_mc_addrs(uint16_t port) override;
    Status set_vlan_offload(uint16_t port, int mask, uint64_t rx_offload, bool on) override;
    Status vlan_filter(uint16_t port, uint16_t vlan, bool on) override;
    Status set_flow_ctrl(uint16_t port, rte_eth_fc_conf *conf) override;
    Status rss_hash_update(uint16_t port, rte_eth_rss_conf *conf) override;
    Status reta_update(uint16_t port, rte_eth_rss_reta_entry64 *conf, uint16_t size) override;
    Status set_link(uint16_t port, bool up) override;
    Status udp_tunnel_port(uint16_t port, uint16_t udp_port, bool add) override;

    Status set_mtu(uint16_t port, uint16_t mtu) override;
    uint16_t queue_ring_size(uint16_t port, bool rx, uint16_t queue) const override;
    void set_queue_ring_size(uint16_t port, bool rx, uint16_t queue, uint16_t size) override;
    Status setup_queue(uint16_t port, bool rx, uint16_t queue) override;
    bool deferred_start(uint16_t port, bool rx, uint16_t queue) const override;
    void set_deferred_start(uint16_t port, bool rx, uint16_t queue, bool on) override;
    void set_tx_offload(uint16_t port, std::optional<uint16_t> queue, uint64_t offload,
                        bool on) override;
    Status queue_start_stop(uint16_t port, bool rx, uint16_t queue, bool start) override;
    void reconfigure(std::optional<uint16_t> port, bool device, bool queues) override;
    void reset_queue_settings() override;

    Result<std::string> set_tx_vlan(uint16_t port, bool on, uint16_t tci) override {
        return ports_.set_tx_vlan(port, on, tci);
    }
    void set_peer(uint16_t port, const std::array<uint8_t, 6> &mac) override {
        ports_.set_peer(port, mac);
    }
    Status set_tx_offloads(uint16_t port, uint64_t offloads, bool on) override {
        return ports_.set_tx_offloads(port, offloads, on);
    }
    bool tx_offloads(uint16_t port, uint64_t *enabled, uint64_t *capa) const override;

    rte_eth_conf *dev_conf(uint16_t port) override;
    rte_eth_rxconf *rx_conf(uint16_t port) override;
    rte_eth_txconf *tx_conf(uint16_t port) override;
    Status get_mtu(uint16_t port, uint16_t *mtu) override;
    Status set_mtu_now(uint16_t port, uint16_t mtu) override;
    Status set_vlan_ether_type(uint16_t port, rte_vlan_type type, uint16_t tpid) override;
    Status set_vlan_pvid(uint16_t port, uint16_t vlan, bool on) override;
    Status set_vlan_strip_on_queue(uint16_t port, uint16_t queue, bool on) override;
    Result<std::string> set_tx_qinq(uint16_t port, uint16_t inner, uint16_t outer) override {
        return ports_.set_tx_qinq(port, inner, outer);
    }
    Status udp_tunnel(uint16_t port, const rte_eth_udp_tunnel &tunnel, bool add) override;
    Status set_queue_stats_mapping(uint16_t port, bool rx, uint16_t queue, uint8_t map) override;
    Result<std::vector<uint32_t>> set_ptypes(uint16_t port, uint32_t mask) override;
    std::string reset(std::optional<uint16_t> port) override {
        return ports_.reset_ports(port, forwarding_);
    }
    std::string attach(const std::string &identifier) override {
        return ports_.attach(cfg_, identifier);
    }
    std::string detach_port(uint16_t port) override;
    std::string detach_device(const std::string &identifier) override;
    std::string remove(uint16_t port) override;

    std::string start(std::optional<uint16_t> port) override;
    std::string stop(std::optional<uint16_t> port) override;
    std::string close(std::optional<uint16_t> port) override;

    // ---- link layer and rate settings (port_link_commands.cpp, port_set_commands.cpp) ----
    Result<std::vector<rte_eth_fec_capa>> fec_capability(uint16_t port) override;
    Status fec_get(uint16_t port, uint32_t *mode) override;
    Status fec_set(uint16_t port, uint32_t mode) override;
    Status priority_flow_ctrl_set(uint16_t port, rte_eth_pfc_conf *conf) override;
    Status priority_flow_ctrl_queue(uint16_t port, rte_eth_pfc_queue_conf *conf) override;
    Status uc_hash_table_set(uint16_t port, std::optional<rte_ether_addr> mac, bool on) override;
    Status queue_rate_limit(uint16_t port, uint16_t queue, uint32_t rate) override;
    Status rx_avail_thresh(uint16_t port, uint16_t queue, uint8_t percent) override;
    Result<uint32_t> tx_done_cleanup(uint16_t port, uint16_t queue, uint32_t count) override;

    void set_verbose(unsigned level) override;
    unsigned verbose() const override { return verbose_; }

    uint32_t tx_metadata(uint16_t port) const override { return marks_.metadata(port); }
    void set_tx_metadata(uint16_t port, uint32_t value) override {
        marks_.set_metadata(port, value, !running_());
    }
    Status set_tx_dynf(uint16_t port, const std::string &name, bool on) override {
        return marks_.set_dynf(port, name, on, !running_());
    }

    // segcfg: RX offloads and descriptor reads.
    void set_rx_offload(uint16_t port, std::optional<uint16_t> queue, uint64_t offload,
                        bool on) override;
    std::string read_descriptor(uint16_t port, bool rx, uint16_t queue, uint16_t desc) override;

    // Newer testpmds' calls.
    Status set_led(uint16_t port, bool on) override;
    Result<int> count_aggr_ports(uint16_t port) override;
    Status map_tx_affinity(uint16_t port, uint16_t queue, uint8_t affinity) override;
    Result<std::vector<SpeedLanes>> speed_lanes_capa(uint16_t port) override;
    Status set_speed_lanes(uint16_t port, uint32_t lanes) override;
    Result<int> eeprom_length(uint16_t port) override;
    Result<int> xstat_state(uint16_t port, uint64_t id) override;
    Result<uint64_t> xstat_id(uint16_t port, const std::string &name) override;
    Status set_xstat_counter(uint16_t port, uint64_t id, bool on) override;
    Status set_eeprom(uint16_t port, uint32_t magic, uint32_t offset,
                      std::vector<uint8_t> data) override;
    Status cman_info(uint16_t port, rte_eth_cman_info *info) override;
    Status cman_config_init(uint16_t port, rte_eth_cman_config *cfg) override;
    Status cman_config_get(uint16_t port, rte_eth_cman_config *cfg) override;
    Status cman_config_set(uint16_t port, const rte_eth_cman_config &cfg) override;

  private:
    Port *port(uint16_t id) const;
    QueueSettings *queue(uint16_t port, bool rx, uint16_t q) const;

    Ports &ports_;
    Config &cfg_;
    std::function<bool(uint16_t)> forwarding_;
    std::function<bool()> running_;
    std::function<void(unsigned)> verbose_set_;
    PacketDump dump_;
    TxMarks marks_;
    unsigned verbose_ = 0;
};

} // namespace pmdfwd
