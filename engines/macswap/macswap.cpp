// The macswap forwarding engine: swaps the MAC addresses of every packet and
// sets its TX fields, with the kernel chosen from those compiled in
// (macswap_kernel.h): the fastest usable one as measured here (calibrate.h),
// or the one forced by --macswap-kernel=NAME / `set macswap kernel NAME`;
// --macswap-fields=lean|exact / `set macswap fields ...` chooses whether
// l2_len/l3_len may be left as they came (tx_fields.h, writes_lengths()).
#include "macswap.h"

#include "calibrate.h"
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
bool g_lean = false;

struct StreamState {
    KernelFn fn;
    TxFields fields;
};

int stream_init(pmdfwd_stream *s) {
    const Kernel &k = g_forced ? *g_forced : KernelRegistry::instance().best(g_lean);
    TxFields fields = tx_fields_for(*s->tx);
    fields.lean = g_lean;
    auto *st = new (std::nothrow) StreamState{k.fn, fields};
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

int set_fields(std::string_view value, char *err, size_t len) {
    if (value != "exact" && value != "lean") {
        std::snprintf(err, len, "unknown macswap fields mode '%.*s' (allowed: exact, lean)",
                      static_cast<int>(value.size()), value.data());
        return -1;
    }
    g_lean = value == "lean";
    return 0;
}

int set_param(const char *key, const char *value, char *err, size_t len) {
    const std::string_view k = key;
    if (k == "fields") return set_fields(value, err, len);
    if (k != "kernel") {
        std::snprintf(err, len, "unknown macswap parameter '%s' (allowed: kernel, fields)", key);
        return -1;
    }
    KernelRegistry &reg = KernelRegistry::instance();
    if (std::string_view(value) == "auto") {
        // Measured again: what ran since may have changed the machine's state.
        g_forced = nullptr;
        reg.recalibrate();
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
    std::snprintf(buf, len,
                  "kernel=NAME  SIMD kernel; auto, the default, runs the fastest usable one as "
                  "measured at start (NAME: %s)\n"
                  "fields=MODE  exact, the default: every TX field as testpmd sets it; lean: "
                  "l2_len/l3_len left as they came when the port requests no TX flag\n",
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
    return g_forced ? *g_forced : KernelRegistry::instance().best(g_lean);
}

const char *running_kernel() {
    return g_running ? g_running->name : nullptr;
}

bool lean_fields() {
    return g_lean;
}

std::string describe_kernels() {
    const KernelRegistry &reg = KernelRegistry::instance();
    const Calibration &cal = reg.calibration(g_lean);
    std::string s = "macswap kernel: ";
    s += selected_kernel().name;
    s += g_forced ? " (forced)" : " (auto: fastest measured)";
    s += g_lean ? "\n  fields: lean (l2_len/l3_len left as they came when the port "
                  "requests no TX flag)"
                : "\n  fields: exact (every TX field as testpmd sets it)";
    // Usable kernels fastest first as measured, then the others with why not.
    s += "\n  kernels (best first):";
    for (const KernelTiming &t : cal.timings)
        s += std::string("\n    ") + t.kernel->name + "  usable";
    for (const Kernel &k : reg.all()) {
        std::string why;
        if (!reg.usable(k, &why)) s += std::string("\n    ") + k.name + "  not usable: " + why;
    }
    std::string block = describe(cal);
    for (size_t at = 0; (at = block.find('\n', at)) != std::string::npos; at += 3)
        block.replace(at, 1, "\n  ");
    s += "\n  " + block;
    return s;
}

} // namespace pmdfwd::macswap
