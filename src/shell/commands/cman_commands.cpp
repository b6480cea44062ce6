// testpmd's congestion management commands (app/test-pmd/cmdline_cman.c,
// 23.03 on): `show port cman capa|config <port>` and `set port cman config
// <port> <queue> default | obj queue|queue_mempool mode red <min> <max>
// <inv>`, over rte_eth_cman_*. Like testpmd, no check of the port: ethdev
// answers (and logs) for it, and a failed read prints nothing of its own.
#include "shell/command_families.h"

#include "text/text_format.h"

#include <rte_ethdev.h>
#include <rte_version.h>

#include <strings.h>

#include <cerrno>
#include <cinttypes>
#include <cstdlib>

namespace pmdfwd::shell {

namespace {

#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)

bool show_capa(Ctx &c, const Args &a) {
    rte_eth_cman_info info{};
    if (!c.ports.cman_info(a.port(0), &info).ok()) return false;
    *c.out += "\n****   Port Congestion Management Capabilities   ****\n\n" +
              text_format("modes_supported 0x%" PRIx64 "\n", info.modes_supported) +
              text_format("objs_supported 0x%" PRIx64 "\n", info.objs_supported);
    return true;
}

bool show_config(Ctx &c, const Args &a) {
    rte_eth_cman_config cfg{};
    if (!c.ports.cman_config_get(a.port(0), &cfg).ok()) return false;
    const rte_cman_red_params &red = cfg.mode_param.red;
    *c.out += "\n****   Port Congestion Management Configuration   ****\n\n" +
              text_format("cman object 0x%x\n", static_cast<unsigned>(cfg.obj)) +
              text_format("cman Rx queue %x\n", cfg.obj_param.rx_queue) +
              text_format("cman mode 0x%x\n", static_cast<unsigned>(cfg.mode)) +
              text_format("cman RED min thresh %x\n", red.min_th) +
              text_format("cman RED max thresh %x\n", red.max_th) +
              text_format("cman RED Prob inversion %x\n", red.maxp_inv);
    return true;
}

// testpmd's parse_uint: strtol in base 10 over the whole word, at most max
// (a negative number wraps past every max).
bool cman_number(const std::string &word, uint64_t max, bool zero_ok, uint64_t *v) {
    char *end = nullptr;
    errno = 0;
    const long n = std::strtol(word.c_str(), &end, 10);
    if (errno != 0 || end == word.c_str() || *end != '\0') return false;
    *v = static_cast<uint64_t>(n);
    return *v <= max && (zero_ok || *v != 0);
}

// The words after "obj": obj name, "mode" (any word), mode name, the RED
// thresholds and probability inversion, in testpmd's order of checks;
// nullptr when they make a configuration, else testpmd's message.
const char *parse_red(Ctx &c, uint16_t port, const std::vector<std::string> &w,
                      rte_eth_cman_config *cfg) {
    const auto at = [&](size_t i) { return i < w.size() ? w[i].c_str() : nullptr; };
    if (!at(1)) return "Object param parse error";
    uint64_t obj = 0, mode = 0, min_th = 0, max_th = 0, maxp_inv = 0;
    if (!strcasecmp(at(1), "queue"))
        obj = RTE_ETH_CMAN_OBJ_RX_QUEUE;
    else if (!strcasecmp(at(1), "queue_mempool"))
        obj = RTE_ETH_CMAN_OBJ_RX_QUEUE_MEMPOOL;
    else
        return "Object value is invalid";
    if (!at(2)) return " Mode param is invalid";
    if (!at(3)) return " Mode value is invalid";
    if (strcasecmp(at(3), "red")) return "mode string parse error";
    mode = RTE_CMAN_RED;
    if (!at(4)) return "Minimum threshold parse error";
    if (!cman_number(w[4], UINT8_MAX, true, &min_th)) return "Minimum threshold is invalid";
    if (!at(5)) return "Maximum threshold parse error";
    if (!cman_number(w[5], UINT8_MAX, true, &max_th)) return "Maximum threshold is invalid";
    if (!at(6)) return "Maximum probability inversion parse error";
    if (!cman_number(w[6], UINT16_MAX, false, &maxp_inv))
        return "Maximum probability inversion is invalid";
    rte_eth_cman_info info{};
    if (!c.ports.cman_info(port, &info).ok()) return "Congestion management capa get error";
    if (!(info.objs_supported & obj)) return "Object type is not supported by driver";
    if (!(info.modes_supported & mode)) return "Mode is not supported by driver";
    cfg->obj = static_cast<rte_eth_cman_obj>(obj);
    cfg->mode = static_cast<rte_cman_mode>(mode);
    cfg->mode_param.red.min_th = static_cast<uint8_t>(min_th);
    cfg->mode_param.red.max_th = static_cast<uint8_t>(max_th);
    cfg->mode_param.red.maxp_inv = static_cast<uint16_t>(maxp_inv);
    return nullptr;
}

// testpmd sets what it parsed and leaves ethdev's answer to ethdev's log.
bool set_config(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    const std::vector<std::string> &words = a.rest(2);
    // cmdline's multi-string token takes one word at least.
    if (words.empty()) return fail(c, "Bad arguments");
    rte_eth_cman_config cfg{};
    const char *error = nullptr;
    if (!strcasecmp(words[0].c_str(), "default")) {
        if (!c.ports.cman_config_init(port, &cfg).ok()) error = "error in default initialization";
    } else {
        error = parse_red(c, port, words, &cfg);
    }
    if (error) return fail(c, std::string(error) + "\nparams string parse error");
    cfg.obj_param.rx_queue = static_cast<uint16_t>(a.number(1));
    const Status ignored = c.ports.cman_config_set(port, cfg);
    (void)ignored;
    return true;
}

#endif

} // namespace

// Registered on every DPDK (empty before 23.03): the help order is one list.
std::vector<Spec> cman_commands() {
#if RTE_VERSION < RTE_VERSION_NUM(23, 3, 0, 0)
    return {};
#else
    return {
        {.syntax = "show port cman capa <port_id>",
         .help = "the port's congestion management capabilities",
         .types = {arg::port_number("<port_id>")},
         .run = show_capa},
        {.syntax = "show port cman config <port_id>",
         .help = "the port's congestion management configuration",
         .types = {arg::port_number("<port_id>")},
         .run = show_config},
        {.syntax = "set port cman config <port_id> <queue_id> <params>...",
         .help = "a queue's congestion management: default | obj queue|queue_mempool mode red "
                 "<min_thresh> <max_thresh> <prob_inv>",
         .types = {arg::port_number("<port_id>"),
                   arg::number("<queue_id>", "queue_id", 0, UINT16_MAX)},
         .run = set_config},
    };
#endif
}

} // namespace pmdfwd::shell
