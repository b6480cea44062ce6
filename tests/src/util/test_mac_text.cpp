#include "util/mac_text.h"

#include <gtest/gtest.h>

#include <cstdint>

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

} // namespace
} // namespace pmdfwd
