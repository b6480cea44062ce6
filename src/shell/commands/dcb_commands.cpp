// testpmd's `port config <p> dcb vt on|off <num_tcs> pfc on|off` (cmd_config_dcb
// in app/test-pmd/cmdline.c, init_port_dcb_config in testpmd.c; help section
// "ports"): its checks and texts, then the port's DCB configuration
// (ports/driver/dcb_conf.h) and queue counts, applied at the next start.
#include "shell/command_spec.h"

#include "ports/driver/dcb_conf.h"
#include "text/text_format.h"

#include <rte_version.h>

#include <cerrno>

namespace pmdfwd::shell {

namespace {

// The traffic class counts testpmd takes: 4 or 8 at first; 2 to 8 from the
// stable releases 22.11.9, 23.11.5 and 24.11.3; 1 to 8 from 25.11.
#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)
constexpr uint8_t kMinTcs = 1;
#elif (RTE_VERSION >= RTE_VERSION_NUM(24, 11, 3, 0)) ||                                            \
    (RTE_VERSION >= RTE_VERSION_NUM(23, 11, 5, 0) &&                                               \
     RTE_VERSION < RTE_VERSION_NUM(24, 0, 0, 0)) ||                                                \
    (RTE_VERSION >= RTE_VERSION_NUM(22, 11, 9, 0) && RTE_VERSION < RTE_VERSION_NUM(23, 0, 0, 0))
constexpr uint8_t kMinTcs = 2;
#else
constexpr uint8_t kMinTcs = 0; // 4 or 8 alone
#endif

bool tcs_allowed(uint64_t n) {
    if (kMinTcs == 0) return n == RTE_ETH_4_TCS || n == RTE_ETH_8_TCS;
    return n >= kMinTcs && n <= RTE_ETH_8_TCS;
}

std::string tcs_refusal() {
    if (kMinTcs == 0) return "The invalid number of traffic class, only 4 or 8 allowed.";
    return text_format("The invalid number of traffic class, only %u~8 allowed.", kMinTcs);
}

// testpmd's queue counts in DCB mode: every queue the device has (those of
// its VFs' pools when it has VFs), one a class when DCB alone shares the
// device with VMDq pools.
void dcb_queue_counts(Ctx &c, const rte_eth_dev_info &info, const drv::DcbRequest &req) {
    uint16_t rxq = info.max_rx_queues, txq = info.max_tx_queues;
    if (req.vt && info.max_vfs > 0) {
        rxq = info.nb_rx_queues;
        txq = info.nb_tx_queues;
    } else if (!req.vt && info.vmdq_pool_base != 0) {
        rxq = txq = req.num_tcs;
    }
    c.config.nb_rxq = rxq;
    c.config.nb_txq = txq;
}

// init_port_dcb_config less its immediate rte_eth_dev_configure: the port
// takes the configuration at its next start, as after `port config ... rxq`.
bool init_port_dcb(Ctx &c, uint16_t port, const drv::DcbRequest &req) {
    rte_eth_conf *conf = c.ports.dev_conf(port);
    rte_eth_rss_conf rss{};
    if (!conf || (!req.vt && !c.ports.rss_conf(port, &rss).ok())) return false;
    rte_eth_dev_info info{};
    if (!c.ports.dev_info(port, &info).ok()) return false;
    if (req.vt && info.vmdq_pool_base > 0)
        return fail(c, "VMDQ_DCB multi-queue mode is nonsensical for port " + std::to_string(port) +
                           ".");
    *conf = drv::dcb_conf(*conf, req, rss);
    c.ports.set_rx_offload(port, std::nullopt, RTE_ETH_RX_OFFLOAD_VLAN_FILTER, true);
    if (conf->rxmode.mq_mode == RTE_ETH_MQ_RX_VMDQ_DCB)
        c.ports.set_rx_offload(port, std::nullopt, RTE_ETH_RX_OFFLOAD_RSS_HASH, false);
    dcb_queue_counts(c, info, req);
    c.config.thresholds.rx_free = 64; // testpmd's rx_free_thresh in DCB mode
    c.ports.reset_queue_settings();
    c.ports.reconfigure(port, true, true);
    return true;
}

bool config_dcb(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    if (c.ports.status(port) != PortStatus::Stopped)
        return fail(c, "Please stop port " + std::to_string(port) + " first");
    const uint64_t tcs = a.number(2);
    if (!tcs_allowed(tcs)) return fail(c, tcs_refusal());
    if (c.config.nb_cores < tcs) return fail(c, "nb_cores shouldn't be less than number of TCs.");
    rte_eth_dcb_info dcb{};
    if (c.drivers.dcb_info(port, &dcb) == -ENOTSUP)
        return fail(c, "rte_eth_dev_get_dcb_info not supported.");
    const drv::DcbRequest req{.vt = a.on(1),
                              .num_tcs = static_cast<uint8_t>(tcs),
                              .pfc = a.on(3),
                              .rx_mq_mode = c.config.rx_mq_mode};
    return init_port_dcb(c, port, req) || fail(c, "Cannot initialize network ports.");
}

std::vector<Spec> rows() {
    return {
        {.syntax = "port config <port> dcb vt on|off <num_tcs> pfc on|off",
         .help = "DCB mode: with VMDq pools or not, traffic classes, priority flow control",
         .types = {arg::number("<num_tcs>", "num_tcs", 0, UINT8_MAX)},
         .run = config_dcb},
    };
}

const FamilyRegistrar registered{{.order = 87, .section = "ports", .rows = rows}};

} // namespace

} // namespace pmdfwd::shell
