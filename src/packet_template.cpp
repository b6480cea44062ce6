#include "packet_template.h"

#include <rte_byteorder.h>
#include <rte_ether.h>
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_udp.h>

#include <algorithm>
#include <cstring>

namespace pmdfwd {

static_assert(sizeof(rte_ether_hdr) + sizeof(rte_ipv4_hdr) + sizeof(rte_udp_hdr) == kMinFrameLen);

void write_udp_headers(uint8_t *buf, uint16_t frame_len, const uint8_t src_mac[6],
                       const uint8_t dst_mac[6], uint32_t src_ip, uint32_t dst_ip) {
    auto *eth = reinterpret_cast<rte_ether_hdr *>(buf);
    std::memcpy(eth->dst_addr.addr_bytes, dst_mac, RTE_ETHER_ADDR_LEN);
    std::memcpy(eth->src_addr.addr_bytes, src_mac, RTE_ETHER_ADDR_LEN);
    eth->ether_type = rte_cpu_to_be_16(RTE_ETHER_TYPE_IPV4);

    auto *ip = reinterpret_cast<rte_ipv4_hdr *>(eth + 1);
    std::memset(ip, 0, sizeof(*ip));
    ip->version_ihl = RTE_IPV4_VHL_DEF;
    ip->time_to_live = 64;
    ip->next_proto_id = IPPROTO_UDP;
    ip->total_length = rte_cpu_to_be_16(static_cast<uint16_t>(frame_len - sizeof(*eth)));
    ip->src_addr = rte_cpu_to_be_32(src_ip);
    ip->dst_addr = rte_cpu_to_be_32(dst_ip);
    ip->hdr_checksum = rte_ipv4_cksum(ip);

    auto *udp = reinterpret_cast<rte_udp_hdr *>(ip + 1);
    udp->src_port = rte_cpu_to_be_16(kGenUdpPort);
    udp->dst_port = rte_cpu_to_be_16(kGenUdpPort);
    udp->dgram_len =
        rte_cpu_to_be_16(static_cast<uint16_t>(frame_len - sizeof(*eth) - sizeof(*ip)));
    udp->dgram_cksum = 0; // optional over IPv4
}

uint16_t build_udp_burst(rte_mempool *mp, rte_mbuf **pkts, uint16_t n, uint16_t frame_len,
                         const uint8_t src_mac[6], const uint8_t dst_mac[6]) {
    if (rte_pktmbuf_alloc_bulk(mp, pkts, n) != 0) return 0;
    frame_len = std::max(frame_len, kMinFrameLen);
    for (uint16_t i = 0; i < n; i++) {
        rte_mbuf *m = pkts[i];
        const uint16_t len = std::min<uint16_t>(frame_len, rte_pktmbuf_tailroom(m));
        uint8_t *data = rte_pktmbuf_mtod(m, uint8_t *);
        write_udp_headers(data, len, src_mac, dst_mac, kGenSrcIp, kGenDstIp);
        std::memset(data + kMinFrameLen, 0, len - kMinFrameLen);
        m->data_len = len;
        m->pkt_len = len;
        m->l2_len = sizeof(rte_ether_hdr);
        m->l3_len = sizeof(rte_ipv4_hdr);
    }
    return n;
}

} // namespace pmdfwd
