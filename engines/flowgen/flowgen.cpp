// The flowgen forwarding engine: the generator side of a loopback run in one
// process, as testpmd's flowgen. Each burst frees (and counts) whatever came
// back and sends a new burst of the txonly frame whose destination IPv4
// address walks over a set of flows (198.18.0.2, .3, ...), so that a
// receiver's RSS spreads them over its queues. The number of flows is
// --flowgen-flows=N / `set flowgen flows N`.
// The destination address and the IPv4 checksum are updated incrementally,
// right after the frame is copied, while the packet's lines are still hot.
#include <pmdfwd/engine_register.h>

#include "common/udp_generator.h"
#include "text/ipv4_text.h"

#include <rte_ethdev.h>

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <iterator>
#include <new>

namespace pmdfwd::engines {
namespace {

inline constexpr uint32_t kDefaultFlows = 1024; // testpmd's cfg_n_flows
// Keeps every destination inside 198.18.0.0/15, the benchmarking range.
inline constexpr uint32_t kMaxFlows = 65536;
// A burst is at most 512 packets (testpmd's MAX_PKT_BURST): one and its
// clones fill it.
inline constexpr uint32_t kMaxClones = 511;
static_assert(kFrameDstIp + kMaxFlows - 1 <= RTE_IPV4(198, 19, 255, 255));

// Changed only while forwarding is stopped (the parameters' set); streams copy
// them at start.
uint32_t g_flows = kDefaultFlows;
uint32_t g_clones = 0;

struct FlowgenState {
    UdpGenerator gen;
    // One's-complement sum of the frame's IPv4 header without its checksum
    // and destination: a packet's checksum is then two additions away.
    uint32_t cksum_base;
    uint32_t nb_flows;
    uint32_t next_flow;
    uint32_t clones;
};

inline constexpr uint32_t kCksumOffset = kIpOffset + offsetof(rte_ipv4_hdr, hdr_checksum);
inline constexpr uint32_t kDstOffset = kIpOffset + offsetof(rte_ipv4_hdr, dst_addr);
inline constexpr uint32_t kDstEnd = kDstOffset + sizeof(rte_be32_t);

int stream_init(pmdfwd_stream *s) {
    auto *st = new (std::nothrow) FlowgenState{};
    std::string why = st ? st->gen.init(*s) : "no memory for the stream state";
    if (!why.empty()) {
        std::fprintf(stderr, "pmdfwd: flowgen: stream port %u queue %u: %s\n", s->tx_port,
                     s->tx_queue, why.c_str());
        delete st;
        return -1;
    }
    rte_ipv4_hdr ip;
    std::memcpy(&ip, st->gen.frame() + kIpOffset, sizeof(ip));
    ip.hdr_checksum = 0;
    ip.dst_addr = 0;
    st->cksum_base = rte_raw_cksum(&ip, sizeof(ip));
    st->nb_flows = g_flows;
    st->clones = g_clones;
    // Fast release lets the NIC free mbufs without reading their
    // reference count, which clones need.
    if (st->clones && (s->tx->tx_offloads & RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE)) {
        std::fprintf(stderr,
                     "pmdfwd: flowgen: port %u has mbuf_fast_free, which frees clones "
                     "(--flowgen-clones) too early; start it with --tx-offloads=0x0\n",
                     s->tx_port);
        delete st;
        return -1;
    }
    s->priv = st;
    return 0;
}

void stream_fini(pmdfwd_stream *s) {
    delete static_cast<FlowgenState *>(s->priv);
    s->priv = nullptr;
}

// Writes the flow's destination and the header checksum that goes with it.
// The two 16-bit halves of the big-endian address are the header words
// rte_raw_cksum would have added, on either host byte order.
void set_flow(rte_mbuf *m, uint32_t cksum_base, uint32_t flow) {
    const rte_be32_t dst = rte_cpu_to_be_32(kFrameDstIp + flow);
    uint32_t sum = cksum_base + (dst & 0xffff) + (dst >> 16);
    sum = (sum & 0xffff) + (sum >> 16);
    sum = (sum & 0xffff) + (sum >> 16);
    const uint16_t cksum = static_cast<uint16_t>(~sum);
    if (likely(m->data_len >= kDstEnd)) {
        std::memcpy(rte_pktmbuf_mtod_offset(m, uint8_t *, kCksumOffset), &cksum, sizeof(cksum));
        std::memcpy(rte_pktmbuf_mtod_offset(m, uint8_t *, kDstOffset), &dst, sizeof(dst));
    } else { // --txpkts cut the header
        write_packet_bytes(m, kCksumOffset, &cksum, sizeof(cksum));
        write_packet_bytes(m, kDstOffset, &dst, sizeof(dst));
    }
}

// Spreads made packets over n = min(made * copies, max) entries, each
// packet copies times in a row (the last one fewer if max cuts it), its
// reference count raised for every extra entry. Backwards, so that no
// packet is overwritten before it is copied.
uint16_t spread_clones(rte_mbuf **pkts, uint16_t made, uint32_t copies, uint16_t max) {
    const uint32_t n = std::min<uint32_t>(made * copies, max);
    for (uint32_t k = made; k-- > 0;) {
        rte_mbuf *m = pkts[k];
        const uint32_t first = k * copies, last = std::min(first + copies, n);
        for (uint32_t i = first; i < last; i++)
            pkts[i] = m;
        rte_mbuf_refcnt_update(m, static_cast<int16_t>(last - first - 1));
    }
    return static_cast<uint16_t>(n);
}

// Frees what came back, then sends a burst whose flows carry on where the
// last burst stopped; flows are written while each packet is still hot.
uint16_t burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb_rx, uint16_t max) {
    auto *st = static_cast<FlowgenState *>(s->priv);
    rte_pktmbuf_free_bulk(pkts, nb_rx);
    s->engine_consumed += nb_rx;

    // testpmd's flows advance once per packet sent, a clone included: the
    // packets of a burst carry flows f, f+c+1, f+2(c+1), ...
    const uint32_t copies = std::min<uint32_t>(st->clones, max ? max - 1u : 0u) + 1;
    const uint16_t unique = static_cast<uint16_t>((max + copies - 1) / copies);
    uint32_t flow = st->next_flow;
    const uint16_t made = st->gen.generate(pkts, unique, [st, &flow, copies](rte_mbuf *m) {
        set_flow(m, st->cksum_base, flow);
        flow = (flow + copies) % st->nb_flows;
    });
    const uint16_t n = copies == 1 ? made : spread_clones(pkts, made, copies, max);
    st->next_flow = (st->next_flow + n) % st->nb_flows;
    s->engine_generated += n;
    return n;
}

int set_flows(void *, const pmdfwd_param_value *v, char *, size_t) {
    g_flows = static_cast<uint32_t>(v->i);
    return 0;
}

int set_clones(void *, const pmdfwd_param_value *v, char *, size_t) {
    g_clones = static_cast<uint32_t>(v->i);
    return 0;
}

// The host checks the ranges and writes the help from this table; the
// aliases are testpmd's option names.
constexpr pmdfwd_param params[] = {
    Param("flows", PMDFWD_PARAM_INT, "destination addresses to cycle through", set_flows)
        .metavar("N")
        .range(1, kMaxFlows)
        .default_value("1024") // kDefaultFlows
        .alias("flowgen-flows"),
    Param("clones", PMDFWD_PARAM_INT, "send each packet N more times", set_clones)
        .metavar("N")
        .range(0, kMaxClones)
        .default_value("0")
        .alias("flowgen-clones"),
};

void describe(void *, char *buf, size_t len) {
    std::snprintf(buf, len, "flowgen: %u flows, UDP %u -> %u, %s -> %s .. %s, %u clones", g_flows,
                  kFrameUdpPort, kFrameUdpPort, ipv4_to_text(kFrameSrcIp).c_str(),
                  ipv4_to_text(kFrameDstIp).c_str(),
                  ipv4_to_text(kFrameDstIp + g_flows - 1).c_str(), g_clones);
}

// GENERATOR: it generates whether or not anything came back.
constexpr pmdfwd_engine make_engine() {
    pmdfwd_engine e = pmdfwd::engine_descriptor(
        "flowgen", "free received packets, generate UDP/IPv4 frames over --flowgen-flows flows",
        burst, PMDFWD_ENGINE_F_GENERATOR);
    e.stream_init = stream_init;
    e.stream_fini = stream_fini;
    e.describe = describe;
    e.params = params;
    e.nb_params = std::size(params);
    return e;
}

const pmdfwd_engine engine = make_engine();

} // namespace
} // namespace pmdfwd::engines

PMDFWD_REGISTER_ENGINE(pmdfwd::engines::engine);
