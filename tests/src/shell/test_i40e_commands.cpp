// i40e's pctype family (src/shell/commands/i40e_commands.cpp) against fake
// drivers (tests/support/fake_driver.h): what each command hands the driver
// and testpmd 22.11's text for each answer (drivers/net/i40e/i40e_testpmd.c).
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>

#include <cerrno>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::out_of;

namespace {

void stop_every_port(FakeHost &h) {
    for (auto &[id, p] : h.fake_ports.ports)
        p.status = PortStatus::Stopped;
}

constexpr uint64_t bit_of_field(unsigned field) {
    return UINT64_C(1) << (63 - field);
}

} // namespace

TEST(I40eCommands, InputSetsWantEveryPortStopped) {
    FakeHost h;
    h.fake_ports.ports[1].status = PortStatus::Stopped;
    EXPECT_EQ(out_of(h, "port config 1 pctype 3 hash_inset get field 5", false),
              "Please stop all ports first\n");
    EXPECT_EQ(out_of(h, "port config 1 pctype 3 fdir_inset clear all", false),
              "Please stop all ports first\n");
    EXPECT_TRUE(h.fake_drivers.calls.empty());
}

TEST(I40eCommands, FieldGetSaysEnabledOrDisabled) {
    FakeHost h;
    stop_every_port(h);
    h.fake_drivers.inset.fields = bit_of_field(5);
    EXPECT_EQ(out_of(h, "port config 0 pctype 3 hash_inset get field 5"),
              "Field index 5 is enabled.\n");
    EXPECT_EQ(out_of(h, "port config 0 pctype 3 fdir_flx_inset get field 6"),
              "Field index 6 is disabled.\n");
    // No field past 63: rte_pmd_i40e_inset_field_get says 0.
    EXPECT_EQ(out_of(h, "port config 0 pctype 3 fdir_inset get field 200"),
              "Field index 200 is disabled.\n");
    EXPECT_EQ(h.fake_drivers.calls,
              (std::vector<std::string>{"inset_get 0 3 1", "inset_get 0 3 3", "inset_get 0 3 2"}));
}

// The set is read, one bit changed, written back with its masks.
TEST(I40eCommands, FieldSetAndClearWriteTheSetBack) {
    FakeHost h;
    stop_every_port(h);
    h.fake_drivers.inset.fields = bit_of_field(1);
    h.fake_drivers.inset.masks[0] = {7, 0xff};
    out_of(h, "port config 0 pctype 31 fdir_inset set field 0");
    EXPECT_EQ(h.fake_drivers.inset.fields, bit_of_field(0) | bit_of_field(1));
    out_of(h, "port config 0 pctype 31 fdir_inset clear field 1");
    EXPECT_EQ(h.fake_drivers.inset.fields, bit_of_field(0));
    EXPECT_EQ(h.fake_drivers.calls.back(),
              "inset_set 0 31 2 " + std::to_string(bit_of_field(0)) + " 7 255");
}

TEST(I40eCommands, InputSetFailuresHaveTestpmdsTexts) {
    FakeHost h;
    stop_every_port(h);
    EXPECT_EQ(out_of(h, "port config 0 pctype 3 hash_inset set field 64", false),
              "Failed to configure input set field.\n");
    EXPECT_EQ(h.fake_drivers.calls, (std::vector<std::string>{"inset_get 0 3 1"}));
    h.fake_drivers.answer = -ENOTSUP;
    EXPECT_EQ(out_of(h, "port config 9 pctype 3 hash_inset get field 1", false),
              "Failed to get input set.\n");
    EXPECT_EQ(out_of(h, "port config 0 pctype 3 hash_inset clear all", false),
              "Failed to clear input set.\n");
}

TEST(I40eCommands, ClearAllWritesAnEmptySet) {
    FakeHost h;
    stop_every_port(h);
    h.fake_drivers.inset.fields = ~UINT64_C(0);
    EXPECT_EQ(out_of(h, "port config 1 pctype 63 fdir_flx_inset clear all"), "");
    EXPECT_EQ(h.fake_drivers.calls, (std::vector<std::string>{"inset_set 1 63 3 0 0 0"}));
    EXPECT_EQ(h.fake_drivers.inset.fields, 0u);
}

TEST(I40eCommands, MappingShowsEachFlowTypesPctypes) {
    FakeHost h;
    h.fake_drivers.mappings = {{4, (UINT64_C(1) << 31) | (UINT64_C(1) << 33) | 1}, {10, 1u << 7}};
    EXPECT_EQ(out_of(h, "show port 0 pctype mapping"), "pctype: 00,31,33  ->  flowtype: 04\n"
                                                       "pctype: 07  ->  flowtype: 10\n");
}

TEST(I40eCommands, MappingUpdateHandsTheDriverTheListsBits) {
    FakeHost h;
    out_of(h, "port config 1 pctype mapping update 31,33 4");
    out_of(h, "port config 0 pctype mapping reset");
    EXPECT_EQ(
        h.fake_drivers.calls,
        (std::vector<std::string>{"pctype_mapping_update 1 4 " +
                                      std::to_string((UINT64_C(1) << 31) | (UINT64_C(1) << 33)),
                                  "pctype_mapping_reset 0"}));
}

// testpmd says what is wrong with the list and still asks the driver, with
// no pctype.
TEST(I40eCommands, MappingUpdateGoesOnAfterABadList) {
    FakeHost h;
    EXPECT_EQ(out_of(h, "port config 0 pctype mapping update 1,x 4", false),
              "character x is not a decimal digit\n");
    EXPECT_EQ(out_of(h, "port config 0 pctype mapping update 2,2 4", false),
              "duplicated pctypes 2 at index 0 and 1\n");
    EXPECT_EQ(h.fake_drivers.calls, (std::vector<std::string>{"pctype_mapping_update 0 4 0",
                                                              "pctype_mapping_update 0 4 0"}));
    h.fake_drivers.answer = -ENOTSUP;
    EXPECT_EQ(out_of(h, "port config 0 pctype mapping update ,1 4", false),
              "No valid value before comma\nfunction not implemented\n");
}

TEST(I40eCommands, MappingCallsWordEachReturnCode) {
    struct Case {
        int answer;
        const char *update, *others;
    };
    const Case cases[] = {
        {-EINVAL, "invalid pctype or flow type\n", "invalid pctype or flow type\n"},
        {-ENODEV, "invalid port_id 1\n", "invalid port_id 1\n"},
        {-ENOTSUP, "function not implemented\n", "function not implemented\n"},
        {-EIO, "programming error: (Input/output error)\n",
         "programming error: (Input/output error)\n"},
    };
    for (const Case &k : cases) {
        FakeHost h;
        h.fake_drivers.answer = k.answer;
        EXPECT_EQ(out_of(h, "port config 1 pctype mapping update 1 2", false), k.update);
        EXPECT_EQ(out_of(h, "port config 1 pctype mapping reset", false), k.others);
        EXPECT_EQ(out_of(h, "show port 1 pctype mapping", false), k.others);
    }
}

TEST(I40eCommands, MappingCommandsCheckThePort) {
    FakeHost h;
    EXPECT_TRUE(
        pmdfwd::testing::has(out_of(h, "show port 9 pctype mapping", false), "Invalid port 9"));
    EXPECT_TRUE(pmdfwd::testing::has(out_of(h, "port config 9 pctype mapping reset", false),
                                     "Invalid port 9"));
    EXPECT_TRUE(h.fake_drivers.calls.empty());
}
