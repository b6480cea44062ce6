// Frames for the csum engine's tests, written out byte by byte: Ethernet,
// IPv4, IPv6, UDP, TCP and the tunnel headers, every checksum kBad and
// every length filled in.
#pragma once

#include <rte_ether.h>

#include <netinet/in.h>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace pmdfwd::testing::csum_frames {

using Bytes = std::vector<uint8_t>;

inline constexpr uint16_t kBad = 0xbeef;

inline void add16(Bytes &f, uint16_t v) {
    f.push_back(static_cast<uint8_t>(v >> 8));
    f.push_back(static_cast<uint8_t>(v));
}

inline void put16(Bytes &f, size_t off, uint16_t v) {
    f[off] = static_cast<uint8_t>(v >> 8);
    f[off + 1] = static_cast<uint8_t>(v);
}

inline uint16_t get16(const Bytes &f, size_t off) {
    return static_cast<uint16_t>(f[off] << 8 | f[off + 1]);
}

inline Bytes cat(std::initializer_list<Bytes> parts) {
    Bytes f;
    for (const Bytes &p : parts)
        f.insert(f.end(), p.begin(), p.end());
    return f;
}

inline Bytes ether(uint16_t type, uint8_t seed = 1) {
    Bytes f;
    for (int i = 0; i < 12; i++)
        f.push_back(static_cast<uint8_t>(seed + i));
    add16(f, type);
    return f;
}

// An IPv4 header of proto before rest (lengths filled), checksum kBad.
// One list, not push_back on a two-byte vector: inlined into some callers,
// GCC 12 takes that growth for a write past the end (-Wstringop-overflow).
inline Bytes ipv4(uint8_t proto, const Bytes &rest) {
    const auto len = static_cast<uint16_t>(20 + rest.size());
    const auto hi = static_cast<uint8_t>(len >> 8), lo = static_cast<uint8_t>(len);
    const Bytes f = {0x45,      0,           hi, lo, 0, 1, 0,  0, 64, proto,
                     kBad >> 8, kBad & 0xff, 10, 0,  0, 1, 10, 0, 0,  2};
    return cat({f, rest});
}

inline Bytes ipv6(uint8_t proto, const Bytes &rest) {
    Bytes f = {0x60, 0, 0, 0};
    add16(f, static_cast<uint16_t>(rest.size()));
    f.insert(f.end(), {proto, 64});
    for (int i = 0; i < 32; i++)
        f.push_back(static_cast<uint8_t>(0x20 + i));
    return cat({f, rest});
}

inline Bytes udp(uint16_t sport, uint16_t dport, const Bytes &rest, uint16_t cksum = kBad) {
    Bytes f;
    add16(f, sport);
    add16(f, dport);
    add16(f, static_cast<uint16_t>(8 + rest.size()));
    add16(f, cksum);
    return cat({f, rest});
}

inline Bytes tcp(const Bytes &rest) {
    Bytes f(20, 0);
    put16(f, 0, 80);
    put16(f, 2, 8080);
    f[12] = 0x50;
    put16(f, 16, kBad);
    return cat({f, rest});
}

inline Bytes payload(size_t n) {
    Bytes f(n);
    for (size_t i = 0; i < n; i++)
        f[i] = static_cast<uint8_t>(i * 13 + 5);
    return f;
}

inline const Bytes kVxlan = {0x08, 0, 0, 0, 0, 0, 0x2a, 0};

inline Bytes gpe(uint8_t proto) {
    return {0x0c, 0, 0, proto, 0, 0, 0x2a, 0};
}

inline Bytes inner_udp4() {
    return ipv4(IPPROTO_UDP, udp(7, 8, payload(30)));
}

// Ether / IPv4 / UDP 4789 / VXLAN / Ether / IPv4 / UDP / 30 bytes.
inline Bytes vxlan_frame() {
    return cat(
        {ether(RTE_ETHER_TYPE_IPV4),
         ipv4(IPPROTO_UDP,
              udp(49152, 4789, cat({kVxlan, ether(RTE_ETHER_TYPE_IPV4, 40), inner_udp4()})))});
}

} // namespace pmdfwd::testing::csum_frames
