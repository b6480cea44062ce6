#include "shell/syntax.h"

#include "options/scalar_parse.h"

namespace pmdfwd::shell {

namespace {

// A choice's alternatives ("rxq|txq", "<on|off>"); empty when one is a
// placeholder ("all|<port>"), which is no fixed list.
std::vector<std::string> alternatives(std::string_view tok) {
    if (tok.front() == '<' && tok.back() == '>' && tok.find('|') != std::string_view::npos)
        tok = tok.substr(1, tok.size() - 2);
    if (tok.front() == '<' || tok.find('|') == std::string_view::npos) return {};
    std::vector<std::string> alts;
    size_t start = 0;
    while (true) {
        const size_t bar = tok.find('|', start);
        const std::string_view alt = tok.substr(start, bar - start);
        if (alt.front() == '<') return {};
        alts.emplace_back(alt);
        if (bar == std::string_view::npos) return alts;
        start = bar + 1;
    }
}

Token compile_token(std::string_view word) {
    Token t;
    t.optional = word.front() == '[';
    if (t.optional) word = word.substr(1, word.size() - 2);
    t.text = word;
    t.alts = alternatives(word);
    if (!t.alts.empty())
        t.kind = TokenKind::Choice;
    else if (word.front() != '<' && word.find('|') == std::string_view::npos)
        t.kind = TokenKind::Literal;
    else if (word == "<port>")
        t.kind = TokenKind::Port;
    else if (word == "all|<port>")
        t.kind = TokenKind::PortOrAll;
    else if (word == "<mode>")
        t.kind = TokenKind::Mode;
    return t;
}

} // namespace

std::vector<Token> compile_syntax(std::string_view syntax) {
    std::vector<Token> tokens;
    for (const std::string &w : split_words(syntax))
        tokens.push_back(compile_token(w));
    return tokens;
}

} // namespace pmdfwd::shell
