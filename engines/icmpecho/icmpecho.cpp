// The icmpecho forwarding engine (testpmd's "icmpecho" mode): answers what
// a host would answer on the link, and nothing else. An ARP request for IPv4
// over Ethernet gets its reply from the arrival port's MAC address (the
// host sends a replying engine's packets back where they came from); an IPv4 ICMP
// echo request (code 0) gets its echo reply, addresses swapped (a multicast
// destination answered from a neighbour address, as testpmd) and the ICMP
// checksum updated for the type change. Every other packet, and one too
// short in its first segment for the headers it announces, is freed and
// counted consumed. One VLAN tag may precede ARP or IPv4.
#include <pmdfwd/engine_register.h>

#include <rte_arp.h>
#include <rte_ether.h>
#include <rte_icmp.h>
#include <rte_ip.h>
#include <rte_mbuf.h>

#include <cstring>
#include <utility>

namespace pmdfwd::engines {
namespace {

// ICMP echo types (RFC 792): DPDK 24.11 deprecates its RTE_IP_ICMP_ECHO_*
// names and 22.11 lacks their replacements.
constexpr uint8_t kIcmpEchoRequest = 8;
constexpr uint8_t kIcmpEchoReply = 0;

template <typename T>
T *header_at(rte_mbuf *m, uint32_t off) {
    return off + sizeof(T) <= m->data_len ? rte_pktmbuf_mtod_offset(m, T *, off) : nullptr;
}

bool arp_reply(rte_ether_hdr *eth, rte_arp_hdr *arp, const uint8_t *port_mac) {
    if (rte_be_to_cpu_16(arp->arp_hardware) != RTE_ARP_HRD_ETHER ||
        rte_be_to_cpu_16(arp->arp_protocol) != RTE_ETHER_TYPE_IPV4 || arp->arp_hlen != 6 ||
        arp->arp_plen != 4 || rte_be_to_cpu_16(arp->arp_opcode) != RTE_ARP_OP_REQUEST)
        return false;
    eth->dst_addr = eth->src_addr;
    std::memcpy(eth->src_addr.addr_bytes, port_mac, RTE_ETHER_ADDR_LEN);
    arp->arp_opcode = rte_cpu_to_be_16(RTE_ARP_OP_REPLY);
    rte_arp_ipv4 &d = arp->arp_data;
    d.arp_tha = d.arp_sha;
    d.arp_sha = eth->src_addr;
    const rte_be32_t sip = d.arp_sip;
    d.arp_sip = d.arp_tip;
    d.arp_tip = sip;
    return true;
}

// The one's-complement checksum after the type byte went from request (8)
// to reply (0): RFC 1624's incremental update.
uint16_t echo_reply_checksum(uint16_t cksum) {
    uint32_t sum = ~cksum & 0xffff;
    sum += ~RTE_BE16(kIcmpEchoRequest << 8) & 0xffff;
    sum += RTE_BE16(kIcmpEchoReply << 8);
    sum = (sum & 0xffff) + (sum >> 16);
    sum = (sum & 0xffff) + (sum >> 16);
    return static_cast<uint16_t>(~sum);
}

bool echo_reply(rte_mbuf *m, rte_ether_hdr *eth, uint32_t l3) {
    auto *ip = header_at<rte_ipv4_hdr>(m, l3);
    if (ip == nullptr || ip->next_proto_id != IPPROTO_ICMP) return false;
    auto *icmp = header_at<rte_icmp_hdr>(m, l3 + rte_ipv4_hdr_len(ip));
    if (icmp == nullptr || icmp->icmp_type != kIcmpEchoRequest || icmp->icmp_code != 0)
        return false;
    std::swap(eth->src_addr, eth->dst_addr);
    const rte_be32_t src = ip->src_addr;
    if (RTE_IS_IPV4_MCAST(rte_be_to_cpu_32(ip->dst_addr))) {
        // No address to answer from: a neighbour of the sender's in its /30.
        uint32_t s = rte_be_to_cpu_32(src);
        s = (s & 0xFFFFFFFCu) | ((s & 3u) == 1 ? 2u : 1u);
        ip->src_addr = rte_cpu_to_be_32(s);
        ip->dst_addr = src;
        ip->hdr_checksum = 0;
        ip->hdr_checksum = rte_ipv4_cksum(ip);
    } else {
        ip->src_addr = ip->dst_addr;
        ip->dst_addr = src;
    }
    icmp->icmp_type = kIcmpEchoReply;
    icmp->icmp_cksum = echo_reply_checksum(icmp->icmp_cksum);
    return true;
}

bool reply(rte_mbuf *m, const uint8_t *port_mac) {
    auto *eth = header_at<rte_ether_hdr>(m, 0);
    if (eth == nullptr) return false;
    uint32_t l3 = sizeof(rte_ether_hdr);
    uint16_t type = rte_be_to_cpu_16(eth->ether_type);
    // One 802.1Q tag only, as testpmd's icmpecho: a QinQ or second tag is
    // not answered, so common/ether_header.h's walk over every tag is not
    // this mode's.
    if (type == RTE_ETHER_TYPE_VLAN) {
        auto *vlan = header_at<rte_vlan_hdr>(m, l3);
        if (vlan == nullptr) return false;
        type = rte_be_to_cpu_16(vlan->eth_proto);
        l3 += sizeof(rte_vlan_hdr);
    }
    if (type == RTE_ETHER_TYPE_ARP) {
        auto *arp = header_at<rte_arp_hdr>(m, l3);
        return arp != nullptr && arp_reply(eth, arp, port_mac);
    }
    return type == RTE_ETHER_TYPE_IPV4 && echo_reply(m, eth, l3);
}

uint16_t burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb, uint16_t) {
    uint16_t replies = 0;
    for (uint16_t i = 0; i < nb; i++) {
        if (reply(pkts[i], s->tx->mac))
            pkts[replies++] = pkts[i];
        else
            rte_pktmbuf_free(pkts[i]);
    }
    s->engine_consumed += nb - replies;
    return replies;
}

const pmdfwd_engine engine = pmdfwd::engine_descriptor(
    "icmpecho", "answer ARP requests and ICMP echo requests, drop the rest", burst,
    PMDFWD_ENGINE_F_REPLIES);

} // namespace
} // namespace pmdfwd::engines

PMDFWD_REGISTER_ENGINE(pmdfwd::engines::engine);
