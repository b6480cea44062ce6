// The flowgen forwarding engine: the generator side of a loopback run in one
// process, as testpmd's flowgen. Each burst frees (and counts) whatever came
// back and sends a new burst of the txonly frame whose destination IPv4
// address walks over a set of flows (198.18.0.2, .3, ...), so that a
// receiver's RSS spreads them over its queues. The number of flows is
// --flowgen-flows=N / `set flowgen flows N`.
// Cost: ~1.1x txonly per packet (incremental checksum, written while the
// packet is hot; same measurement as txonly.cpp).
#include <pmdfwd/engine_register.h>

#include "common/udp_generator.h"

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <string_view>

namespace pmdfwd::engines {
namespace {

inline constexpr uint32_t kDefaultFlows = 1024; // testpmd's cfg_n_flows
// Keeps every destination inside 198.18.0.0/15, the benchmarking range.
inline constexpr uint32_t kMaxFlows = 65536;
static_assert(kFrameDstIp + kMaxFlows - 1 <= RTE_IPV4(198, 19, 255, 255));

// Changed only while forwarding is stopped (set_param); streams copy it at start.
uint32_t g_flows = kDefaultFlows;

struct FlowgenState {
    UdpGenerator gen;
    // One's-complement sum of the frame's IPv4 header without its checksum
    // and destination: a packet's checksum is then two additions away.
    uint32_t cksum_base;
    uint32_t nb_flows;
    uint32_t next_flow;
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

// Frees what came back, then sends a burst whose flows carry on where the
// last burst stopped; flows are written while each packet is still hot.
uint16_t burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb_rx, uint16_t max) {
    auto *st = static_cast<FlowgenState *>(s->priv);
    rte_pktmbuf_free_bulk(pkts, nb_rx);
    s->engine_consumed += nb_rx;

    uint32_t flow = st->next_flow;
    const uint16_t n = st->gen.generate(pkts, max, [st, &flow](rte_mbuf *m) {
        set_flow(m, st->cksum_base, flow);
        if (++flow == st->nb_flows) flow = 0;
    });
    st->next_flow = flow;
    s->engine_generated += n;
    return n;
}

int set_param(const char *key, const char *value, char *err, size_t len) {
    if (std::string_view(key) != "flows") {
        std::snprintf(err, len, "unknown flowgen parameter '%s' (allowed: flows)", key);
        return -1;
    }
    char *end = nullptr;
    errno = 0;
    const unsigned long n = std::strtoul(value, &end, 10);
    if (value[0] < '0' || value[0] > '9' || *end != '\0' || errno != 0 || n < 1 || n > kMaxFlows) {
        std::snprintf(err, len, "flowgen flows '%s' is not allowed (allowed: 1..%u)", value,
                      kMaxFlows);
        return -1;
    }
    g_flows = static_cast<uint32_t>(n);
    return 0;
}

void param_help(char *buf, size_t len) {
    std::snprintf(buf, len,
                  "flows=N  destination addresses to cycle through (N: 1..%u, default %u)\n",
                  kMaxFlows, kDefaultFlows);
}

void describe(char *buf, size_t len) {
    const uint32_t last = kFrameDstIp + g_flows - 1;
    std::snprintf(buf, len,
                  "flowgen: %u flows, UDP %u -> %u, 198.18.0.1 -> 198.18.0.2 .. %u.%u.%u.%u",
                  g_flows, kFrameUdpPort, kFrameUdpPort, last >> 24, (last >> 16) & 0xff,
                  (last >> 8) & 0xff, last & 0xff);
}

// GENERATOR: it generates whether or not anything came back.
constexpr pmdfwd_engine make_engine() {
    pmdfwd_engine e = pmdfwd::engine_descriptor(
        "flowgen", "free received packets, generate UDP/IPv4 frames over --flowgen-flows flows",
        burst, PMDFWD_ENGINE_F_GENERATOR);
    e.stream_init = stream_init;
    e.stream_fini = stream_fini;
    e.set_param = set_param;
    e.describe = describe;
    e.param_help = param_help;
    return e;
}

const pmdfwd_engine engine = make_engine();

} // namespace
} // namespace pmdfwd::engines

PMDFWD_REGISTER_ENGINE(pmdfwd::engines::engine);
