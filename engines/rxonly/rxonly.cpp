// The rxonly forwarding engine: a traffic sink, for measuring how fast a
// port receives when nothing is sent back, as testpmd's rxonly is used.
// Every packet is counted (engine_consumed) and freed; nothing is
// transmitted.
#include <pmdfwd/engine_register.h>

#include <rte_mbuf.h>

namespace pmdfwd::engines {
namespace {

uint16_t burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb, uint16_t) {
    rte_pktmbuf_free_bulk(pkts, nb);
    s->engine_consumed += nb;
    return 0;
}

const pmdfwd_engine engine =
    pmdfwd::engine_descriptor("rxonly", "count and free received packets, transmit nothing", burst);

} // namespace
} // namespace pmdfwd::engines

PMDFWD_REGISTER_ENGINE(pmdfwd::engines::engine);
