#include "ports/port_config.h"

#include "text/text_format.h"

#include <rte_ether.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>

namespace pmdfwd {

namespace {

std::string offload_text(uint64_t mask, const char *(*name)(uint64_t)) {
    const std::string hex = text_format("0x%" PRIx64, mask);
    std::string names;
    for (unsigned b = 0; b < 64; b++)
        if (mask & (uint64_t{1} << b))
            names += std::string(names.empty() ? "" : " ") + name(uint64_t{1} << b);
    return names.empty() ? hex : hex + " (" + names + ")";
}

// An offload mask the PMD does not cover, in words.
Error refused(uint16_t port, const rte_eth_dev_info &info, const char *dir, uint64_t want,
              uint64_t capa, std::string (*text)(uint64_t), const char *option) {
    return Error("port " + std::to_string(port) + ": " + dir + " offloads " + text(want & ~capa) +
                 " are not offered by " + (info.driver_name ? info.driver_name : "the PMD") +
                 " (it offers " + text(capa) + "; see " + option + ")");
}

void set_thresh(uint8_t *field, int value) {
    if (value != kThreshUnset) *field = static_cast<uint8_t>(value);
}

void set_thresh16(uint16_t *field, int value) {
    if (value != kThreshUnset) *field = static_cast<uint16_t>(value);
}

Status set_mtu(const Config &cfg, const rte_eth_dev_info &info, uint16_t port, rte_eth_conf *conf) {
    if (cfg.max_pkt_len == 0) return {};
    const uint32_t overhead = eth_overhead(info);
    const uint32_t mtu = cfg.max_pkt_len > overhead ? cfg.max_pkt_len - overhead : 0;
    if (mtu < info.min_mtu || mtu > info.max_mtu)
        return Error("port " + std::to_string(port) +
                     ": --max-pkt-len=" + std::to_string(cfg.max_pkt_len) + " means an MTU of " +
                     std::to_string(mtu) + " (" + std::to_string(overhead) +
                     " bytes of L2 overhead), outside the device's " +
                     std::to_string(info.min_mtu) + ".." + std::to_string(info.max_mtu) +
                     " (allowed: --max-pkt-len=" + std::to_string(info.min_mtu + overhead) + ".." +
                     std::to_string(info.max_mtu + overhead) + ")");
    conf->rxmode.mtu = mtu;
    return {};
}

} // namespace

std::string rx_offload_text(uint64_t mask) {
    return offload_text(mask, rte_eth_dev_rx_offload_name);
}

std::string tx_offload_text(uint64_t mask) {
    return offload_text(mask, rte_eth_dev_tx_offload_name);
}

PortNuma port_placement(const Config &cfg, uint16_t port, int device_socket) {
    if (!cfg.numa) {
        const int s = cfg.socket_num >= 0 ? cfg.socket_num : 0;
        return {s, s, s};
    }
    PortNuma p{device_socket, -1, -1};
    auto it = cfg.port_numa.find(port);
    if (it != cfg.port_numa.end()) {
        if (it->second.pool >= 0) p.pool = it->second.pool;
        p.rx_ring = it->second.rx_ring;
        p.tx_ring = it->second.tx_ring;
    }
    if (p.rx_ring < 0) p.rx_ring = p.pool;
    if (p.tx_ring < 0) p.tx_ring = p.pool;
    return p;
}

uint32_t eth_overhead(const rte_eth_dev_info &info) {
    if (info.max_mtu != UINT16_MAX && info.max_rx_pktlen > info.max_mtu)
        return info.max_rx_pktlen - info.max_mtu;
    return RTE_ETHER_HDR_LEN + RTE_ETHER_CRC_LEN;
}

Status port_conf(const Config &cfg, const rte_eth_dev_info &info, uint16_t port,
                 rte_eth_conf *conf) {
    *conf = rte_eth_conf{};
    uint64_t tx = cfg.tx_offloads;
    // Fast release is a promise the application makes, not a feature the
    // port must have: testpmd drops it quietly where it is not offered.
    if (!(info.tx_offload_capa & RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE))
        tx &= ~RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE;
    if (tx & ~info.tx_offload_capa)
        return refused(port, info, "TX", tx, info.tx_offload_capa, tx_offload_text,
                       "--tx-offloads");
    if (cfg.rx_offloads & ~info.rx_offload_capa)
        return refused(port, info, "RX", cfg.rx_offloads, info.rx_offload_capa, rx_offload_text,
                       "--rx-offloads and --enable-*");
    conf->txmode.offloads = tx;
    conf->rxmode.offloads = cfg.rx_offloads;
    if (cfg.nb_rxq > 1 || cfg.force_rss)
        conf->rx_adv_conf.rss_conf.rss_hf = cfg.rss_hf & info.flow_type_rss_offloads;
    if (conf->rx_adv_conf.rss_conf.rss_hf != 0) {
        conf->rxmode.mq_mode = static_cast<rte_eth_rx_mq_mode>(cfg.rx_mq_mode & RTE_ETH_MQ_RX_RSS);
    } else {
        conf->rxmode.mq_mode = RTE_ETH_MQ_RX_NONE;
        conf->rxmode.offloads &= ~RTE_ETH_RX_OFFLOAD_RSS_HASH;
    }
    if (Status mtu = set_mtu(cfg, info, port, conf); !mtu) return mtu;
    conf->rxmode.max_lro_pkt_size = cfg.max_lro_pkt_size;
    conf->link_speeds = cfg.link_speeds;
    const uint32_t flags = info.dev_flags ? *info.dev_flags : 0;
    conf->intr_conf.lsc = cfg.lsc_interrupt && (flags & RTE_ETH_DEV_INTR_LSC) ? 1 : 0;
    conf->intr_conf.rmv = cfg.rmv_interrupt && (flags & RTE_ETH_DEV_INTR_RMV) ? 1 : 0;
    return {};
}

rte_eth_rxconf rx_queue_conf(const Config &cfg, const rte_eth_dev_info &info,
                             const rte_eth_conf &conf) {
    rte_eth_rxconf rx = info.default_rxconf;
    rx.offloads = conf.rxmode.offloads;
    const QueueThresholds &t = cfg.thresholds;
    set_thresh(&rx.rx_thresh.pthresh, t.rx_pthresh);
    set_thresh(&rx.rx_thresh.hthresh, t.rx_hthresh);
    set_thresh(&rx.rx_thresh.wthresh, t.rx_wthresh);
    set_thresh16(&rx.rx_free_thresh, t.rx_free);
    if (cfg.rx_drop_en) rx.rx_drop_en = 1;
    return rx;
}

uint32_t rx_share_group(const Config &cfg, const rte_eth_dev_info &info, uint16_t port) {
    if (cfg.rxq_share == 0 || (info.dev_capa & RTE_ETH_DEV_CAPA_RXQ_SHARE) == 0) return 0;
    return port / cfg.rxq_share + 1;
}

rte_eth_txconf tx_queue_conf(const Config &cfg, const rte_eth_dev_info &info,
                             const rte_eth_conf &conf) {
    rte_eth_txconf tx = info.default_txconf;
    tx.offloads = conf.txmode.offloads;
    const QueueThresholds &t = cfg.thresholds;
    set_thresh(&tx.tx_thresh.pthresh, t.tx_pthresh);
    set_thresh(&tx.tx_thresh.hthresh, t.tx_hthresh);
    set_thresh(&tx.tx_thresh.wthresh, t.tx_wthresh);
    set_thresh16(&tx.tx_free_thresh, t.tx_free);
    set_thresh16(&tx.tx_rs_thresh, t.tx_rs);
    return tx;
}

size_t rx_split_segments(const std::vector<uint16_t> &lengths, const std::vector<uint16_t> &offsets,
                         const std::vector<uint32_t> &hdrs,
                         const std::vector<std::pair<rte_mempool *, uint16_t>> &pools,
                         rte_eth_rxseg *out, size_t max) {
    const size_t n = pools.empty() ? 0 : std::min(lengths.size(), max);
    uint32_t prev_hdrs = 0;
    for (size_t i = 0; i < n; i++) {
        const auto &[mp, room] = pools[std::min(i, pools.size() - 1)];
        rte_eth_rxseg_split &seg = out[i].split;
        seg = {};
        seg.mp = mp;
        seg.offset = i < offsets.size() ? offsets[i] : 0;
        const uint32_t hdr = i < hdrs.size() ? hdrs[i] : 0;
        if (hdr != 0 && lengths[i] == 0) {
            seg.proto_hdr = hdr & ~prev_hdrs;
            prev_hdrs |= seg.proto_hdr;
        } else {
            // testpmd's mbuf_data_size: the data room, headroom included.
            seg.length = lengths[i] ? lengths[i] : room;
        }
    }
    return n;
}

} // namespace pmdfwd
