#include "engine_host/engine_context.h"

#include <numa.h>
#include <rte_lcore.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>

namespace pmdfwd {

namespace {

// Pages from libnuma: zeroed and page-aligned; without NUMA support, a
// cache-line-aligned block zeroed here.
void *allocate(size_t size) {
    if (numa_available() < 0) {
        const size_t rounded = (size + 63) / 64 * 64;
        void *p = std::aligned_alloc(64, rounded);
        if (p != nullptr) std::memset(p, 0, rounded);
        return p;
    }
    // Before EAL runs (a unit test, --help) there is no main lcore yet: the
    // thread's own node is the best guess.
    const int socket = rte_lcore_id() == LCORE_ID_ANY ? -1 : static_cast<int>(rte_socket_id());
    return socket >= 0 && socket <= numa_max_node() ? numa_alloc_onnode(size, socket)
                                                    : numa_alloc_local(size);
}

} // namespace

void *engine_context(const pmdfwd_engine &e) {
    if (e.ctx_size == 0) return nullptr;
    // Engines are never unregistered: a context is never freed.
    static std::map<const pmdfwd_engine *, void *> contexts;
    void *&ctx = contexts[&e];
    if (ctx == nullptr) {
        ctx = allocate(e.ctx_size);
        if (ctx == nullptr) {
            // An engine whose context cannot exist cannot run at all.
            std::fprintf(stderr, "pmdfwd: no memory for engine %s's context (%zu bytes)\n", e.name,
                         e.ctx_size);
            std::abort();
        }
        if (e.ctx_init != nullptr) e.ctx_init(ctx);
    }
    return ctx;
}

} // namespace pmdfwd
