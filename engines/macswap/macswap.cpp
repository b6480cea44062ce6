// The macswap forwarding engine: swaps the MAC addresses of every packet and
// sets its TX fields, with the kernel chosen from those compiled in
// (macswap_kernel.h): the best one this CPU runs, or the one forced by
// --macswap-kernel=NAME / `set macswap kernel NAME`.
#include "macswap.h"

#include "macswap_fields.h"

#include <pmdfwd/engine_register.h>

#include <cstdio>
#include <new>

namespace pmdfwd::macswap {
namespace {

// Forwarding is stopped whenever these change (set_param is only called
// then), so the lcores never see them move.
const Kernel *g_forced = nullptr;
const Kernel *g_running = nullptr;

struct StreamState {
    KernelFn fn;
    TxFields fields;
};

int stream_init(pmdfwd_stream *s) {
    const Kernel &k = g_forced ? *g_forced : KernelRegistry::instance().best();
    auto *st = new (std::nothrow) StreamState{k.fn, tx_fields_for(*s->tx)};
    if (st == nullptr) return -1;
    s->priv = st;
    g_running = &k;
    return 0;
}

void stream_fini(pmdfwd_stream *s) {
    delete static_cast<StreamState *>(s->priv);
    s->priv = nullptr;
}

uint16_t burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb, uint16_t) {
    const auto *st = static_cast<const StreamState *>(s->priv);
    s->engine_untouched += st->fn(pkts, nb, st->fields);
    return nb;
}

int set_param(const char *key, const char *value, char *err, size_t len) {
    const std::string_view k = key;
    if (k != "kernel") {
        std::snprintf(err, len, "unknown macswap parameter '%s' (allowed: kernel)", key);
        return -1;
    }
    KernelRegistry &reg = KernelRegistry::instance();
    if (std::string_view(value) == "auto") {
        g_forced = nullptr;
        return 0;
    }
    const Kernel *kern = reg.find(value);
    if (kern == nullptr) {
        std::snprintf(err, len, "unknown macswap kernel '%s' (compiled: auto, %s)", value,
                      reg.names().c_str());
        return -1;
    }
    std::string why;
    if (!reg.usable(*kern, &why)) {
        std::snprintf(err, len, "macswap kernel '%s' cannot run here: %s", value, why.c_str());
        return -1;
    }
    g_forced = kern;
    return 0;
}

void describe(char *buf, size_t len) {
    std::string s = describe_kernels();
    std::snprintf(buf, len, "%s", s.c_str());
}

void param_help(char *buf, size_t len) {
    std::string names = "auto";
    for (const Kernel &k : KernelRegistry::instance().all())
        names += std::string("|") + k.name;
    std::snprintf(buf, len, "kernel=NAME  SIMD kernel, best usable by default (NAME: %s)\n",
                  names.c_str());
}

constexpr pmdfwd_engine make_engine() {
    pmdfwd_engine e = pmdfwd::engine_descriptor(
        "macswap", "swap destination and source MAC, set TX offload fields (SIMD kernels)", burst);
    e.stream_init = stream_init;
    e.stream_fini = stream_fini;
    e.set_param = set_param;
    e.describe = describe;
    e.param_help = param_help;
    return e;
}

const pmdfwd_engine engine = make_engine();

} // namespace

PMDFWD_REGISTER_ENGINE(engine);

const Kernel &selected_kernel() {
    return g_forced ? *g_forced : KernelRegistry::instance().best();
}

const char *running_kernel() {
    return g_running ? g_running->name : nullptr;
}

std::string describe_kernels() {
    const KernelRegistry &reg = KernelRegistry::instance();
    const Kernel &sel = selected_kernel();
    std::string s = "macswap kernel: ";
    s += sel.name;
    s += g_forced ? " (forced)" : " (auto: best usable)";
    s += "\n  kernels (best first):";
    for (const Kernel &k : reg.all()) {
        std::string why;
        s += "\n    ";
        s += k.name;
        s += reg.usable(k, &why) ? "  usable" : "  not usable: " + why;
    }
    return s;
}

} // namespace pmdfwd::macswap
