// The NEON kernel's only external symbol (body: macswap_neon.h).
#include "macswap_neon.h"

namespace pmdfwd::macswap {

uint16_t macswap_neon(rte_mbuf **pkts, uint16_t nb, const TxFields &fields) {
    return neon::burst(pkts, nb, fields);
}

} // namespace pmdfwd::macswap
