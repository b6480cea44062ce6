// NEON-only checks that the kernel suite parameterised over every kernel
// does not make: that an aarch64 build registers the neon kernel under the
// CPU flag DPDK reports here, and that its 16-byte loads and stores never
// pass the end of a short first segment. Every packet ends where a
// PROT_NONE page begins, so one byte read or written past data_len faults.
// The expected bytes and fields are written out (known answers), not taken
// from the scalar kernel.
#include "macswap_kernel.h"

#include <gtest/gtest.h>
#include <rte_cpuflags.h>
#include <rte_mbuf.h>

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <new>
#include <string>
#include <vector>

namespace pmdfwd::macswap {
namespace {

constexpr uint64_t kRxFlag = RTE_MBUF_F_RX_VLAN; // dropped by the kernel
constexpr uint16_t kOldTci = 0x1111, kOldOuterTci = 0x2222;
constexpr TxFields kTx = {RTE_MBUF_F_TX_VLAN, 0x0abc, 0x0def};

// Packets whose data ends exactly at a page followed by an inaccessible one.
class GuardedBurst {
  public:
    explicit GuardedBurst(const std::vector<uint16_t> &lens)
        : page_(static_cast<size_t>(sysconf(_SC_PAGESIZE))), mbufs_(lens.size()) {
        size_ = 2 * page_ * lens.size();
        void *p = mmap(nullptr, size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) throw std::bad_alloc();
        mem_ = static_cast<uint8_t *>(p);
        for (size_t i = 0; i < lens.size(); i++) {
            uint8_t *buf = mem_ + 2 * page_ * i;
            mprotect(buf + page_, page_, PROT_NONE);
            rte_mbuf &m = mbufs_[i];
            m.buf_addr = buf;
            m.buf_len = static_cast<uint16_t>(page_);
            m.data_off = static_cast<uint16_t>(page_ - lens[i]);
            m.data_len = lens[i];
            m.pkt_len = lens[i];
            m.nb_segs = 1;
            m.ol_flags = RTE_MBUF_F_INDIRECT | kRxFlag;
            m.vlan_tci = kOldTci;
            m.vlan_tci_outer = kOldOuterTci;
            pkts_.push_back(&m);
            for (uint16_t j = 0; j < lens[i]; j++)
                data(i)[j] = static_cast<uint8_t>(0x10 + j);
        }
    }
    ~GuardedBurst() { munmap(mem_, size_); }
    GuardedBurst(const GuardedBurst &) = delete;
    GuardedBurst &operator=(const GuardedBurst &) = delete;

    uint16_t run() { return macswap_neon(pkts_.data(), static_cast<uint16_t>(pkts_.size()), kTx); }
    const uint8_t *data(size_t i) const { return rte_pktmbuf_mtod(pkts_[i], const uint8_t *); }
    uint8_t *data(size_t i) { return rte_pktmbuf_mtod(pkts_[i], uint8_t *); }
    const rte_mbuf &mbuf(size_t i) const { return mbufs_[i]; }

  private:
    size_t page_;
    size_t size_ = 0;
    uint8_t *mem_ = nullptr;
    std::vector<rte_mbuf> mbufs_;
    std::vector<rte_mbuf *> pkts_;
};

// Known answer for packet i of length len after the kernel ran.
void expect_known_answer(const GuardedBurst &b, size_t i, uint16_t len) {
    SCOPED_TRACE("packet " + std::to_string(i) + ", data_len " + std::to_string(len));
    const uint8_t *d = b.data(i);
    const rte_mbuf &m = b.mbuf(i);
    const bool swapped = len >= 12;
    for (uint16_t j = 0; j < len; j++) {
        uint16_t from = j;
        if (swapped && j < 6) from = j + 6;
        if (swapped && j >= 6 && j < 12) from = j - 6;
        EXPECT_EQ(d[j], 0x10 + from) << "byte " << j;
    }
    if (swapped) {
        EXPECT_EQ(m.ol_flags, RTE_MBUF_F_INDIRECT | RTE_MBUF_F_TX_VLAN);
        EXPECT_EQ(m.vlan_tci, kTx.vlan_tci);
        EXPECT_EQ(m.vlan_tci_outer, kOldOuterTci); // no QinQ requested
        EXPECT_EQ(m.l2_len, 14u);
        EXPECT_EQ(m.l3_len, 20u);
    } else {
        EXPECT_EQ(m.ol_flags, RTE_MBUF_F_INDIRECT | kRxFlag);
        EXPECT_EQ(m.vlan_tci, kOldTci);
        EXPECT_EQ(m.l2_len, 0u);
        EXPECT_EQ(m.l3_len, 0u);
    }
}

uint16_t count_short(const std::vector<uint16_t> &lens) {
    uint16_t n = 0;
    for (uint16_t l : lens)
        n += l < 12;
    return n;
}

TEST(MacswapNeon, IsRegisteredUnderTheCpuFlagDpdkReportsHere) {
    const Kernel *k = KernelRegistry::instance().find("neon");
    ASSERT_NE(k, nullptr) << "compiled kernels: " << KernelRegistry::instance().names();
    EXPECT_EQ(k->fn, &macswap_neon);
    EXPECT_EQ(k->simd_bits, 128);
    EXPECT_EQ(k->cpu_flags[0], RTE_CPUFLAG_NEON);
    EXPECT_GT(rte_cpu_get_flag_enabled(RTE_CPUFLAG_NEON), 0);
}

// Lengths around the 12-byte minimum and the 16-byte vector width, placed so
// that each falls in a 4-packet group and in the tail.
TEST(MacswapNeon, StaysInsideShortSegmentsAndSwapsByTheContract) {
    const std::vector<uint16_t> lens = {0,  1,  11, 12, 13, 14, 15, 16, 17, 60,
                                        16, 12, 16, 16, 15, 11, 16, 14, 13};
    GuardedBurst b(lens);
    EXPECT_EQ(b.run(), count_short(lens));
    for (size_t i = 0; i < lens.size(); i++)
        expect_known_answer(b, i, lens[i]);
}

// A group of four takes the vector path only when all four hold 16 bytes:
// put one short packet in each position of a group in turn.
TEST(MacswapNeon, ShortPacketInEachPositionOfAGroup) {
    for (uint16_t shortlen : {11, 12, 15}) {
        for (size_t pos = 0; pos < 4; pos++) {
            std::vector<uint16_t> lens = {64, 16, 64, 16, 60, 16, 64};
            lens[pos] = shortlen;
            SCOPED_TRACE("short " + std::to_string(shortlen) + " at " + std::to_string(pos));
            GuardedBurst b(lens);
            EXPECT_EQ(b.run(), count_short(lens));
            for (size_t i = 0; i < lens.size(); i++)
                expect_known_answer(b, i, lens[i]);
        }
    }
}

TEST(MacswapNeon, FullGroupsOnly) {
    const std::vector<uint16_t> lens(32, 64);
    GuardedBurst b(lens);
    EXPECT_EQ(b.run(), 0);
    for (size_t i = 0; i < lens.size(); i++)
        expect_known_answer(b, i, lens[i]);
}

} // namespace
} // namespace pmdfwd::macswap
