// testpmd's texts about ports, line for line, so that DTS's parsers
// (dts/api/testpmd/types.py) and expect scripts read pmdfwd as they read
// testpmd: functions of what ethdev reported (port_control.h). The shell's
// port commands and the host's `start` display share them.
#pragma once

#include "options/config.h"
#include "ports/port_control.h"

#include <cstdint>
#include <string>
#include <vector>

namespace pmdfwd {

// "Invalid port 9\nThe valid ports array is [ 0 1 ]\n".
std::string invalid_port_text(uint64_t port, const std::vector<uint16_t> &valid);

// `show port info P`.
std::string port_info_text(uint16_t port, const PortInfo &info);
// `show port summary`: the header (with the number of ports) and one line.
std::string port_summary_header(size_t nb_ports);
std::string port_summary_line(uint16_t port, const PortInfo &info);
// `show device info all`, one device.
std::string device_info_text(const DeviceInfo &dev);

// `show rxq|txq info P Q`; the failure text when ethdev has no answer.
std::string rxq_info_text(uint16_t port, uint16_t queue, const RxQueueInfo &info);
std::string txq_info_text(uint16_t port, uint16_t queue, const TxQueueInfo &info);
std::string queue_info_error(uint16_t port, uint16_t queue, bool rx, int rc);

// `show port P rx_offload|tx_offload capabilities|configuration`.
std::string offload_names(bool rx, uint64_t offloads); // " VLAN_STRIP IPV4_CKSUM"
std::string offload_capa_text(uint16_t port, bool rx, const rte_eth_dev_info &info);
std::string offload_config_text(uint16_t port, bool rx, const OffloadConfig &conf);

// RSS hash types: testpmd's names ("ipv4-tcp", group names like "ip").
uint64_t rss_type_from_name(const std::string &name); // 0: unknown
// `show port P rss-hash [key]` once ethdev answered.
std::string rss_hash_text(const rte_eth_rss_conf &conf, bool with_key);
// The "Supported RSS offload flow types" list of `show port info`.
std::string rss_offload_types_text(uint64_t types);

// `show port P flow_ctrl`.
std::string flow_ctrl_text(uint16_t port, const rte_eth_fc_conf &fc);

// testpmd's rxtx_config_display for one port (`show config rxtx`, and what
// `start` shows): queue counts, port offloads, the first RX and TX queue,
// from the PMD when it tells, else from the settings pmdfwd gave it.
std::string rxtx_port_text(PortControl &pc, const Config &cfg, uint16_t port);

// `show port xstats P`.
std::string xstats_text(uint16_t port, const std::vector<Xstat> &xstats);

} // namespace pmdfwd
