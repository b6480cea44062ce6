#include "fwd/packet_template.h"

#include "frames/udp_frame.h"

#include <rte_mbuf.h>

#include <algorithm>

namespace pmdfwd {

uint16_t build_udp_burst(rte_mempool *mp, rte_mbuf **pkts, uint16_t n, uint16_t frame_len,
                         const pmdfwd_port_tx &tx) {
    if (rte_pktmbuf_alloc_bulk(mp, pkts, n) != 0) return 0;
    const uint32_t want = std::max<uint32_t>(frame_len, engines::kFrameHeadersLen);
    for (uint16_t i = 0; i < n; i++) {
        rte_mbuf *m = pkts[i];
        const uint16_t len =
            static_cast<uint16_t>(std::min<uint32_t>(want, rte_pktmbuf_tailroom(m)));
        engines::build_udp_frame(tx, len, rte_pktmbuf_mtod(m, uint8_t *));
        m->data_len = len;
        m->pkt_len = len;
        m->l2_len = sizeof(rte_ether_hdr);
        m->l3_len = sizeof(rte_ipv4_hdr);
    }
    return n;
}

} // namespace pmdfwd
