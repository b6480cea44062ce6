#include "shell/row_match.h"

#include "shell/arg_check.h"

#include <algorithm>

namespace pmdfwd::shell {

using Kind = TokenKind;

namespace {

size_t literal_count(const Tokens &toks) {
    return static_cast<size_t>(std::count_if(
        toks.begin(), toks.end(), [](const Token &t) { return t.kind == Kind::Literal; }));
}

// Whether every choice of the row takes its word: between rows with as many
// literal words ("port config all rxq|txq <n>", "port config all
// txpt|rxpt <n>") the one whose choices fit is meant.
bool choices_fit(const Tokens &toks, const std::vector<std::string> &words) {
    for (size_t i = 0; i < toks.size() && i < words.size(); i++)
        if (toks[i].kind == Kind::Choice &&
            std::find(toks[i].alts.begin(), toks[i].alts.end(), words[i]) == toks[i].alts.end())
            return false;
    return true;
}

// How many of the words the row's tokens take as execution would check
// them (a rest's words are the row's own to judge: none counted).
size_t words_taken(const Tokens &toks, const std::vector<std::string> &words,
                   const std::vector<uint16_t> &ports) {
    size_t n = 0;
    for (size_t i = 0; i < toks.size() && i < words.size() && toks[i].kind != Kind::Rest; i++)
        if (check_arg(toks[i], words[i], i ? std::string_view(words[i - 1]) : "", ports)) n++;
    return n;
}

// Whether row a is meant rather than row b, both of the words' shape.
bool better(const Tokens &a, const Tokens &b, const std::vector<std::string> &words,
            const std::vector<uint16_t> &ports) {
    const size_t na = literal_count(a), nb = literal_count(b);
    if (na != nb) return na > nb;
    const bool fa = choices_fit(a, words), fb = choices_fit(b, words);
    if (fa != fb) return fa;
    // Both refuse a word: the one that takes the others is meant.
    return !fa && words_taken(a, words, ports) > words_taken(b, words, ports);
}

} // namespace

bool shape_fits(const Tokens &toks, const std::vector<std::string> &words) {
    size_t w = 0;
    for (const Token &t : toks) {
        if (t.kind == Kind::Rest) return true;
        if (w == words.size()) return t.optional;
        if (t.kind == Kind::Literal && words[w] != t.text) return false;
        w++;
    }
    return w == words.size();
}

size_t literal_prefix(const Tokens &toks, const std::vector<std::string> &words) {
    size_t n = 0;
    while (n < toks.size() && n < words.size() && toks[n].kind == Kind::Literal &&
           words[n] == toks[n].text)
        n++;
    return n;
}

size_t best_row(const std::vector<Tokens> &syntaxes, const std::vector<std::string> &words,
                const std::vector<uint16_t> &ports) {
    size_t best = SIZE_MAX;
    for (size_t i = 0; i < syntaxes.size(); i++) {
        if (!shape_fits(syntaxes[i], words)) continue;
        if (best == SIZE_MAX || better(syntaxes[i], syntaxes[best], words, ports)) best = i;
    }
    return best;
}

} // namespace pmdfwd::shell
