// A PortControl without EAL: two ports that behave like net_ring ones
// (16 queues, no flow control, no RSS) unless a test says otherwise, and
// record what commands asked, so that tests/src/test_commands.cpp and the
// command fuzzer check answers and that refused commands change nothing.
#pragma once

#include "ports/port_control.h"

#include <rte_mbuf_dyn.h>
#include <rte_version.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace pmdfwd::testing {

class FakePorts : public PortControl {
  public:
    struct Queue {
        uint16_t nb_desc = 0;
        bool deferred = false;
        uint64_t offloads = 0;
        bool started = true;
    };
    struct FakePort {
        PortStatus status = PortStatus::Started;
        uint16_t mtu = 1500;
        bool promisc = true, allmulti = false, link_up = true;
        rte_ether_addr mac{{0x02, 0, 0, 0, 0, 0}};
        int vlan = 0;
        uint64_t rx_offloads = 0, tx_offloads = 0;
        std::vector<Queue> rxq = std::vector<Queue>(16), txq = std::vector<Queue>(16);
        std::vector<rte_ether_addr> mc;
        bool need_reconfig = false, need_reconfig_queues = false;
        rte_eth_fc_conf fc{};
        uint64_t rss_hf = 0;
        uint32_t rss_algo = 0; // rte_eth_hash_function (DPDK 23.11 on)
        std::vector<uint16_t> reta = std::vector<uint16_t>(128);
        uint16_t udp_tunnel = 0;
        int xstats_resets = 0;
    };

    std::map<uint16_t, FakePort> ports{{0, FakePort{}}, {1, FakePort{}}};
    bool forwarding_all = false; // every port carries streams
    // What the fake PMD supports; a test turns these on to reach success paths.
    bool has_flow_ctrl = false, has_rss = false, has_mc_list = false, has_mtu = true;
    bool has_queue_info = true, has_mac_add = true;
    // The offloads dev_info reports (net_ring's by default).
    uint64_t rx_capa = RTE_ETH_RX_OFFLOAD_SCATTER, tx_capa = RTE_ETH_TX_OFFLOAD_MULTI_SEGS;
    uint64_t rx_queue_capa = 0, tx_queue_capa = 0;
    unsigned verbose_level = 0;
    int starts = 0, stops = 0, closes = 0, queue_setups = 0;

    FakePort *find(uint16_t p) {
        auto it = ports.find(p);
        return it == ports.end() || it->second.status == PortStatus::Closed ? nullptr : &it->second;
    }
    const FakePort *find(uint16_t p) const { return const_cast<FakePorts *>(this)->find(p); }

    std::vector<uint16_t> port_ids() const override {
        std::vector<uint16_t> ids;
        for (const auto &[id, p] : ports)
            if (p.status != PortStatus::Closed) ids.push_back(id);
        return ids;
    }
    PortStatus status(uint16_t p) const override {
        const FakePort *f = find(p);
        return f ? f->status : PortStatus::Closed;
    }
    bool forwarding(uint16_t p) const override { return forwarding_all && find(p); }

    Status dev_info(uint16_t p, rte_eth_dev_info *d) override {
        if (!find(p)) return ethdev_status(-ENODEV);
        *d = {};
        d->driver_name = "net_ring";
        d->max_rx_queues = d->max_tx_queues = 16;
        d->nb_rx_queues = d->nb_tx_queues = 1;
        d->max_mac_addrs = 1;
        d->max_rx_pktlen = UINT32_MAX;
        d->min_mtu = 68;
        d->max_mtu = UINT16_MAX;
        d->rx_desc_lim.nb_max = d->tx_desc_lim.nb_max = UINT16_MAX;
        d->rx_desc_lim.nb_align = d->tx_desc_lim.nb_align = 1;
        d->tx_desc_lim.nb_seg_max = d->tx_desc_lim.nb_mtu_seg_max = UINT16_MAX;
        d->rx_offload_capa = rx_capa;
        d->tx_offload_capa = tx_capa;
        d->rx_queue_offload_capa = rx_queue_capa;
        d->tx_queue_offload_capa = tx_queue_capa;
        d->switch_info.domain_id = RTE_ETH_DEV_SWITCH_DOMAIN_ID_INVALID;
        if (has_rss) {
            d->hash_key_size = 40;
            d->reta_size = 128;
            d->flow_type_rss_offloads = RTE_ETH_RSS_IP | RTE_ETH_RSS_TCP | RTE_ETH_RSS_UDP;
        }
        return {};
    }
    Status link(uint16_t p, rte_eth_link *l) override {
        const FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        *l = {};
        l->link_status = f->link_up && f->status == PortStatus::Started;
        l->link_speed = RTE_ETH_SPEED_NUM_10G;
        l->link_duplex = RTE_ETH_LINK_FULL_DUPLEX;
        return {};
    }
    Status mac(uint16_t p, rte_ether_addr *m) override {
        const FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        *m = f->mac;
        return {};
    }
    std::string name(uint16_t p) override { return "net_ring" + std::to_string(p); }
    Status info(uint16_t p, PortInfo *i) override {
        FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        (void)dev_info(p, &i->dev); // the port exists: both answer
        (void)link(p, &i->link);
        i->name = name(p);
        i->driver = "net_ring";
        i->devargs = "";
        i->mac = f->mac;
        i->mtu = f->mtu;
        i->promiscuous = f->promisc;
        i->allmulticast = f->allmulti;
        i->vlan_offload = f->vlan;
        i->dev.nb_rx_queues = i->dev.nb_tx_queues = 1;
        return {};
    }
    Status rxq_info(uint16_t p, uint16_t q, RxQueueInfo *out) override {
        FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        if (!has_queue_info) return ethdev_status(-ENOTSUP);
        if (q >= f->rxq.size()) return ethdev_status(-EINVAL);
        out->q.nb_desc = f->rxq[q].nb_desc ? f->rxq[q].nb_desc : 1024;
        out->q.conf.rx_deferred_start = f->rxq[q].deferred;
        out->q.queue_state =
            f->rxq[q].started ? RTE_ETH_QUEUE_STATE_STARTED : RTE_ETH_QUEUE_STATE_STOPPED;
        out->mempool = "mb_pool_0";
        return {};
    }
    Status txq_info(uint16_t p, uint16_t q, TxQueueInfo *out) override {
        FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        if (!has_queue_info) return ethdev_status(-ENOTSUP);
        if (q >= f->txq.size()) return ethdev_status(-EINVAL);
        out->q.nb_desc = f->txq[q].nb_desc ? f->txq[q].nb_desc : 1024;
        out->q.conf.tx_deferred_start = f->txq[q].deferred;
        out->q.queue_state =
            f->txq[q].started ? RTE_ETH_QUEUE_STATE_STARTED : RTE_ETH_QUEUE_STATE_STOPPED;
        return {};
    }
    std::vector<DeviceInfo> devices() override {
        std::vector<DeviceInfo> v;
        for (auto &[id, f] : ports) {
            if (f.status == PortStatus::Closed) continue;
            DeviceInfo d;
            d.name = name(id);
            d.bus = "vdev";
            d.driver = "net_ring";
            d.ports.push_back({id, f.mac, name(id), RTE_ETH_LINK_SPEED_AUTONEG});
            v.push_back(d);
        }
        return v;
    }
    Status xstats(uint16_t p, std::vector<Xstat> *out) override {
        if (!find(p)) return ethdev_status(-ENODEV);
        *out = {{"rx_good_packets", 0}, {"tx_good_packets", 0}};
        return {};
    }
    Status xstats_reset(uint16_t p) override {
        FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        f->xstats_resets++;
        return {};
    }
    Status offload_config(uint16_t p, bool rx, OffloadConfig *out) override {
        FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        out->port = rx ? f->rx_offloads : f->tx_offloads;
        out->queues = {out->port | (rx ? f->rxq[0].offloads : f->txq[0].offloads)};
        return {};
    }
    Status rss_conf(uint16_t p, rte_eth_rss_conf *c) override {
        FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        if (!has_rss) return ethdev_status(-ENOTSUP);
        c->rss_hf = f->rss_hf;
#if RTE_VERSION >= RTE_VERSION_NUM(23, 11, 0, 0)
        c->algorithm = static_cast<rte_eth_hash_function>(f->rss_algo);
#endif
        if (c->rss_key)
            for (uint8_t i = 0; i < c->rss_key_len; i++)
                c->rss_key[i] = i;
        return {};
    }
    Status flow_ctrl(uint16_t p, rte_eth_fc_conf *fc) override {
        FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        if (!has_flow_ctrl) return ethdev_status(-ENOTSUP);
        *fc = f->fc;
        return {};
    }

    Status set_promiscuous(uint16_t p, bool on) override {
        FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        f->promisc = on;
        return {};
    }
    Status set_allmulticast(uint16_t p, bool on) override {
        FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        f->allmulti = on;
        return {};
    }
    Status mac_addr_add(uint16_t p, const rte_ether_addr &) override {
        if (!find(p)) return ethdev_status(-ENODEV);
        return ethdev_status(has_mac_add ? 0 : -ENOSPC);
    }
    Status mac_addr_remove(uint16_t p, const rte_ether_addr &m) override {
        FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        return ethdev_status(rte_is_same_ether_addr(&m, &f->mac) ? -EADDRINUSE : 0);
    }
    Status mac_addr_set(uint16_t p, const rte_ether_addr &m) override {
        FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        f->mac = m;
        return {};
    }
    std::vector<rte_ether_addr> &mc_addrs(uint16_t p) override {
        return ports[p].mc;
    }
    Status apply_mc_addrs(uint16_t p) override {
        if (!find(p)) return ethdev_status(-ENODEV);
        return ethdev_status(has_mc_list ? 0 : -ENOTSUP);
    }
    Status set_vlan_offload(uint16_t p, int mask, uint64_t rx_offload, bool on) override {
        FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        // Like net_ring: no VLAN offload can be turned on.
        if (mask & ~f->vlan) return ethdev_status(-EINVAL);
        f->vlan = mask;
        f->rx_offloads = on ? f->rx_offloads | rx_offload : f->rx_offloads & ~rx_offload;
        return {};
    }
    // With has_optional_ops: ids below vlan_filter_refused are taken.
    std::vector<uint16_t> filtered;
    uint16_t vlan_filter_refused = 4096;
    Status vlan_filter(uint16_t p, uint16_t vlan, bool) override {
        if (!find(p) || !has_optional_ops || vlan >= vlan_filter_refused)
            return ethdev_status(find(p) ? -ENOSYS : -ENODEV);
        filtered.push_back(vlan);
        return {};
    }
    Status set_flow_ctrl(uint16_t p, rte_eth_fc_conf *fc) override {
        FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        if (!has_flow_ctrl) return ethdev_status(-ENOTSUP);
        f->fc = *fc;
        return {};
    }
    Status rss_hash_update(uint16_t p, rte_eth_rss_conf *c) override {
        FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        if (!has_rss) return ethdev_status(-ENOTSUP);
        f->rss_hf = c->rss_hf;
#if RTE_VERSION >= RTE_VERSION_NUM(23, 11, 0, 0)
        f->rss_algo = c->algorithm;
#endif
        return {};
    }
    Status reta_update(uint16_t p, rte_eth_rss_reta_entry64 *c, uint16_t size) override {
        FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        if (!has_rss) return ethdev_status(-ENOTSUP);
        for (uint16_t i = 0; i < size; i++)
            if (c[i / RTE_ETH_RETA_GROUP_SIZE].mask &
                (UINT64_C(1) << (i % RTE_ETH_RETA_GROUP_SIZE)))
                f->reta[i] = c[i / RTE_ETH_RETA_GROUP_SIZE].reta[i % RTE_ETH_RETA_GROUP_SIZE];
        return {};
    }
    Status set_link(uint16_t p, bool up) override {
        FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        f->link_up = up;
        return {};
    }
    Status udp_tunnel_port(uint16_t p, uint16_t udp, bool add) override {
        FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        f->udp_tunnel = add ? udp : 0;
        return ethdev_status(-ENOTSUP);
    }

    Status set_mtu(uint16_t p, uint16_t mtu) override {
        FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        if (!has_mtu && !f->need_reconfig) return ethdev_status(-ENOTSUP);
        f->mtu = mtu;
        return {};
    }
    Queue *queue(uint16_t p, bool rx, uint16_t q) {
        FakePort *f = find(p);
        if (!f) return nullptr;
        std::vector<Queue> &v = rx ? f->rxq : f->txq;
        return q < v.size() ? &v[q] : nullptr;
    }
    uint16_t queue_ring_size(uint16_t p, bool rx, uint16_t q) const override {
        Queue *s = const_cast<FakePorts *>(this)->queue(p, rx, q);
        return s ? s->nb_desc : 0;
    }
    void set_queue_ring_size(uint16_t p, bool rx, uint16_t q, uint16_t size) override {
        if (Queue *s = queue(p, rx, q)) s->nb_desc = size;
    }
    Status setup_queue(uint16_t p, bool rx, uint16_t q) override {
        if (!queue(p, rx, q)) return ethdev_status(-EINVAL);
        queue_setups++;
        return ethdev_status(status(p) == PortStatus::Started ? -EBUSY : 0);
    }
    bool deferred_start(uint16_t p, bool rx, uint16_t q) const override {
        Queue *s = const_cast<FakePorts *>(this)->queue(p, rx, q);
        return s && s->deferred;
    }
    void set_deferred_start(uint16_t p, bool rx, uint16_t q, bool on) override {
        if (Queue *s = queue(p, rx, q)) s->deferred = on;
    }
    void set_tx_offload(uint16_t p, std::optional<uint16_t> q, uint64_t offload, bool on) override {
        FakePort *f = find(p);
        if (!f) return;
        auto apply = [&](uint64_t &v) { v = on ? v | offload : v & ~offload; };
        if (q) {
            if (Queue *s = queue(p, false, *q)) apply(s->offloads);
            return;
        }
        apply(f->tx_offloads);
        for (Queue &s : f->txq)
            apply(s.offloads);
    }
    Status queue_start_stop(uint16_t p, bool rx, uint16_t q, bool start) override {
        Queue *s = queue(p, rx, q);
        if (!s) return ethdev_status(-EINVAL);
        s->started = start;
        return {};
    }
    void reset_queue_settings() override {
        queue_settings_resets++;
    }
    int queue_settings_resets = 0;
    void reconfigure(std::optional<uint16_t> p, bool device, bool queues) override {
        for (auto &[id, f] : ports)
            if (!p || *p == id) {
                f.need_reconfig |= device;
                f.need_reconfig_queues |= queues;
            }
    }

    std::string start(std::optional<uint16_t> p) override {
        starts++;
        std::string o;
        for (auto &[id, f] : ports)
            if ((!p || *p == id) && f.status == PortStatus::Stopped) {
                f.status = PortStatus::Started;
                f.need_reconfig = f.need_reconfig_queues = false;
                o += "Port " + std::to_string(id) + ": started\n";
            }
        return o + "Done\n";
    }
    std::string stop(std::optional<uint16_t> p) override {
        stops++;
        std::string o = "Stopping ports...\n";
        for (auto &[id, f] : ports)
            if ((!p || *p == id) && f.status == PortStatus::Started) {
                if (forwarding(id)) {
                    o += "Please remove port " + std::to_string(id) +
                         " from forwarding configuration.\n";
                    continue;
                }
                f.status = PortStatus::Stopped;
            }
        return o + "Done\n";
    }
    std::string close(std::optional<uint16_t> p) override {
        closes++;
        std::string o = "Closing ports...\n";
        for (auto &[id, f] : ports)
            if ((!p || *p == id) && f.status == PortStatus::Stopped) {
                f.status = PortStatus::Closed;
                o += "Port " + std::to_string(id) + " is closed\n";
            }
        return o + "Done\n";
    }

    uint32_t tx_metadata(uint16_t p) const override {
        auto it = metadata.find(p);
        return it == metadata.end() ? 0 : it->second;
    }
    void set_tx_metadata(uint16_t p, uint32_t value) override {
        metadata[p] = value;
    }
    Status set_tx_dynf(uint16_t p, const std::string &name, bool on) override {
        if (name.size() >= RTE_MBUF_DYN_NAMESIZE) return Error("Flag name too long");
        dynf[p][name] = on;
        return {};
    }
    std::map<uint16_t, uint32_t> metadata;
    std::map<uint16_t, std::map<std::string, bool>> dynf;

    void set_verbose(unsigned level) override {
        verbose_level = level;
    }
    unsigned verbose() const override {
        return verbose_level;
    }

    // ---- per-port settings ----
    std::vector<std::pair<uint16_t, uint16_t>> vlans; // (port, tci or 0xffff for reset)
    std::string vlan_warning; // what set_tx_vlan answers, as a PMD without the offload
    Result<std::string> set_tx_vlan(uint16_t port, bool on, uint16_t tci) override {
        vlans.emplace_back(port, on ? tci : 0xffff);
        return on ? vlan_warning : std::string();
    }
    std::array<uint8_t, 6> last_peer{};
    void set_peer(uint16_t, const std::array<uint8_t, 6> &mac) override {
        last_peer = mac;
    }
    // Port 0 offers IPv4/UDP/TCP checksums and is stopped; port 1 offers
    // none and is started (as after `port start 1`).
    uint64_t port_tx_offloads[2] = {0, 0};
    Status set_tx_offloads(uint16_t port, uint64_t offloads, bool on) override {
        if (port == 1) return Error("Please stop port 1 first");
        if (on && (offloads & ~port0_tx_capa)) return Error("not offered");
        port_tx_offloads[port] =
            on ? (port_tx_offloads[port] | offloads) : (port_tx_offloads[port] & ~offloads);
        return {};
    }
    bool tx_offloads(uint16_t port, uint64_t *enabled, uint64_t *capa) const override {
        if (port > 1) return false;
        *enabled = port_tx_offloads[port];
        *capa = port == 0 ? port0_tx_capa : 0;
        return true;
    }
    static constexpr uint64_t kPort0TxCapa =
        RTE_ETH_TX_OFFLOAD_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_UDP_CKSUM | RTE_ETH_TX_OFFLOAD_TCP_CKSUM;
    // What port 0 offers; a test adds to it (csum's `tso set`: TCP_TSO).
    uint64_t port0_tx_capa = kPort0TxCapa;

    // ---- port configuration, VLAN and device commands ----
    // Each port's next configuration; the fake PMD, as net_ring, offers none
    // of the optional ethdev operations below (VLAN, tunnel ports, queue
    // statistics mapping, reset) unless a test turns has_optional_ops on.
    std::map<uint16_t, rte_eth_conf> confs;
    std::map<uint16_t, rte_eth_rxconf> rxconfs;
    std::map<uint16_t, rte_eth_txconf> txconfs;
    bool has_optional_ops = false;
    std::vector<std::string> calls; // what reached the fake PMD, in words
    rte_eth_conf *dev_conf(uint16_t p) override {
        return find(p) ? &confs[p] : nullptr;
    }
    rte_eth_rxconf *rx_conf(uint16_t p) override {
        return find(p) ? &rxconfs[p] : nullptr;
    }
    rte_eth_txconf *tx_conf(uint16_t p) override {
        return find(p) ? &txconfs[p] : nullptr;
    }
    Status get_mtu(uint16_t p, uint16_t *mtu) override {
        const FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        *mtu = f->mtu;
        return {};
    }
    Status set_mtu_now(uint16_t p, uint16_t mtu) override {
        FakePort *f = find(p);
        if (!f) return ethdev_status(-ENODEV);
        if (!has_mtu) return ethdev_status(-ENOTSUP);
        f->mtu = mtu;
        return {};
    }
    Status vlan_call(const std::string &what) {
        if (!has_optional_ops) return ethdev_status(-ENOTSUP);
        calls.push_back(what);
        return {};
    }
    Status set_vlan_ether_type(uint16_t p, rte_vlan_type type, uint16_t tpid) override {
        return vlan_call("tpid " + std::to_string(p) + " " + std::to_string(type) + " " +
                         std::to_string(tpid));
    }
    Status set_vlan_pvid(uint16_t p, uint16_t vlan, bool on) override {
        return vlan_call("pvid " + std::to_string(p) + " " + std::to_string(vlan) +
                         (on ? " on" : " off"));
    }
    Status set_vlan_strip_on_queue(uint16_t p, uint16_t q, bool on) override {
        return vlan_call("stripq " + std::to_string(p) + " " + std::to_string(q) +
                         (on ? " on" : " off"));
    }
    std::vector<std::tuple<uint16_t, uint16_t, uint16_t>> qinqs; // (port, inner, outer)
    Result<std::string> set_tx_qinq(uint16_t p, uint16_t inner, uint16_t outer) override {
        qinqs.emplace_back(p, inner, outer);
        return vlan_warning;
    }
    Status udp_tunnel(uint16_t p, const rte_eth_udp_tunnel &t, bool add) override {
        return vlan_call(std::string(add ? "tunnel add " : "tunnel rm ") + std::to_string(p) + " " +
                         std::to_string(t.prot_type) + " " + std::to_string(t.udp_port));
    }
    Status set_queue_stats_mapping(uint16_t p, bool rx, uint16_t q, uint8_t map) override {
        return vlan_call(std::string(rx ? "qmap rx " : "qmap tx ") + std::to_string(p) + " " +
                         std::to_string(q) + " " + std::to_string(map));
    }
    std::vector<uint32_t> ptypes; // what the fake PMD supports
    Result<std::vector<uint32_t>> set_ptypes(uint16_t, uint32_t mask) override {
        if (ptypes.empty()) return Error("no ptypes", ENOTSUP);
        std::vector<uint32_t> set;
        for (uint32_t t : ptypes)
            if (t & mask) set.push_back(t);
        return set;
    }
    // ---- link layer and rate settings: refused as net_ring refuses them
    // (ENOTSUP) unless has_optional_ops; then recorded in calls ----
    std::vector<rte_eth_fec_capa> fec_capa; // with has_optional_ops
    uint32_t fec_mode = RTE_ETH_FEC_MODE_CAPA_MASK(AUTO);
    Result<std::vector<rte_eth_fec_capa>> fec_capability(uint16_t) override {
        if (!has_optional_ops) return Error("no FEC", ENOTSUP);
        return fec_capa;
    }
    Status fec_get(uint16_t, uint32_t *mode) override {
        if (!has_optional_ops) return ethdev_status(-ENOTSUP);
        *mode = fec_mode;
        return {};
    }
    Status fec_set(uint16_t p, uint32_t mode) override {
        return vlan_call("fec " + std::to_string(p) + " " + std::to_string(mode));
    }
    Status priority_flow_ctrl_set(uint16_t p, rte_eth_pfc_conf *c) override {
        return vlan_call("pfc " + std::to_string(p) + " mode " + std::to_string(c->fc.mode) +
                         " hw " + std::to_string(c->fc.high_water) + " lw " +
                         std::to_string(c->fc.low_water) + " pt " +
                         std::to_string(c->fc.pause_time) + " prio " + std::to_string(c->priority));
    }
    Status priority_flow_ctrl_queue(uint16_t p, rte_eth_pfc_queue_conf *c) override {
        return vlan_call("pfcq " + std::to_string(p) + " mode " + std::to_string(c->mode) +
                         " rx_pause " + std::to_string(c->rx_pause.tx_qid) + "/" +
                         std::to_string(c->rx_pause.tc) + " tx_pause " +
                         std::to_string(c->tx_pause.rx_qid) + "/" + std::to_string(c->tx_pause.tc) +
                         " pt " + std::to_string(c->tx_pause.pause_time));
    }
    Status uc_hash_table_set(uint16_t p, std::optional<rte_ether_addr> mac, bool on) override {
        return vlan_call("uta " + std::to_string(p) + (mac ? " mac " : " all ") +
                         (mac ? std::to_string(mac->addr_bytes[5]) + " " : "") +
                         (on ? "on" : "off"));
    }
    Status queue_rate_limit(uint16_t p, uint16_t q, uint32_t rate) override {
        return vlan_call("rate " + std::to_string(p) + " " + std::to_string(q) + " " +
                         std::to_string(rate));
    }
    Status rx_avail_thresh(uint16_t p, uint16_t q, uint8_t percent) override {
        return vlan_call("avail " + std::to_string(p) + " " + std::to_string(q) + " " +
                         std::to_string(percent));
    }

    Result<uint32_t> tx_done_cleanup(uint16_t p, uint16_t q, uint32_t count) override {
        if (Status rc = vlan_call("cleanup " + std::to_string(p) + " " + std::to_string(q) + " " +
                                  std::to_string(count));
            !rc.ok())
            return rc;
        return count / 2; // half of what was asked: the fake's ring held no more
    }

    // Attach probes "net_ring<N>" as port N, stopped; detach takes a
    // stopped port away.
    std::string attach(const std::string &identifier) override {
        std::string o = "Attaching a new port...\n";
        const std::string digits = identifier.substr(std::min<size_t>(8, identifier.size()));
        if (identifier.rfind("net_ring", 0) != 0 || digits.empty() || digits.size() > 4 ||
            digits.find_first_not_of("0123456789") != std::string::npos)
            return o + "pmdfwd: Failed to attach port " + identifier + "\n";
        const auto id = static_cast<uint16_t>(std::stoi(digits));
        ports[id].status = PortStatus::Stopped;
        return o + "Port " + std::to_string(id) + " is attached. Now total ports is " +
               std::to_string(port_ids().size()) + "\nDone\n";
    }
    std::string detach_port(uint16_t p) override {
        if (status(p) != PortStatus::Stopped) return "Port not stopped\n";
        ports.erase(p);
        return "Port was not closed\nRemoving a device...\nPort " + std::to_string(p) +
               " is closed\nDevice is detached\nNow total ports is " +
               std::to_string(port_ids().size()) + "\nDone\n";
    }
    std::vector<std::string> detached;
    std::string detach_device(const std::string &identifier) override {
        detached.push_back(identifier);
        return "Removing a device...\n";
    }
    // The removal of a port whose device is gone: stopped, closed, detached.
    std::vector<uint16_t> removed;
    std::string remove(uint16_t p) override {
        removed.push_back(p);
        if (FakePort *f = find(p)) f->status = PortStatus::Closed;
        return "Stopping ports...\nDone\nClosing ports...\nPort " + std::to_string(p) +
               " is closed\nDone\nRemoving a device...\nDevice is detached\n";
    }
    int resets = 0;
    std::string reset(std::optional<uint16_t> p) override {
        std::string o = "Resetting ports...\n";
        for (auto &[id, f] : ports)
            if ((!p || *p == id) && f.status == PortStatus::Stopped) {
                resets++;
                if (!has_optional_ops) {
                    o += "Failed to reset port " + std::to_string(id) + ". diag=-95\n";
                    continue;
                }
                f.need_reconfig = f.need_reconfig_queues = true;
            }
        return o + "Done\n";
    }

    // ---- segcfg: RX offloads and descriptor reads ----
    void set_rx_offload(uint16_t p, std::optional<uint16_t> q, uint64_t offload, bool on) override {
        FakePort *f = find(p);
        if (!f) return;
        auto apply = [&](uint64_t &v) { v = on ? v | offload : v & ~offload; };
        if (q) {
            if (Queue *s = queue(p, true, *q)) apply(s->offloads);
            return;
        }
        apply(f->rx_offloads);
        for (Queue &s : f->rxq)
            apply(s.offloads);
    }
    // The fake's rings are 512 descriptors and no memzone, as net_ring's.
    std::string read_descriptor(uint16_t p, bool rx, uint16_t q, uint16_t desc) override {
        if (!find(p) || q >= 16) return "";
        if (desc >= 512)
            return std::string("Invalid ") + (rx ? "RX" : "TX") + " descriptor " +
                   std::to_string(desc) + " (must be < ring_size=512)\n";
        return "    descriptor " + std::to_string(desc) + "\n";
    }

    // Newer testpmds' calls: net_ring has no LED and aggregates no port.
    int led = -1; // the last state set (has_led), -1: none
    bool has_led = false;
    std::map<uint16_t, uint8_t> tx_affinity; // port 0's TX queues mapped
    Status set_led(uint16_t p, bool on) override {
        if (!find(p)) return ethdev_status(-ENODEV);
        if (!has_led) return ethdev_status(-ENOTSUP);
        led = on;
        return {};
    }
    Result<int> count_aggr_ports(uint16_t p) override {
        if (!find(p)) return ethdev_status(-ENODEV);
        return p == 0 ? 2 : 0;
    }
    Status map_tx_affinity(uint16_t p, uint16_t q, uint8_t affinity) override {
        if (p != 0 || affinity > 2) return ethdev_status(-EINVAL);
        tx_affinity[q] = affinity;
        return {};
    }

    // testpmd 24.11's speed lanes and EEPROM writes: net_ring has neither;
    // a test gives a port lanes (has_lanes) or an EEPROM (eeprom not empty).
    bool has_lanes = false;
    std::map<uint16_t, uint32_t> lanes_set;
    std::vector<uint8_t> eeprom; // port 0's
    uint32_t eeprom_magic = 0;
    Result<std::vector<SpeedLanes>> speed_lanes_capa(uint16_t p) override {
        if (!find(p)) return ethdev_status(-ENODEV);
        if (!has_lanes) return ethdev_status(-ENOTSUP);
        return std::vector<SpeedLanes>{{RTE_ETH_SPEED_NUM_100G, 0x16},
                                       {RTE_ETH_SPEED_NUM_50G, 0x2}};
    }
    Status set_speed_lanes(uint16_t p, uint32_t lanes) override {
        if (!find(p)) return ethdev_status(-ENODEV);
        if (!has_lanes) return ethdev_status(-ENOTSUP);
        if (lanes != 1 && lanes != 2 && lanes != 4) return ethdev_status(-EINVAL);
        lanes_set[p] = lanes;
        return {};
    }
    // Congestion management: net_ring has none (ENOTSUP); a test gives port 0
    // the capabilities (cman_capa) and reads what was set (cman_set).
    std::optional<rte_eth_cman_info> cman_capa;
    rte_eth_cman_config cman_set{};
    Status cman_info(uint16_t p, rte_eth_cman_info *info) override {
        if (!find(p)) return ethdev_status(-ENODEV);
        if (p != 0 || !cman_capa) return ethdev_status(-ENOTSUP);
        *info = *cman_capa;
        return {};
    }
    Status cman_config_init(uint16_t p, rte_eth_cman_config *cfg) override {
        if (!find(p)) return ethdev_status(-ENODEV);
        if (p != 0 || !cman_capa) return ethdev_status(-ENOTSUP);
        *cfg = {};
        cfg->obj = RTE_ETH_CMAN_OBJ_RX_QUEUE;
        cfg->mode = RTE_CMAN_RED;
        cfg->mode_param.red = {.min_th = 8, .max_th = 16, .maxp_inv = 10};
        return {};
    }
    Status cman_config_get(uint16_t p, rte_eth_cman_config *cfg) override {
        if (!find(p)) return ethdev_status(-ENODEV);
        if (p != 0 || !cman_capa) return ethdev_status(-ENOTSUP);
        *cfg = cman_set;
        return {};
    }
    Status cman_config_set(uint16_t p, const rte_eth_cman_config &cfg) override {
        if (!find(p)) return ethdev_status(-ENODEV);
        if (p != 0 || !cman_capa) return ethdev_status(-ENOTSUP);
        cman_set = cfg;
        return {};
    }
    // Counters enabled on demand: port 0's tx_good_packets (id 1) is one,
    // disabled until set; port 1 has none.
    bool tx_good_enabled = false;
    Result<int> xstat_state(uint16_t p, uint64_t id) override {
        if (p != 0 || id != 1) return ethdev_status(-ENOTSUP);
        return tx_good_enabled ? 1 : 0;
    }
    Result<uint64_t> xstat_id(uint16_t p, const std::string &name) override {
        if (!find(p)) return ethdev_status(-ENODEV);
        if (name == "rx_good_packets") return uint64_t{0};
        if (name == "tx_good_packets") return uint64_t{1};
        return ethdev_status(-EINVAL);
    }
    Status set_xstat_counter(uint16_t p, uint64_t id, bool on) override {
        if (p != 0) return ethdev_status(-ENOTSUP);
        if (id != 1) return ethdev_status(-EPERM);
        tx_good_enabled = on;
        return {};
    }
    Result<int> eeprom_length(uint16_t p) override {
        if (!find(p)) return ethdev_status(-ENODEV);
        if (p != 0 || eeprom.empty()) return ethdev_status(-ENOTSUP);
        return static_cast<int>(eeprom.size());
    }
    Status set_eeprom(uint16_t p, uint32_t magic, uint32_t offset,
                      std::vector<uint8_t> data) override {
        if (p != 0 || eeprom.empty()) return ethdev_status(-ENOTSUP);
        if (magic != 0xcafe) return ethdev_status(-EINVAL);
        eeprom_magic = magic;
        std::copy(data.begin(), data.end(), eeprom.begin() + offset);
        return {};
    }
};

} // namespace pmdfwd::testing
