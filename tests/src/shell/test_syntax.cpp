// A row's syntax compiles once into typed tokens (src/shell/syntax.h), and
// completion reads a partial line with the lexer execution uses.
#include "shell/syntax.h"
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>

using namespace pmdfwd;
using namespace pmdfwd::shell;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::run;

namespace {

std::vector<TokenKind> kinds(const std::vector<Token> &toks) {
    std::vector<TokenKind> k;
    for (const Token &t : toks)
        k.push_back(t.kind);
    return k;
}

} // namespace

TEST(Syntax, TokenKinds) {
    using K = TokenKind;
    const std::vector<Token> t =
        compile_syntax("port <port> rxq|txq <queue> deferred_start <on|off>");
    EXPECT_EQ(kinds(t),
              (std::vector<K>{K::Literal, K::Port, K::Choice, K::Number, K::Literal, K::Choice}));
    EXPECT_EQ(t[2].alts, (std::vector<std::string>{"rxq", "txq"}));
    EXPECT_EQ(t[5].alts, (std::vector<std::string>{"on", "off"}));
    EXPECT_EQ(t[4].text, "deferred_start");
    EXPECT_EQ(kinds(compile_syntax("show port stats all|<port>")).back(), K::PortOrAll);
}

TEST(Syntax, OptionalTokens) {
    const std::vector<Token> fwd = compile_syntax("set fwd <mode> [retry]");
    ASSERT_EQ(fwd.size(), 4u);
    EXPECT_EQ(fwd[2].kind, TokenKind::Mode);
    EXPECT_FALSE(fwd[2].optional);
    EXPECT_EQ(fwd[3].kind, TokenKind::Literal);
    EXPECT_TRUE(fwd[3].optional);
    EXPECT_EQ(fwd[3].text, "retry");
    const std::vector<Token> tx = compile_syntax("start tx_first [<n>]");
    EXPECT_EQ(tx.back().kind, TokenKind::Word);
    EXPECT_TRUE(tx.back().optional);
    EXPECT_EQ(tx.back().text, "<n>");
    const auto typed =
        compile_syntax("start tx_first [<n>]", {arg::number("<n>", "tx_first", 1, 1024)});
    ASSERT_TRUE(typed) << typed.message();
    EXPECT_EQ(typed->back().kind, TokenKind::Number);
    EXPECT_TRUE(typed->back().optional);
    EXPECT_EQ(typed->back().name, "tx_first");
    EXPECT_EQ(typed->back().max, 1024u);
}

// Execution takes "set" in quotes as set; completion now reads it the same.
TEST(Syntax, CompletionReadsQuotesAsExecutionDoes) {
    FakeHost h;
    EXPECT_EQ(complete_command(h, "\"set\" fwd mac"), std::vector<std::string>{"macswap"});
    EXPECT_EQ(complete_command(h, "set 'fwd' io "), std::vector<std::string>{"retry"});
    EXPECT_TRUE(complete_command(h, "set fwd \"mac").empty()); // an open quote
    EXPECT_TRUE(run(h, "\"set\" fwd macswap"));
    EXPECT_EQ(h.cfg.forward_mode, "macswap");
}

// "<name>..." takes the rest of the line (the flow grammar's rule), so it
// must be last; a row that puts it elsewhere is refused when the table is built.
TEST(Syntax, RestOfLineToken) {
    const std::vector<Token> t = compile_syntax("flow create <port> <rule>...");
    ASSERT_EQ(t.size(), 4u);
    EXPECT_EQ(t[3].kind, TokenKind::Rest);
    EXPECT_EQ(t[3].text, "<rule>...");
    const auto bad = compile_syntax("flow <rule>... <port>", {});
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.message(), "row 'flow <rule>... <port>' has '<rule>...' before its last word "
                             "(it takes the rest of the line)");
    // Not a rest: "..." alone, or dots inside the brackets.
    EXPECT_EQ(compile_syntax("x <a.b>").back().kind, TokenKind::Word);
    EXPECT_EQ(compile_syntax("x ...").back().kind, TokenKind::Literal);
}
