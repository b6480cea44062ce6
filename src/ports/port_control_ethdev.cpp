#include "ports/port_control_ethdev.h"

#include "text/text_format.h"

#include <pmdfwd/dpdk_compat.h>

#include <rte_bus.h>
#include <rte_byteorder.h>
#include <rte_dev.h>
#include <rte_devargs.h>
#include <rte_memzone.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace pmdfwd {

namespace {

// testpmd's firmware version buffer (ETHDEV_FWVERS_LEN).
constexpr size_t kFwVersionLen = 32;

int match_any_bus(const rte_bus *, const void *) {
    return 0;
}

std::optional<std::string> burst_mode(int rc, const rte_eth_burst_mode &m) {
    if (rc != 0) return std::nullopt;
    return std::string(m.info) + (m.flags & RTE_ETH_BURST_FLAG_PER_QUEUE ? " (per queue)" : "");
}

// What the PMD writes to a FILE, as a string (testpmd passes stdout; the
// shell's answer is a string).
int priv_dump(uint16_t id, std::string *out) {
    char *buf = nullptr;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f == nullptr) return -errno;
    const int rc = rte_eth_dev_priv_dump(id, f);
    std::fclose(f);
    out->assign(buf, len);
    std::free(buf);
    return rc;
}

// What ethdev reports beyond dev_info and the link, where this DPDK has it.
void add_newer_info(uint16_t id, PortInfo *out) {
#if RTE_VERSION >= RTE_VERSION_NUM(23, 11, 0, 0)
    out->max_rx_bufsize = out->dev.max_rx_bufsize;
#endif
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
    uint32_t lanes = 0;
    if (rte_eth_speed_lanes_get(id, &lanes) == 0) out->lanes = lanes;
#endif
    if (compat::kPortInfoPrivDump) out->priv_dump_rc = priv_dump(id, &out->priv_dump);
}

} // namespace

EthdevPortControl::EthdevPortControl(Ports &ports, Config &cfg,
                                     std::function<bool(uint16_t)> forwarding,
                                     std::function<bool()> running,
                                     std::function<void(unsigned)> verbose_set)
    : ports_(ports), cfg_(cfg), forwarding_(std::move(forwarding)), running_(std::move(running)),
      verbose_set_(std::move(verbose_set)) {}

Port *EthdevPortControl::port(uint16_t id) const {
    return ports_.find(id);
}

QueueSettings *EthdevPortControl::queue(uint16_t id, bool rx, uint16_t q) const {
    Port *p = port(id);
    if (p == nullptr) return nullptr;
    std::vector<QueueSettings> &v = rx ? p->rxq : p->txq;
    return q < v.size() ? &v[q] : nullptr;
}

bool EthdevPortControl::tx_offloads(uint16_t id, uint64_t *enabled, uint64_t *capa) const {
    const Port *p = port(id);
    if (p == nullptr) return false;
    *enabled = p->hw_tx_offloads;
    *capa = p->info.tx_offload_capa;
    return true;
}

PortStatus EthdevPortControl::status(uint16_t id) const {
    const Port *p = port(id);
    return p ? p->status : PortStatus::Closed;
}

Status EthdevPortControl::info(uint16_t id, PortInfo *out) {
    int rc = rte_eth_link_get_nowait(id, &out->link);
    if (rc < 0) return ethdev_status(rc);
    rc = rte_eth_dev_info_get(id, &out->dev);
    if (rc != 0) return ethdev_status(rc);
    out->name = name(id);
    out->driver = out->dev.driver_name ? out->dev.driver_name : "";
    char fw[kFwVersionLen];
    if (rte_eth_dev_fw_version_get(id, fw, sizeof(fw)) == 0) out->fw_version = fw;
    const rte_devargs *da = out->dev.device ? rte_dev_devargs(out->dev.device) : nullptr;
    if (da != nullptr) out->devargs = da->args ? da->args : "";
    const Port *p = port(id);
    out->socket = out->mem_socket = p ? p->socket : 0;
    rte_ether_addr m{};
    if (rte_eth_macaddr_get(id, &m) == 0) out->mac = m;
    uint16_t mtu = 0;
    if (rte_eth_dev_get_mtu(id, &mtu) == 0) out->mtu = mtu;
    out->promiscuous = rte_eth_promiscuous_get(id) == 1;
    out->allmulticast = rte_eth_allmulticast_get(id) == 1;
    out->vlan_offload = rte_eth_dev_get_vlan_offload(id);
    add_newer_info(id, out);
    return {};
}

Status EthdevPortControl::dev_info(uint16_t id, rte_eth_dev_info *out) {
    return ethdev_status(rte_eth_dev_info_get(id, out));
}

Status EthdevPortControl::link(uint16_t id, rte_eth_link *out) {
    return ethdev_status(rte_eth_link_get_nowait(id, out));
}

Status EthdevPortControl::mac(uint16_t id, rte_ether_addr *out) {
    return ethdev_status(rte_eth_macaddr_get(id, out));
}

std::string EthdevPortControl::name(uint16_t id) {
    char n[RTE_ETH_NAME_MAX_LEN] = "";
    rte_eth_dev_get_name_by_port(id, n);
    return n;
}

Status EthdevPortControl::rxq_info(uint16_t id, uint16_t q, RxQueueInfo *out) {
    const int rc = rte_eth_rx_queue_info_get(id, q, &out->q);
    if (rc != 0) return ethdev_status(rc);
    out->mempool = out->q.mp ? out->q.mp->name : "NULL";
    rte_eth_burst_mode m{};
    out->burst_mode = burst_mode(rte_eth_rx_burst_mode_get(id, q, &m), m);
    return {};
}

Status EthdevPortControl::txq_info(uint16_t id, uint16_t q, TxQueueInfo *out) {
    const int rc = rte_eth_tx_queue_info_get(id, q, &out->q);
    if (rc != 0) return ethdev_status(rc);
    rte_eth_burst_mode m{};
    out->burst_mode = burst_mode(rte_eth_tx_burst_mode_get(id, q, &m), m);
    return {};
}

std::vector<DeviceInfo> EthdevPortControl::devices() {
    std::vector<DeviceInfo> out;
    const rte_bus *start = nullptr;
    while (const rte_bus *bus = rte_bus_find(start, match_any_bus, nullptr)) {
        start = bus;
        const std::string filter = std::string("bus=") + rte_bus_name(bus);
        rte_dev_iterator it{};
        rte_device *dev;
        RTE_DEV_FOREACH(dev, filter.c_str(), &it) {
            if (rte_dev_driver(dev) == nullptr) continue;
            DeviceInfo d;
            d.name = rte_dev_name(dev);
            d.bus = rte_bus_name(rte_dev_bus(dev));
            d.bus_info = rte_dev_bus_info(dev) ? rte_dev_bus_info(dev) : "";
            d.driver = rte_driver_name(rte_dev_driver(dev));
            d.devargs = rte_dev_devargs(dev) && rte_dev_devargs(dev)->args
                            ? rte_dev_devargs(dev)->args
                            : "";
            d.numa = rte_dev_numa_node(dev);
            uint16_t id;
            RTE_ETH_FOREACH_DEV_OF(id, dev) {
                DeviceInfo::Port p;
                p.id = id;
                rte_ether_addr m{};
                if (rte_eth_macaddr_get(id, &m) == 0) p.mac = m;
                p.name = name(id);
                rte_eth_dev_info info{};
                if (rte_eth_dev_info_get(id, &info) == 0) p.speed_capa = info.speed_capa;
                d.ports.push_back(p);
            }
            out.push_back(d);
        }
    }
    return out;
}

Status EthdevPortControl::xstats(uint16_t id, std::vector<Xstat> *out) {
    const int n = rte_eth_xstats_get_names(id, nullptr, 0);
    if (n < 0) return ethdev_status(n);
    std::vector<rte_eth_xstat_name> names(static_cast<size_t>(n));
    std::vector<rte_eth_xstat> values(static_cast<size_t>(n));
    if (rte_eth_xstats_get_names(id, names.data(), static_cast<unsigned>(n)) != n)
        return ethdev_status(-EIO);
    if (rte_eth_xstats_get(id, values.data(), static_cast<unsigned>(n)) != n)
        return ethdev_status(-EIO);
    for (int i = 0; i < n; i++)
        out->push_back({names[static_cast<size_t>(i)].name, values[static_cast<size_t>(i)].value});
    return {};
}

Status EthdevPortControl::xstats_reset(uint16_t id) {
    return ethdev_status(rte_eth_xstats_reset(id));
}

Status EthdevPortControl::offload_config(uint16_t id, bool rx, OffloadConfig *out) {
    rte_eth_conf conf{};
    int rc = rte_eth_dev_conf_get(id, &conf);
    if (rc != 0) return ethdev_status(rc);
    rte_eth_dev_info info{};
    rc = rte_eth_dev_info_get(id, &info);
    if (rc != 0) return ethdev_status(rc);
    out->port = rx ? conf.rxmode.offloads : conf.txmode.offloads;
    const Port *p = port(id);
    const uint16_t nb = rx ? info.nb_rx_queues : info.nb_tx_queues;
    for (uint16_t q = 0; q < nb; q++) {
        const QueueSettings *s = queue(id, rx, q);
        const uint64_t port_level = p ? (rx ? p->conf.rxmode.offloads : p->hw_tx_offloads) : 0;
        out->queues.push_back(port_level | (s ? s->offloads : 0));
    }
    return {};
}

Status EthdevPortControl::rss_conf(uint16_t id, rte_eth_rss_conf *conf) {
    return ethdev_status(rte_eth_dev_rss_hash_conf_get(id, conf));
}

Status EthdevPortControl::flow_ctrl(uint16_t id, rte_eth_fc_conf *out) {
    return ethdev_status(rte_eth_dev_flow_ctrl_get(id, out));
}

Status EthdevPortControl::set_promiscuous(uint16_t id, bool on) {
    return ethdev_status(on ? rte_eth_promiscuous_enable(id) : rte_eth_promiscuous_disable(id));
}

Status EthdevPortControl::set_allmulticast(uint16_t id, bool on) {
    return ethdev_status(on ? rte_eth_allmulticast_enable(id) : rte_eth_allmulticast_disable(id));
}

Status EthdevPortControl::mac_addr_add(uint16_t id, const rte_ether_addr &m) {
    rte_ether_addr copy = m;
    return ethdev_status(rte_eth_dev_mac_addr_add(id, &copy, 0));
}

Status EthdevPortControl::mac_addr_remove(uint16_t id, const rte_ether_addr &m) {
    rte_ether_addr copy = m;
    return ethdev_status(rte_eth_dev_mac_addr_remove(id, &copy));
}

Status EthdevPortControl::mac_addr_set(uint16_t id, const rte_ether_addr &m) {
    rte_ether_addr copy = m;
    const int rc = rte_eth_dev_default_mac_addr_set(id, &copy);
    // Engines write the port's own address as source (pmdfwd_port_tx.mac).
    if (rc == 0)
        if (Port *p = port(id)) std::memcpy(p->tx.mac, m.addr_bytes, sizeof(p->tx.mac));
    return ethdev_status(rc);
}

std::vector<rte_ether_addr> &EthdevPortControl::mc_addrs(uint16_t id) {
    // Commands name existing ports only; an unknown one gets a list of its own
    // that nothing applies.
    static std::vector<rte_ether_addr> none;
    Port *p = port(id);
    return p ? p->mc_addrs : none;
}

Status EthdevPortControl::apply_mc_addrs(uint16_t id) {
    std::vector<rte_ether_addr> &v = mc_addrs(id);
    return ethdev_status(rte_eth_dev_set_mc_addr_list(id, v.empty() ? nullptr : v.data(),
                                                      static_cast<uint32_t>(v.size())));
}

Status EthdevPortControl::set_vlan_offload(uint16_t id, int mask, uint64_t rx_offload, bool on) {
    const int rc = rte_eth_dev_set_vlan_offload(id, mask);
    if (rc < 0) return ethdev_status(rc);
    if (Port *p = port(id))
        p->conf.rxmode.offloads =
            on ? p->conf.rxmode.offloads | rx_offload : p->conf.rxmode.offloads & ~rx_offload;
    return ethdev_status(rc);
}

Status EthdevPortControl::vlan_filter(uint16_t id, uint16_t vlan, bool on) {
    return ethdev_status(rte_eth_dev_vlan_filter(id, vlan, on));
}

Status EthdevPortControl::set_flow_ctrl(uint16_t id, rte_eth_fc_conf *conf) {
    return ethdev_status(rte_eth_dev_flow_ctrl_set(id, conf));
}

Status EthdevPortControl::rss_hash_update(uint16_t id, rte_eth_rss_conf *conf) {
    return ethdev_status(rte_eth_dev_rss_hash_update(id, conf));
}

Status EthdevPortControl::reta_update(uint16_t id, rte_eth_rss_reta_entry64 *conf, uint16_t size) {
    return ethdev_status(rte_eth_dev_rss_reta_update(id, conf, size));
}

Status EthdevPortControl::set_link(uint16_t id, bool up) {
    return ethdev_status(up ? rte_eth_dev_set_link_up(id) : rte_eth_dev_set_link_down(id));
}

Status EthdevPortControl::udp_tunnel_port(uint16_t id, uint16_t udp_port, bool add) {
    rte_eth_udp_tunnel t{};
    t.udp_port = udp_port;
    t.prot_type = RTE_ETH_TUNNEL_TYPE_VXLAN;
    return ethdev_status(add ? rte_eth_dev_udp_tunnel_port_add(id, &t)
                             : rte_eth_dev_udp_tunnel_port_delete(id, &t));
}

Status EthdevPortControl::set_mtu(uint16_t id, uint16_t mtu) {
    Port *p = port(id);
    if (p == nullptr) return ethdev_status(-ENODEV);
    if (!p->need_reconfig) {
        const int rc = rte_eth_dev_set_mtu(id, mtu);
        if (rc != 0) return ethdev_status(rc);
    }
    p->conf.rxmode.mtu = mtu;
    return {};
}

uint16_t EthdevPortControl::queue_ring_size(uint16_t id, bool rx, uint16_t q) const {
    const QueueSettings *s = queue(id, rx, q);
    return s ? s->nb_desc : 0;
}

void EthdevPortControl::set_queue_ring_size(uint16_t id, bool rx, uint16_t q, uint16_t size) {
    if (QueueSettings *s = queue(id, rx, q)) s->nb_desc = size;
}

Status EthdevPortControl::setup_queue(uint16_t id, bool rx, uint16_t q) {
    Port *p = port(id);
    if (p == nullptr || queue(id, rx, q) == nullptr) return ethdev_status(-EINVAL);
    ports_.sync_config(cfg_);
    return ethdev_status(ports_.setup_queue(*p, rx, q));
}

bool EthdevPortControl::deferred_start(uint16_t id, bool rx, uint16_t q) const {
    const QueueSettings *s = queue(id, rx, q);
    return s && s->deferred_start;
}

void EthdevPortControl::set_deferred_start(uint16_t id, bool rx, uint16_t q, bool on) {
    if (QueueSettings *s = queue(id, rx, q)) s->deferred_start = on;
}

void EthdevPortControl::set_tx_offload(uint16_t id, std::optional<uint16_t> q, uint64_t offload,
                                       bool on) {
    Port *p = port(id);
    if (p == nullptr) return;
    auto apply = [&](uint64_t &v) { v = on ? v | offload : v & ~offload; };
    if (q) {
        if (QueueSettings *s = queue(id, false, *q)) apply(s->offloads);
        return;
    }
    apply(p->hw_tx_offloads);
    apply(p->tx.tx_offloads); // what engines request per mbuf follows the port
    for (QueueSettings &s : p->txq)
        apply(s.offloads);
}

Status EthdevPortControl::queue_start_stop(uint16_t id, bool rx, uint16_t q, bool start) {
    int rc;
    if (rx)
        rc = start ? rte_eth_dev_rx_queue_start(id, q) : rte_eth_dev_rx_queue_stop(id, q);
    else
        rc = start ? rte_eth_dev_tx_queue_start(id, q) : rte_eth_dev_tx_queue_stop(id, q);
    if (rc == -ENOTSUP) return ethdev_status(rc);
    // testpmd records the state the user asked for unless the PMD lacks the call.
    if (QueueSettings *s = queue(id, rx, q))
        s->state = start ? RTE_ETH_QUEUE_STATE_STARTED : RTE_ETH_QUEUE_STATE_STOPPED;
    return ethdev_status(rc);
}

void EthdevPortControl::reconfigure(std::optional<uint16_t> id, bool device, bool queues) {
    ports_.sync_config(cfg_);
    for (Port &p : ports_.ports()) {
        if (id && *id != p.id) continue;
        p.need_reconfig |= device;
        p.need_reconfig_queues |= queues;
    }
}

void EthdevPortControl::reset_queue_settings() {
    for (Port &p : ports_.ports())
        for (std::vector<QueueSettings> *queues : {&p.rxq, &p.txq})
            for (QueueSettings &q : *queues)
                q.deferred_start = false, q.nb_desc = 0;
}

rte_eth_conf *EthdevPortControl::dev_conf(uint16_t id) {
    Port *p = port(id);
    return p ? &p->conf : nullptr;
}

rte_eth_rxconf *EthdevPortControl::rx_conf(uint16_t id) {
    Port *p = port(id);
    return p ? &p->rxconf : nullptr;
}

rte_eth_txconf *EthdevPortControl::tx_conf(uint16_t id) {
    Port *p = port(id);
    return p ? &p->txconf : nullptr;
}

Status EthdevPortControl::get_mtu(uint16_t id, uint16_t *mtu) {
    return ethdev_status(rte_eth_dev_get_mtu(id, mtu));
}

Status EthdevPortControl::set_mtu_now(uint16_t id, uint16_t mtu) {
    const int rc = rte_eth_dev_set_mtu(id, mtu);
    if (rc == 0)
        if (Port *p = port(id)) p->conf.rxmode.mtu = mtu;
    return ethdev_status(rc);
}

Status EthdevPortControl::set_vlan_ether_type(uint16_t id, rte_vlan_type type, uint16_t tpid) {
    return ethdev_status(rte_eth_dev_set_vlan_ether_type(id, type, tpid));
}

Status EthdevPortControl::set_vlan_pvid(uint16_t id, uint16_t vlan, bool on) {
    return ethdev_status(rte_eth_dev_set_vlan_pvid(id, vlan, on));
}

Status EthdevPortControl::set_vlan_strip_on_queue(uint16_t id, uint16_t q, bool on) {
    return ethdev_status(rte_eth_dev_set_vlan_strip_on_queue(id, q, on));
}

Status EthdevPortControl::udp_tunnel(uint16_t id, const rte_eth_udp_tunnel &tunnel, bool add) {
    rte_eth_udp_tunnel t = tunnel;
    return ethdev_status(add ? rte_eth_dev_udp_tunnel_port_add(id, &t)
                             : rte_eth_dev_udp_tunnel_port_delete(id, &t));
}

// DPDK 25.11 deprecates the queue statistics mapping (its testpmd drops
// `set stat_qmap`, and so does the shell there); the calls stay for the
// older DPDKs' command.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
Status EthdevPortControl::set_queue_stats_mapping(uint16_t id, bool rx, uint16_t q, uint8_t map) {
    return ethdev_status(rx ? rte_eth_dev_set_rx_queue_stats_mapping(id, q, map)
                            : rte_eth_dev_set_tx_queue_stats_mapping(id, q, map));
}
#pragma GCC diagnostic pop

Result<std::vector<uint32_t>> EthdevPortControl::set_ptypes(uint16_t id, uint32_t mask) {
    const int n = rte_eth_dev_get_supported_ptypes(id, RTE_PTYPE_ALL_MASK, nullptr, 0);
    if (n <= 0) return Error("no ptypes", ENOTSUP);
    std::vector<uint32_t> set(static_cast<size_t>(n));
    const int rc = rte_eth_dev_set_ptypes(id, mask, set.data(), n);
    if (rc < 0) return Error(rte_strerror(-rc), -rc);
    set.resize(static_cast<size_t>(rc));
    return set;
}

// A removed port's per-packet dump goes first; the others keep theirs.
std::string EthdevPortControl::detach_port(uint16_t id) {
    if (status(id) == PortStatus::Stopped) dump_.remove(id, !running_());
    return ports_.detach_port(id);
}

std::string EthdevPortControl::detach_device(const std::string &identifier) {
    rte_dev_iterator it{};
    uint16_t id;
    RTE_ETH_FOREACH_MATCHING_DEV(id, identifier.c_str(), &it) {
        if (status(id) == PortStatus::Stopped) dump_.remove(id, !running_());
    }
    return ports_.detach_device(identifier);
}

std::string EthdevPortControl::remove(uint16_t id) {
    dump_.remove(id, !running_());
    return ports_.remove_port(id);
}

std::string EthdevPortControl::start(std::optional<uint16_t> id) {
    const bool idle = !running_();
    const std::vector<uint16_t> ids = id ? std::vector<uint16_t>{*id} : ports_.ids();
    // Queues set up again lose nothing, but their callbacks are set anew.
    for (uint16_t p : ids)
        if (port(p) && port(p)->need_reconfig_queues) {
            dump_.remove(p, idle);
            marks_.unhook_port(p, idle);
        }
    ports_.sync_config(cfg_);
    std::string o = ports_.start_ports(id);
    marks_.hook_again(ids);
    dump_.apply(ids, verbose_, idle);
    return o;
}

std::string EthdevPortControl::stop(std::optional<uint16_t> id) {
    return ports_.stop_ports(id, forwarding_);
}

std::string EthdevPortControl::close(std::optional<uint16_t> id) {
    const bool idle = !running_();
    // Only a port ethdev will close loses its dump: a started one is refused
    // (as a forwarding one is) and a refused command changes nothing.
    for (uint16_t p : ports_.ids())
        if ((!id || *id == p) && !forwarding_(p) && status(p) == PortStatus::Stopped)
            dump_.remove(p, idle);
    return ports_.close_ports(id, forwarding_);
}

// ---- link layer and rate settings: ethdev's answer as is ----

Result<std::vector<rte_eth_fec_capa>> EthdevPortControl::fec_capability(uint16_t id) {
    const int n = rte_eth_fec_get_capability(id, nullptr, 0);
    if (n < 0) return Error(rte_strerror(-n), -n);
    std::vector<rte_eth_fec_capa> capa(static_cast<size_t>(n));
    const int rc = rte_eth_fec_get_capability(id, capa.data(), static_cast<unsigned>(n));
    if (rc < 0) return Error(rte_strerror(-rc), -rc);
    capa.resize(std::min(capa.size(), static_cast<size_t>(rc)));
    return capa;
}

Status EthdevPortControl::fec_get(uint16_t id, uint32_t *mode) {
    return ethdev_status(rte_eth_fec_get(id, mode));
}

Status EthdevPortControl::fec_set(uint16_t id, uint32_t mode) {
    return ethdev_status(rte_eth_fec_set(id, mode));
}

Status EthdevPortControl::priority_flow_ctrl_set(uint16_t id, rte_eth_pfc_conf *conf) {
    return ethdev_status(rte_eth_dev_priority_flow_ctrl_set(id, conf));
}

Status EthdevPortControl::priority_flow_ctrl_queue(uint16_t id, rte_eth_pfc_queue_conf *conf) {
    return ethdev_status(rte_eth_dev_priority_flow_ctrl_queue_configure(id, conf));
}

Status EthdevPortControl::uc_hash_table_set(uint16_t id, std::optional<rte_ether_addr> mac,
                                            bool on) {
    const auto flag = static_cast<uint8_t>(on);
    if (!mac) return ethdev_status(rte_eth_dev_uc_all_hash_table_set(id, flag));
    return ethdev_status(rte_eth_dev_uc_hash_table_set(id, &*mac, flag));
}

Status EthdevPortControl::queue_rate_limit(uint16_t id, uint16_t queue, uint32_t rate) {
    return ethdev_status(rte_eth_set_queue_rate_limit(id, queue, rate));
}

Status EthdevPortControl::rx_avail_thresh(uint16_t id, uint16_t queue, uint8_t percent) {
    return ethdev_status(rte_eth_rx_avail_thresh_set(id, queue, percent));
}

Result<uint32_t> EthdevPortControl::tx_done_cleanup(uint16_t id, uint16_t queue, uint32_t count) {
    const int rc = rte_eth_tx_done_cleanup(id, queue, count);
    if (rc < 0) return Error(rte_strerror(-rc), -rc);
    return static_cast<uint32_t>(rc);
}

void EthdevPortControl::set_verbose(unsigned level) {
    verbose_ = level;
    // The dump's descriptor is open before an engine may write through it.
    dump_.apply(ports_.ids(), level, !running_());
    if (verbose_set_) verbose_set_(level);
}

} // namespace pmdfwd

// ---- segcfg: RX offloads and descriptor reads ----

namespace pmdfwd {

void EthdevPortControl::set_rx_offload(uint16_t id, std::optional<uint16_t> q, uint64_t offload,
                                       bool on) {
    Port *p = port(id);
    if (p == nullptr) return;
    auto apply = [&](uint64_t &v) { v = on ? v | offload : v & ~offload; };
    if (q) {
        if (QueueSettings *s = queue(id, true, *q)) apply(s->offloads);
        return;
    }
    // testpmd's queues carry the port's offloads: turning one off for the
    // port turns it off for every queue too.
    apply(p->conf.rxmode.offloads);
    for (QueueSettings &s : p->rxq)
        apply(s.offloads);
}

namespace {

// One 8-byte little-endian word of a descriptor as testpmd prints it
// (its igb_ring_dword: the upper half first).
std::string dword_text(const uint8_t *at) {
    uint64_t raw;
    std::memcpy(&raw, at, sizeof(raw));
    const uint64_t v = rte_le_to_cpu_64(raw);
    return text_format("0x%08X - 0x%08X", static_cast<unsigned>(v >> 32),
                       static_cast<unsigned>(v & UINT32_MAX));
}

} // namespace

std::string EthdevPortControl::read_descriptor(uint16_t id, bool rx, uint16_t q, uint16_t desc) {
    // testpmd's get_rx/tx_ring_size: ethdev's answer, else (a PMD without
    // queue info) the queue's own size, --rxd/--txd, the PMD's preference
    // or ethdev's fallback. ethdev logs an invalid port or queue itself.
    uint16_t ring = 0;
    int rc;
    if (rx) {
        rte_eth_rxq_info info{};
        rc = rte_eth_rx_queue_info_get(id, q, &info);
        ring = info.nb_desc;
    } else {
        rte_eth_txq_info info{};
        rc = rte_eth_tx_queue_info_get(id, q, &info);
        ring = info.nb_desc;
    }
    const Port *p = port(id);
    if (rc == -ENOTSUP && p != nullptr) {
        const QueueSettings *s = queue(id, rx, q);
        const rte_eth_dev_portconf &pref =
            rx ? p->info.default_rxportconf : p->info.default_txportconf;
        ring = s && s->nb_desc ? s->nb_desc : rx ? cfg_.nb_rxd : cfg_.nb_txd;
        if (ring == 0) ring = pref.ring_size;
        if (ring == 0)
            ring = rx ? RTE_ETH_DEV_FALLBACK_RX_RINGSIZE : RTE_ETH_DEV_FALLBACK_TX_RINGSIZE;
    } else if (rc != 0 || p == nullptr) {
        return "";
    }
    const char *kind = rx ? "RX" : "TX";
    if (desc >= ring)
        return text_format("Invalid %s descriptor %u (must be < ring_size=%u)\n", kind,
                           unsigned{desc}, unsigned{ring});
    const char *ring_name = rx ? "rx_ring" : "tx_ring";
    const std::string zone = text_format("eth_p%u_q%u_%s", unsigned{id}, unsigned{q}, ring_name);
    const rte_memzone *mz = rte_memzone_lookup(zone.c_str());
    if (mz == nullptr)
        return text_format("%s ring memory zoneof (port %u, queue %u) not found (zone name = %s\n",
                           ring_name, unsigned{id}, unsigned{q}, zone.c_str());
    // i40e's RX descriptors are 32 bytes, every other one 16 (testpmd's rule).
    const bool wide = rx && std::strstr(p->info.driver_name ? p->info.driver_name : "", "i40e");
    const size_t size = wide ? 32 : 16;
    // testpmd reads past a zone shorter than the ring says; not here.
    if ((size_t{desc} + 1) * size > mz->len) return "";
    const auto *d = static_cast<const uint8_t *>(mz->addr) + size_t{desc} * size;
    if (!rx) return "    " + dword_text(d) + " / " + dword_text(d + 8) + "\n";
    std::string o;
    for (size_t off = 0; off < size; off += 8)
        o += "    " + dword_text(d + off) + "\n";
    return o;
}

Status EthdevPortControl::set_led(uint16_t id, bool on) {
    return ethdev_status(on ? rte_eth_led_on(id) : rte_eth_led_off(id));
}

#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
Result<int> EthdevPortControl::count_aggr_ports(uint16_t id) {
    const int n = rte_eth_dev_count_aggr_ports(id);
    if (n < 0) return ethdev_status(n);
    return n;
}

Status EthdevPortControl::map_tx_affinity(uint16_t id, uint16_t queue, uint8_t affinity) {
    return ethdev_status(rte_eth_dev_map_aggr_tx_affinity(id, queue, affinity));
}
#else
// 22.11's ethdev has neither call (and its testpmd no command making them).
Result<int> EthdevPortControl::count_aggr_ports(uint16_t) {
    return ethdev_status(-ENOTSUP);
}

Status EthdevPortControl::map_tx_affinity(uint16_t, uint16_t, uint8_t) {
    return ethdev_status(-ENOTSUP);
}
#endif

} // namespace pmdfwd
