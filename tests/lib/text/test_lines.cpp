// lib/text/lines.h: the one line splitter (--help's and the manual page's
// engine parameter rows).
#include "text/lines.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace pmdfwd {
namespace {

using Lines = std::vector<std::string>;

TEST(Lines, EmptyTextHasNoLines) {
    EXPECT_EQ(split_lines(""), Lines{});
    EXPECT_EQ(split_lines("\n"), Lines{});
    EXPECT_EQ(split_lines("\n\n\r\n"), Lines{});
}

TEST(Lines, TrailingNewlineAddsNoLine) {
    EXPECT_EQ(split_lines("a"), Lines{"a"});
    EXPECT_EQ(split_lines("a\n"), Lines{"a"});
    EXPECT_EQ(split_lines("a\nb"), (Lines{"a", "b"}));
    EXPECT_EQ(split_lines("a\nb\n"), (Lines{"a", "b"}));
}

TEST(Lines, BlankLinesAreDropped) {
    EXPECT_EQ(split_lines("\na\n\n\nb\n\n"), (Lines{"a", "b"}));
}

TEST(Lines, CrLfEndsALineAsLfDoes) {
    EXPECT_EQ(split_lines("a\r\nb\r\n"), (Lines{"a", "b"}));
    // Only a '\r' right before the '\n' (or the end) is a line end.
    EXPECT_EQ(split_lines("a\rb\r"), Lines{"a\rb"});
}

TEST(Lines, KeepsEverythingElseOfALine) {
    EXPECT_EQ(split_lines("  kernel=NAME   x\t y  \n"), Lines{"  kernel=NAME   x\t y  "});
    EXPECT_EQ(split_lines(std::string("a\0b\n", 4)), Lines{std::string("a\0b", 3)});
}

} // namespace
} // namespace pmdfwd
