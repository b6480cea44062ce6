// The application's settings: what the command line (options/) and the
// shell (shell/command_table.cpp) change, and what the host reads at `start`.
#pragma once

#include "engine_host/engine_registry.h"

#include <pmdfwd/engine.h>

#include <rte_ethdev.h>
#include <rte_mbuf.h>

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace pmdfwd {

enum class Topology { Paired, Chained, Loop };
enum class StatsFormat { Text, Json };
// testpmd's --mp-alloc: how the mbuf pools get their memory (DPDK's own,
// anonymous pages, an external heap of normal or huge pages, or pinned
// external buffers).
enum class MpAlloc { Native, Anon, Xmem, XmemHuge, Xbuf };

// testpmd's word for a topology (--port-topology, telemetry's /pmdfwd/config).
constexpr const char *to_string(Topology t) {
    switch (t) {
    case Topology::Paired:
        return "paired";
    case Topology::Chained:
        return "chained";
    case Topology::Loop:
        return "loop";
    }
    return "?";
}

// testpmd's word for a method (--mp-alloc, the start line's "MP allocation mode").
constexpr const char *to_string(MpAlloc m) {
    switch (m) {
    case MpAlloc::Native:
        return "native";
    case MpAlloc::Anon:
        return "anon";
    case MpAlloc::Xmem:
        return "xmem";
    case MpAlloc::XmemHuge:
        return "xmemhuge";
    case MpAlloc::Xbuf:
        return "xbuf";
    }
    return "?";
}

// testpmd's limits and defaults, so that a command line moves over unchanged.
inline constexpr uint16_t kMaxBurst = 512;
inline constexpr uint16_t kDefaultBurst = 32;
inline constexpr unsigned kDefaultMbufCache = 250;
inline constexpr unsigned kMaxMbufCache = 512; // RTE_MEMPOOL_CACHE_MAX_SIZE
inline constexpr uint16_t kMaxQueues = 1024;
inline constexpr uint16_t kMaxDescriptors = 32768;
inline constexpr unsigned kDefaultTxRetries = 64; // testpmd's burst_tx_retry_num
inline constexpr unsigned kDefaultTxRetryDelayUs = 1;
// At most a second of retrying per burst (the lcore also stops retrying when
// told to stop): testpmd takes any 32-bit values, weeks of blocking.
inline constexpr unsigned kMaxTxRetries = 1000;
inline constexpr unsigned kMaxTxRetryDelayUs = 1000;
inline constexpr unsigned kMaxMbufSizes = 8; // testpmd's MAX_SEGS_BUFFER_SPLIT
// testpmd's defaults: IP hash when --rxq > 1, fast mbuf release where the PMD
// offers it, and every ethdev event printed but VF mailbox ones.
inline constexpr uint64_t kDefaultRssHf = RTE_ETH_RSS_IP;
inline constexpr uint64_t kDefaultTxOffloads = RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE;
inline constexpr uint32_t event_bit(rte_eth_event_type e) {
    return UINT32_C(1) << e;
}
inline constexpr uint32_t kDefaultEventPrintMask =
    event_bit(RTE_ETH_EVENT_UNKNOWN) | event_bit(RTE_ETH_EVENT_INTR_LSC) |
    event_bit(RTE_ETH_EVENT_QUEUE_STATE) | event_bit(RTE_ETH_EVENT_INTR_RESET) |
    event_bit(RTE_ETH_EVENT_IPSEC) | event_bit(RTE_ETH_EVENT_MACSEC) |
    event_bit(RTE_ETH_EVENT_INTR_RMV) | event_bit(RTE_ETH_EVENT_FLOW_AGED) |
    event_bit(RTE_ETH_EVENT_ERR_RECOVERING) | event_bit(RTE_ETH_EVENT_RECOVERY_SUCCESS) |
    event_bit(RTE_ETH_EVENT_RECOVERY_FAILED);
// A descriptor threshold testpmd leaves to the PMD (RTE_PMD_PARAM_UNSET).
inline constexpr int kThreshUnset = -1;

// Where a port's memory comes from under --port-numa-config and
// --ring-numa-config: -1 leaves it to the device's own socket.
struct PortNuma {
    int pool = -1;
    int rx_ring = -1;
    int tx_ring = -1;
};

// testpmd's --hairpin-map (DPDK 24.11 on): NUM hairpin queues from RX
// port/queue to TX port/queue.
struct HairpinMap {
    uint16_t rx_port = 0, rxq_head = 0, tx_port = 0, txq_head = 0, nb_queues = 0;
};

// testpmd's queue thresholds (--rxpt ... --txrst), kThreshUnset = PMD default.
struct QueueThresholds {
    int rx_pthresh = kThreshUnset, rx_hthresh = kThreshUnset, rx_wthresh = kThreshUnset;
    int rx_free = kThreshUnset;
    int tx_pthresh = kThreshUnset, tx_hthresh = kThreshUnset, tx_wthresh = kThreshUnset;
    int tx_free = kThreshUnset, tx_rs = kThreshUnset;
};

struct Config {
    std::string forward_mode = default_forward_mode();
    bool tx_retry = false; // `set fwd <mode> retry`
    unsigned tx_retry_num = kDefaultTxRetries;
    unsigned tx_retry_delay_us = kDefaultTxRetryDelayUs;

    bool interactive = false;
    bool auto_start = false;
    bool tx_first = false;
    unsigned stats_period = 0; // seconds, 0 = off
    double run_time = 0;       // seconds, 0 = until stopped
    StatsFormat stats_format = StatsFormat::Text;
    // --cmdline-file (echo) and 25.11's --cmdline-file-noecho, run in order
    // before anything else; before 25.11 only the last one named.
    struct CmdlineFile {
        std::string path;
        bool echo = true;
    };
    std::vector<CmdlineFile> cmdline_files;
    std::string prompt; // --prompt, else chosen from the program name (prompt.h)
    // What names the program in testpmd's log-style lines ("testpmd: create
    // a new mbuf pool ..."): testpmd run as dpdk-testpmd, else pmdfwd.
    std::string log_tag = "pmdfwd";
    // --testpmd-texts: only dpdk-testpmd 22.11's lines; pmdfwd's additions
    // (doc/user-guide.md, "Texts") are left out.
    bool testpmd_texts = false;
    // The lines testpmd prints while it parses its options ("Interactive-mode
    // selected"), in the order the options came.
    std::vector<std::string> announcements;
    // --num-procs, --proc-id (testpmd's multi-process): pmdfwd runs as one
    // process, so only 1 and 0 pass the check after parsing (process_options.cpp).
    uint64_t num_procs = 1, proc_id = 0;

    unsigned nb_cores = 1; // forwarding lcores
    uint16_t nb_rxq = 1;
    // --rxq-share[=N]: ports per shared RX queue group (testpmd's rxq_share);
    // alone, all ports in one group; 0: no sharing.
    uint32_t rxq_share = 0;
    uint16_t nb_txq = 1;
    // --hairpinq: hairpin queues per port, after the normal ones (forwarding
    // streams never use them); --hairpin-mode: testpmd's bits (0x1 loop,
    // 0x2 paired, 0x10 explicit TX flow, memory placement from 0x100);
    // --hairpin-map: where each queue goes instead of the mode's layout.
    uint16_t nb_hairpinq = 0;
    uint32_t hairpin_mode = 0;
    std::vector<HairpinMap> hairpin_maps;
    uint16_t nb_rxd = 0; // 0 = the PMD's preferred size
    uint16_t nb_txd = 0;
    uint16_t burst = kDefaultBurst;
    unsigned mbuf_cache = kDefaultMbufCache;
    unsigned total_num_mbufs = 0; // 0 = computed from ports, queues and lcores
    Topology topology = Topology::Paired;

    // Forwarding ports and lcores: --portmask/--portlist name the ports (in
    // order; empty = every port), --nb-ports keeps the first N of them (0 =
    // all), --coremask names the forwarding lcores (empty = every worker).
    std::vector<uint16_t> fwd_port_list;
    uint16_t nb_fwd_ports = 0;
    std::vector<unsigned> fwd_lcore_list;

    // Memory placement (testpmd's --numa/--no-numa, --socket-num,
    // --port-numa-config, --ring-numa-config).
    bool numa = true;
    int socket_num = -1; // -1: socket 0 without NUMA, unused with it
    std::map<uint16_t, PortNuma> port_numa;
    // Data room of each pool's mbufs (headroom included); more than one
    // size gives each socket a pool per size, for RX buffer split.
    std::vector<uint16_t> mbuf_sizes = {RTE_MBUF_DEFAULT_BUF_SIZE};
    MpAlloc mp_alloc = MpAlloc::Native;
    // --no-iova-contig: anon pools may be IOVA non-contiguous (testpmd
    // ignores it, with a warning, for the other methods).
    bool no_iova_contig = false;

    // Port configuration.
    uint32_t max_pkt_len = 0; // 0: the PMD's default MTU
    uint32_t max_lro_pkt_size = 0;
    uint64_t rx_offloads = 0;
    uint64_t tx_offloads = kDefaultTxOffloads;
    uint64_t rss_hf = kDefaultRssHf;
    bool force_rss = false; // RSS with one RX queue too (--enable-rss, DPDK 25.11 on)
    uint32_t rx_mq_mode = RTE_ETH_MQ_RX_VMDQ_DCB_RSS; // which mq modes may be used
    // DPDK 25.11's `set dcb fwd_tc <mask>` and `set dcb fwd_tc_cores <n>`:
    // the traffic classes testpmd's DCB stream layout forwards, and the
    // lcores it gives each. Kept for that layout, which pmdfwd's stream plan
    // does not have yet (it lays DCB queues out as any others).
    uint8_t dcb_fwd_tc_mask = 0xff;
    uint8_t dcb_fwd_tc_cores = 1;
    bool rx_drop_en = false;
    std::vector<uint16_t> rxpkts; // RX buffer split segment lengths
    // --multi-rx-mempool: each RX queue takes mbufs from every --mbuf-size
    // pool of its socket (rx_mempools), the PMD choosing one a packet.
    bool multi_rx_mempool = false;
    // --flow-isolate-all: flow isolated mode asked of every port before
    // each configuration of it.
    bool flow_isolate_all = false;
    QueueThresholds thresholds;
    uint32_t link_speeds = 0; // 0: autonegotiate
    bool link_check = true;
    // port stop flushes the port's flow rules, as testpmd does unless
    // --disable-flow-flush (DPDK 24.11 on).
    bool flow_flush = true;
    bool lsc_interrupt = true;
    bool rmv_interrupt = true;
    bool device_start = true;
    // --hot-plug: EAL's device event monitor and hot-unplug handling on,
    // a removed device's port stopped, closed and detached.
    bool hot_plug = false;
    uint32_t event_print_mask = kDefaultEventPrintMask;
    std::vector<std::string> display_xstats;
    // `set xstats-hide-zero on`: show port xstats leaves out the counters at 0.
    bool xstats_hide_zero = false;
    // testpmd 25.03: `set xstats-hide-disabled on` leaves out the counters
    // the PMD has disabled, `set xstats-show-state on` prints each one's state.
    bool xstats_hide_disabled = false;
    bool xstats_show_state = false;

    bool record_core_cycles = false;
    bool record_burst_stats = false;
    bool no_mlockall = false;
    bool no_flush_rx = false;
    // `set port setup on iterator|event`: port attach sets up every new
    // port (testpmd's RTE_ETH_EVENT_NEW mode, its default) or only the
    // ports of the device it probed.
    bool setup_on_probe_event = true;

    // Worker lcores that publish latency (--latencystats) and bit-rate
    // (--bitrate-stats) metrics: alone, or from their forwarding loop when
    // no other worker forwards; -1: off.
    int latencystats_lcore = -1;
    int bitrate_lcore = -1;

    std::map<uint16_t, std::array<uint8_t, 6>> eth_peers; // --eth-peer
    std::vector<uint16_t> txpkts = {64};                  // --txpkts segment lengths

    // Segment settings of testpmd's `set rxoffs|rxhdrs|txsplit|txtimes`
    // (src/shell/commands/segment_commands.cpp). RX buffer split uses
    // rxpkts (its size is testpmd's rx_pkt_nb_segs), the offsets and the
    // protocol headers (RTE_PTYPE_* masks) of the segments: an index past
    // the end is 0.
    std::vector<uint16_t> rxoffs;
    std::vector<uint32_t> rxhdrs;
    std::string txsplit = "off"; // off|on|rand, as testpmd names tx_pkt_split
    uint32_t txtimes_inter = 0, txtimes_intra = 0;

    std::vector<std::pair<std::string, std::string>> engine_params; // --<engine>-<key>=<value>
};

} // namespace pmdfwd
