// lib/text/mac_text.h: MAC text read and written one way, host and engines.
#include "text/mac_text.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <optional>

namespace pmdfwd {
namespace {

TEST(MacText, UpperCaseHexWithColons) {
    const uint8_t mac[6] = {0x02, 0x00, 0xab, 0xcd, 0xef, 0x9f};
    EXPECT_EQ(mac_to_text(mac), "02:00:AB:CD:EF:9F");
    const uint8_t zero[6] = {};
    EXPECT_EQ(mac_to_text(zero), "00:00:00:00:00:00");
}

TEST(MacText, RoundTrip) {
    const auto mac = mac_from_text("5a:0B:ff:10:00:01");
    ASSERT_TRUE(mac);
    EXPECT_EQ(mac_to_text(mac->data()), "5A:0B:FF:10:00:01");
    EXPECT_EQ(mac_from_text(mac_to_text(mac->data())), mac);
}

TEST(MacText, ReadsEitherCase) {
    const std::array<uint8_t, 6> want = {0xab, 0xcd, 0xef, 0x01, 0x23, 0x45};
    EXPECT_EQ(mac_from_text("ab:cd:ef:01:23:45"), want);
    EXPECT_EQ(mac_from_text("AB:CD:EF:01:23:45"), want);
    EXPECT_EQ(mac_from_text("00:00:00:00:00:00"), (std::array<uint8_t, 6>{}));
    EXPECT_EQ(mac_from_text("ff:ff:ff:ff:ff:ff"),
              (std::array<uint8_t, 6>{0xff, 0xff, 0xff, 0xff, 0xff, 0xff}));
}

// Issue 37: testpmd's cmdline (DPDK's rte_ether_unformat_addr) also reads
// three groups of four hex digits; `set eth-peer 0 0011:2233:4455` works there.
TEST(MacText, ReadsThreeGroupsOfFour) {
    EXPECT_EQ(mac_from_text("0011:2233:4455"),
              (std::array<uint8_t, 6>{0x00, 0x11, 0x22, 0x33, 0x44, 0x55}));
    EXPECT_EQ(mac_from_text("aBcD:eF01:2345"),
              (std::array<uint8_t, 6>{0xab, 0xcd, 0xef, 0x01, 0x23, 0x45}));
    for (const char *bad : {"0011:2233:445", "0011:2233:44555", "0011-2233-4455", "0011:2233:445g",
                            "011:2233:44556", "00112233:4455", "0011:2233:4455:"})
        EXPECT_EQ(mac_from_text(bad), std::nullopt) << bad;
}

// Six pairs of hex digits and five colons, nothing else: what sscanf's %2x
// let through (signs, blanks, one digit) is refused.
TEST(MacText, RefusesAnythingElse) {
    for (const char *bad :
         {"", "02:00:00:00:00", "02:00:00:00:00:01:", "02:00:00:00:00:011", "02-00-00-00-00-01",
          "02:00:00:00:00:0g", "2:00:00:00:00:01:", "-1:00:00:00:00:01", "+1:00:00:00:00:01",
          " 1:00:00:00:00:01", "02:00:00:00:00:01\n", "0200.0000.0001", "02:00:00:00:00::1"})
        EXPECT_EQ(mac_from_text(bad), std::nullopt) << bad;
}

} // namespace
} // namespace pmdfwd
