// testpmd's csum engine with `set verbose` above 0 (csumonly.c): a block of
// text for every packet, printed in its per-packet loop once the mbuf's TX
// fields are set, before GRO and GSO. The parsed values are pmdfwd's
// (csum_packet.h, csum_tunnel.h, csum_ptype.h), which are testpmd's except
// for cut headers, whose bytes past the data pmdfwd never reads; the
// mbuf's values are read back from it. The block goes to the host's dump
// writer (pmdfwd_fwd_params.write_text), never to stdout directly.
#pragma once

#include "csum_packet.h"

#include <pmdfwd/engine.h>

#include <rte_mbuf.h>

#include <cstddef>
#include <cstdint>

namespace pmdfwd::engines::csum {

// What the block says of one packet beyond its mbuf: testpmd's
// rx_ol_flags and testpmd_offload_info.
struct VerbosePacket {
    uint64_t rx_flags = 0; // ol_flags as the packet came
    // The headers checksummed: a tunnel's inner ones, with l2_len testpmd's
    // info.l2_len (Tunnel::l2_len).
    PacketInfo info{};
    PacketInfo outer{}; // a tunnel's outer headers
    bool tunnel = false;
};

// The TX port's settings the block's conditions read (testpmd's
// tx_offloads, info.tso_segsz, info.tunnel_tso_segsz).
struct VerboseTx {
    uint64_t offloads = 0;
    uint16_t tso_segsz = 0;
    uint16_t tunnel_tso_segsz = 0;
};

// Room for the block: testpmd's two 256-byte flag lists and the short lines.
inline constexpr size_t kVerboseBlockLen = 1024;

// The stream's level, read once per burst: `set verbose` changes it while
// forwarding runs.
inline bool verbose_on(const pmdfwd_stream &s) {
    return __atomic_load_n(&s.params->verbose_level, __ATOMIC_RELAXED) > 0;
}

// testpmd's block for m, received on port, into buf (NUL-terminated, cut
// at len); returns its length.
size_t format_verbose_block(char *buf, size_t len, uint16_t port, const rte_mbuf *m,
                            const VerbosePacket &p, const VerboseTx &tx);

// The block, through the host's writer.
void write_verbose_block(const pmdfwd_stream &s, const rte_mbuf *m, const VerbosePacket &p,
                         const VerboseTx &tx);

} // namespace pmdfwd::engines::csum
