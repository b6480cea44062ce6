// EthdevPortControl's calls for testpmd 24.11's speed lanes and EEPROM
// writes (`show port <p> speed_lanes capabilities`, `port config <p>
// speed_lanes`, `set port <p> eeprom`): the speed lanes API came with DPDK
// 24.11, so before it they answer ENOTSUP as a PMD without them would.
#include "ports/port_control_ethdev.h"

#include <rte_ethdev.h>
#include <rte_version.h>

#include <utility>

namespace pmdfwd {

#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
Result<std::vector<PortControl::SpeedLanes>> EthdevPortControl::speed_lanes_capa(uint16_t id) {
    const int n = rte_eth_speed_lanes_get_capability(id, nullptr, 0);
    if (n < 0) return ethdev_status(n);
    std::vector<rte_eth_speed_lanes_capa> capa(static_cast<size_t>(n));
    const int got = rte_eth_speed_lanes_get_capability(id, capa.data(), n);
    if (got < 0) return ethdev_status(got);
    std::vector<SpeedLanes> rows;
    for (int i = 0; i < got && i < n; i++)
        rows.push_back({capa[i].speed, capa[i].capa});
    return rows;
}

Status EthdevPortControl::set_speed_lanes(uint16_t id, uint32_t lanes) {
    return ethdev_status(rte_eth_speed_lanes_set(id, lanes));
}
#else
Result<std::vector<PortControl::SpeedLanes>> EthdevPortControl::speed_lanes_capa(uint16_t) {
    return ethdev_status(-ENOTSUP);
}

Status EthdevPortControl::set_speed_lanes(uint16_t, uint32_t) {
    return ethdev_status(-ENOTSUP);
}
#endif

Result<int> EthdevPortControl::eeprom_length(uint16_t id) {
    const int n = rte_eth_dev_get_eeprom_length(id);
    if (n < 0) return ethdev_status(n);
    return n;
}

Status EthdevPortControl::set_eeprom(uint16_t id, uint32_t magic, uint32_t offset,
                                     std::vector<uint8_t> data) {
    rte_dev_eeprom_info info{};
    info.data = data.data();
    info.magic = magic;
    info.offset = offset;
    info.length = static_cast<uint32_t>(data.size());
    return ethdev_status(rte_eth_dev_set_eeprom(id, &info));
}

} // namespace pmdfwd
