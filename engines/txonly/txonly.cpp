// The txonly forwarding engine: a traffic source, for measuring how fast a
// port (or whatever sits behind it) takes packets when nothing has to be
// received first, as testpmd's txonly is used. Every burst sends fresh
// copies of one UDP/IPv4 frame built when the stream starts
// (common/udp_generator.h); the host never receives for it.
// Cost: ~115 cycles per 64 B packet, allocation and the host's free
// included (rdtsc loop through the registry, median of 5 runs on one shared
// Sapphire Rapids core; io measured 13 in the same runs).
#include <pmdfwd/engine_register.h>

#include "common/udp_generator.h"

#include <cstdio>
#include <new>

namespace pmdfwd::engines {
namespace {

int stream_init(pmdfwd_stream *s) {
    auto *gen = new (std::nothrow) UdpGenerator;
    std::string why = gen ? gen->init(*s) : "no memory for the stream state";
    if (!why.empty()) {
        std::fprintf(stderr, "pmdfwd: txonly: stream port %u queue %u: %s\n", s->tx_port,
                     s->tx_queue, why.c_str());
        delete gen;
        return -1;
    }
    s->priv = gen;
    return 0;
}

void stream_fini(pmdfwd_stream *s) {
    delete static_cast<UdpGenerator *>(s->priv);
    s->priv = nullptr;
}

uint16_t burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t, uint16_t max) {
    const uint16_t n = static_cast<UdpGenerator *>(s->priv)->generate(pkts, max);
    s->engine_generated += n;
    return n;
}

constexpr pmdfwd_engine make_engine() {
    pmdfwd_engine e =
        pmdfwd::engine_descriptor("txonly", "generate UDP/IPv4 frames (--txpkts), receive nothing",
                                  burst, PMDFWD_ENGINE_F_NO_RX);
    e.stream_init = stream_init;
    e.stream_fini = stream_fini;
    return e;
}

const pmdfwd_engine engine = make_engine();

} // namespace
} // namespace pmdfwd::engines

PMDFWD_REGISTER_ENGINE(pmdfwd::engines::engine);
