// How a port is configured, as testpmd's init_port_config does it: RSS over
// all RX queues when there are several (restricted to the hash functions the
// PMD offers), fast mbuf release where offered, the MTU --max-pkt-len
// implies, the offloads the command line asks for (refused with the PMD's
// capabilities when it lacks one), interrupts where the device has them, and
// which NUMA socket each of its pools and rings lives on. Pure functions of
// the Config and rte_eth_dev_info, so they are tested without a device.
#pragma once

#include "options/config.h"
#include "util/status.h"

#include <rte_ethdev.h>

#include <cstdint>
#include <string>

namespace pmdfwd {

// The sockets of port's pool, RX rings and TX rings: --port-numa-config and
// --ring-numa-config under --numa, else --socket-num (default 0) for all.
// device_socket is the device's own socket (or the main lcore's).
PortNuma port_placement(const Config &cfg, uint16_t port, int device_socket);

// testpmd's L2 overhead between MTU and frame length for this device.
uint32_t eth_overhead(const rte_eth_dev_info &info);

// Fills *conf for rte_eth_dev_configure, or says why the port cannot be
// configured so (an offload the PMD lacks, an MTU out of its range).
Status port_conf(const Config &cfg, const rte_eth_dev_info &info, uint16_t port,
                 rte_eth_conf *conf);

// Queue configurations: the PMD's defaults with the port's offloads and the
// thresholds given on the command line.
rte_eth_rxconf rx_queue_conf(const Config &cfg, const rte_eth_dev_info &info,
                             const rte_eth_conf &conf);
rte_eth_txconf tx_queue_conf(const Config &cfg, const rte_eth_dev_info &info,
                             const rte_eth_conf &conf);

// "0x8000 (multi_segs)": a mask and its offloads' names.
std::string rx_offload_text(uint64_t mask);
std::string tx_offload_text(uint64_t mask);

} // namespace pmdfwd
