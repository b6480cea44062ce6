// The csum engine's burst when a stream has settings beyond checksums, as
// testpmd's csumonly.c: TSO marks (RTE_MBUF_F_TX_TCP_SEG, tso_segsz) on TCP
// packets longer than the TX port's `tso set` size, GRO (librte_gro) of what
// the RX port receives, GSO (librte_gso) of what the TX port sends, tunnels
// parsed (`csum parse-tunnel on`, csum_tunnel.h) and MACs left as they came
// (`csum mac-swap off`) for what the TX port sends. A stream with none of
// them has no state (priv NULL) and takes the plain burst.
#pragma once

#include <pmdfwd/engine.h>

#include <cstdint>

namespace pmdfwd::engines::csum {

// stream_init / stream_fini: the stream's copy of the settings, its GRO
// table (`set gro flush` above 1) and GSO context, on the stream's socket.
int seg_stream_init(pmdfwd_stream *s);
void seg_stream_fini(pmdfwd_stream *s);

// The burst for a stream with state: may return more than nb (GSO, held
// GRO packets flushed), PMDFWD_BURST_ROOM at most.
uint16_t seg_burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb);

} // namespace pmdfwd::engines::csum
