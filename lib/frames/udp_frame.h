// The UDP/IPv4 test frame pmdfwd sends, in one definition: the generator
// engines (txonly, flowgen: udp_generator.h) and the host's tx_first bursts
// (src/fwd/packet_template.cpp) build it here. The frame is testpmd's txonly
// frame: Ethernet from the TX port's MAC to its peer, IPv4 198.18.0.1 ->
// 198.18.0.2 (RFC 2544's benchmarking range, so it is never routed anywhere
// real), UDP 9 -> 9 (discard), no UDP checksum, a zero payload.
#pragma once

#include <pmdfwd/engine.h>

#include <rte_byteorder.h>
#include <rte_ether.h>
#include <rte_ip.h>
#include <rte_udp.h>

#include <netinet/in.h>

#include <cstdint>
#include <cstring>

namespace pmdfwd::engines {

inline constexpr uint32_t kIpOffset = sizeof(rte_ether_hdr);
inline constexpr uint32_t kUdpOffset = kIpOffset + sizeof(rte_ipv4_hdr);
inline constexpr uint32_t kFrameHeadersLen = kUdpOffset + sizeof(rte_udp_hdr);
inline constexpr uint32_t kMaxFrameLen = kIpOffset + UINT16_MAX; // IPv4 total length is 16 bits
inline constexpr uint32_t kFrameSrcIp = RTE_IPV4(198, 18, 0, 1);
inline constexpr uint32_t kFrameDstIp = RTE_IPV4(198, 18, 0, 2);
inline constexpr uint16_t kFrameUdpPort = 9;
inline constexpr uint8_t kFrameTtl = 64; // RFC 1340's default, as testpmd

// The frame's addresses and ports (txonly's --tx-ip / --tx-udp), host order.
struct UdpEndpoints {
    uint32_t src_ip = kFrameSrcIp;
    uint32_t dst_ip = kFrameDstIp;
    uint16_t src_port = kFrameUdpPort;
    uint16_t dst_port = kFrameUdpPort;
};

static_assert(sizeof(rte_ether_hdr) == 14 && sizeof(rte_ipv4_hdr) == 20 &&
              sizeof(rte_udp_hdr) == 8);
static_assert(kFrameHeadersLen == 42);

// Writes the whole frame of len bytes (headers, then a zero payload).
inline void build_udp_frame(const pmdfwd_port_tx &tx, uint32_t len, uint8_t *frame,
                            const UdpEndpoints &ends = {}) {
    std::memset(frame, 0, len);
    rte_ether_hdr eth{};
    std::memcpy(eth.dst_addr.addr_bytes, tx.peer_mac, RTE_ETHER_ADDR_LEN);
    std::memcpy(eth.src_addr.addr_bytes, tx.mac, RTE_ETHER_ADDR_LEN);
    eth.ether_type = rte_cpu_to_be_16(RTE_ETHER_TYPE_IPV4);

    rte_ipv4_hdr ip{};
    ip.version_ihl = RTE_IPV4_VHL_DEF;
    ip.total_length = rte_cpu_to_be_16(static_cast<uint16_t>(len - kIpOffset));
    ip.time_to_live = kFrameTtl;
    ip.next_proto_id = IPPROTO_UDP;
    ip.src_addr = rte_cpu_to_be_32(ends.src_ip);
    ip.dst_addr = rte_cpu_to_be_32(ends.dst_ip);
    ip.hdr_checksum = rte_ipv4_cksum(&ip);

    rte_udp_hdr udp{};
    udp.src_port = rte_cpu_to_be_16(ends.src_port);
    udp.dst_port = rte_cpu_to_be_16(ends.dst_port);
    udp.dgram_len = rte_cpu_to_be_16(static_cast<uint16_t>(len - kUdpOffset));

    std::memcpy(frame, &eth, sizeof(eth));
    std::memcpy(frame + kIpOffset, &ip, sizeof(ip));
    std::memcpy(frame + kUdpOffset, &udp, sizeof(udp));
}

} // namespace pmdfwd::engines
