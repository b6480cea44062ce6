// lib/text/ipv4_text.h: IPv4 dotted text read and written one way (engine
// parameters, the shell, txonly's pairs, the engines' descriptions).
#include "text/ipv4_text.h"

#include <gtest/gtest.h>

#include <arpa/inet.h>

#include <cstdint>
#include <optional>
#include <string>

namespace pmdfwd {
namespace {

std::string why_not(std::string_view text) {
    std::string why;
    EXPECT_EQ(ipv4_from_text(text, &why), std::nullopt) << text;
    return why;
}

TEST(Ipv4Text, Writes) {
    EXPECT_EQ(ipv4_to_text(0xc6120001u), "198.18.0.1");
    EXPECT_EQ(ipv4_to_text(0), "0.0.0.0");
    EXPECT_EQ(ipv4_to_text(0xffffffffu), "255.255.255.255");
    EXPECT_EQ(ipv4_to_text(0x0a000100u), "10.0.1.0");
}

TEST(Ipv4Text, ReadsInHostOrder) {
    EXPECT_EQ(ipv4_from_text("198.18.0.2"), 0xc6120002u);
    EXPECT_EQ(ipv4_from_text("0.0.0.0"), 0u);
    EXPECT_EQ(ipv4_from_text("255.255.255.255"), 0xffffffffu);
    EXPECT_EQ(ipv4_from_text("10.0.0.1"), 0x0a000001u);
}

TEST(Ipv4Text, RoundTrips) {
    for (uint32_t a : {0u, 1u, 0x7f000001u, 0xc6120001u, 0xc613ffffu, 0xfffffffeu, 0xffffffffu})
        EXPECT_EQ(ipv4_from_text(ipv4_to_text(a)), a) << a;
}

TEST(Ipv4Text, SaysWhatIsWrong) {
    EXPECT_EQ(why_not(""), "it is empty");
    EXPECT_EQ(why_not("10.0.0"), "it has 3 octets, not 4");
    EXPECT_EQ(why_not("10.0.0.1.2"), "it has 5 octets, not 4");
    EXPECT_EQ(why_not("10.0.0.1."), "it has 5 octets, not 4");
    EXPECT_EQ(why_not("10.0.0.256"), "octet 4 '256' is over 255");
    EXPECT_EQ(why_not("1000.0.0.1"), "octet 1 '1000' is over 255");
    EXPECT_EQ(why_not("10.99999999999999999999.0.1"), "octet 2 '99999999999999999999' is over 255");
    EXPECT_EQ(why_not("10..0.1"), "octet 2 is empty");
    EXPECT_EQ(why_not(".10.0.1"), "octet 1 is empty");
    EXPECT_EQ(why_not("a.b.c.d"), "octet 1 'a' is not a decimal number");
    EXPECT_EQ(why_not("10.0.0.-1"), "octet 4 '-1' is not a decimal number");
    EXPECT_EQ(why_not("10.0.0.+1"), "octet 4 '+1' is not a decimal number");
    EXPECT_EQ(why_not(" 10.0.0.1"), "octet 1 ' 10' is not a decimal number");
    EXPECT_EQ(why_not("10.0.0.1\n"), "octet 4 '1\n' is not a decimal number");
    EXPECT_EQ(why_not("0x0a.0.0.1"), "octet 1 '0x0a' is not a decimal number");
}

// inet_aton reads "010" as octal 8; inet_pton refuses it; so does pmdfwd,
// rather than guess. A lone 0 is an octet like any other.
TEST(Ipv4Text, RefusesLeadingZeros) {
    EXPECT_EQ(why_not("10.0.0.010"), "octet 4 '010' has a leading zero");
    EXPECT_EQ(why_not("00.0.0.1"), "octet 1 '00' has a leading zero");
    EXPECT_EQ(ipv4_from_text("10.0.0.0"), 0x0a000000u);
}

TEST(Ipv4Text, WhyIsOptional) {
    EXPECT_EQ(ipv4_from_text("10.0.0"), std::nullopt);
    EXPECT_EQ(ipv4_from_text("10.0.0.1", nullptr), 0x0a000001u);
}

// The reading replaced inet_pton(AF_INET) in three places: it accepts and
// refuses what inet_pton does, on every text of up to eight characters of
// "0259." (0.0.0.0, 9.99.9.99, 05.0.0.0, 0.0.0.0., ...) and chosen others.
TEST(Ipv4Text, AgreesWithInetPton) {
    std::string first_difference;
    size_t differences = 0;
    auto compare = [&](const std::string &s) {
        in_addr a{};
        const bool pton = inet_pton(AF_INET, s.c_str(), &a) == 1;
        const std::optional<uint32_t> ours = ipv4_from_text(s);
        if (ours.has_value() == pton && (!pton || *ours == ntohl(a.s_addr))) return;
        if (differences++ == 0) first_difference = s;
    };
    const std::string alphabet = "0259.";
    std::string s;
    for (size_t len = 0, count = 1; len <= 8; len++, count *= alphabet.size()) {
        for (size_t k = 0; k < count; k++) {
            s.clear();
            for (size_t i = 0, v = k; i < len; i++, v /= alphabet.size())
                s += alphabet[v % alphabet.size()];
            compare(s);
        }
    }
    for (const char *t : {"255.255.255.255", "1.2.3.256", "199.200.201.209", "1.2.3.2550",
                          "192.168.1.255", " 1.2.3.4", "1.2.3.4 ", "a.b.c.d", "1.2.3.4\n",
                          "0x1.2.3.4", "1.2.3.-4", "1.2.3.+4", "4294967295", "127.1"})
        compare(t);
    EXPECT_EQ(differences, 0u) << "first: '" << first_difference << "'";
}

} // namespace
} // namespace pmdfwd
