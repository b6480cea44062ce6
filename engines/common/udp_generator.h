// The per-stream machinery of the generator engines (txonly, flowgen): the
// test frame (lib/frames/udp_frame.h), cut into --txpkts segments, built once per stream
// at start and copied into every packet, so the per-packet cost is one
// allocation and one copy; the payload is copied too (testpmd leaves
// whatever the buffer held) so that captured output is reproducible.
#pragma once

#include "frames/udp_frame.h"
#include "tx_fields.h"

#include <pmdfwd/engine.h>

#include <rte_mbuf.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <new>
#include <string>
#include <vector>

namespace pmdfwd::engines {

inline constexpr uint32_t kDefaultFrameLen = 64; // testpmd's TXONLY_DEF_PACKET_LEN

// How each generated packet is cut into mbuf segments (--txpkts).
struct FrameSegments {
    uint16_t nb;
    uint16_t len[PMDFWD_MAX_TXPKT_SEGS];
    uint32_t total;
};

// The segments the host's parameters ask for, checked against what the frame
// needs and what one mbuf of the pool holds (seg_room: data room after the
// headroom). No segment list means one segment of txpkt_len, or of 64 bytes
// when that is 0 too. Returns "" or what is wrong and what is allowed.
inline std::string frame_segments(const pmdfwd_fwd_params &p, uint32_t seg_room,
                                  FrameSegments *out) {
    FrameSegments s{};
    if (p.nb_txpkt_segs > PMDFWD_MAX_TXPKT_SEGS)
        return "--txpkts has " + std::to_string(p.nb_txpkt_segs) + " segments (allowed: 1.." +
               std::to_string(PMDFWD_MAX_TXPKT_SEGS) + ")";
    if (p.nb_txpkt_segs == 0) {
        s.nb = 1;
        s.len[0] = static_cast<uint16_t>(p.txpkt_len ? p.txpkt_len : kDefaultFrameLen);
        s.total = p.txpkt_len ? p.txpkt_len : kDefaultFrameLen;
        if (s.total > UINT16_MAX)
            return "frame length " + std::to_string(s.total) + " does not fit one segment";
    } else {
        s.nb = p.nb_txpkt_segs;
        for (uint16_t i = 0; i < s.nb; i++) {
            s.len[i] = p.txpkt_seg_len[i];
            s.total += s.len[i];
        }
        if (s.total != p.txpkt_len)
            return "--txpkts segments add up to " + std::to_string(s.total) +
                   " bytes but txpkt_len is " + std::to_string(p.txpkt_len) +
                   " (the host must keep them equal)";
    }
    if (s.total < kFrameHeadersLen || s.total > kMaxFrameLen)
        return "frame length " + std::to_string(s.total) +
               " is not allowed (allowed: " + std::to_string(kFrameHeadersLen) +
               " (Ethernet+IPv4+UDP headers).." + std::to_string(kMaxFrameLen) + ")";
    for (uint16_t i = 0; i < s.nb; i++)
        if (s.len[i] > seg_room)
            return "--txpkts segment " + std::to_string(i) + " of " + std::to_string(s.len[i]) +
                   " bytes does not fit an mbuf of this pool (" + std::to_string(seg_room) +
                   " bytes of data room after the headroom)";
    *out = s;
    return {};
}

// Copies len bytes to offset off of a packet, across segment boundaries
// (with short --txpkts segments a header can straddle two).
static inline void write_packet_bytes(rte_mbuf *m, uint32_t off, const void *src, uint32_t len) {
    const auto *p = static_cast<const uint8_t *>(src);
    for (; m != nullptr && len > 0; m = m->next) {
        if (off >= m->data_len) {
            off -= m->data_len;
            continue;
        }
        const uint32_t chunk = std::min<uint32_t>(len, m->data_len - off);
        std::memcpy(rte_pktmbuf_mtod_offset(m, uint8_t *, off), p, chunk);
        p += chunk;
        len -= chunk;
        off = 0;
    }
}

// One stream's generator: the frame, its segmentation, the TX fields, and
// scratch room to allocate a burst's segments in one call.
class UdpGenerator {
  public:
    // Builds the frame from the stream's port and parameters; "" or why not.
    std::string init(const pmdfwd_stream &s, const UdpEndpoints &ends = {}) {
        if (s.pool == nullptr || s.tx == nullptr || s.params == nullptr)
            return "stream has no mbuf pool, TX port settings or parameters";
        if (s.params->burst == 0) return "burst is 0 (allowed: 1 or more)";
        const uint32_t room = rte_pktmbuf_data_room_size(s.pool);
        const uint32_t seg_room = room > RTE_PKTMBUF_HEADROOM ? room - RTE_PKTMBUF_HEADROOM : 0;
        std::string why = frame_segments(*s.params, seg_room, &segs_);
        if (!why.empty()) return why;
        // A burst is allocated in one call, all or nothing: a pool smaller
        // than one burst's mbufs would send nothing, silently, for ever.
        const unsigned per_burst = unsigned{s.params->burst} * segs_.nb;
        if (s.pool->size < per_burst)
            return "one burst needs " + std::to_string(per_burst) + " mbufs (" +
                   std::to_string(s.params->burst) + " packets x " + std::to_string(segs_.nb) +
                   " segments) and the pool holds only " + std::to_string(s.pool->size) +
                   ": nothing could ever be sent (lower --burst, use fewer --txpkts segments or "
                   "raise --total-num-mbufs)";
        try {
            frame_.assign(segs_.total, 0);
            if (segs_.nb > 1) scratch_.assign(size_t{s.params->burst} * segs_.nb, nullptr);
        } catch (const std::bad_alloc &) {
            return "no memory for the frame template";
        }
        build_udp_frame(*s.tx, segs_.total, frame_.data(), ends);
        pool_ = s.pool;
        fields_ = tx_fields_for(*s.tx);
        capacity_ = s.params->burst;
        return {};
    }

    // Fills pkts with min(max, burst at start) new packets and returns how
    // many; 0 when the pool cannot supply them all (nothing is kept).
    // each(mbuf) runs on every packet right after its copy, while its
    // lines are still hot (flowgen writes its flow there).
    template <class EachPacket>
    uint16_t generate(rte_mbuf **pkts, uint16_t max, EachPacket &&each) {
        const uint16_t n = std::min(max, capacity_);
        if (n == 0) return 0;
        if (segs_.nb == 1) {
            if (rte_pktmbuf_alloc_bulk(pool_, pkts, n) != 0) return 0;
            for (uint16_t i = 0; i < n; i++) {
                fill_single(pkts[i]);
                each(pkts[i]);
            }
        } else {
            if (rte_pktmbuf_alloc_bulk(pool_, scratch_.data(), unsigned{n} * segs_.nb) != 0)
                return 0;
            for (uint16_t i = 0; i < n; i++) {
                pkts[i] = fill_chain(&scratch_[size_t{i} * segs_.nb]);
                each(pkts[i]);
            }
        }
        return n;
    }
    uint16_t generate(rte_mbuf **pkts, uint16_t max) {
        return generate(pkts, max, [](rte_mbuf *) {});
    }

    const uint8_t *frame() const { return frame_.data(); }

  private:
    void fill_single(rte_mbuf *m) const {
        std::memcpy(rte_pktmbuf_mtod(m, uint8_t *), frame_.data(), segs_.total);
        m->data_len = static_cast<uint16_t>(segs_.total);
        m->pkt_len = segs_.total;
        set_tx_fields(m, fields_);
    }

    // segs: segs_.nb freshly reset mbufs; the first becomes the head.
    rte_mbuf *fill_chain(rte_mbuf **segs) const {
        uint32_t off = 0;
        for (uint16_t k = 0; k < segs_.nb; k++) {
            std::memcpy(rte_pktmbuf_mtod(segs[k], uint8_t *), frame_.data() + off, segs_.len[k]);
            segs[k]->data_len = segs_.len[k];
            segs[k]->next = k + 1 < segs_.nb ? segs[k + 1] : nullptr;
            off += segs_.len[k];
        }
        segs[0]->nb_segs = segs_.nb;
        segs[0]->pkt_len = segs_.total;
        set_tx_fields(segs[0], fields_);
        return segs[0];
    }

    rte_mempool *pool_ = nullptr;
    FrameSegments segs_{};
    TxFields fields_{};
    uint16_t capacity_ = 0;
    std::vector<uint8_t> frame_;
    std::vector<rte_mbuf *> scratch_;
};

// A generator engine's stream state, State{} with its member gen built for
// the stream: nullptr, after saying why on stderr, when it cannot be (the
// stream then refuses to start).
template <class State>
State *new_generator_state(const pmdfwd_stream &s, const char *engine,
                           const UdpEndpoints &ends = {}) {
    auto *st = new (std::nothrow) State{};
    const std::string why = st ? st->gen.init(s, ends) : "no memory for the stream state";
    if (why.empty()) return st;
    std::fprintf(stderr, "pmdfwd: %s: stream port %u queue %u: %s\n", engine, s.tx_port, s.tx_queue,
                 why.c_str());
    delete st;
    return nullptr;
}

} // namespace pmdfwd::engines
