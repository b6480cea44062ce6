// Congestion management over ethdev (`show port cman capa|config`, `set port
// cman config`): each call as it is; ethdev logs its own refusals (a port
// without the ops: "Function not implemented"), which testpmd leaves to it.
#include "ports/port_control_ethdev.h"

namespace pmdfwd {

Status EthdevPortControl::cman_info(uint16_t id, rte_eth_cman_info *info) {
    return ethdev_status(rte_eth_cman_info_get(id, info));
}

Status EthdevPortControl::cman_config_init(uint16_t id, rte_eth_cman_config *cfg) {
    return ethdev_status(rte_eth_cman_config_init(id, cfg));
}

Status EthdevPortControl::cman_config_get(uint16_t id, rte_eth_cman_config *cfg) {
    return ethdev_status(rte_eth_cman_config_get(id, cfg));
}

Status EthdevPortControl::cman_config_set(uint16_t id, const rte_eth_cman_config &cfg) {
    return ethdev_status(rte_eth_cman_config_set(id, &cfg));
}

} // namespace pmdfwd
