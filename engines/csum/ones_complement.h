// One's-complement checksums recomputed over their old value (RFC 1624):
// the sum of a header or segment is taken with the checksum field as it
// came and the field's old value is then taken out again, instead of
// zeroing the field and summing after the store. Zeroing first made the
// summing loads, wider than the 2-byte store and over it, wait for that
// store to reach the cache (no store-to-load forwarding).
//
// Why the result is DPDK's to the bit: a checksum field x adds x to the sum
// and ~x (0xffff - x) adds -x mod 0xffff, so the sum with the field plus ~x
// has the residue mod 0xffff of the sum over a zeroed field, whatever x was
// (0x0000, 0xffff, the right checksum or a wrong one). Folded, a sum that
// is not all zero bits lands in 1..0xffff, one value per residue (0 as
// 0xffff): DPDK's sums over the zeroed field never are (the IPv4 header's
// version, the pseudo-header's protocol), and neither are these, so both
// fold to the same 16 bits and complement to the same checksum.
#pragma once

#include <cstdint>

namespace pmdfwd::engines::csum {

// A sum of 16-bit words folded to 16 bits, end-around carries added back.
inline uint16_t ones_fold(uint64_t sum) {
    sum = (sum & 0xffffffff) + (sum >> 32);
    sum = (sum & 0xffff) + (sum >> 16);
    sum = (sum & 0xffff) + (sum >> 16);
    sum = (sum & 0xffff) + (sum >> 16);
    return static_cast<uint16_t>(sum);
}

// What summing the field as 0 would have given: sum (which counted old,
// the field as it lies in memory) less old.
inline uint64_t ones_without(uint64_t sum, uint16_t old) {
    return sum + static_cast<uint16_t>(~old);
}

} // namespace pmdfwd::engines::csum
