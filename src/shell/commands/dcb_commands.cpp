// testpmd's `port config <p> dcb vt on|off <num_tcs> pfc on|off` (cmd_config_dcb
// in app/test-pmd/cmdline.c, init_port_dcb_config in testpmd.c; help section
// "ports"): its checks and texts, then the port's DCB configuration
// (ports/driver/dcb_conf.h) and queue counts, applied at the next start.
// DPDK 25.11 reads the words after "pfc" itself: on|off, then `prio-tc
// PRIO:TC...` (each priority's class) and `keep-qnum` (queue counts kept),
// and takes one traffic class as leaving DCB mode.
#include "shell/command_families.h"

#include "ports/driver/dcb_conf.h"
#include "text/text_format.h"

#include <rte_version.h>

#include <cerrno>
#include <cstdlib>

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
    if (req.keep_qnum) return;
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

// One traffic class (25.11): the port leaves DCB mode, its queue counts kept.
bool clear_port_dcb(Ctx &c, uint16_t port, rte_eth_conf *conf) {
    const bool filtered = conf->rxmode.offloads & RTE_ETH_RX_OFFLOAD_VLAN_FILTER;
    *conf = drv::dcb_cleared(*conf);
    if (filtered && !(conf->rxmode.offloads & RTE_ETH_RX_OFFLOAD_VLAN_FILTER))
        c.ports.set_rx_offload(port, std::nullopt, RTE_ETH_RX_OFFLOAD_VLAN_FILTER, false);
    c.config.thresholds.rx_free = 64; // testpmd's rx_free_thresh after any DCB request
    c.ports.reset_queue_settings();
    c.ports.reconfigure(port, true, true);
    return true;
}

// init_port_dcb_config less its immediate rte_eth_dev_configure: the port
// takes the configuration at its next start, as after `port config ... rxq`.
bool init_port_dcb(Ctx &c, uint16_t port, const drv::DcbRequest &req) {
    rte_eth_conf *conf = c.ports.dev_conf(port);
    if (conf && req.num_tcs == 1) return clear_port_dcb(c, port, conf);
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

#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)

// `prio-tc`'s PRIO:TC words (parse_dcb_token_prio_tc): decimal, as strtoul
// reads them, a priority below 8 and a class below 8.
Status prio_tc_map(const std::vector<std::string> &w, drv::DcbRequest *req) {
    if (w.empty()) return Error("Bad Argument: no PRIO:TC provided");
    for (const std::string &pair : w) {
        char *end = nullptr;
        const unsigned long prio = std::strtoul(pair.c_str(), &end, 10);
        if (prio >= RTE_ETH_DCB_NUM_USER_PRIORITIES)
            return Error(text_format("Bad Argument: invalid PRIO %lu", prio));
        if (*end != ':' || end[1] == '\0')
            return Error("Bad Argument: invalid PRIO:TC format " + pair);
        const unsigned long tc = std::strtoul(end + 1, &end, 10);
        if (tc >= RTE_ETH_8_TCS) return Error(text_format("Bad Argument: invalid TC %lu", tc));
        if (*end != '\0') return Error("Bad Argument: invalid PRIO:TC format " + pair);
        req->prio_tc[prio] = static_cast<uint8_t>(tc);
    }
    req->prio_tc_set = true;
    return {};
}

// The words after "pfc" (parse_dcb_token_value): on|off, then prio-tc with
// its pairs and keep-qnum, in either order, each at most once.
Status dcb_options(const std::vector<std::string> &w, drv::DcbRequest *req) {
    if (w.empty() || (w[0] != "on" && w[0] != "off"))
        return Error("Bad Argument: pfc-en must be on or off");
    req->pfc = w[0] == "on";
    for (size_t i = 1; i < w.size();) {
        const bool prio = w[i] == "prio-tc";
        if (!prio && w[i] != "keep-qnum") return Error("Bad Argument: unknown token " + w[i]);
        size_t next = i + 1;
        while (prio && next < w.size() && w[next] != "prio-tc" && w[next] != "keep-qnum")
            next++;
        if (prio ? req->prio_tc_set : req->keep_qnum)
            return Error("Bad Argument: detect multiple " + w[i] + " token");
        if (prio) {
            const std::vector<std::string> pairs(w.begin() + static_cast<ptrdiff_t>(i + 1),
                                                 w.begin() + static_cast<ptrdiff_t>(next));
            if (Status s = prio_tc_map(pairs, req); !s) return s;
        } else {
            req->keep_qnum = true;
        }
        i = next;
    }
    return {};
}

constexpr const char *kDcbSyntax = "port config <port> dcb vt on|off <num_tcs> pfc <pfc_opts>...";
#else
constexpr const char *kDcbSyntax = "port config <port> dcb vt on|off <num_tcs> pfc on|off";
#endif

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
    drv::DcbRequest req{
        .vt = a.on(1), .num_tcs = static_cast<uint8_t>(tcs), .rx_mq_mode = c.config.rx_mq_mode};
#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)
    if (Status opts = dcb_options(a.rest(3), &req); !opts) return fail(c, opts.message());
#else
    req.pfc = a.on(3);
#endif
    return init_port_dcb(c, port, req) || fail(c, "Cannot initialize network ports.");
}

} // namespace

std::vector<Spec> dcb_commands() {
    return {
        {.syntax = kDcbSyntax,
#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)
         .help = "DCB mode: with VMDq pools or not, traffic classes, priority flow control "
                 "(on|off), then prio-tc PRIO:TC... (each priority's class) and keep-qnum "
                 "(queue counts kept)",
#else
         .help = "DCB mode: with VMDq pools or not, traffic classes, priority flow control",
#endif
         .types = {arg::number("<num_tcs>", "num_tcs", 0, UINT8_MAX)},
         .run = config_dcb},
    };
}

namespace {

#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)

// set dcb fwd_tc <mask> (cmd_set_dcb_fwd_tc): the classes said by number.
bool set_fwd_tc(Ctx &c, const Args &a) {
    const auto mask = static_cast<uint8_t>(a.number(0));
    if (mask == 0) return fail(c, "TC mask should not be zero!");
    c.config.dcb_fwd_tc_mask = mask;
    *c.out += "Enabled DCB forwarding TC list:";
    for (unsigned tc = 0; tc < RTE_ETH_8_TCS; tc++)
        if (mask & (1u << tc)) *c.out += " " + std::to_string(tc);
    *c.out += "\n";
    return true;
}

bool set_fwd_tc_cores(Ctx &c, const Args &a) {
    const auto cores = static_cast<uint8_t>(a.number(0));
    if (cores == 0) return fail(c, "Cores per-TC should not be zero!");
    c.config.dcb_fwd_tc_cores = cores;
    *c.out += "Set cores-per-TC: " + std::to_string(cores) + "\n";
    return true;
}

#endif

} // namespace

// testpmd 25.11's DCB forwarding settings (help section config).
std::vector<Spec> dcb_config_commands() {
#if RTE_VERSION < RTE_VERSION_NUM(25, 11, 0, 0)
    return {};
#else
    return {
        {.syntax = "set dcb fwd_tc <tc_mask>",
         .help = "the traffic classes DCB forwarding uses: bit n set forwards TC n",
         .types = {arg::number("<tc_mask>", "tc_mask", 0, UINT8_MAX)},
         .run = set_fwd_tc},
        {.syntax = "set dcb fwd_tc_cores <tc_cores>",
         .help = "the forwarding cores DCB forwarding gives each traffic class",
         .types = {arg::number("<tc_cores>", "tc_cores", 0, UINT8_MAX)},
         .run = set_fwd_tc_cores},
    };
#endif
}

} // namespace pmdfwd::shell
