// The flowgen forwarding engine: the generator side of a loopback run in one
// process, as testpmd's flowgen. Each burst frees (and counts) whatever came
// back and sends a new burst of the txonly frame whose destination IPv4
// address walks over a set of flows (198.18.0.2, .3, ...), so that a
// receiver's RSS spreads them over its queues. The number of flows is
// --flowgen-flows=N / `set flowgen flows N`.
// The destination address and the IPv4 checksum are updated incrementally,
// right after the frame is copied, while the packet's lines are still hot.
#include <pmdfwd/engine_register.h>

#include "common/ipv4_field.h"
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

// The engine's context (pmdfwd_engine.ctx_size): its parameters, changed
// only while forwarding is stopped; streams copy them at start.
struct Settings {
    uint32_t flows = kDefaultFlows;
    uint32_t clones = 0;
};

Settings &settings(void *ctx) {
    return *static_cast<Settings *>(ctx);
}

void ctx_init(void *ctx) {
    new (ctx) Settings{};
}

struct FlowgenState {
    UdpGenerator gen;
    Ipv4FieldWriter<offsetof(rte_ipv4_hdr, dst_addr)> dst;
    uint32_t nb_flows;
    uint32_t next_flow;
    uint32_t clones;
};

int stream_init(pmdfwd_stream *s) {
    auto *st = new_generator_state<FlowgenState>(*s, "flowgen");
    if (st == nullptr) return -1;
    st->dst.init(st->gen.frame());
    const Settings &set = settings(s->engine_ctx);
    st->nb_flows = set.flows;
    st->clones = set.clones;
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
        st->dst.write(m, kFrameDstIp + flow);
        flow = (flow + copies) % st->nb_flows;
    });
    const uint16_t n = copies == 1 ? made : spread_clones(pkts, made, copies, max);
    st->next_flow = (st->next_flow + n) % st->nb_flows;
    s->engine_generated += n;
    return n;
}

int set_flows(void *ctx, const pmdfwd_param_value *v, char *, size_t) {
    settings(ctx).flows = static_cast<uint32_t>(v->i);
    return 0;
}

int set_clones(void *ctx, const pmdfwd_param_value *v, char *, size_t) {
    settings(ctx).clones = static_cast<uint32_t>(v->i);
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

void describe(void *ctx, char *buf, size_t len) {
    const Settings &set = settings(ctx);
    std::snprintf(buf, len, "flowgen: %u flows, UDP %u -> %u, %s -> %s .. %s, %u clones", set.flows,
                  kFrameUdpPort, kFrameUdpPort, ipv4_to_text(kFrameSrcIp).c_str(),
                  ipv4_to_text(kFrameDstIp).c_str(),
                  ipv4_to_text(kFrameDstIp + set.flows - 1).c_str(), set.clones);
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
    e.ctx_size = sizeof(Settings);
    e.ctx_init = ctx_init;
    return e;
}

const pmdfwd_engine engine = make_engine();

} // namespace
} // namespace pmdfwd::engines

PMDFWD_REGISTER_ENGINE(pmdfwd::engines::engine);
