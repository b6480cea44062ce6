#include "support/status_matchers.h"
#include "text/mac_text.h"
#include "util/value_parse.h"

#include <gtest/gtest.h>

#include <cstdint>

using namespace pmdfwd;
using pmdfwd::testing::value_or_error;

TEST(ParseUint, AcceptsRangeBounds) {
    std::string err;
    EXPECT_EQ(value_or_error(parse_uint("burst", "1", 1, 512), &err), 1u);
    EXPECT_EQ(value_or_error(parse_uint("burst", "512", 1, 512), &err), 512u);
}

TEST(ParseUint, RejectsOutOfRangeWithAllowedValues) {
    std::string err;
    EXPECT_FALSE(value_or_error(parse_uint("burst", "0", 1, 512), &err));
    EXPECT_EQ(err, "burst: 0 is out of range (allowed: 1..512)");
    EXPECT_FALSE(value_or_error(parse_uint("burst", "513", 1, 512), &err));
    EXPECT_NE(err.find("allowed: 1..512"), std::string::npos);
    EXPECT_FALSE(value_or_error(parse_uint("burst", "99999999999999999999999", 1, 512), &err));
    EXPECT_NE(err.find("out of range"), std::string::npos);
}

TEST(ParseUint, RejectsNonNumbers) {
    std::string err;
    for (const char *bad : {"", "x", "12x", "-1", " 3", "3 ", "0x10", "+5"}) {
        EXPECT_FALSE(value_or_error(parse_uint("n", bad, 0, 100), &err)) << bad;
        EXPECT_NE(err.find("not a number"), std::string::npos) << bad << ": " << err;
    }
}

// Issue 37: the shell read "010" as 10; testpmd's cmdline reads it as 8.
TEST(ParseUint, CmdlineRadixIsTestpmds) {
    std::string err;
    const auto cmdline = [&](const char *text) {
        return value_or_error(parse_uint("n", text, 0, UINT64_MAX, Radix::Cmdline), &err);
    };
    EXPECT_EQ(cmdline("010"), 8u);
    EXPECT_EQ(cmdline("0x1f"), 31u);
    EXPECT_EQ(cmdline("0b101"), 5u);
    EXPECT_EQ(cmdline("0"), 0u);
    EXPECT_EQ(cmdline("00"), 0u);
    EXPECT_EQ(cmdline("10"), 10u);
    EXPECT_EQ(cmdline("0xffffffffffffffff"), UINT64_MAX);
    for (const char *bad : {"09", "0x", "0b", "0b2", "0x1g", "0X10", "-010", "+010", "0 10"}) {
        EXPECT_FALSE(cmdline(bad)) << bad;
        EXPECT_NE(err.find("not a number"), std::string::npos) << bad << ": " << err;
    }
    EXPECT_FALSE(cmdline("09"));
    EXPECT_EQ(err, "n: '09' is not a number (a leading 0 means octal, as in testpmd: 010 is 8) "
                   "(allowed: 0..18446744073709551615)");
    // Options stay decimal, as testpmd's atoi/strtoul(..., 10) read them.
    EXPECT_EQ(value_or_error(parse_uint("n", "010", 0, 100), &err), 10u);
}

// Engine parameters are signed: the same words as parse_uint's.
TEST(ParseInt, SignedDecimalInRange) {
    std::string err;
    EXPECT_EQ(value_or_error(parse_int("tbl count", "-2", -2, 100), &err), -2);
    EXPECT_EQ(value_or_error(parse_int("tbl count", "100", -2, 100), &err), 100);
    EXPECT_FALSE(value_or_error(parse_int("tbl count", "-3", -2, 100), &err));
    EXPECT_EQ(err, "tbl count: -3 is out of range (allowed: -2..100)");
    EXPECT_FALSE(
        value_or_error(parse_int("n", "99999999999999999999", INT64_MIN, INT64_MAX), &err));
    EXPECT_NE(err.find("out of range"), std::string::npos);
    for (const char *bad : {"", "+5", " 5", "5 ", "0x10", "1e3", "--1"}) {
        EXPECT_FALSE(value_or_error(parse_int("n", bad, -10, 10), &err)) << bad;
        EXPECT_EQ(err, "n: '" + std::string(bad) + "' is not a number (allowed: -10..10)");
    }
}

TEST(ParseMac, GoodAndBad) {
    std::string err;
    auto mac = value_or_error(parse_mac("02:00:0a:FF:10:01"), &err);
    ASSERT_TRUE(mac);
    EXPECT_EQ((*mac)[0], 0x02);
    EXPECT_EQ((*mac)[2], 0x0a);
    EXPECT_EQ((*mac)[3], 0xff);
    EXPECT_EQ(mac_to_text(mac->data()), "02:00:0A:FF:10:01");
    for (const char *bad : {"", "02:00:0a:ff:10", "02:00:0a:ff:10:01:03", "zz:00:0a:ff:10:01",
                            "02-00-0a-ff-10-01", "02:00:0a:ff:10:1"})
        EXPECT_FALSE(value_or_error(parse_mac(bad), &err)) << bad;
    EXPECT_NE(err.find("XX:XX:XX:XX:XX:XX"), std::string::npos);
}

TEST(ParseOnOff, OnlyOnAndOff) {
    std::string err;
    EXPECT_EQ(value_or_error(parse_on_off("x", "on"), &err), true);
    EXPECT_EQ(value_or_error(parse_on_off("x", "off"), &err), false);
    EXPECT_FALSE(value_or_error(parse_on_off("x", "yes"), &err));
    EXPECT_NE(err.find("allowed: on, off"), std::string::npos);
}

// Issue 13: sscanf's %2x took a sign or a space ("-1" became ff).
TEST(ParseMac, OnlyHexDigitPairs) {
    std::string err;
    for (const char *bad :
         {"-1:-1:-1:-1:-1:-1", "+1:+1:+1:+1:+1:+1", " 1: 2: 3: 4: 5: 6", "02:00:0a:ff:10:-1",
          "0x:00:0a:ff:10:01", "02:00:0a:ff:10:0 ", "02:00:0a:ff:10;01", "02:00\0:0a:ff:1"}) {
        EXPECT_FALSE(value_or_error(parse_mac(bad), &err)) << bad;
        EXPECT_NE(err.find("expected XX:XX:XX:XX:XX:XX"), std::string::npos) << err;
    }
    auto mac = value_or_error(parse_mac("aB:cD:eF:01:23:45"), &err);
    ASSERT_TRUE(mac);
    EXPECT_EQ(mac_to_text(mac->data()), "AB:CD:EF:01:23:45");
}

TEST(ParseIpv4, HostOrderOrWhyNot) {
    std::string err;
    EXPECT_EQ(value_or_error(parse_ipv4("ip", "198.18.0.2"), &err), 0xc6120002u);
    EXPECT_FALSE(value_or_error(parse_ipv4("ip", "10.0.0.01"), &err));
    EXPECT_EQ(err, "ip: '10.0.0.01' is not an IPv4 address: octet 4 '01' has a leading zero "
                   "(allowed: A.B.C.D, each 0..255)");
}
