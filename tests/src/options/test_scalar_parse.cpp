#include "options/scalar_parse.h"
#include "support/status_matchers.h"

#include <gtest/gtest.h>

using namespace pmdfwd;
using pmdfwd::testing::value_or_error;

TEST(ParseSeconds, PositiveOnly) {
    std::string err;
    EXPECT_DOUBLE_EQ(*value_or_error(parse_seconds("run-time", "2.5"), &err), 2.5);
    for (const char *bad : {"0", "-1", "abc", "", "1s", "nan", "inf"})
        EXPECT_FALSE(value_or_error(parse_seconds("run-time", bad), &err)) << bad;
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
