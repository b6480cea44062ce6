// The noisy engine's FIFO of mbufs: an rte_ring in memory of the stream's
// own (rte_ring_init, not rte_ring_create: no name to keep unique across
// streams), single producer and consumer since one lcore runs the stream.
// As testpmd's ring, its size is a power of 2 and it holds one packet less.
#pragma once

#include <rte_errno.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>
#include <rte_ring.h>

#include <string>

namespace pmdfwd::engines {

class NoisyFifo {
  public:
    // "" or why the ring cannot be made (testpmd's rte_ring_create refuses
    // the same sizes).
    std::string create(uint32_t size, int socket) {
        const ssize_t bytes = rte_ring_get_memsize(size);
        if (bytes < 0)
            return "the FIFO size must be a power of 2 up to " + std::to_string(RTE_RING_SZ_MASK);
        auto *r = static_cast<rte_ring *>(rte_zmalloc_socket(
            "noisy fifo", static_cast<size_t>(bytes), RTE_CACHE_LINE_SIZE, socket));
        if (r == nullptr) return "no memory for a FIFO of " + std::to_string(size) + " packets";
        if (const int rc = rte_ring_init(r, "noisy_fifo", size, RING_F_SP_ENQ | RING_F_SC_DEQ);
            rc != 0) {
            rte_free(r);
            return rte_strerror(-rc);
        }
        ring_ = r;
        return {};
    }

    bool exists() const { return ring_ != nullptr; }
    unsigned count() const { return rte_ring_count(ring_); }
    unsigned free_count() const { return rte_ring_free_count(ring_); }

    uint16_t enqueue(rte_mbuf **pkts, uint16_t n) {
        return static_cast<uint16_t>(
            rte_ring_enqueue_burst(ring_, reinterpret_cast<void **>(pkts), n, nullptr));
    }
    uint16_t dequeue(rte_mbuf **pkts, uint16_t n) {
        return static_cast<uint16_t>(
            rte_ring_dequeue_burst(ring_, reinterpret_cast<void **>(pkts), n, nullptr));
    }

    // Frees every packet still held; returns how many.
    uint64_t free_all() {
        if (ring_ == nullptr) return 0;
        uint64_t freed = 0;
        rte_mbuf *pkts[64];
        while (const uint16_t n = dequeue(pkts, 64)) {
            rte_pktmbuf_free_bulk(pkts, n);
            freed += n;
        }
        return freed;
    }

    void destroy() {
        rte_free(ring_);
        ring_ = nullptr;
    }

  private:
    rte_ring *ring_ = nullptr;
};

} // namespace pmdfwd::engines
