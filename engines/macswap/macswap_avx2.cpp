// Cost: see the comment at the top of the kernel's header (measured).
#include "macswap_avx2.h"

namespace pmdfwd::macswap {

uint16_t macswap_avx2(rte_mbuf **pkts, uint16_t nb, const TxFields &fields) {
    return avx2_body(pkts, nb, fields);
}

} // namespace pmdfwd::macswap
