// What ethdev says about ports and devices, in testpmd's words: show port
// info|summary|xstats, show device info, show rxq|txq info, offload
// capabilities and configuration, flow control.
// Allowed while forwarding.
#include "shell/command_families.h"

#include "ports/port_text.h"

#include <rte_version.h>

#include <cstring>

namespace pmdfwd::shell {

namespace {

// A failure whose text already ends its lines.
bool refused(Ctx &c, const std::string &text) {
    *c.out += text;
    return false;
}

// Each port's device info, through text(port, info); stops at ethdev's first
// refusal, as testpmd does.
template <typename Text>
bool append_port_infos(Ctx &c, const std::vector<uint16_t> &ports, Text text) {
    for (uint16_t p : ports) {
        PortInfo info;
        const Status rc = c.ports.info(p, &info);
        if (!rc.ok()) return dev_info_failed(c, p, rc);
        *c.out += text(p, info);
    }
    return true;
}

bool show_info(Ctx &c, const Args &a) {
    return append_port_infos(c, a.ports(0), port_info_text);
}

bool show_summary(Ctx &c, const Args &a) {
    *c.out += port_summary_header(c.ports.port_ids().size());
    return append_port_infos(c, a.ports(0), port_summary_line);
}

bool show_queue(Ctx &c, const Args &a) {
    const bool rx = a.word(0) == "rxq";
    const auto p = static_cast<uint16_t>(a.number(1)), q = static_cast<uint16_t>(a.number(2));
    PortControl &pc = c.ports;
    if (rx) {
        RxQueueInfo info;
        const Status rc = pc.rxq_info(p, q, &info);
        if (!rc.ok()) return refused(c, queue_info_error(p, q, true, -rc.code()));
        *c.out += rxq_info_text(p, q, info);
    } else {
        TxQueueInfo info;
        const Status rc = pc.txq_info(p, q, &info);
        if (!rc.ok()) return refused(c, queue_info_error(p, q, false, -rc.code()));
        *c.out += txq_info_text(p, q, info);
    }
    return true;
}

bool show_offloads(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    const bool rx = a.word(1) == "rx_offload";
    PortControl &pc = c.ports;
    if (a.word(2) == "capabilities") {
        rte_eth_dev_info info{};
        const Status rc = pc.dev_info(port, &info);
        if (!rc.ok()) return dev_info_failed(c, port, rc);
        *c.out += offload_capa_text(port, rx, info);
        return true;
    }
    OffloadConfig conf;
    const Status rc = pc.offload_config(port, rx, &conf);
    if (!rc.ok()) return dev_info_failed(c, port, rc);
    *c.out += offload_config_text(port, rx, conf);
    return true;
}

// The counters show port xstats prints: those at 0 left out after `set
// xstats-hide-zero on`, as testpmd's nic_xstats_display.
std::vector<Xstat> shown_xstats(const Config &cfg, std::vector<Xstat> xs) {
    if (cfg.xstats_hide_zero) std::erase_if(xs, [](const Xstat &x) { return x.value == 0; });
    return xs;
}

// testpmd 25.03 asks each counter's state, by its index among all of the
// port's: those disabled left out after `set xstats-hide-disabled on`, the
// state printed before each after `set xstats-show-state on`.
std::vector<Xstat> with_states(Ctx &c, uint16_t port, std::vector<Xstat> xs) {
    if (!c.config.xstats_hide_disabled && !c.config.xstats_show_state) return xs;
    std::vector<Xstat> shown;
    for (size_t i = 0; i < xs.size(); i++) {
        const Result<int> state = c.ports.xstat_state(port, i);
        if (c.config.xstats_hide_disabled && state && *state == 0) continue;
        if (c.config.xstats_show_state) xs[i].state = !state ? '-' : *state ? 'E' : 'D';
        shown.push_back(xs[i]);
    }
    return shown;
}

#if RTE_VERSION >= RTE_VERSION_NUM(25, 3, 0, 0)
// testpmd's words for rte_eth_xstats_set_counter's refusals.
std::string set_counter_error(int code, const std::string &name) {
    switch (code) {
    case EINVAL:
        return "failed to find " + name;
    case ENOTSUP:
        return "operation not supported by device";
    case ENOSPC:
        return "there were not enough available counters";
    case EPERM:
        return "operation not premitted"; // sic
    default:
        return "operation failed - diag=" + std::to_string(-code);
    }
}

// port <port> enable|disable <name> (testpmd 25.03's nic_xstats_set_counter;
// its multi-word token hands the rest of the line on as the name: the rest's
// word, its words joined by single spaces).
bool set_counter(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    const std::string &name = a.word(2);
    std::vector<Xstat> xs;
    if (!c.ports.xstats(port, &xs).ok()) return fail(c, "Error: Cannot get count of xstats");
    const Result<uint64_t> id = c.ports.xstat_id(port, name);
    if (!id) return fail(c, "Cannot find xstats with a given name");
    const Status s = c.ports.set_xstat_counter(port, *id, a.word(1) == "enable");
    if (!s.ok()) return fail(c, set_counter_error(s.code(), name));
    return true;
}
#endif

// testpmd's device_infos_display: every device (no name), or those whose
// name the identifier starts with.
bool show_devices(Ctx &c, const std::string *id) {
    for (const DeviceInfo &d : c.ports.devices())
        if (!id || id->compare(0, d.name.size(), d.name) == 0) *c.out += device_info_text(d);
    return true;
}

bool show_xstats(Ctx &c, const Args &a) {
    for (uint16_t p : a.ports(0)) {
        std::vector<Xstat> xs;
        const Status rc = c.ports.xstats(p, &xs);
        if (!rc.ok()) {
            *c.out += xstats_text(p, {});
            return fail(c, "Error: Cannot get count of xstats");
        }
        xs = with_states(c, p, std::move(xs));
        *c.out += xstats_text(p, shown_xstats(c.config, std::move(xs)));
    }
    return true;
}

bool clear_xstats(Ctx &c, const Args &a) {
    for (uint16_t p : a.ports(0)) {
        const Status rc = c.ports.xstats_reset(p);
        if (!rc.ok())
            return fail(c, "nic_xstats_clear: Error: failed to reset xstats (port " +
                               std::to_string(p) + "): " + std::strerror(rc.code()));
    }
    return true;
}

bool show_flow_ctrl(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    rte_eth_fc_conf fc{};
    const Status rc = c.ports.flow_ctrl(port, &fc);
    if (!rc.ok())
        return fail(c, "Failed to get current flow ctrl information: err = " +
                           std::to_string(-rc.code()));
    *c.out += flow_ctrl_text(port, fc);
    return true;
}

} // namespace

std::vector<Spec> port_info_commands() {
    return {
        {.syntax = "show port info all|<port>",
         .help = "a port's device, link, modes, limits and capabilities",
         .run = show_info},
            {.syntax = "show port summary all|<port>",
             .help = "one line per port: MAC, name, driver, link",
             .run = show_summary},
            {.syntax = "show device info all",
             .help = "probed devices and the ports they made",
             .run = [](Ctx &c, const Args &) { return show_devices(c, nullptr); }},
            {.syntax = "show device info <identifier>",
             .help = "a probed device by name (e.g. net_ring0) and the ports it made",
             .run =
                 [](Ctx &c, const Args &a) {
                     const std::string id = a.word(0);
                     return show_devices(c, &id);
                 }},
            {.syntax = "show rxq|txq info <port> <queue>",
             .help = "a queue's size, thresholds and state",
             .types = {arg::port_number("<port>")}, // ethdev answers for a port that is not there
             .run = show_queue},
            {.syntax = "show port <port> rx_offload|tx_offload capabilities|configuration",
             .help = "offloads the port offers, per queue and per port, or has enabled",
             .run = show_offloads},
            {.syntax = "show port xstats all|<port>",
             .help = "the PMD's extended statistics",
             .run = show_xstats},
#if RTE_VERSION >= RTE_VERSION_NUM(25, 3, 0, 0)
            {.syntax = "port <port> enable|disable <counter_name>...",
             .help = "switch a counter the PMD enables on demand",
             .run = set_counter},
#endif
            {.syntax = "clear port xstats all|<port>",
             .help = "reset the extended statistics",
             .run = clear_xstats},
            // testpmd's show|clear port rows take these words too, and clear
            // only statistics: scripts written for it send them.
            {.syntax = "clear port info|summary|fdir|dcb_tc all",
             .help = "nothing to clear (testpmd's parser takes it)",
             .run = [](Ctx &, const Args &) { return true; }},
            {.syntax = "clear port info|summary|fdir|dcb_tc <port_id>",
             .help = "nothing to clear (testpmd's parser takes it)",
             .types = {arg::port_number("<port_id>")},
             .run = [](Ctx &, const Args &) { return true; }},
            {.syntax = "show port <port> flow_ctrl",
             .help = "link flow control (pause frames) settings",
             .run = show_flow_ctrl},
    };
}

} // namespace pmdfwd::shell
