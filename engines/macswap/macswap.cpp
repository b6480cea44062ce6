// The macswap forwarding engine: swaps the MAC addresses of every packet and
// sets its TX fields, with the kernel chosen from those compiled in
// (macswap_kernel.h): the fastest usable one as measured here (calibration.h),
// or the one forced by --macswap-kernel=NAME / `set macswap kernel NAME`;
// --macswap-fields=lean|exact / `set macswap fields ...` chooses whether
// l2_len/l3_len may be left as they came (tx_fields.h, writes_lengths()).
#include "macswap.h"

#include "calibration.h"
#include "macswap_fields.h"

#include <pmdfwd/engine_register.h>

#include <cstdio>
#include <iterator>
#include <new>

namespace pmdfwd::macswap {
namespace {

// The engine's context (Settings, macswap.h) changes only while forwarding
// is stopped (a parameter's set is only called then), and streams copy what
// they need at stream_init, so the lcores never see it move.
Settings &settings(void *ctx) {
    return *static_cast<Settings *>(ctx);
}

struct StreamState {
    KernelFn fn;
    TxFields fields;
};

int stream_init(pmdfwd_stream *s) {
    Settings &set = settings(s->engine_ctx);
    const Kernel &k = selected_kernel(set);
    TxFields fields = tx_fields_for(*s->tx);
    fields.lean = set.lean;
    auto *st = new (std::nothrow) StreamState{k.fn, fields};
    if (st == nullptr) return -1;
    s->priv = st;
    set.running = &k;
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

int set_fields(void *ctx, const pmdfwd_param_value *v, char *, size_t) {
    settings(ctx).lean = std::string_view(v->text) == "lean";
    return 0;
}

// "auto", then every kernel meson compiled, in its order of preference.
#define PMDFWD_MACSWAP_KERNEL_NAME(name, ...) name,
constexpr const char *kernel_choices[] = {
    "auto", PMDFWD_MACSWAP_KERNELS(PMDFWD_MACSWAP_KERNEL_NAME) nullptr};
#undef PMDFWD_MACSWAP_KERNEL_NAME
constexpr const char *field_choices[] = {"exact", "lean", nullptr};

// The host has checked that the name is one of kernel_choices; whether this
// CPU and EAL's SIMD cap let it run is known only here.
int set_kernel(void *ctx, const pmdfwd_param_value *v, char *err, size_t len) {
    KernelRegistry &reg = KernelRegistry::instance();
    if (v->i == 0) {
        // Measured again: what ran since may have changed the machine's state.
        settings(ctx).forced = nullptr;
        reg.recalibrate();
        return 0;
    }
    const Kernel *kern = reg.find(v->text);
    std::string why = "it is not in the kernel table";
    if (kern == nullptr || !reg.usable(*kern, &why)) {
        std::snprintf(err, len, "macswap kernel '%s' cannot run here: %s", v->text, why.c_str());
        return -1;
    }
    settings(ctx).forced = kern;
    return 0;
}

constexpr pmdfwd_param params[] = {
    Param("kernel", PMDFWD_PARAM_CHOICE,
          "SIMD kernel; auto, the default, runs the fastest usable one as measured at start",
          set_kernel)
        .metavar("NAME")
        .choices(kernel_choices),
    Param("fields", PMDFWD_PARAM_CHOICE,
          "exact, the default: every TX field as testpmd sets it; lean: l2_len/l3_len left as "
          "they came when the port requests no TX flag",
          set_fields)
        .metavar("MODE")
        .choices(field_choices, "fields mode"),
};

void describe(void *ctx, char *buf, size_t len) {
    std::string s = describe_kernels(settings(ctx));
    std::snprintf(buf, len, "%s", s.c_str());
}

// `macswap calibrate`: the machine at start (other jobs, frequency, a busy
// sibling thread) may not be the machine now. Measures the kernels again,
// without touching a forced kernel, so that auto's next start follows the
// new figures and the user sees them.
int calibrate_command(const pmdfwd_command_ctx *ctx, uint32_t, const char *const *) {
    KernelRegistry &reg = KernelRegistry::instance();
    reg.recalibrate();
    const Settings &set = settings(ctx->engine_ctx);
    std::string s = describe(reg.calibration(set.lean));
    if (set.forced)
        s += std::string("\n") + set.forced->name +
             " stays forced (set macswap kernel auto: run what auto picks)";
    ctx->write(ctx->sink, s.c_str());
    return 0;
}

// Stopped: the measurement shares the machine with the forwarding lcores.
constexpr pmdfwd_command commands[] = {
    {.syntax = "macswap calibrate",
     .help = "time the kernels again now and show the figures; auto's next start follows them",
     .run = calibrate_command,
     .flags = PMDFWD_COMMAND_F_STOPPED},
};

constexpr pmdfwd_engine make_engine() {
    pmdfwd_engine e = pmdfwd::engine_descriptor(
        "macswap", "swap destination and source MAC, set TX offload fields (SIMD kernels)", burst);
    e.stream_init = stream_init;
    e.stream_fini = stream_fini;
    e.describe = describe;
    e.params = params;
    e.nb_params = std::size(params);
    e.commands = commands;
    e.nb_commands = std::size(commands);
    e.ctx_size = sizeof(Settings);
    return e;
}

const pmdfwd_engine descriptor = make_engine();

} // namespace

PMDFWD_REGISTER_ENGINE(descriptor);

const pmdfwd_engine &engine() {
    return descriptor;
}

const Kernel &selected_kernel(const Settings &s) {
    return s.forced ? *s.forced : KernelRegistry::instance().best(s.lean);
}

const char *running_kernel(const Settings &s) {
    return s.running ? s.running->name : nullptr;
}

std::string describe_kernels(const Settings &set) {
    const KernelRegistry &reg = KernelRegistry::instance();
    const Calibration &cal = reg.calibration(set.lean);
    std::string s = "macswap kernel: ";
    s += selected_kernel(set).name;
    s += set.forced ? " (forced)" : " (auto: fastest measured)";
    s += set.lean ? "\n  fields: lean (l2_len/l3_len left as they came when the port "
                    "requests no TX flag)"
                  : "\n  fields: exact (every TX field as testpmd sets it)";
    // Usable kernels fastest first as measured, then the others with why not.
    s += "\n  kernels (best first):";
    for (const KernelTiming &t : cal.timings)
        s += std::string("\n    ") + t.candidate->name + "  usable";
    for (const Kernel &k : reg.all()) {
        std::string why;
        if (!reg.usable(k, &why)) s += std::string("\n    ") + k.name + "  not usable: " + why;
    }
    s += "\n  " + describe(cal, "  ");
    return s;
}

} // namespace pmdfwd::macswap
