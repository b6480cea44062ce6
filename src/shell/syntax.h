// A row's syntax compiled once into typed tokens (as testpmd's cmdline
// tokens), so that matching, checking and completing a line walk tokens
// instead of re-splitting every row's syntax string for every line.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pmdfwd::shell {

enum class TokenKind {
    Literal,   // a word typed as written: "show"
    Choice,    // one of fixed words: "rxq|txq", "<on|off>"
    Port,      // an existing port id: "<port>"
    PortOrAll, // "all" or an existing port id: "all|<port>"
    Mode,      // a forwarding engine's name: "<mode>"
    Word,      // any word, checked by the row's run function: "<n>", "<mac>"
};

struct Token {
    TokenKind kind = TokenKind::Word;
    bool optional = false;         // "[retry]", "[<n>]": may be left out at the end
    std::string text;              // as written, without an optional's brackets
    std::vector<std::string> alts; // a Choice's words
};

// The tokens of a syntax string: words separated by spaces, a trailing
// optional one in brackets.
std::vector<Token> compile_syntax(std::string_view syntax);

} // namespace pmdfwd::shell
