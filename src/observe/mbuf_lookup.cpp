#include "observe/mbuf_lookup.h"

#include <rte_mbuf.h>
#include <rte_mempool.h>

namespace pmdfwd {

namespace {

struct Search {
    uintptr_t addr;
    MbufPlace found;
};

// rte_pktmbuf_pool_create's pools: objects at least an mbuf, with the
// pktmbuf private area it fills in (other pools' objects are no mbufs).
bool is_mbuf_pool(const rte_mempool *mp) {
    return mp->elt_size >= sizeof(rte_mbuf) &&
           mp->private_data_size >= sizeof(rte_pktmbuf_pool_private);
}

void check_object(rte_mempool *mp, void *opaque, void *obj, unsigned) {
    auto *s = static_cast<Search *>(opaque);
    const auto start = reinterpret_cast<uintptr_t>(obj);
    if (s->addr >= start && s->addr - start < mp->elt_size) s->found = {mp->name, start};
}

void check_pool(rte_mempool *mp, void *opaque) {
    auto *s = static_cast<Search *>(opaque);
    if (s->found.pool.empty() && is_mbuf_pool(mp)) rte_mempool_obj_iter(mp, check_object, s);
}

} // namespace

MbufPlace find_mbuf(uintptr_t addr) {
    Search s{addr, {}};
    rte_mempool_walk(check_pool, &s);
    return s.found;
}

} // namespace pmdfwd
