// A port's pause frame mode as testpmd words it: "rx on" means the port
// sends pause frames on RX pressure (TX_PAUSE seen from the wire), "tx on"
// that it honours them. One table for link and priority flow control
// (testpmd's rx_tx_onoff_2_lfc_mode and rx_tx_onoff_2_pfc_mode are the same).
#pragma once

#include <rte_ethdev.h>

namespace pmdfwd {

inline rte_eth_fc_mode pause_mode(bool rx, bool tx) {
    if (rx && tx) return RTE_ETH_FC_FULL;
    if (rx) return RTE_ETH_FC_RX_PAUSE;
    return tx ? RTE_ETH_FC_TX_PAUSE : RTE_ETH_FC_NONE;
}

// The "rx" and "tx" words of a mode, read back.
inline bool rx_pause(rte_eth_fc_mode mode) {
    return mode == RTE_ETH_FC_RX_PAUSE || mode == RTE_ETH_FC_FULL;
}
inline bool tx_pause(rte_eth_fc_mode mode) {
    return mode == RTE_ETH_FC_TX_PAUSE || mode == RTE_ETH_FC_FULL;
}

} // namespace pmdfwd
