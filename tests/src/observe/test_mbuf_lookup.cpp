// Where an address lies among the mbuf pools (src/observe/mbuf_lookup.h),
// under EAL with pools made here: an mbuf's start and any byte of its
// object are found, other memory and other pools' objects are not.
#include "observe/mbuf_lookup.h"
#include "support/eal_env.h"

#include <gtest/gtest.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>

using namespace pmdfwd;

namespace {

[[maybe_unused]] ::testing::Environment *const eal = pmdfwd::testing::add_eal_environment();

uintptr_t address(const void *p) {
    return reinterpret_cast<uintptr_t>(p);
}

} // namespace

TEST(MbufLookup, AnMbufIsFoundFromAnyByteOfItsObject) {
    rte_mempool *mp =
        rte_pktmbuf_pool_create("lookup_mbufs", 63, 0, 0, RTE_MBUF_DEFAULT_BUF_SIZE, SOCKET_ID_ANY);
    ASSERT_NE(mp, nullptr);
    rte_mbuf *m = rte_pktmbuf_alloc(mp);
    ASSERT_NE(m, nullptr);
    MbufPlace at = find_mbuf(address(m));
    EXPECT_EQ(at.pool, "lookup_mbufs");
    EXPECT_EQ(at.mbuf, address(m));
    at = find_mbuf(address(rte_pktmbuf_mtod(m, char *)) + 5);
    EXPECT_EQ(at.pool, "lookup_mbufs");
    EXPECT_EQ(at.mbuf, address(m));
    rte_pktmbuf_free(m);
    rte_mempool_free(mp);
}

TEST(MbufLookup, OtherMemoryIsNoMbuf) {
    int local = 0;
    EXPECT_EQ(find_mbuf(address(&local)).pool, "");
    EXPECT_EQ(find_mbuf(0).pool, "");
    // Objects as large as an mbuf, but of a pool rte_pktmbuf_pool_create
    // did not make.
    rte_mempool *plain = rte_mempool_create("lookup_plain", 63, 2048, 0, 0, nullptr, nullptr,
                                            nullptr, nullptr, SOCKET_ID_ANY, 0);
    ASSERT_NE(plain, nullptr);
    void *obj = nullptr;
    ASSERT_EQ(rte_mempool_get(plain, &obj), 0);
    EXPECT_EQ(find_mbuf(address(obj)).pool, "");
    rte_mempool_put(plain, obj);
    rte_mempool_free(plain);
}
