// The bursts `start tx_first N` and --tx-first send on every stream before
// forwarding: single-segment copies of the generator engines' UDP/IPv4 test
// frame, built by its one definition (lib/frames/udp_frame.h).
#pragma once

#include <pmdfwd/engine.h>

#include <cstdint>

struct rte_mbuf;
struct rte_mempool;

namespace pmdfwd {

// Allocates n single-segment frames of frame_len bytes (at least the
// headers, at most what one mbuf of mp holds) from the TX port tx to its
// peer; returns how many it built (0 if the pool ran dry).
uint16_t build_udp_burst(rte_mempool *mp, rte_mbuf **pkts, uint16_t n, uint16_t frame_len,
                         const pmdfwd_port_tx &tx);

} // namespace pmdfwd
