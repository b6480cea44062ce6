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
