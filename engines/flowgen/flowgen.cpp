// The flowgen forwarding engine: the generator side of a loopback run in one
// process, as testpmd's flowgen. Each burst frees (and counts) whatever came
// back and sends a new burst of the txonly frame whose destination IPv4
// address walks over a set of flows (198.18.0.2, .3, ...), so that a
// receiver's RSS spreads them over its queues. The number of flows is
// --flowgen-flows=N / `set flowgen flows N`.
#include "engine_registry.h"

#include "common/udp_generator.h"

#include <cerrno>
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
    rte_ipv4_hdr ip; // the frame's IPv4 header; each packet gets its own dst
    uint32_t nb_flows;
    uint32_t next_flow;
};

int stream_init(pmdfwd_stream *s) {
    auto *st = new (std::nothrow) FlowgenState{};
    std::string why = st ? st->gen.init(*s) : "no memory for the stream state";
    if (!why.empty()) {
        std::fprintf(stderr, "pmdfwd: flowgen: stream port %u queue %u: %s\n", s->tx_port,
                     s->tx_queue, why.c_str());
        delete st;
        return -1;
    }
    std::memcpy(&st->ip, st->gen.frame() + kIpOffset, sizeof(st->ip));
    st->nb_flows = g_flows;
    s->priv = st;
    return 0;
}

void stream_fini(pmdfwd_stream *s) {
    delete static_cast<FlowgenState *>(s->priv);
    s->priv = nullptr;
}

void set_flow(rte_mbuf *m, rte_ipv4_hdr ip, uint32_t flow) {
    ip.dst_addr = rte_cpu_to_be_32(kFrameDstIp + flow);
    ip.hdr_checksum = 0;
    ip.hdr_checksum = rte_ipv4_cksum(&ip);
    write_packet_bytes(m, kIpOffset, &ip, sizeof(ip));
}

uint16_t burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb_rx, uint16_t max) {
    auto *st = static_cast<FlowgenState *>(s->priv);
    rte_pktmbuf_free_bulk(pkts, nb_rx);
    s->engine_consumed += nb_rx;

    const uint16_t n = st->gen.generate(pkts, max);
    uint32_t flow = st->next_flow;
    for (uint16_t i = 0; i < n; i++) {
        set_flow(pkts[i], st->ip, flow);
        if (++flow == st->nb_flows) flow = 0;
    }
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

void describe(char *buf, size_t len) {
    const uint32_t last = kFrameDstIp + g_flows - 1;
    std::snprintf(buf, len,
                  "flowgen: %u flows, UDP %u -> %u, 198.18.0.1 -> 198.18.0.2 .. %u.%u.%u.%u",
                  g_flows, kFrameUdpPort, kFrameUdpPort, last >> 24, (last >> 16) & 0xff,
                  (last >> 8) & 0xff, last & 0xff);
}

const pmdfwd_engine engine = {
    .abi_version = PMDFWD_ENGINE_ABI_VERSION,
    .flags = 0,
    .name = "flowgen",
    .summary = "free received packets, generate UDP/IPv4 frames over --flowgen-flows flows",
    .port_begin = nullptr,
    .port_end = nullptr,
    .stream_init = stream_init,
    .stream_fini = stream_fini,
    .burst = burst,
    .set_param = set_param,
    .describe = describe,
};

} // namespace
} // namespace pmdfwd::engines

PMDFWD_REGISTER_ENGINE(pmdfwd::engines::engine);
