// For engines built into pmdfwd (engines/<name>/): the descriptor helper and
// the registration macro, on the engine's side of the contract. C++ only,
// needs nothing but engine.h, and is not installed: a plugin exports
// pmdfwd_plugin_engines instead (engine.h).
//
//     const pmdfwd_engine my_engine = pmdfwd::engine_descriptor("name", "summary", my_burst);
//     PMDFWD_REGISTER_ENGINE(my_engine);
#pragma once

#ifndef __cplusplus
#error "pmdfwd/engine_register.h is for C++ engines built into pmdfwd"
#endif

#include <pmdfwd/engine.h>

// Defined by the host (src/engine_host/engine_registry.cpp): registers a built-in
// engine, or prints why it cannot and aborts (a built-in that the host
// refuses is a build mistake, found at the first start).
extern "C" void pmdfwd_register_builtin_engine(const struct pmdfwd_engine *engine);

namespace pmdfwd {

// A descriptor with the current ABI version and no optional hook; an engine
// sets the hooks it has on the returned copy.
constexpr pmdfwd_engine engine_descriptor(const char *name, const char *summary,
                                          pmdfwd_burst_fn burst, uint32_t flags = 0) {
    pmdfwd_engine e{};
    e.abi_version = PMDFWD_ENGINE_ABI_VERSION;
    e.flags = flags;
    e.name = name;
    e.summary = summary;
    e.burst = burst;
    return e;
}

// One row of an engine's parameter table (pmdfwd_param), built by name:
//
//     constexpr pmdfwd_param params[] = {
//         pmdfwd::Param("flows", PMDFWD_PARAM_INT, "flows to cycle through", set_flows)
//             .metavar("N").range(1, 65536).default_value("1024"),
//     };
//
// (C++20's designated initializers would have to name, in order, every
// member before the last one given, which GCC's -Wmissing-field-initializers
// holds a row to; a row skips the members of the other kinds.)
class Param {
  public:
    using SetFn = int (*)(void *ctx, const pmdfwd_param_value *value, char *err, size_t err_len);

    constexpr Param(const char *key, pmdfwd_param_kind kind, const char *help, SetFn set) : row_{} {
        row_.key = key;
        row_.kind = kind;
        row_.help = help;
        row_.set = set;
    }
    constexpr Param metavar(const char *name) const {
        Param p = *this;
        p.row_.metavar = name;
        return p;
    }
    constexpr Param default_value(const char *text) const {
        Param p = *this;
        p.row_.default_value = text;
        return p;
    }
    constexpr Param range(int64_t min, int64_t max) const {
        Param p = *this;
        p.row_.min = min;
        p.row_.max = max;
        return p;
    }
    // what: the value's name in "unknown <engine> <what> 'x'" (default: the key).
    constexpr Param choices(const char *const *names, const char *what = nullptr) const {
        Param p = *this;
        p.row_.choices = names;
        p.row_.what = what;
        return p;
    }
    // Another option name for the parameter (testpmd's spelling).
    constexpr Param alias(const char *name) const {
        Param p = *this;
        p.row_.alias = name;
        return p;
    }
    constexpr operator pmdfwd_param() const { return row_; }

  private:
    pmdfwd_param row_;
};

// Registers its descriptor during static initialisation. The descriptor
// must outlive the process (a namespace-scope object).
struct EngineRegistrar {
    explicit EngineRegistrar(const pmdfwd_engine &engine) {
        pmdfwd_register_builtin_engine(&engine);
    }
};

} // namespace pmdfwd

#define PMDFWD_CONCAT_(a, b) a##b
#define PMDFWD_CONCAT(a, b) PMDFWD_CONCAT_(a, b)
// Registers a built-in engine at static-initialisation time. The engine's
// library is linked whole (engines/meson.build), so the registrar is kept
// although nothing refers to it.
#define PMDFWD_REGISTER_ENGINE(descriptor)                                                         \
    static const ::pmdfwd::EngineRegistrar PMDFWD_CONCAT(pmdfwd_engine_registrar_, __LINE__) {     \
        descriptor                                                                                 \
    }
