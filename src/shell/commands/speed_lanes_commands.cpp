// testpmd 24.11's speed lanes: `show port <p> speed_lanes capabilities`
// (help section display) and `port config <p>|all speed_lanes <value>`
// (section ports), which sets the lanes now and reconfigures the port at its
// next start, as testpmd's cmd_reconfig_device_queue. Unknown before 24.11.
#include "shell/command_families.h"

#include "text/text_format.h"

#include <rte_ethdev.h>
#include <rte_version.h>

#include <algorithm>

namespace pmdfwd::shell {

namespace {

#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)

// Each supported speed, then the lane counts its bits allow.
std::string lanes_table(const std::vector<PortControl::SpeedLanes> &rows) {
    std::string o = text_format("\n%-15s %-10s", "Supported-speeds", "Valid-lanes");
    o += "\n-----------------------------------\n";
    for (const PortControl::SpeedLanes &r : rows) {
        o += text_format("%-17s ", rte_eth_link_speed_to_str(r.speed));
        int n = 0;
        for (uint32_t capa = r.lanes; capa != 0; capa >>= 1, n++)
            if (capa & 1) o += text_format("%-2d ", n);
        o += "\n";
    }
    return o;
}

bool show_lanes(Ctx &c, const Args &a) {
    const auto port = static_cast<uint16_t>(a.number(0));
    const std::vector<uint16_t> ids = c.ports.port_ids();
    if (std::find(ids.begin(), ids.end(), port) == ids.end())
        return fail(c, "Invalid port id " + std::to_string(port));
    const Result<std::vector<PortControl::SpeedLanes>> rows = c.ports.speed_lanes_capa(port);
    if (!rows && rows.status().code() == ENOTSUP) return fail(c, "Function not implemented");
    if (!rows)
        return fail(c,
                    "Get speed lanes capability failed: " + std::to_string(-rows.status().code()));
    *c.out += lanes_table(*rows);
    return true;
}

// testpmd's parse_speed_lanes_cfg.
bool set_lanes(Ctx &c, uint16_t port, uint32_t lanes) {
    const Status s = c.ports.set_speed_lanes(port, lanes);
    if (s.ok()) return true;
    return fail(c, s.code() == ENOTSUP ? "Function not implemented" : "Set speed lanes failed");
}

bool config_lanes(Ctx &c, std::optional<uint16_t> one, uint32_t lanes) {
    if (one && c.ports.status(*one) != PortStatus::Stopped)
        return fail(c, "Please stop port " + std::to_string(*one) + " first");
    const std::vector<uint16_t> ports = one ? std::vector<uint16_t>{*one} : c.ports.port_ids();
    if (!one && std::any_of(ports.begin(), ports.end(),
                            [&](uint16_t p) { return c.ports.status(p) != PortStatus::Stopped; }))
        return fail(c, "Please stop all ports first");
    for (uint16_t p : ports)
        if (!set_lanes(c, p, lanes)) return false;
    c.ports.reconfigure(one, true, true);
    return true;
}

#endif

} // namespace

// Registered on every DPDK (empty before 24.11): the help order is one list.
std::vector<Spec> speed_lanes_display_commands() {
#if RTE_VERSION < RTE_VERSION_NUM(24, 11, 0, 0)
    return {};
#else
    return {{.syntax = "show port <port_id> speed_lanes capabilities",
             .help = "the lane counts each supported speed takes",
             .types = {arg::port_number("<port_id>")},
             .run = show_lanes}};
#endif
}

std::vector<Spec> speed_lanes_port_commands() {
#if RTE_VERSION < RTE_VERSION_NUM(24, 11, 0, 0)
    return {};
#else
    const auto lanes = [] { return arg::number("<value>", "lanes", 0, UINT32_MAX); };
    return {
        {.syntax = "port config all speed_lanes <value>",
         .help = "every port's lane count (ports stopped)",
         .types = {lanes()},
         .run = [](Ctx &c,
                   const Args &a) { return config_lanes(c, std::nullopt, uint32_t(a.number(0))); }},
        {.syntax = "port config <port> speed_lanes <value>",
         .help = "a port's lane count (port stopped)",
         .types = {lanes()},
         .run = [](Ctx &c,
                   const Args &a) { return config_lanes(c, a.port(0), uint32_t(a.number(1))); }},
    };
#endif
}

} // namespace pmdfwd::shell
