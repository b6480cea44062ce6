// testpmd's displays that the NIC drivers answer (help section "display"):
// a port's flow director information and counters (i40e's, else ixgbe's
// rte_pmd_*_get_fdir_info/stats) and the port that manages its transfer flow
// rules (rte_flow_pick_transfer_proxy), through c.drivers.
#include "shell/command_families.h"

#include "ports/driver/fdir_text.h"
#include "text/text_format.h"

#include <rte_errno.h>

#include <cerrno>
#include <cstring>

namespace pmdfwd::shell {

namespace {

// testpmd's fdir_get_infos: a port no linked driver takes is "not supported".
bool show_fdir(Ctx &c, uint16_t port) {
    rte_eth_fdir_info info{};
    rte_eth_fdir_stats stats{};
    const int ret = c.drivers.fdir_info(port, &info, &stats);
    if (ret == -ENOTSUP) return fail(c, text_format("\n FDIR is not supported on port %-2d", port));
    if (ret != 0) return fail(c, std::string("programming error: (") + std::strerror(-ret) + ")");
    *c.out += drv::fdir_text(port, info, stats);
    return true;
}

// No port check: rte_flow answers for a port that is not there.
bool show_transfer_proxy(Ctx &c, const Args &a) {
    const auto port = static_cast<uint16_t>(a.number(0));
    uint16_t proxy = 0;
    *c.out += "\n";
    const int ret = c.drivers.pick_transfer_proxy(port, &proxy);
    if (ret != 0)
        return fail(c, std::string("Failed to pick transfer proxy: ") + rte_strerror(-ret));
    *c.out += "Transfer proxy port ID: " + std::to_string(proxy) + "\n\n";
    return true;
}

} // namespace

std::vector<Spec> driver_display_commands() {
    return {
        {.syntax = "show port fdir all|<port>",
         .help = "the flow director's mode, flow types, flex payload and counters (i40e, ixgbe)",
         .run = each_port<show_fdir>},
        {.syntax = "show port <port_id> flow transfer proxy",
         .help = "the port that manages the port's transfer flow rules",
         .types = {arg::port_number("<port_id>")},
         .run = show_transfer_proxy},
    };
}

} // namespace pmdfwd::shell
