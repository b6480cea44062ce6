#include "options/scalar_parse.h"
#include "support/status_matchers.h"
#include "text/mac_text.h"

#include <gtest/gtest.h>

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

TEST(ParseSeconds, PositiveOnly) {
    std::string err;
    EXPECT_DOUBLE_EQ(*value_or_error(parse_seconds("run-time", "2.5"), &err), 2.5);
    for (const char *bad : {"0", "-1", "abc", "", "1s", "nan", "inf"})
        EXPECT_FALSE(value_or_error(parse_seconds("run-time", bad), &err)) << bad;
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

TEST(ParseTxpkts, SegmentsAndLimits) {
    std::string err;
    auto one = value_or_error(parse_txpkts("64"), &err);
    ASSERT_TRUE(one);
    EXPECT_EQ(*one, std::vector<uint16_t>{64});
    auto segs = value_or_error(parse_txpkts("14,20,30"), &err);
    ASSERT_TRUE(segs);
    EXPECT_EQ(segs->size(), 3u);
    EXPECT_FALSE(value_or_error(parse_txpkts("20"), &err)); // shorter than Ethernet+IPv4+UDP
    EXPECT_NE(err.find("total length"), std::string::npos);
    EXPECT_FALSE(value_or_error(parse_txpkts("64,"), &err));
    EXPECT_FALSE(value_or_error(parse_txpkts("8,8,8,8,8,8,8,8,8"), &err)); // 9 segments
    EXPECT_FALSE(value_or_error(parse_txpkts("10000"), &err));
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

// Issue 13: `load engine` could not take a path with a space; quotes keep a
// word's blanks. A NUL byte used to cut every message quoting the line.
TEST(SplitCommand, QuotesKeepBlanks) {
    std::string err;
    using W = std::vector<std::string>;
    EXPECT_EQ(value_or_error(split_command("  set  fwd\tmacswap \r\n"), &err),
              (W{"set", "fwd", "macswap"}));
    EXPECT_EQ(value_or_error(split_command("load engine \"/opt/my engines/x.so\""), &err),
              (W{"load", "engine", "/opt/my engines/x.so"}));
    EXPECT_EQ(value_or_error(split_command("load engine '/a b'/c\" d\".so"), &err),
              (W{"load", "engine", "/a b/c d.so"}));
    EXPECT_EQ(value_or_error(split_command("set fwd '' x"), &err), (W{"set", "fwd", "", "x"}));
    EXPECT_EQ(value_or_error(split_command("say \"it's\""), &err), (W{"say", "it's"}));
    EXPECT_FALSE(value_or_error(split_command("load engine \"/opt/x.so"), &err));
    EXPECT_EQ(err, "unterminated \" quote at column 13 in 'load engine \"/opt/x.so' (close it "
                   "with \")");
}

// Issue 37: testpmd's cmdline ends a line at an unquoted '#'.
TEST(SplitCommand, HashEndsTheLine) {
    std::string err;
    using W = std::vector<std::string>;
    EXPECT_EQ(value_or_error(split_command("set burst 16 # why"), &err), (W{"set", "burst", "16"}));
    EXPECT_EQ(value_or_error(split_command("set burst 1#x"), &err), (W{"set", "burst", "1"}));
    EXPECT_EQ(value_or_error(split_command("# all of it"), &err), W{});
    EXPECT_EQ(value_or_error(split_command("load \"a#b\" 'c#'"), &err), (W{"load", "a#b", "c#"}));
    EXPECT_EQ(value_or_error(split_command("x # \"open"), &err), W{"x"});
}

TEST(SplitCommand, NulByteIsRefusedAndShown) {
    std::string err;
    EXPECT_FALSE(value_or_error(split_command(std::string_view("start\0tx_first", 14)), &err));
    EXPECT_EQ(err, "the command line has a NUL byte at column 6 (not allowed in a command): "
                   "'start\\x00tx_first'");
    EXPECT_EQ(err.find('\0'), std::string::npos);
}

TEST(Printable, ControlBytesEscaped) {
    EXPECT_EQ(printable(std::string_view("a\0b\x01\x7f"
                                         "c\t",
                                         7)),
              "a\\x00b\\x01\\x7fc\\x09");
    EXPECT_EQ(printable("plain text: 1,2"), "plain text: 1,2");
    // A multi-line text (a plugin's describe) keeps its line ends, only them.
    EXPECT_EQ(printable("a\nb\r\x1b[2J", true), "a\nb\\x0d\\x1b[2J");
    EXPECT_EQ(printable("a\nb"), "a\\x0ab");
}
