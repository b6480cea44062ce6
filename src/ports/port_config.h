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
#include <utility>
#include <vector>

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
// testpmd's shared RX queues: the share group of the port's RX queues
// (port / rxq_share + 1) when --rxq-share asks for sharing and the device
// can share them (RTE_ETH_DEV_CAPA_RXQ_SHARE), else 0 (not shared: net_ring
// and net_null cannot, and testpmd then sets nothing and says nothing).
uint32_t rx_share_group(const Config &cfg, const rte_eth_dev_info &info, uint16_t port);
rte_eth_txconf tx_queue_conf(const Config &cfg, const rte_eth_dev_info &info,
                             const rte_eth_conf &conf);

// testpmd's rx_queue_setup segments for RX buffer split: segment i comes
// from pools[i] (the last pool for the rest; pools[i].second is its data
// room), at offsets[i], split after lengths[i] bytes, or, for a length of 0,
// after the protocol header hdrs[i] less those split off before, else after
// the pool's data room. An index past offsets or hdrs is 0. Fills out (at
// most max) and returns how many it filled.
size_t rx_split_segments(const std::vector<uint16_t> &lengths, const std::vector<uint16_t> &offsets,
                         const std::vector<uint32_t> &hdrs,
                         const std::vector<std::pair<rte_mempool *, uint16_t>> &pools,
                         rte_eth_rxseg *out, size_t max);

// "0x8000 (multi_segs)": a mask and its offloads' names.
std::string rx_offload_text(uint64_t mask);
std::string tx_offload_text(uint64_t mask);

} // namespace pmdfwd
