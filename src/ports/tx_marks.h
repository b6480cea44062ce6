// testpmd's `port config <p> tx_metadata <v>` and `port config <p> dynf
// <name> set|clear`: every packet a port sends carries the flow metadata
// (RTE_FLOW_DYNF_METADATA and its TX flag) or dynamic mbuf flags, put there
// by an ethdev TX callback on each of its queues, as testpmd's
// tx_pkt_set_md and tx_pkt_set_dynf do. With neither set no callback is
// installed and the forwarding loop runs as without this feature.
#pragma once

#include "util/status.h"

#include <rte_ethdev.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace pmdfwd {

// The dynamic flags `dynf` registered, by bit: their names, for the
// packet dump's " - dynf <name>: 0|1" (flags are process-wide in DPDK).
const std::string &tx_dynf_name(unsigned bit);

class TxMarks {
  public:
    ~TxMarks();

    uint32_t metadata(uint16_t port) const;
    // 0 removes the port's metadata callbacks.
    void set_metadata(uint16_t port, uint32_t value, bool lcores_idle);
    // Registers the flag (testpmd's words when that fails) and sets or
    // clears it on what the port sends.
    Status set_dynf(uint16_t port, const std::string &name, bool on, bool lcores_idle);
    // Before a port's queues are set up again: its callbacks go, its marks
    // stay; hook_again() puts the callbacks back on the new queues.
    void unhook_port(uint16_t port, bool lcores_idle);
    void hook_again(const std::vector<uint16_t> &ports);
    // Frees removed callbacks; call when no lcore forwards.
    void release();

    // What the callbacks read: at a stable address, changed in place.
    struct Hook {
        uint16_t queue;
        const rte_eth_rxtx_callback *cb;
    };
    struct Marks {
        uint32_t metadata = 0;
        uint64_t dynf = 0;
        std::vector<Hook> md_cbs, dynf_cbs;
    };

  private:
    Marks &marks(uint16_t port);
    void hook(uint16_t port, std::vector<Hook> *cbs, rte_tx_callback_fn fn);
    void unhook(uint16_t port, std::vector<Hook> *cbs, bool lcores_idle);

    std::map<uint16_t, std::unique_ptr<Marks>> ports_;
    std::vector<const rte_eth_rxtx_callback *> removed_;
};

} // namespace pmdfwd
