#include "shell/syntax_clash.h"

#include "options/scalar_parse.h"

#include <algorithm>

namespace pmdfwd::shell {

namespace {

using Tokens = std::vector<Token>;

bool all_digits(const std::string &w) {
    return !w.empty() &&
           std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Whether the word may fill token t.
bool word_fills(const std::string &word, const Token &t) {
    switch (t.kind) {
    case TokenKind::Literal:
        return word == t.text;
    case TokenKind::Choice:
        return std::find(t.alts.begin(), t.alts.end(), word) != t.alts.end();
    case TokenKind::Port:
    case TokenKind::Number:
        return all_digits(word);
    case TokenKind::PortOrAll:
        return word == "all" || all_digits(word);
    case TokenKind::PortList:
    case TokenKind::IdList:
        return !word.empty() && word.find_first_not_of("0123456789,-") == std::string::npos;
    case TokenKind::Mac:
    case TokenKind::Ipv4:
    case TokenKind::Mode:
    case TokenKind::Word:
    case TokenKind::Rest:
        return true;
    }
    return true;
}

// Whether some word fills both tokens (two placeholders: a port id does).
bool tokens_meet(const Token &a, const Token &b) {
    if (a.kind == TokenKind::Literal) return word_fills(a.text, b);
    if (b.kind == TokenKind::Literal) return word_fills(b.text, a);
    if (a.kind == TokenKind::Choice)
        return std::any_of(a.alts.begin(), a.alts.end(),
                           [&](const std::string &w) { return word_fills(w, b); });
    if (b.kind == TokenKind::Choice)
        return std::any_of(b.alts.begin(), b.alts.end(),
                           [&](const std::string &w) { return word_fills(w, a); });
    return true;
}

// How many words the lines a row matches have.
std::vector<size_t> line_lengths(const Tokens &t) {
    if (!t.empty() && t.back().optional) return {t.size() - 1, t.size()};
    return {t.size()};
}

bool takes_rest(const Tokens &t) {
    return !t.empty() && t.back().kind == TokenKind::Rest;
}

// The same for rows one of which ends in "<name>...": a line both match
// fills the fixed words of both, the rest row's at least.
bool same_line_with_rest(const Tokens &a, const Tokens &b) {
    const size_t fixed_a = a.size() - (takes_rest(a) ? 1 : 0);
    const size_t fixed_b = b.size() - (takes_rest(b) ? 1 : 0);
    if (!takes_rest(b) && fixed_a > b.size()) return false;
    if (!takes_rest(a) && fixed_b > a.size()) return false;
    for (size_t i = 0; i < std::min(fixed_a, fixed_b); i++)
        if (!tokens_meet(a[i], b[i])) return false;
    return true;
}

bool same_line(const Tokens &a, const Tokens &b) {
    if (takes_rest(a) || takes_rest(b)) return same_line_with_rest(a, b);
    for (size_t n : line_lengths(a)) {
        const std::vector<size_t> nb = line_lengths(b);
        if (std::find(nb.begin(), nb.end(), n) == nb.end()) continue;
        bool meet = true;
        for (size_t i = 0; meet && i < n; i++)
            meet = tokens_meet(a[i], b[i]);
        if (meet) return true;
    }
    return false;
}

size_t leading_literals(const Tokens &t) {
    size_t n = 0;
    while (n < t.size() && t[n].kind == TokenKind::Literal)
        n++;
    return n;
}

// A line of b's that begins with a's leading literal words, past where b's
// own literal words end.
bool shadows(const Tokens &a, const Tokens &b) {
    const size_t k = leading_literals(a);
    if (k == 0 || b.size() < k || leading_literals(b) >= k) return false;
    for (size_t i = 0; i < k; i++)
        if (!word_fills(a[i].text, b[i])) return false;
    return true;
}

bool literal_word(std::string_view w) {
    return !w.empty() && std::all_of(w.begin(), w.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '_' || c == '-' || c == '.' || c == ':' || c == ',' || c == '/';
    });
}

bool placeholder_word(std::string_view w) {
    return w.size() > 2 && w.front() == '<' && w.back() == '>' &&
           literal_word(w.substr(1, w.size() - 2));
}

// A literal, a placeholder, or a choice of literals (all|<port> too).
bool readable_word(std::string_view w) {
    if (w == "all|<port>" || literal_word(w) || placeholder_word(w)) return true;
    if (w.size() > 2 && w.front() == '<' && w.back() == '>') w = w.substr(1, w.size() - 2);
    size_t start = 0;
    while (true) {
        const size_t bar = w.find('|', start);
        if (!literal_word(w.substr(start, bar - start))) return false;
        if (bar == std::string_view::npos) return true;
        start = bar + 1;
    }
}

} // namespace

bool syntaxes_clash(const Tokens &a, const Tokens &b) {
    return same_line(a, b) || shadows(a, b) || shadows(b, a);
}

Status check_engine_syntax(std::string_view engine, std::string_view syntax,
                           const std::vector<std::string> &command_words) {
    const std::vector<std::string> words = split_words(syntax);
    const std::string allowed = " (allowed: word, <placeholder>, a|b, <port>, all|<port>, "
                                "<mode>, and [word] or [<placeholder>] last)";
    if (words.empty()) return Error("is empty");
    for (size_t i = 0; i < words.size(); i++) {
        std::string_view w = words[i];
        const bool optional = w.size() > 2 && w.front() == '[' && w.back() == ']';
        if (optional && i + 1 < words.size())
            return Error("has an optional word '" + words[i] + "' before its last" + allowed);
        if (optional) w = w.substr(1, w.size() - 2);
        if (!readable_word(w))
            return Error("has a word '" + words[i] + "' the shell cannot read" + allowed);
    }
    if (!literal_word(words[0]))
        return Error("begins with '" + words[0] +
                     "', not a literal word (a command's first word is typed as written)");
    const Tokens toks = compile_syntax(syntax);
    if (std::none_of(toks.begin(), toks.end(), [&](const Token &t) {
            return t.kind == TokenKind::Literal && !t.optional &&
                   (t.text == engine || std::find(command_words.begin(), command_words.end(),
                                                  t.text) != command_words.end());
        }))
        return Error("does not name the engine: '" + std::string(engine) +
                     "' or one of its command words must be one of its literal words");
    return {};
}

} // namespace pmdfwd::shell
