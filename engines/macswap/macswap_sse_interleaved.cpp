// Cost: see the comment at the top of the kernel's header (measured).
#include "macswap_sse_interleaved.h"

namespace pmdfwd::macswap {

uint16_t macswap_sse_interleaved(rte_mbuf **pkts, uint16_t nb, const TxFields &fields) {
    return sse_interleaved_body(pkts, nb, fields);
}

} // namespace pmdfwd::macswap
