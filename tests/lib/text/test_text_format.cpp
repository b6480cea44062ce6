// lib/text/text_format.h: the one printf-style formatter, host and engines.
#include "text/text_format.h"

#include <gtest/gtest.h>

#include <string>

namespace pmdfwd {
namespace {

TEST(TextFormat, FormatsAsPrintf) {
    EXPECT_EQ(text_format("%-4d|%s|%5.2f|%#x", 7, "ab", 1.5, 255u), "7   |ab| 1.50|0xff");
    EXPECT_EQ(text_format("no arguments"), "no arguments");
    EXPECT_EQ(text_format("%s", ""), "");
}

TEST(TextFormat, LongTextIsNotCut) {
    // The helpers it replaced wrote into char[256..1024] and cut silently.
    const std::string name(5000, 'n');
    const std::string s = text_format("Port %d name %s end\n", 3, name.c_str());
    EXPECT_EQ(s.size(), 5000u + 17u);
    EXPECT_EQ(s, "Port 3 name " + name + " end\n");
}

TEST(TextFormat, TextAtEveryLengthAroundTheFirstPass) {
    for (size_t n = 250; n < 262; n++) {
        const std::string a(n, 'a');
        EXPECT_EQ(text_format("%s", a.c_str()), a) << n;
    }
}

TEST(TextFormat, AppendKeepsWhatIsThere) {
    std::string o = "head:";
    append_format(&o, " %u", 1u);
    const std::string big(1000, 'b');
    append_format(&o, " %s", big.c_str());
    EXPECT_EQ(o, "head: 1 " + big);
}

} // namespace
} // namespace pmdfwd
