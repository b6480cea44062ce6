// One 32-bit field of the generated frame's IPv4 header (txonly's source,
// flowgen's destination) written per packet with the header checksum that
// goes with it: the sum of the rest of the header is taken once at stream
// start, so a packet's checksum is two additions away, written while its
// lines are still hot from the frame copy.
#pragma once

#include "udp_generator.h"

#include <rte_ip.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace pmdfwd::engines {

template <size_t FieldOffset>
class Ipv4FieldWriter {
    static_assert(FieldOffset == offsetof(rte_ipv4_hdr, src_addr) ||
                      FieldOffset == offsetof(rte_ipv4_hdr, dst_addr),
                  "a 32-bit address field of the IPv4 header");
    static constexpr uint32_t kCksum = kIpOffset + offsetof(rte_ipv4_hdr, hdr_checksum);
    static constexpr uint32_t kField = kIpOffset + FieldOffset;
    static constexpr uint32_t kEnd = kField + sizeof(rte_be32_t);

  public:
    // frame: the generator's frame (UdpGenerator::frame()), built.
    void init(const uint8_t *frame) {
        rte_ipv4_hdr ip;
        std::memcpy(&ip, frame + kIpOffset, sizeof(ip));
        ip.hdr_checksum = 0;
        std::memset(reinterpret_cast<uint8_t *>(&ip) + FieldOffset, 0, sizeof(rte_be32_t));
        base_ = rte_raw_cksum(&ip, sizeof(ip));
    }

    // Writes value (host order) and the header checksum. The two 16-bit
    // halves of the big-endian value are the header words rte_raw_cksum
    // would have added, on either host byte order.
    void write(rte_mbuf *m, uint32_t value) const {
        const rte_be32_t be = rte_cpu_to_be_32(value);
        uint32_t sum = base_ + (be & 0xffff) + (be >> 16);
        sum = (sum & 0xffff) + (sum >> 16);
        sum = (sum & 0xffff) + (sum >> 16);
        const uint16_t cksum = static_cast<uint16_t>(~sum);
        if (likely(m->data_len >= kEnd)) {
            std::memcpy(rte_pktmbuf_mtod_offset(m, uint8_t *, kCksum), &cksum, sizeof(cksum));
            std::memcpy(rte_pktmbuf_mtod_offset(m, uint8_t *, kField), &be, sizeof(be));
        } else { // --txpkts cut the header
            write_packet_bytes(m, kCksum, &cksum, sizeof(cksum));
            write_packet_bytes(m, kField, &be, sizeof(be));
        }
    }

  private:
    uint32_t base_ = 0;
};

} // namespace pmdfwd::engines
