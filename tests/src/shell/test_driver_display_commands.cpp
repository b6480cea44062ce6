// The driver-answered displays (src/shell/commands/driver_display_commands.cpp)
// against fake drivers: `show port fdir` (testpmd 22.11's fdir_get_infos) and
// `show port <p> flow transfer proxy`, their texts for each answer.
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>

#include <cerrno>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::out_of;

TEST(DriverDisplayCommands, FdirUnsupportedOnEachPort) {
    FakeHost h;
    h.fake_drivers.answer = -ENOTSUP;
    EXPECT_EQ(out_of(h, "show port fdir 1", false), "\n FDIR is not supported on port 1 \n");
    EXPECT_EQ(out_of(h, "show port fdir all", false),
              "\n FDIR is not supported on port 0 \n\n FDIR is not supported on port 1 \n");
    h.fake_drivers.answer = -EIO;
    EXPECT_EQ(out_of(h, "show port fdir 0", false), "programming error: (Input/output error)\n");
}

TEST(DriverDisplayCommands, FdirInfosAsTestpmdPrintsThem) {
    FakeHost h;
    auto &info = h.fake_drivers.fdir;
    info.mode = RTE_FDIR_MODE_PERFECT;
    info.flow_types_mask[0] =
        (1u << RTE_ETH_FLOW_NONFRAG_IPV4_UDP) | (1u << RTE_ETH_FLOW_L2_PAYLOAD);
    info.max_flexpayload = 2;
    info.flex_payload_limit = 480;
    info.flex_conf.nb_payloads = 1;
    info.flex_conf.flex_set[0].type = RTE_ETH_L4_PAYLOAD;
    info.flex_conf.flex_set[0].src_offset[0] = 12;
    info.flex_conf.flex_set[0].src_offset[1] = 13;
    info.flex_conf.nb_flexmasks = 1;
    info.flex_conf.flex_mask[0].flow_type = RTE_ETH_FLOW_IPV6;
    info.flex_conf.flex_mask[0].mask[0] = 0xff;
    info.guarant_spc = 2048;
    h.fake_drivers.fdir_stats.add = 3;
    h.fake_drivers.fdir_stats.free = 100;
    EXPECT_EQ(out_of(h, "show port fdir 0"),
              "\n  ######################## FDIR infos for port 0      ########################\n"
              "  MODE:   PERFECT\n"
              "  SUPPORTED FLOW TYPE:  ipv4-udp l2_payload\n"
              "  FLEX PAYLOAD INFO:\n"
              "  max_len:       2           payload_limit: 480       \n"
              "  payload_unit:  0           payload_seg:   0         \n"
              "  bitmask_unit:  0           bitmask_num:   0         \n"
              "  FLEX PAYLOAD SRC OFFSET:\n    L4_PAYLOAD:    12     13   \n"
              "  FLEX MASK CFG:\n    ipv6:\t ff 00\n"
              "  guarant_count: 0           best_count:    0\n"
              "  guarant_space: 2048        best_space:    0\n"
              "  collision:     0           free:          100\n"
              "  maxhash:       0           maxlen:        0\n"
              "  add:\t         3           remove:        0\n"
              "  f_add:         0           f_remove:      0\n"
              "  " +
                  std::string(76, '#') + "\n");
    EXPECT_EQ(h.fake_drivers.calls, (std::vector<std::string>{"fdir_info 0"}));
}

// The MAC-VLAN and tunnel modes list no flow types; a driver claiming more
// flex bytes than an entry holds gets the entry's 16.
TEST(DriverDisplayCommands, FdirKeepsWithinTheEntries) {
    FakeHost h;
    auto &info = h.fake_drivers.fdir;
    info.mode = RTE_FDIR_MODE_PERFECT_TUNNEL;
    info.max_flexpayload = 1000;
    info.flex_conf.nb_flexmasks = 1000;
    const std::string out = out_of(h, "show port fdir 0");
    EXPECT_FALSE(pmdfwd::testing::has(out, "SUPPORTED FLOW TYPE"));
    EXPECT_TRUE(pmdfwd::testing::has(out, "  MODE:   PERFECT-TUNNEL\n"));
    const size_t masks = out.find("FLEX MASK CFG:");
    ASSERT_NE(masks, std::string::npos);
    // One line a flow type (RTE_ETH_FLOW_MAX of them), 16 bytes each.
    std::string first = "\n    unknown:\t";
    for (int i = 0; i < RTE_ETH_FDIR_MAX_FLEXLEN; i++)
        first += " 00";
    EXPECT_EQ(out.compare(masks + 14, first.size(), first), 0) << out;
}

TEST(DriverDisplayCommands, TransferProxy) {
    FakeHost h;
    h.fake_drivers.proxy = 1;
    EXPECT_EQ(out_of(h, "show port 0 flow transfer proxy"), "\nTransfer proxy port ID: 1\n\n");
    h.fake_drivers.answer = -ENOSYS;
    EXPECT_EQ(out_of(h, "show port 7 flow transfer proxy", false),
              "\nFailed to pick transfer proxy: Function not implemented\n");
    EXPECT_EQ(h.fake_drivers.calls,
              (std::vector<std::string>{"pick_transfer_proxy 0", "pick_transfer_proxy 7"}));
}
