#include "ports/mbuf_pool_alloc.h"

#include "ports/extmem_heap.h"

#include <rte_dev.h>
#include <rte_errno.h>
#include <rte_ethdev.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>
#include <rte_mbuf_pool_ops.h>
#include <rte_memzone.h>

#include <unistd.h>

#include <cstdio>
#include <vector>

namespace pmdfwd {

namespace {

// testpmd's EXTBUF_ZONE_SIZE: a 2M page less the memzone's own header.
constexpr size_t kExtbufZoneSize = RTE_PGSIZE_2M - 4 * RTE_CACHE_LINE_SIZE;

void say_ops(const MbufPoolSpec &s) {
    std::printf("%s: preferred mempool ops selected: %s\n", s.log_tag.c_str(),
                rte_mbuf_best_mempool_ops());
}

rte_mempool *native_pool(const MbufPoolSpec &s) {
    say_ops(s);
    return rte_pktmbuf_pool_create(s.name.c_str(), s.count, s.cache, 0, s.data_room, s.socket);
}

// testpmd's dma_map_cb: anonymous memory is unknown to EAL, so it is
// registered as external memory and mapped for every port's device (for
// VFIO); testpmd logs what fails and goes on.
void dma_map(rte_mempool *, void *log_tag, rte_mempool_memhdr *m, unsigned) {
    const char *tag = static_cast<const std::string *>(log_tag)->c_str();
    if (rte_extmem_register(m->addr, m->len, nullptr, 0, sysconf(_SC_PAGESIZE)) != 0) {
        std::printf("%s: unable to register addr 0x%p\n", tag, m->addr);
        return;
    }
    uint16_t port;
    RTE_ETH_FOREACH_DEV(port) {
        rte_eth_dev_info info{};
        if (rte_eth_dev_info_get(port, &info) != 0) continue;
        if (rte_dev_dma_map(info.device, m->addr, 0, m->len) != 0)
            std::printf("%s: unable to DMA map addr 0x%p for device %s\n", tag, m->addr,
                        rte_dev_name(info.device));
    }
}

// testpmd's dma_unmap_cb, when the pool goes.
void dma_unmap(rte_mempool *, void *, rte_mempool_memhdr *m, unsigned) {
    uint16_t port;
    RTE_ETH_FOREACH_DEV(port) {
        rte_eth_dev_info info{};
        if (rte_eth_dev_info_get(port, &info) == 0)
            rte_dev_dma_unmap(info.device, m->addr, 0, m->len);
    }
    rte_extmem_unregister(m->addr, m->len);
}

// An empty pool filled with anonymous pages, its mbufs initialised as
// rte_pktmbuf_pool_create's.
rte_mempool *anon_pool(const MbufPoolSpec &s) {
    rte_mempool *mp =
        rte_mempool_create_empty(s.name.c_str(), s.count, sizeof(rte_mbuf) + s.data_room, s.cache,
                                 sizeof(rte_pktmbuf_pool_private), s.socket,
                                 s.no_iova_contig ? RTE_MEMPOOL_F_NO_IOVA_CONTIG : 0);
    if (mp == nullptr) return nullptr;
    if (rte_mempool_populate_anon(mp) == 0) {
        rte_mempool_free(mp);
        return nullptr;
    }
    rte_pktmbuf_pool_init(mp, nullptr);
    rte_mempool_obj_iter(mp, rte_pktmbuf_init, nullptr);
    rte_mempool_mem_iter(mp, dma_map, const_cast<std::string *>(&s.log_tag));
    return mp;
}

// A pool in the external heap, which grows by the pool's size first.
Result<rte_mempool *> xmem_pool(const MbufPoolSpec &s, bool huge) {
    if (!add_extmem(s.count, s.data_room, huge, s.log_tag))
        return Error("Could not create external memory");
    const int socket = rte_malloc_heap_get_socket(kExtmemHeap);
    if (socket < 0) return Error("Could not get external memory socket ID");
    say_ops(s);
    return rte_pktmbuf_pool_create(s.name.c_str(), s.count, s.cache, 0, s.data_room, socket);
}

// testpmd's setup_extbuf: IOVA-contiguous memzones (one a 2M page) cut
// into data buffers; none at all if a zone cannot be had.
std::vector<rte_pktmbuf_extmem> extbuf_zones(const MbufPoolSpec &s) {
    const auto elt_size = static_cast<uint16_t>(RTE_ALIGN_CEIL(s.data_room, RTE_CACHE_LINE_SIZE));
    const size_t per_zone = kExtbufZoneSize / elt_size;
    std::vector<rte_pktmbuf_extmem> zones((s.count + per_zone - 1) / per_zone);
    for (size_t i = 0; i < zones.size(); i++) {
        char name[RTE_MEMZONE_NAMESIZE];
        const int n =
            std::snprintf(name, sizeof(name), RTE_MEMPOOL_MZ_FORMAT "_xb_%zu", s.name.c_str(), i);
        const rte_memzone *mz =
            n < 0 || n >= static_cast<int>(sizeof(name))
                ? nullptr
                : rte_memzone_reserve(name, kExtbufZoneSize, s.socket,
                                      RTE_MEMZONE_IOVA_CONTIG | RTE_MEMZONE_1GB |
                                          RTE_MEMZONE_SIZE_HINT_ONLY);
        if (mz == nullptr) return {};
        zones[i] = {.buf_ptr = mz->addr,
                    .buf_iova = mz->iova,
                    .buf_len = kExtbufZoneSize,
                    .elt_size = elt_size};
    }
    return zones;
}

Result<rte_mempool *> xbuf_pool(const MbufPoolSpec &s) {
    std::vector<rte_pktmbuf_extmem> zones = extbuf_zones(s);
    if (zones.empty()) return Error("Can't create pinned data buffers");
    say_ops(s);
    return rte_pktmbuf_pool_create_extbuf(s.name.c_str(), s.count, s.cache, 0, s.data_room,
                                          s.socket, zones.data(),
                                          static_cast<unsigned>(zones.size()));
}

Result<rte_mempool *> made_as(MpAlloc how, const MbufPoolSpec &s) {
    switch (how) {
    case MpAlloc::Native:
        return native_pool(s);
    case MpAlloc::Anon:
        return anon_pool(s);
    case MpAlloc::Xmem:
    case MpAlloc::XmemHuge:
        return xmem_pool(s, how == MpAlloc::XmemHuge);
    case MpAlloc::Xbuf:
        return xbuf_pool(s);
    }
    return Error("Invalid mempool creation mode");
}

} // namespace

Result<rte_mempool *> make_mbuf_pool(MpAlloc how, const MbufPoolSpec &s) {
    Result<rte_mempool *> mp = made_as(how, s);
    if (!mp) return mp;
    if (*mp == nullptr)
        return Error("Creation of mbuf pool for socket " + std::to_string(s.socket) + " failed: " +
                         rte_strerror(rte_errno) + " (cannot create mbuf pool " + s.name + " of " +
                         std::to_string(s.count) + " mbufs of " + std::to_string(s.data_room) +
                         " bytes on socket " + std::to_string(s.socket) +
                         ": give EAL more memory with -m / hugepages, or lower "
                         "--total-num-mbufs or --mbuf-size)",
                     rte_errno);
    return mp;
}

void free_mbuf_pool(MpAlloc how, rte_mempool *mp) {
    if (how == MpAlloc::Anon) rte_mempool_mem_iter(mp, dma_unmap, nullptr);
    rte_mempool_free(mp);
}

} // namespace pmdfwd
