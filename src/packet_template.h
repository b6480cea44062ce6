// The UDP/IPv4 frame pmdfwd generates (tx_first bursts, generator engines),
// as testpmd's txonly builds it: Ethernet from the TX port to its peer,
// IPv4 198.18.0.1 -> 198.18.0.2 (RFC 2544 benchmark range), UDP 9 -> 9.
#pragma once

#include <cstdint>

struct rte_mbuf;
struct rte_mempool;

namespace pmdfwd {

inline constexpr uint32_t kGenSrcIp = (198u << 24) | (18u << 16) | 1; // 198.18.0.1
inline constexpr uint32_t kGenDstIp = (198u << 24) | (18u << 16) | 2; // 198.18.0.2
inline constexpr uint16_t kGenUdpPort = 9;                            // discard
inline constexpr uint16_t kMinFrameLen = 14 + 20 + 8;

// Writes the headers of a frame of frame_len bytes into buf (which holds at
// least kMinFrameLen bytes) and zeroes nothing beyond them. IP addresses in
// host order.
void write_udp_headers(uint8_t *buf, uint16_t frame_len, const uint8_t src_mac[6],
                       const uint8_t dst_mac[6], uint32_t src_ip, uint32_t dst_ip);

// Allocates n single-segment frames of frame_len (>= kMinFrameLen, at most
// the pool's data room) from mp into pkts; returns how many it built (0 if
// the pool ran dry).
uint16_t build_udp_burst(rte_mempool *mp, rte_mbuf **pkts, uint16_t n, uint16_t frame_len,
                         const uint8_t src_mac[6], const uint8_t dst_mac[6]);

} // namespace pmdfwd
