// testpmd's recycle_mbufs forwarding mode (DPDK 23.11 and later): io, with
// the mbufs the TX queue has sent put straight back into the RX queue's
// ring (rte_eth_recycle_mbufs) instead of going through the mempool, where
// the PMDs of both queues can (i40e, ixgbe, ...). testpmd calls the recycle
// on every stream and crashes where a PMD cannot (ethdev calls the PMD's
// missing function); here such a stream says so once and forwards as io.
#include <pmdfwd/engine_register.h>

#include <rte_ethdev.h>
#include <rte_malloc.h>

#include <cstdio>
#include <cstring>
#include <new>

namespace pmdfwd::engines {
namespace {

struct RecycleStream {
    rte_eth_recycle_rxq_info rxq{};
};

// Whether ethdev has the PMDs' halves of the recycle for these queues: the
// RX queue's ring (info) and the functions the inline call jumps to.
int recycle_info(const pmdfwd_stream *s, rte_eth_recycle_rxq_info *info) {
    const int rc = rte_eth_recycle_rx_queue_info_get(s->rx_port, s->rx_queue, info);
    if (rc != 0) return rc;
    if (rte_eth_fp_ops[s->tx_port].recycle_tx_mbufs_reuse == nullptr ||
        rte_eth_fp_ops[s->rx_port].recycle_rx_descriptors_refill == nullptr)
        return -ENOTSUP;
    return 0;
}

int stream_init(pmdfwd_stream *s) {
    void *mem = rte_zmalloc_socket("recycle stream", sizeof(RecycleStream), 0, s->socket_id);
    if (mem == nullptr) {
        std::fprintf(stderr, "pmdfwd: recycle_mbufs: no memory for the stream state\n");
        return -1;
    }
    auto *st = new (mem) RecycleStream{};
    if (const int rc = recycle_info(s, &st->rxq); rc != 0) {
        // testpmd's warning, then why and what happens instead.
        std::fprintf(stderr,
                     "Failed to get rx queue mbufs recycle info (port %u queue %u to port %u "
                     "queue %u: %s): forwarding without recycling\n",
                     s->rx_port, s->rx_queue, s->tx_port, s->tx_queue, std::strerror(-rc));
        rte_free(st);
        st = nullptr;
    }
    s->priv = st;
    return 0;
}

void stream_fini(pmdfwd_stream *s) {
    rte_free(s->priv);
    s->priv = nullptr;
}

uint16_t burst(pmdfwd_stream *s, rte_mbuf **, uint16_t nb, uint16_t) {
    if (auto *st = static_cast<RecycleStream *>(s->priv))
        rte_eth_recycle_mbufs(s->rx_port, s->rx_queue, s->tx_port, s->tx_queue, &st->rxq);
    return nb;
}

constexpr pmdfwd_engine make_engine() {
    pmdfwd_engine e = pmdfwd::engine_descriptor(
        "recycle_mbufs", "forward unchanged, the sent mbufs recycled into the RX ring", burst);
    e.stream_init = stream_init;
    e.stream_fini = stream_fini;
    return e;
}

const pmdfwd_engine descriptor = make_engine();

} // namespace
} // namespace pmdfwd::engines

PMDFWD_REGISTER_ENGINE(pmdfwd::engines::descriptor);
