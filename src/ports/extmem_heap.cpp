#include "ports/extmem_heap.h"

#include <rte_common.h>
#include <rte_malloc.h>
#include <rte_memory.h>
#include <rte_mempool.h>

#include <sys/mman.h>
#include <unistd.h>

#include <cinttypes>
#include <cstdio>
#include <vector>

namespace pmdfwd {

namespace {

// testpmd's guess of what the pool's own structures take from the heap
// besides the mbufs: there is no way to know it beforehand.
constexpr uint64_t kHeaderRoom = 128u << 20;

struct Area {
    void *addr = nullptr;
    size_t len = 0;
    size_t page_size = 0;
    std::vector<rte_iova_t> iovas; // one a page
};

void say(const std::string &log_tag, const char *line) {
    std::printf("%s: %s\n", log_tag.c_str(), line);
}

// testpmd's calc_mem_size: whole pages of mbufs, none split over two pages.
size_t area_size(uint32_t nb_mbufs, uint32_t mbuf_size, size_t page_size) {
    const uint64_t obj_size = rte_mempool_calc_obj_size(mbuf_size, 0, nullptr);
    if (obj_size > page_size) return 0;
    const uint64_t per_page = page_size / obj_size;
    const uint64_t pages = (nb_mbufs + per_page - 1) / per_page;
    return RTE_ALIGN(kHeaderRoom + pages * page_size, page_size);
}

void *map_pages(size_t len, size_t page_size, bool huge) {
    int flags = MAP_ANONYMOUS | MAP_PRIVATE;
    // mmap's page size flag is log2 of the size, shifted by MAP_HUGE_SHIFT.
    if (huge) flags |= MAP_HUGETLB | (rte_log2_u64(page_size) << MAP_HUGE_SHIFT);
    void *addr = mmap(nullptr, len, PROT_READ | PROT_WRITE, flags, -1, 0);
    return addr == MAP_FAILED ? nullptr : addr;
}

// Each page touched, so that it has an IOVA to give the heap.
void note_iovas(Area &a, bool huge) {
    if (!huge) mlock(a.addr, a.len); // normal pages must not move
    for (size_t off = 0; off < a.len; off += a.page_size) {
        auto *page = static_cast<volatile char *>(a.addr) + off;
        *page = 0;
        a.iovas.push_back(rte_mem_virt2iova(const_cast<char *>(page)));
    }
}

// testpmd's create_extmem: the first page size that maps (huge pages: 2M,
// 1G, then POWER's 16M and 16G), or normal pages without huge.
Result<Area> map_area(uint32_t nb_mbufs, uint32_t mbuf_size, bool huge,
                      const std::string &log_tag) {
    const size_t normal = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    for (uint64_t size : {RTE_PGSIZE_2M, RTE_PGSIZE_1G, RTE_PGSIZE_16M, RTE_PGSIZE_16G}) {
        Area a;
        a.page_size = huge ? size : normal;
        a.len = area_size(nb_mbufs, mbuf_size, a.page_size);
        if (a.len == 0) {
            say(log_tag, "Object size is bigger than page size");
            say(log_tag, "Cannot calculate memory size");
            return Error("Cannot calculate memory size");
        }
        a.addr = map_pages(a.len, a.page_size, huge);
        if (a.addr == nullptr) continue;
        note_iovas(a, huge);
        return a;
    }
    return Error("Cannot create memory area");
}

} // namespace

Status add_extmem(uint32_t nb_mbufs, uint32_t mbuf_size, bool huge, const std::string &log_tag) {
    if (rte_malloc_heap_get_socket(kExtmemHeap) < 0 && rte_malloc_heap_create(kExtmemHeap) < 0) {
        say(log_tag, "Cannot create heap");
        return Error("Cannot create heap");
    }
    Result<Area> area = map_area(nb_mbufs, mbuf_size, huge, log_tag);
    if (!area) {
        say(log_tag, "Cannot create memory area");
        return Error("Cannot create memory area");
    }
    if (rte_malloc_heap_memory_add(kExtmemHeap, area->addr, area->len, area->iovas.data(),
                                   static_cast<unsigned>(area->iovas.size()),
                                   area->page_size) < 0) {
        say(log_tag, "Cannot add memory to heap");
        munmap(area->addr, area->len);
        return Error("Cannot add memory to heap");
    }
    std::printf("%s: Allocated %zuMB of external memory\n", log_tag.c_str(), area->len >> 20);
    return {};
}

} // namespace pmdfwd
