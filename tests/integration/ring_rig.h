// In-process rigs for integration tests: ports made from rte_rings that the
// test can fill and drain itself (rte_eth_from_rings), and helpers to build
// and check frames. Each test creates its ports before App::init and the
// App closes them.
#pragma once

#include <rte_ether.h>
#include <rte_mbuf.h>
#include <rte_ring.h>

#include <cstdint>
#include <string>
#include <vector>

namespace pmdfwd::testing {

struct RingPort {
    uint16_t port = 0;
    rte_ring *rx = nullptr; // the test enqueues here, the port receives
    rte_ring *tx = nullptr; // the port transmits here, the test dequeues
};

// A port with its own RX and TX rings (tx_size is the ring's size, a power
// of two; it holds tx_size - 1 packets, so a small one makes back-pressure).
// With loopback the TX ring is the RX ring, as a net_ring vdev.
RingPort make_ring_port(const std::string &name, unsigned tx_size = 1024, bool loopback = false);
void free_ring_port(RingPort &p);

// A frame of len bytes: dst 02:00:00:00:00:DD, src 02:00:00:00:00:55, then
// bytes counting up from seq.
rte_mbuf *make_frame(rte_mempool *mp, uint16_t len, uint8_t seq);
std::vector<uint8_t> frame_bytes(const rte_mbuf *m);
std::vector<rte_mbuf *> drain(rte_ring *r);
void free_all(std::vector<rte_mbuf *> &v);

} // namespace pmdfwd::testing
