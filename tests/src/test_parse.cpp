#include "parse.h"

#include <gtest/gtest.h>

using namespace pmdfwd;

TEST(ParseUint, AcceptsRangeBounds) {
    std::string err;
    EXPECT_EQ(parse_uint("burst", "1", 1, 512, &err), 1u);
    EXPECT_EQ(parse_uint("burst", "512", 1, 512, &err), 512u);
}

TEST(ParseUint, RejectsOutOfRangeWithAllowedValues) {
    std::string err;
    EXPECT_FALSE(parse_uint("burst", "0", 1, 512, &err));
    EXPECT_EQ(err, "burst: 0 is out of range (allowed: 1..512)");
    EXPECT_FALSE(parse_uint("burst", "513", 1, 512, &err));
    EXPECT_NE(err.find("allowed: 1..512"), std::string::npos);
    EXPECT_FALSE(parse_uint("burst", "99999999999999999999999", 1, 512, &err));
    EXPECT_NE(err.find("out of range"), std::string::npos);
}

TEST(ParseUint, RejectsNonNumbers) {
    std::string err;
    for (const char *bad : {"", "x", "12x", "-1", " 3", "3 ", "0x10", "+5"}) {
        EXPECT_FALSE(parse_uint("n", bad, 0, 100, &err)) << bad;
        EXPECT_NE(err.find("not a number"), std::string::npos) << bad << ": " << err;
    }
}

TEST(ParseSeconds, PositiveOnly) {
    std::string err;
    EXPECT_DOUBLE_EQ(*parse_seconds("run-time", "2.5", &err), 2.5);
    for (const char *bad : {"0", "-1", "abc", "", "1s", "nan", "inf"})
        EXPECT_FALSE(parse_seconds("run-time", bad, &err)) << bad;
}

TEST(ParseMac, GoodAndBad) {
    std::string err;
    auto mac = parse_mac("02:00:0a:FF:10:01", &err);
    ASSERT_TRUE(mac);
    EXPECT_EQ((*mac)[0], 0x02);
    EXPECT_EQ((*mac)[2], 0x0a);
    EXPECT_EQ((*mac)[3], 0xff);
    EXPECT_EQ(format_mac(mac->data()), "02:00:0A:FF:10:01");
    for (const char *bad : {"", "02:00:0a:ff:10", "02:00:0a:ff:10:01:03", "zz:00:0a:ff:10:01",
                            "02-00-0a-ff-10-01", "02:00:0a:ff:10:1"})
        EXPECT_FALSE(parse_mac(bad, &err)) << bad;
    EXPECT_NE(err.find("XX:XX:XX:XX:XX:XX"), std::string::npos);
}

TEST(ParseOnOff, OnlyOnAndOff) {
    std::string err;
    EXPECT_EQ(parse_on_off("x", "on", &err), true);
    EXPECT_EQ(parse_on_off("x", "off", &err), false);
    EXPECT_FALSE(parse_on_off("x", "yes", &err));
    EXPECT_NE(err.find("allowed: on, off"), std::string::npos);
}

TEST(ParseTxpkts, SegmentsAndLimits) {
    std::string err;
    auto one = parse_txpkts("64", &err);
    ASSERT_TRUE(one);
    EXPECT_EQ(*one, std::vector<uint16_t>{64});
    auto segs = parse_txpkts("14,20,30", &err);
    ASSERT_TRUE(segs);
    EXPECT_EQ(segs->size(), 3u);
    EXPECT_FALSE(parse_txpkts("20", &err)); // shorter than Ethernet+IPv4+UDP
    EXPECT_NE(err.find("total length"), std::string::npos);
    EXPECT_FALSE(parse_txpkts("64,", &err));
    EXPECT_FALSE(parse_txpkts("8,8,8,8,8,8,8,8,8", &err)); // 9 segments
    EXPECT_FALSE(parse_txpkts("10000", &err));
}

TEST(SplitWords, CollapsesWhitespace) {
    EXPECT_EQ(split_words("  set  fwd\tmacswap \r\n"),
              (std::vector<std::string>{"set", "fwd", "macswap"}));
    EXPECT_TRUE(split_words("   ").empty());
}

TEST(OptionValues, BothSpellingsInOrder) {
    const std::vector<std::string> args = {"--vdev=net_ring0",  "-l",         "0-1",   "--vdev",
                                           "net_null0,size=64", "--vdevx=no", "--vdev"};
    EXPECT_EQ(option_values(args, "--vdev"),
              (std::vector<std::string>{"net_ring0", "net_null0,size=64"}));
    EXPECT_EQ(option_values({"--engine-plugin="}, "--engine-plugin"), std::vector<std::string>{""});
    EXPECT_TRUE(option_values(args, "--nosuch").empty());
}
