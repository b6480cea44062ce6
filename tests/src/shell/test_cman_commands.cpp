// The congestion management family (src/shell/commands/cman_commands.cpp,
// testpmd 23.03 on) against the fake ports: testpmd's listings, its order
// of parameter checks and their messages, and what reaches ethdev.
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>
#include <rte_version.h>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::out_of;

#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)

namespace {

void give_cman(FakeHost &h) {
    h.fake_ports.cman_capa = rte_eth_cman_info{};
    h.fake_ports.cman_capa->modes_supported = RTE_CMAN_RED;
    h.fake_ports.cman_capa->objs_supported = RTE_ETH_CMAN_OBJ_RX_QUEUE;
}

const char *kParseError = "params string parse error\n";

} // namespace

TEST(CmanCommands, ShowCapaAndConfigAsTestpmdListsThem) {
    FakeHost h;
    give_cman(h);
    EXPECT_EQ(out_of(h, "show port cman capa 0"),
              "\n****   Port Congestion Management Capabilities   ****\n\n"
              "modes_supported 0x1\nobjs_supported 0x1\n");
    h.fake_ports.cman_set.obj = RTE_ETH_CMAN_OBJ_RX_QUEUE_MEMPOOL;
    h.fake_ports.cman_set.obj_param.rx_queue = 26;
    h.fake_ports.cman_set.mode = RTE_CMAN_RED;
    h.fake_ports.cman_set.mode_param.red = {.min_th = 10, .max_th = 200, .maxp_inv = 300};
    EXPECT_EQ(out_of(h, "show port cman config 0"),
              "\n****   Port Congestion Management Configuration   ****\n\n"
              "cman object 0x2\ncman Rx queue 1a\ncman mode 0x1\ncman RED min thresh a\n"
              "cman RED max thresh c8\ncman RED Prob inversion 12c\n");
}

// testpmd prints nothing of its own: ethdev logs why.
TEST(CmanCommands, AReadRefusedPrintsNothing) {
    FakeHost h;
    EXPECT_EQ(out_of(h, "show port cman capa 0", false), "");
    EXPECT_EQ(out_of(h, "show port cman config 1", false), "");
    EXPECT_EQ(out_of(h, "show port cman capa 9", false), "");
}

TEST(CmanCommands, SetRedTakesTheQueueAndThresholds) {
    FakeHost h;
    give_cman(h);
    EXPECT_EQ(out_of(h, "set port cman config 0 3 obj QUEUE mode Red 10 100 1"), "");
    const rte_eth_cman_config &set = h.fake_ports.cman_set;
    EXPECT_EQ(set.obj, RTE_ETH_CMAN_OBJ_RX_QUEUE);
    EXPECT_EQ(set.obj_param.rx_queue, 3);
    EXPECT_EQ(set.mode, RTE_CMAN_RED);
    EXPECT_EQ(set.mode_param.red.min_th, 10);
    EXPECT_EQ(set.mode_param.red.max_th, 100);
    EXPECT_EQ(set.mode_param.red.maxp_inv, 1);
    EXPECT_EQ(out_of(h, "set port cman config 0 4 default"), "");
    EXPECT_EQ(set.obj_param.rx_queue, 4);
    EXPECT_EQ(set.mode_param.red.max_th, 16);
}

TEST(CmanCommands, SetChecksInTestpmdsOrderAndWords) {
    FakeHost h;
    const auto refusal = [&](const std::string &line) { return out_of(h, line, false); };
    const std::string p = "set port cman config 0 0 ";
    EXPECT_EQ(refusal(p + "obj"), std::string("Object param parse error\n") + kParseError);
    EXPECT_EQ(refusal(p + "obj port mode red 1 2 3"),
              std::string("Object value is invalid\n") + kParseError);
    EXPECT_EQ(refusal(p + "obj queue"), std::string(" Mode param is invalid\n") + kParseError);
    EXPECT_EQ(refusal(p + "obj queue mode"), std::string(" Mode value is invalid\n") + kParseError);
    EXPECT_EQ(refusal(p + "obj queue mode wred 1 2 3"),
              std::string("mode string parse error\n") + kParseError);
    EXPECT_EQ(refusal(p + "obj queue mode red"),
              std::string("Minimum threshold parse error\n") + kParseError);
    EXPECT_EQ(refusal(p + "obj queue mode red 256 1 1"),
              std::string("Minimum threshold is invalid\n") + kParseError);
    EXPECT_EQ(refusal(p + "obj queue mode red -1 1 1"),
              std::string("Minimum threshold is invalid\n") + kParseError);
    EXPECT_EQ(refusal(p + "obj queue mode red 1"),
              std::string("Maximum threshold parse error\n") + kParseError);
    EXPECT_EQ(refusal(p + "obj queue mode red 1 0x10 1"),
              std::string("Maximum threshold is invalid\n") + kParseError);
    EXPECT_EQ(refusal(p + "obj queue mode red 1 2"),
              std::string("Maximum probability inversion parse error\n") + kParseError);
    EXPECT_EQ(refusal(p + "obj queue mode red 1 2 0"),
              std::string("Maximum probability inversion is invalid\n") + kParseError);
    EXPECT_EQ(refusal(p + "obj queue mode red 1 2 65536"),
              std::string("Maximum probability inversion is invalid\n") + kParseError);
    // net_ring: no congestion management at all.
    EXPECT_EQ(refusal(p + "obj queue mode red 10 100 1"),
              std::string("Congestion management capa get error\n") + kParseError);
    EXPECT_EQ(refusal(p + "default"),
              std::string("error in default initialization\n") + kParseError);
    give_cman(h);
    EXPECT_EQ(refusal(p + "obj queue_mempool mode red 10 100 1"),
              std::string("Object type is not supported by driver\n") + kParseError);
    h.fake_ports.cman_capa->modes_supported = 0;
    EXPECT_EQ(refusal(p + "obj queue mode red 10 100 1"),
              std::string("Mode is not supported by driver\n") + kParseError);
    EXPECT_EQ(h.fake_ports.cman_set.mode_param.red.maxp_inv, 0);
    // The queue is cmdline's 16-bit number, the parameters one word at least.
    EXPECT_NE(refusal(p.substr(0, p.size() - 2) + "65536 default"), "");
    EXPECT_EQ(refusal("set port cman config 0 0"), "Bad arguments\n");
}

#else

TEST(CmanCommands, NotThisDpdksCommands) {
    FakeHost h;
    out_of(h, "show port cman capa 0", false);
    out_of(h, "set port cman config 0 0 default", false);
}

#endif
