// The txonly forwarding engine: a traffic source, for measuring how fast a
// port (or whatever sits behind it) takes packets when nothing has to be
// received first, as testpmd's txonly is used. Every burst sends fresh
// copies of one UDP/IPv4 frame built when the stream starts
// (common/udp_generator.h); the host never receives for it. testpmd's
// --tx-ip, --tx-udp and --txonly-multi-flow are its parameters ip, udp and
// multi-flow.
#include <pmdfwd/engine_register.h>

#include "common/ipv4_field.h"
#include "common/udp_generator.h"
#include "text/ipv4_text.h"

#include <rte_lcore.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <new>
#include <optional>
#include <string>
#include <string_view>

namespace pmdfwd::engines {
namespace {

// The engine's context (pmdfwd_engine.ctx_size): its parameters, changed
// only while forwarding is stopped; streams copy them at start.
struct Settings {
    UdpEndpoints ends;
    bool multi_flow;
};

Settings &settings(void *ctx) {
    return *static_cast<Settings *>(ctx);
}

void ctx_init(void *ctx) {
    new (ctx) Settings{};
}

// The source address variation of --txonly-multi-flow, per lcore as
// testpmd's RTE_PER_LCORE(_ip_var).
thread_local uint8_t t_ip_var = 0;

struct TxonlyState {
    UdpGenerator gen;
    Ipv4FieldWriter<offsetof(rte_ipv4_hdr, src_addr)> src;
    bool multi_flow;
    uint32_t dst_ip;
};

int stream_init(pmdfwd_stream *s) {
    const Settings &set = settings(s->engine_ctx);
    auto *st = new_generator_state<TxonlyState>(*s, "txonly", set.ends);
    if (st == nullptr) return -1;
    st->src.init(st->gen.frame());
    st->multi_flow = set.multi_flow;
    st->dst_ip = set.ends.dst_ip;
    s->priv = st;
    return 0;
}

void stream_fini(pmdfwd_stream *s) {
    delete static_cast<TxonlyState *>(s->priv);
    s->priv = nullptr;
}

// testpmd's multi-flow source: the destination address with the lcore's
// running byte in bits 8-15, plus the lcore id; the checksum follows.
void vary_source(rte_mbuf *m, const TxonlyState &st) {
    st.src.write(m, (st.dst_ip | (uint32_t{t_ip_var++} << 8)) + rte_lcore_id());
}

uint16_t burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t, uint16_t max) {
    auto *st = static_cast<TxonlyState *>(s->priv);
    const uint16_t n = st->multi_flow
                           ? st->gen.generate(pkts, max, [st](rte_mbuf *m) { vary_source(m, *st); })
                           : st->gen.generate(pkts, max);
    s->engine_generated += n;
    return n;
}

bool parse_port(std::string_view text, uint16_t *out) {
    const std::string s(text);
    char *end = nullptr;
    errno = 0;
    const unsigned long v = std::strtoul(s.c_str(), &end, 10);
    if (s.empty() || s[0] < '0' || s[0] > '9' || *end != '\0' || errno != 0 || v > UINT16_MAX)
        return false;
    *out = static_cast<uint16_t>(v);
    return true;
}

// "SRC,DST" (--tx-ip) into *ends; or why the text is not that pair.
std::string read_ip_pair(std::string_view text, UdpEndpoints *ends) {
    const size_t comma = text.find(',');
    if (comma == std::string_view::npos) return "it has no ',DST'";
    std::string why;
    const std::optional<uint32_t> src = ipv4_from_text(text.substr(0, comma), &why);
    if (!src) return "SRC: " + why;
    const std::optional<uint32_t> dst = ipv4_from_text(text.substr(comma + 1), &why);
    if (!dst) return "DST: " + why;
    ends->src_ip = *src;
    ends->dst_ip = *dst;
    return "";
}

int set_ip(void *ctx, const pmdfwd_param_value *v, char *err, size_t len) {
    UdpEndpoints e = settings(ctx).ends;
    const std::string why = read_ip_pair(v->text, &e);
    if (!why.empty()) {
        std::snprintf(err, len,
                      "txonly ip '%s' is not SRC,DST IPv4 addresses: %s (e.g. "
                      "198.18.0.1,198.18.0.2)",
                      v->text, why.c_str());
        return -1;
    }
    settings(ctx).ends = e;
    return 0;
}

// "SRC[,DST]" (--tx-udp, DST defaulting to SRC).
int set_udp(void *ctx, const pmdfwd_param_value *v, char *err, size_t len) {
    const std::string_view text = v->text;
    const size_t comma = text.find(',');
    const std::string_view a = text.substr(0, comma);
    const std::string_view b = comma == std::string_view::npos ? a : text.substr(comma + 1);
    UdpEndpoints e = settings(ctx).ends;
    if (!parse_port(a, &e.src_port) || !parse_port(b, &e.dst_port)) {
        std::snprintf(err, len, "txonly udp '%s' is not SRC[,DST] UDP ports of 0..65535", v->text);
        return -1;
    }
    settings(ctx).ends = e;
    return 0;
}

int set_multi_flow(void *ctx, const pmdfwd_param_value *v, char *, size_t) {
    settings(ctx).multi_flow = v->i != 0;
    return 0;
}

// ip and udp are pairs, checked here (set_ip, set_udp); the host checks
// multi-flow's on|off and writes the help from this table. The aliases are
// testpmd's option names.
constexpr pmdfwd_param params[] = {
    Param("ip", PMDFWD_PARAM_STRING,
          "IPv4 addresses (testpmd's --tx-ip; default 198.18.0.1,198.18.0.2)", set_ip)
        .metavar("SRC,DST")
        .alias("tx-ip"),
    Param("udp", PMDFWD_PARAM_STRING, "UDP ports (testpmd's --tx-udp; default 9,9)", set_udp)
        .metavar("SRC[,DST]")
        .alias("tx-udp"),
    Param("multi-flow", PMDFWD_PARAM_BOOL,
          "vary the source address per packet (--txonly-multi-flow)", set_multi_flow)
        .alias("txonly-multi-flow"),
};

void describe(void *ctx, char *buf, size_t len) {
    const UdpEndpoints &e = settings(ctx).ends;
    std::snprintf(buf, len, "txonly: %s:%u -> %s:%u, multi-flow %s", ipv4_to_text(e.src_ip).c_str(),
                  e.src_port, ipv4_to_text(e.dst_ip).c_str(), e.dst_port,
                  settings(ctx).multi_flow ? "on" : "off");
}

constexpr pmdfwd_engine make_engine() {
    pmdfwd_engine e =
        pmdfwd::engine_descriptor("txonly", "generate UDP/IPv4 frames (--txpkts), receive nothing",
                                  burst, PMDFWD_ENGINE_F_NO_RX);
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
