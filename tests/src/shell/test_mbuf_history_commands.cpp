// testpmd 25.11's `dump mbuf history ...` rows (src/shell/commands/
// mbuf_history_commands.cpp), under EAL (the test_mbuf_lookup.cpp of this
// program starts it) with a pool made here; unknown before 25.11.
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>
#include <rte_mbuf.h>
#include <rte_version.h>
#include <unistd.h>

#include <cinttypes>
#include <cstdio>
#include <fstream>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::has;
using pmdfwd::testing::run;

#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)

namespace {

std::string hex(uintptr_t a) {
    char buf[32];
    std::snprintf(buf, sizeof(buf), "0x%" PRIxPTR, a);
    return buf;
}

std::string temp_file(const char *what) {
    return "/tmp/pmdfwd-test-" + std::string(what) + "-" + std::to_string(getpid());
}

bool exists(const std::string &path) {
    return std::ifstream(path).good();
}

} // namespace

TEST(MbufHistoryCommands, OnlyAnMbufOfAPoolIsRead) {
    rte_mempool *mp = rte_pktmbuf_pool_create("history_mbufs", 63, 0, 0, RTE_MBUF_DEFAULT_BUF_SIZE,
                                              SOCKET_ID_ANY);
    ASSERT_NE(mp, nullptr);
    rte_mbuf *m = rte_pktmbuf_alloc(mp);
    ASSERT_NE(m, nullptr);
    const auto at = reinterpret_cast<uintptr_t>(m);
    FakeHost h;
    std::string out;
    EXPECT_TRUE(run(h, "dump mbuf history " + hex(at), &out)) << out;
    EXPECT_FALSE(run(h, "dump mbuf history " + hex(at + 64), &out));
    EXPECT_EQ(out, hex(at + 64) + " lies inside mbuf " + hex(at) +
                       " of mempool 'history_mbufs', not at its start: not read\n");
    int local = 0;
    const std::string elsewhere = hex(reinterpret_cast<uintptr_t>(&local));
    EXPECT_FALSE(run(h, "dump mbuf history " + elsewhere, &out));
    EXPECT_EQ(out, elsewhere + " is not an mbuf of any mbuf pool: not read\n");
    EXPECT_FALSE(run(h, "dump mbuf history 0x0", &out));
    EXPECT_EQ(out, "0x0 is not an mbuf of any mbuf pool: not read\n");
    for (const char *bad : {"1234", "0x", "0xzz", "0x12g", "0x11112222333344445"}) {
        EXPECT_FALSE(run(h, std::string("dump mbuf history ") + bad, &out)) << bad;
        EXPECT_EQ(out, "Invalid mbuf pointer format. Use 0x<address>\n") << bad;
    }
    const std::string file = temp_file("mbuf-history");
    EXPECT_TRUE(run(h, "dump mbuf history " + hex(at) + " " + file, &out));
    EXPECT_EQ(out, "Dump for mbuf '" + hex(at) + "' written in '" + file + "'\n");
    EXPECT_TRUE(exists(file));
    std::remove(file.c_str());
    rte_pktmbuf_free(m);
    rte_mempool_free(mp);
}

TEST(MbufHistoryCommands, AllAndOnePoolToTheShellOrAFile) {
    rte_mempool *mp =
        rte_pktmbuf_pool_create("history_pool", 63, 0, 0, RTE_MBUF_DEFAULT_BUF_SIZE, SOCKET_ID_ANY);
    ASSERT_NE(mp, nullptr);
    FakeHost h;
    std::string out;
    EXPECT_TRUE(run(h, "dump mbuf history all", &out)) << out;
    EXPECT_TRUE(run(h, "dump mbuf pool history history_pool", &out)) << out;
    EXPECT_FALSE(run(h, "dump mbuf pool history nope", &out));
    EXPECT_EQ(out, "Failed to find mempool 'nope'\n");
    const std::string file = temp_file("mbuf-pool-history");
    EXPECT_TRUE(run(h, "dump mbuf pool history history_pool " + file, &out));
    EXPECT_EQ(out, "Dump for mempool 'history_pool' written in '" + file + "'\n");
    EXPECT_TRUE(exists(file));
    std::remove(file.c_str());
    EXPECT_TRUE(run(h, "dump mbuf history all " + file, &out));
    EXPECT_EQ(out, "Dump written in '" + file + "'\n");
    EXPECT_TRUE(exists(file));
    std::remove(file.c_str());
    EXPECT_FALSE(run(h, "dump mbuf history all /nonexistent-dir/f", &out));
    EXPECT_EQ(out, "Failed to open file '/nonexistent-dir/f'\n");
    rte_mempool_free(mp);
}

TEST(MbufHistoryCommands, InHelpsDisplaySection) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "help display", &out));
    EXPECT_TRUE(has(out, "dump mbuf history all [<file_name>]\n")) << out;
    EXPECT_TRUE(has(out, "dump mbuf history <mbuf_addr> [<file_name>]\n"));
    EXPECT_TRUE(has(out, "dump mbuf pool history <mempool_name> [<file_name>]\n"));
}

#else

TEST(MbufHistoryCommands, UnknownBefore2511) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "dump mbuf history all", &out));
    EXPECT_TRUE(has(out, "unknown command 'dump'")) << out;
    EXPECT_FALSE(run(h, "dump mbuf pool history mb_pool_0", &out));
}

#endif
