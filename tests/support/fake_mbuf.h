// mbufs without EAL: rte_mbuf headers and their data buffers laid out in
// plain memory the way a pktmbuf mempool lays them out (object header, mbuf,
// buffer), initialised like rte_pktmbuf_reset(). Enough for code that only
// reads and writes mbuf fields and packet bytes (the macswap kernels); never
// hand these to rte_pktmbuf_free or a PMD.
#pragma once

#include <rte_common.h>
#include <rte_mbuf.h>

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>

namespace pmdfwd::testing {

// What rte_pktmbuf_init + rte_pktmbuf_reset leave in a fresh mbuf.
inline void fake_mbuf_init(rte_mbuf *m, void *buf, uint16_t buf_len) {
    std::memset(static_cast<void *>(m), 0, sizeof(*m));
    m->buf_addr = buf;
    m->buf_iova = 0;
    m->buf_len = buf_len;
    m->data_off = RTE_MIN(static_cast<uint16_t>(RTE_PKTMBUF_HEADROOM), buf_len);
    rte_mbuf_refcnt_set(m, 1);
    m->nb_segs = 1;
    m->port = RTE_MBUF_PORT_INVALID;
}

// n mbufs, each followed by its buffer, in one allocation.
class FakeMbufPool {
  public:
    // A mempool element: its 64-byte object header, the mbuf, the buffer.
    static constexpr size_t kObjHeader = RTE_CACHE_LINE_SIZE;

    explicit FakeMbufPool(size_t n, uint16_t buf_len = RTE_MBUF_DEFAULT_BUF_SIZE,
                          bool huge_pages = false)
        : n_(n), buf_len_(buf_len),
          stride_(RTE_ALIGN_CEIL(kObjHeader + sizeof(rte_mbuf) + buf_len, RTE_CACHE_LINE_SIZE)) {
        const size_t align = huge_pages ? (size_t{2} << 20) : RTE_CACHE_LINE_SIZE;
        bytes_ = RTE_ALIGN_CEIL(n_ * stride_ + 1, align);
        mem_ = static_cast<char *>(std::aligned_alloc(align, bytes_));
        if (mem_ == nullptr) throw std::bad_alloc();
        // Like DPDK's hugepage-backed mempools, so that the cold benchmark
        // measures cache misses rather than 4 KiB TLB misses.
        if (huge_pages) madvise(mem_, bytes_, MADV_HUGEPAGE);
        std::memset(mem_, 0, bytes_);
        for (size_t i = 0; i < n_; i++)
            fake_mbuf_init(at(i), buffer(i), buf_len_);
    }
    ~FakeMbufPool() { std::free(mem_); }
    FakeMbufPool(const FakeMbufPool &) = delete;
    FakeMbufPool &operator=(const FakeMbufPool &) = delete;

    size_t size() const { return n_; }
    size_t stride() const { return stride_; }
    // The whole element: object header, mbuf, buffer.
    char *object(size_t i) const { return mem_ + i * stride_; }
    uint16_t buf_len() const { return buf_len_; }
    rte_mbuf *at(size_t i) const {
        return reinterpret_cast<rte_mbuf *>(mem_ + i * stride_ + kObjHeader);
    }
    char *buffer(size_t i) const { return reinterpret_cast<char *>(at(i) + 1); }

    // Makes this pool a copy of other (same size): bytes, and the pointers
    // (buf_addr, next) moved to point into this pool.
    void copy_from(const FakeMbufPool &other) {
        if (other.n_ != n_ || other.buf_len_ != buf_len_)
            throw std::invalid_argument("FakeMbufPool::copy_from: pools differ in shape");
        std::memcpy(mem_, other.mem_, n_ * stride_);
        for (size_t i = 0; i < n_; i++) {
            rte_mbuf *m = at(i);
            m->buf_addr = rebase(other, m->buf_addr);
            m->next = static_cast<rte_mbuf *>(rebase(other, m->next));
        }
    }

    // Index of an mbuf of this pool.
    size_t index_of(const rte_mbuf *m) const {
        return static_cast<size_t>(reinterpret_cast<const char *>(m) - mem_ - kObjHeader) / stride_;
    }

  private:
    void *rebase(const FakeMbufPool &other, void *p) const {
        const char *c = static_cast<const char *>(p);
        if (c < other.mem_ || c >= other.mem_ + other.bytes_) return p;
        return mem_ + (c - other.mem_);
    }

    size_t n_;
    uint16_t buf_len_;
    size_t stride_;
    size_t bytes_ = 0;
    char *mem_ = nullptr;
};

// [PROT_NONE page][count read-write pages, each followed by a PROT_NONE
// page]: data placed flush against either end of a read-write page faults
// on any access outside it.
class GuardedPages {
  public:
    explicit GuardedPages(size_t count) : count_(count) {
        page_ = static_cast<size_t>(sysconf(_SC_PAGESIZE));
        bytes_ = (2 * count_ + 1) * page_;
        void *p = mmap(nullptr, bytes_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) throw std::runtime_error("GuardedPages: mmap failed");
        base_ = static_cast<char *>(p);
        for (size_t i = 0; i < count_; i++)
            if (mprotect(page(i), page_, PROT_READ | PROT_WRITE) != 0)
                throw std::runtime_error("GuardedPages: mprotect failed");
    }
    ~GuardedPages() { munmap(base_, bytes_); }
    GuardedPages(const GuardedPages &) = delete;
    GuardedPages &operator=(const GuardedPages &) = delete;

    size_t page_size() const { return page_; }
    char *page(size_t i) const { return base_ + (2 * i + 1) * page_; }

  private:
    size_t count_;
    size_t page_ = 0;
    size_t bytes_ = 0;
    char *base_ = nullptr;
};

} // namespace pmdfwd::testing
