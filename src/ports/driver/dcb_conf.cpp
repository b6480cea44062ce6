#include "ports/driver/dcb_conf.h"

namespace pmdfwd::drv {

namespace {

uint8_t tc_of(const DcbRequest &req, uint8_t prio) {
    return req.prio_tc_set ? req.prio_tc[prio] : prio % req.num_tcs;
}

void vmdq_dcb(rte_eth_conf *conf, const DcbRequest &req) {
    auto &rx = conf->rx_adv_conf.vmdq_dcb_conf;
    auto &tx = conf->tx_adv_conf.vmdq_dcb_tx_conf;
    rx.enable_default_pool = 0;
    rx.default_pool = 0;
    const rte_eth_nb_pools pools =
        req.num_tcs == RTE_ETH_4_TCS ? RTE_ETH_32_POOLS : RTE_ETH_16_POOLS;
    rx.nb_queue_pools = pools;
    tx.nb_queue_pools = pools;
    rx.nb_pool_maps = static_cast<uint8_t>(pools);
    for (uint8_t i = 0; i < rx.nb_pool_maps; i++) {
        rx.pool_map[i].vlan_id = i; // testpmd's vlan_tags[i] is i
        rx.pool_map[i].pools = UINT64_C(1) << (i % pools);
    }
    for (uint8_t i = 0; i < RTE_ETH_DCB_NUM_USER_PRIORITIES; i++) {
        rx.dcb_tc[i] = tc_of(req, i);
        tx.dcb_tc[i] = tc_of(req, i);
    }
    conf->rxmode.mq_mode = static_cast<rte_eth_rx_mq_mode>(req.rx_mq_mode & RTE_ETH_MQ_RX_VMDQ_DCB);
    conf->txmode.mq_mode = RTE_ETH_MQ_TX_VMDQ_DCB;
    // VMDq+DCB hashes nothing.
    if (conf->rxmode.mq_mode == RTE_ETH_MQ_RX_VMDQ_DCB)
        conf->rxmode.offloads &= ~RTE_ETH_RX_OFFLOAD_RSS_HASH;
}

void dcb_only(rte_eth_conf *conf, const DcbRequest &req, const rte_eth_rss_conf &rss) {
    auto &rx = conf->rx_adv_conf.dcb_rx_conf;
    auto &tx = conf->tx_adv_conf.dcb_tx_conf;
    rx.nb_tcs = static_cast<rte_eth_nb_tcs>(req.num_tcs);
    tx.nb_tcs = static_cast<rte_eth_nb_tcs>(req.num_tcs);
    for (uint8_t i = 0; i < RTE_ETH_DCB_NUM_USER_PRIORITIES; i++) {
        rx.dcb_tc[i] = tc_of(req, i);
        tx.dcb_tc[i] = tc_of(req, i);
    }
    conf->rxmode.mq_mode = static_cast<rte_eth_rx_mq_mode>(req.rx_mq_mode & RTE_ETH_MQ_RX_DCB_RSS);
    conf->rx_adv_conf.rss_conf = rss;
    conf->txmode.mq_mode = RTE_ETH_MQ_TX_DCB;
}

} // namespace

rte_eth_conf dcb_conf(const rte_eth_conf &base, const DcbRequest &req,
                      const rte_eth_rss_conf &rss) {
    rte_eth_conf conf = base;
    if (req.vt)
        vmdq_dcb(&conf, req);
    else
        dcb_only(&conf, req, rss);
    conf.dcb_capability_en = RTE_ETH_DCB_PG_SUPPORT | (req.pfc ? RTE_ETH_DCB_PFC_SUPPORT : 0);
    // The VLAN tags of the pools are filtered.
    conf.rxmode.offloads |= RTE_ETH_RX_OFFLOAD_VLAN_FILTER;
    return conf;
}

rte_eth_conf dcb_cleared(const rte_eth_conf &base) {
    rte_eth_conf conf = base;
    const bool was_dcb =
        base.txmode.mq_mode == RTE_ETH_MQ_TX_DCB || base.txmode.mq_mode == RTE_ETH_MQ_TX_VMDQ_DCB;
    conf.rxmode.mq_mode = static_cast<rte_eth_rx_mq_mode>(
        conf.rxmode.mq_mode & ~(RTE_ETH_MQ_RX_DCB | RTE_ETH_MQ_RX_VMDQ_DCB));
    conf.txmode.mq_mode = RTE_ETH_MQ_TX_NONE;
    conf.dcb_capability_en = 0;
    if (was_dcb) conf.rxmode.offloads &= ~RTE_ETH_RX_OFFLOAD_VLAN_FILTER;
    return conf;
}

} // namespace pmdfwd::drv
