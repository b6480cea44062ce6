// Each kind of typed token (src/shell/syntax.h) checks and converts a word
// (src/shell/arg_check.h): values at the edges of their ranges, and what a
// bad word is told.
#include "shell/arg_check.h"

#include <gtest/gtest.h>

#include <rte_config.h>

using namespace pmdfwd::shell;

namespace {

const std::vector<uint16_t> kPorts{0, 1};

// The one placeholder token of "cmd <x>" typed by type (or by default).
Token token(const std::string &placeholder, std::vector<ArgType> types = {}) {
    auto toks = compile_syntax("cmd " + placeholder, types);
    EXPECT_TRUE(toks) << toks.message();
    return toks ? toks->back() : Token{};
}

// The value of word, or the message that refused it.
std::variant<ArgValue, std::string> check(const Token &tok, const std::string &word,
                                          const std::string &before = "cmd") {
    auto v = check_arg(tok, word, before, kPorts);
    if (v) return *v;
    return v.message();
}

std::string refusal(const Token &tok, const std::string &word, const std::string &before = "cmd") {
    auto r = check(tok, word, before);
    EXPECT_TRUE(std::holds_alternative<std::string>(r)) << word << " was accepted";
    return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : "";
}

template <typename T>
T value(const Token &tok, const std::string &word) {
    auto r = check(tok, word);
    if (std::holds_alternative<std::string>(r)) {
        ADD_FAILURE() << word << ": " << std::get<std::string>(r);
        return T{};
    }
    return std::get<T>(std::get<ArgValue>(r));
}

// Accepted with no value: the row's run reads the word.
bool plain(const Token &tok, const std::string &word) {
    auto r = check(tok, word);
    return std::holds_alternative<ArgValue>(r) &&
           std::holds_alternative<std::monostate>(std::get<ArgValue>(r));
}

} // namespace

TEST(ArgCheck, NumberRangeEdges) {
    const Token t = token("<n>", {arg::number("<n>", "burst", 1, 512)});
    EXPECT_EQ(t.kind, TokenKind::Number);
    EXPECT_EQ(value<uint64_t>(t, "1"), 1u);
    EXPECT_EQ(value<uint64_t>(t, "512"), 512u);
    EXPECT_EQ(refusal(t, "0"), "burst: 0 is out of range (allowed: 1..512)");
    EXPECT_EQ(refusal(t, "513"), "burst: 513 is out of range (allowed: 1..512)");
    EXPECT_EQ(refusal(t, "18446744073709551616"),
              "burst: 18446744073709551616 is out of range (allowed: 1..512)");
    EXPECT_EQ(refusal(t, "x"), "burst: 'x' is not a number (allowed: 1..512)");
    EXPECT_EQ(refusal(t, "-1"), "burst: '-1' is not a number (allowed: 1..512)");
    EXPECT_EQ(refusal(t, "1.5"), "burst: '1.5' is not a number (allowed: 1..512)");
    const Token wide = token("<v>", {arg::number("<v>", "high_water", 0, UINT32_MAX)});
    EXPECT_EQ(value<uint64_t>(wide, "4294967295"), UINT32_MAX);
    EXPECT_EQ(refusal(wide, "4294967296"),
              "high_water: 4294967296 is out of range (allowed: 0..4294967295)");
}

// "port config all rxq|txq|rxd|txd <n>": the choice names the number.
TEST(ArgCheck, NumberNamedByTheWordBefore) {
    const Token t = token("<n>", {arg::number("<n>", nullptr, 1, 65535)});
    EXPECT_EQ(refusal(t, "0", "rxd"), "rxd: 0 is out of range (allowed: 1..65535)");
}

TEST(ArgCheck, Port) {
    const Token t = token("<port>");
    EXPECT_EQ(t.kind, TokenKind::Port);
    EXPECT_EQ(value<uint64_t>(t, "1"), 1u);
    EXPECT_EQ(refusal(t, "2"), "Invalid port 2\nThe valid ports array is [ 0 1 ]"); // testpmd's
    EXPECT_EQ(refusal(t, "x"), "Bad arguments: port 'x' is not a number (allowed: 0, 1)");
    EXPECT_EQ(refusal(t, "all"), "Bad arguments: port 'all' is not a number (allowed: 0, 1)");
}

TEST(ArgCheck, PortOrAll) {
    const Token t = token("all|<port>");
    EXPECT_EQ(t.kind, TokenKind::PortOrAll);
    EXPECT_EQ(value<std::vector<uint16_t>>(t, "all"), kPorts);
    EXPECT_EQ(value<std::vector<uint16_t>>(t, "1"), std::vector<uint16_t>{1});
    EXPECT_EQ(refusal(t, "7"), "Invalid port 7\nThe valid ports array is [ 0 1 ]");
}

// A port id ethdev answers for: any 16-bit number, existing or not.
TEST(ArgCheck, PortNumber) {
    const Token t = token("<port>", {arg::port_number("<port>")});
    EXPECT_EQ(t.kind, TokenKind::Number);
    EXPECT_TRUE(t.offers_ports);
    EXPECT_EQ(value<uint64_t>(t, "9"), 9u);
    EXPECT_EQ(refusal(t, "65536"), "port: 65536 is out of range (allowed: 0..65535)");
}

TEST(ArgCheck, PortList) {
    const Token t = token("<list>", {arg::port_list("<list>")});
    EXPECT_EQ(t.kind, TokenKind::PortList);
    EXPECT_EQ(value<std::vector<uint16_t>>(t, "1,0"), (std::vector<uint16_t>{1, 0}));
    EXPECT_EQ(value<std::vector<uint16_t>>(t, "0-1"), (std::vector<uint16_t>{0, 1}));
    EXPECT_EQ(refusal(t, "1,9"), "Invalid port 9"); // testpmd's set_fwd_ports_list
    EXPECT_EQ(refusal(t, "1,x"), "Bad arguments: portlist: 'x' is not a number (allowed: 0.." +
                                     std::to_string(RTE_MAX_ETHPORTS - 1) +
                                     "); a list is 1,3,5 or 1-3 or 1-2,5");
    EXPECT_EQ(refusal(t, "1-0"), "Bad arguments: portlist: '1-0' is a range that runs backwards; "
                                 "a list is 1,3,5 or 1-3 or 1-2,5");
}

TEST(ArgCheck, IdList) {
    const Token t = token("<list>", {arg::id_list("<list>", "corelist", 4)});
    EXPECT_EQ(t.kind, TokenKind::IdList);
    EXPECT_EQ(value<std::vector<uint16_t>>(t, "1-3"), (std::vector<uint16_t>{1, 2, 3}));
    EXPECT_EQ(value<std::vector<uint16_t>>(t, "3"), std::vector<uint16_t>{3}); // not a port
    EXPECT_EQ(refusal(t, "4"), "Bad arguments: corelist: 4 is out of range (allowed: 0..3); "
                               "a list is 1,3,5 or 1-3 or 1-2,5");
}

TEST(ArgCheck, Mac) {
    const Token t = token("<mac>");
    EXPECT_EQ(t.kind, TokenKind::Mac);
    EXPECT_EQ(value<MacAddr>(t, "02:00:00:00:00:0a"), (MacAddr{2, 0, 0, 0, 0, 10}));
    EXPECT_EQ(refusal(t, "02:00:00:00:00"),
              "Bad arguments: '02:00:00:00:00' is not a MAC address (expected "
              "XX:XX:XX:XX:XX:XX or XXXX:XXXX:XXXX, X a hex digit)");
    EXPECT_EQ(refusal(t, "02:00:00:00:00:0g").substr(0, 14), "Bad arguments:");
}

TEST(ArgCheck, Ipv4) {
    const Token t = token("<ip>", {arg::ipv4("<ip>", "ip")});
    EXPECT_EQ(t.kind, TokenKind::Ipv4);
    EXPECT_EQ(value<Ipv4Addr>(t, "10.0.0.1"), (Ipv4Addr{10, 0, 0, 1}));
    EXPECT_EQ(value<Ipv4Addr>(t, "255.255.255.255"), (Ipv4Addr{255, 255, 255, 255}));
    EXPECT_EQ(value<Ipv4Addr>(t, "0.0.0.0"), (Ipv4Addr{0, 0, 0, 0}));
    for (const auto &[bad, why] : {std::pair{"10.0.0.256", "octet 4 '256' is over 255"},
                                   {"10.0.0", "it has 3 octets, not 4"},
                                   {"10.0.0.1.2", "it has 5 octets, not 4"},
                                   {"a.b.c.d", "octet 1 'a' is not a decimal number"},
                                   {"", "it is empty"},
                                   {"10.0.0.-1", "octet 4 '-1' is not a decimal number"},
                                   {"10.0.0.01", "octet 4 '01' has a leading zero"}})
        EXPECT_EQ(refusal(t, bad), std::string("Bad arguments: ip: '") + bad +
                                       "' is not an IPv4 address: " + why +
                                       " (allowed: A.B.C.D, each 0..255)");
}

TEST(ArgCheck, ChoiceSaysWhatIsAllowed) {
    const Token t = token("rxq|txq");
    EXPECT_EQ(t.kind, TokenKind::Choice);
    EXPECT_TRUE(plain(t, "txq"));
    EXPECT_EQ(refusal(t, "q"), "Bad arguments: 'q' is not allowed here (allowed: rxq, txq)");
}

TEST(ArgCheck, DefaultQueueIsASixteenBitNumber) {
    const Token t = token("<queue>");
    EXPECT_EQ(t.kind, TokenKind::Number);
    EXPECT_EQ(value<uint64_t>(t, "65535"), 65535u);
    EXPECT_EQ(refusal(t, "65536"), "queue: 65536 is out of range (allowed: 0..65535)");
}

TEST(ArgCheck, WordsAndModesAreTheRowsToCheck) {
    EXPECT_TRUE(plain(token("<file>"), "x y"));
    EXPECT_TRUE(plain(token("<mode>"), "nosuch"));
}

// A declaration for a placeholder the syntax does not have is the row's
// mistake, found when the table is compiled.
TEST(ArgCheck, DeclarationOfNoPlaceholderIsRefused) {
    const auto other = compile_syntax("set burst <n>", {arg::number("<m>", "burst", 1, 2)});
    EXPECT_FALSE(other);
    EXPECT_EQ(other.message(), "row 'set burst <n>' declares a type for '<m>', which is none of "
                               "its placeholders");
    EXPECT_FALSE(compile_syntax("set burst <n>", {arg::number("burst", "burst", 1, 2)}));
    EXPECT_TRUE(compile_syntax("start tx_first [<n>]", {arg::number("<n>", "n", 1, 2)}));
}
