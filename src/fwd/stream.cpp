#include "fwd/stream.h"

#include <cstdio>

namespace pmdfwd {

uint16_t Stream::burst_overrun(uint16_t got, uint16_t max) {
    // One message for the whole run (every stream of a broken engine breaks
    // it alike); the count per stream is in the statistics.
    if (overrun_reported && !overrun_reported->exchange(true)) {
        std::fprintf(stderr,
                     "pmdfwd: engine %s broke the burst contract: it returned %u packets from a "
                     "burst of at most %u (RX P=%u/Q=%u -> TX P=%u/Q=%u); the host sends the "
                     "first %u and counts every such burst (Engine-overruns in the stream's "
                     "statistics)\n",
                     engine_name, got, max, pub.rx_port, pub.rx_queue, pub.tx_port, pub.tx_queue,
                     max);
    }
    burst_overruns.add(1);
    return max;
}

} // namespace pmdfwd
