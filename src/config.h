// The application's settings: what the command line (options.cpp) and the
// shell (commands.cpp) change, and what the host reads at `start`.
#pragma once

#include <pmdfwd/engine.h>

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace pmdfwd {

enum class Topology { Paired, Chained, Loop };
enum class StatsFormat { Text, Json };

const char *to_string(Topology t);

// testpmd's limits and defaults, so that a command line moves over unchanged.
inline constexpr uint16_t kMaxBurst = 512;
inline constexpr uint16_t kDefaultBurst = 32;
inline constexpr unsigned kDefaultMbufCache = 250;
inline constexpr unsigned kMaxMbufCache = 512; // RTE_MEMPOOL_CACHE_MAX_SIZE
inline constexpr uint16_t kMaxQueues = 1024;
inline constexpr uint16_t kMaxDescriptors = 32768;
inline constexpr unsigned kDefaultTxRetries = 64; // testpmd's burst_tx_retry_num
inline constexpr unsigned kDefaultTxRetryDelayUs = 1;

struct Config {
    std::string forward_mode = "io";
    bool tx_retry = false; // `set fwd <mode> retry`
    unsigned tx_retry_num = kDefaultTxRetries;
    unsigned tx_retry_delay_us = kDefaultTxRetryDelayUs;

    bool interactive = false;
    bool auto_start = false;
    bool tx_first = false;
    unsigned stats_period = 0; // seconds, 0 = off
    double run_time = 0;       // seconds, 0 = until stopped
    StatsFormat stats_format = StatsFormat::Text;
    std::string cmdline_file;
    std::string prompt; // --prompt, else chosen from the program name (prompt.h)

    unsigned nb_cores = 1; // forwarding lcores
    uint16_t nb_rxq = 1;
    uint16_t nb_txq = 1;
    uint16_t nb_rxd = 0; // 0 = the PMD's preferred size
    uint16_t nb_txd = 0;
    uint16_t burst = kDefaultBurst;
    unsigned mbuf_cache = kDefaultMbufCache;
    unsigned total_num_mbufs = 0; // 0 = computed from ports, queues and lcores
    Topology topology = Topology::Paired;

    bool record_core_cycles = false;
    bool record_burst_stats = false;
    bool no_mlockall = false;
    bool no_flush_rx = false;

    std::map<uint16_t, std::array<uint8_t, 6>> eth_peers; // --eth-peer
    std::vector<uint16_t> txpkts = {64};                  // --txpkts segment lengths

    std::vector<std::pair<std::string, std::string>> engine_params; // --<engine>-<key>=<value>
};

} // namespace pmdfwd
