// testpmd 22.11's DCB port configuration (get_eth_dcb_conf and the offload
// changes of init_port_dcb_config, app/test-pmd/testpmd.c): what
// `port config <p> dcb vt on|off <num_tcs> pfc on|off` makes of a port's
// rte_eth_conf.
#pragma once

#include <rte_ethdev.h>

#include <array>
#include <cstdint>

namespace pmdfwd::drv {

struct DcbRequest {
    bool vt = false; // VMDq+DCB (the VLAN tags 0..31, one a pool) or DCB alone
    uint8_t num_tcs = 4;
    bool pfc = false; // priority flow control besides priority groups
    uint32_t rx_mq_mode = RTE_ETH_MQ_RX_VMDQ_DCB_RSS; // the mq modes allowed (--rx-mq-mode)
    // DPDK 25.11's `prio-tc PRIO:TC...`: each user priority's class (those
    // not named: class 0); without it priority i goes to class i % num_tcs.
    bool prio_tc_set = false;
    std::array<uint8_t, RTE_ETH_DCB_NUM_USER_PRIORITIES> prio_tc{};
    bool keep_qnum = false; // 25.11's `keep-qnum`: the queue counts stay as they are
};

// The VLAN tags testpmd's DCB in VT mode maps to its pools, and filters.
constexpr uint16_t kDcbVlanTags = 32;

// base with the request's DCB settings; rss: the port's hash configuration,
// which DCB alone keeps (testpmd reads it with rte_eth_dev_rss_hash_conf_get).
rte_eth_conf dcb_conf(const rte_eth_conf &base, const DcbRequest &req, const rte_eth_rss_conf &rss);

// base without DCB (DPDK 25.11's one traffic class, clear_eth_dcb_conf): no
// DCB mq mode either way, no DCB capabilities; a port that was in DCB mode
// also stops filtering its pools' VLAN tags.
rte_eth_conf dcb_cleared(const rte_eth_conf &base);

} // namespace pmdfwd::drv
