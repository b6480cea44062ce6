// `set verbose N`: testpmd's per-packet dump of what a port receives (N = 1
// or > 2) and sends (N >= 2). It hangs on ethdev's RX/TX callbacks, as
// testpmd's does, so that with verbose 0 no callback is installed and the
// forwarding loop runs exactly as without this feature.
#pragma once

#include <rte_ethdev.h>
#include <rte_mbuf.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace pmdfwd {

// testpmd's text for one burst ("port 0/queue 0: received 32 packets" and
// two lines per packet: addresses, pool, type, length, ptypes, header
// lengths, destination port; then ol_flags).
std::string packet_dump_text(uint16_t port, uint16_t queue, rte_mbuf *const *pkts, uint16_t n,
                             bool rx);

// One packet's text from a forwarding engine (pmdfwd_fwd_params.write_text):
// written as the dumps are, on the lcore that calls, so that it lands
// between its burst's RX and TX dumps; dropped and counted with them when
// stdout cannot take it at once.
void packet_dump_write(const char *text, size_t len);

// Packets whose dump was dropped since the last call because stdout could
// not take it at once (a reader that stopped reading); resets the count.
uint64_t packet_dump_take_dropped();

class PacketDump {
  public:
    ~PacketDump();

    // Installs or removes the callbacks on every queue of these ports for
    // the level. `lcores_idle`: no forwarding lcore can be inside a callback
    // now, so removed callbacks are freed at once (else at release()).
    void apply(const std::vector<uint16_t> &ports, unsigned level, bool lcores_idle);
    // Removes a port's callbacks (before it is reconfigured or closed).
    void remove(uint16_t port, bool lcores_idle);
    // Frees removed callbacks; call when no lcore forwards.
    void release();

  private:
    struct Hook {
        uint16_t port, queue;
        bool rx;
        const void *cb;
    };
    void unhook(const Hook &h);

    std::vector<Hook> hooks_;
    std::vector<const void *> removed_;
};

} // namespace pmdfwd
