// The shared_rxq forwarding engine (testpmd's shared-rxq mode): ports whose
// RX queues share one hardware queue (--rxq-share, on devices with
// RTE_ETH_DEV_CAPA_RXQ_SHARE) deliver each other's packets on any member's
// queue, so a packet is counted on the stream of the port it came from
// (mbuf->port) and the same queue, among the streams of this lcore; a
// packet no such stream owns is dropped on the stream that received it.
// Nothing is transmitted: the mode measures receive, as rxonly.
#include <pmdfwd/engine_register.h>

#include <rte_mbuf.h>

namespace pmdfwd::engines {
namespace {

// The stream of this lcore that receives from (port, queue), or nullptr.
// testpmd keeps every stream of one shared queue on one lcore, so the
// lcore's own streams are the ones to look in.
pmdfwd_stream *source_stream(const pmdfwd_stream *s, uint16_t port) {
    for (uint32_t i = 0; i < s->nb_lcore_streams; i++) {
        pmdfwd_stream *o = s->lcore_streams[i];
        if (o->rx_port == port && o->rx_queue == s->rx_queue) return o;
    }
    return nullptr;
}

// Counts and frees n packets that came from port.
void consume_run(pmdfwd_stream *s, uint16_t port, rte_mbuf **pkts, uint16_t n) {
    if (pmdfwd_stream *src = source_stream(s, port)) {
        src->engine_rx += n;
        src->engine_consumed += n;
    } else {
        s->engine_dropped += n;
    }
    rte_pktmbuf_free_bulk(pkts, n);
}

// Runs of packets from one port go to their stream's count together, so
// that the lookup is once per run, not per packet.
uint16_t burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb, uint16_t) {
    uint16_t start = 0;
    for (uint16_t i = 1; i <= nb; i++) {
        if (i < nb && pkts[i]->port == pkts[start]->port) continue;
        consume_run(s, pkts[start]->port, pkts + start, static_cast<uint16_t>(i - start));
        start = i;
    }
    return 0;
}

const pmdfwd_engine engine = pmdfwd::engine_descriptor(
    "shared_rxq", "count each received packet on its source port's stream, transmit nothing", burst,
    PMDFWD_ENGINE_F_COUNTS_RX);

} // namespace
} // namespace pmdfwd::engines

PMDFWD_REGISTER_ENGINE(pmdfwd::engines::engine);
