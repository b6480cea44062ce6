#include "shell/syntax.h"

#include "options/scalar_parse.h"

#include <rte_config.h>

namespace pmdfwd::shell {

namespace arg {

ArgType number(const char *placeholder, const char *name, uint64_t min, uint64_t max) {
    return {.placeholder = placeholder,
            .kind = TokenKind::Number,
            .name = name,
            .min = min,
            .max = max};
}

ArgType port_number(const char *placeholder) {
    return {.placeholder = placeholder,
            .kind = TokenKind::Number,
            .name = "port",
            .min = 0,
            .max = UINT16_MAX,
            .offers_ports = true};
}

ArgType mac(const char *placeholder) {
    return {.placeholder = placeholder, .kind = TokenKind::Mac, .name = "mac"};
}

ArgType ipv4(const char *placeholder, const char *name) {
    return {.placeholder = placeholder, .kind = TokenKind::Ipv4, .name = name};
}

ArgType port_list(const char *placeholder) {
    return {.placeholder = placeholder,
            .kind = TokenKind::PortList,
            .name = "portlist",
            .max = RTE_MAX_ETHPORTS,
            .offers_ports = true};
}

ArgType id_list(const char *placeholder, const char *name, unsigned limit) {
    return {.placeholder = placeholder, .kind = TokenKind::IdList, .name = name, .max = limit};
}

} // namespace arg

namespace {

// Placeholders that mean the same in every row that writes them.
const ArgType kDefaultTypes[] = {
    {.placeholder = "<port>", .kind = TokenKind::Port, .name = "port", .offers_ports = true},
    {.placeholder = "all|<port>",
     .kind = TokenKind::PortOrAll,
     .name = "port",
     .offers_ports = true},
    {.placeholder = "<mode>", .kind = TokenKind::Mode},
    arg::number("<queue>", "queue", 0, UINT16_MAX),
    arg::mac("<mac>"),
};

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

void apply_type(Token *t, const ArgType &type) {
    t->kind = type.kind;
    t->name = type.name ? type.name : "";
    t->min = type.min;
    t->max = type.max;
    t->offers_ports = type.offers_ports;
}

// The declaration for a placeholder: the row's, else the default's.
const ArgType *type_of(const std::string &text, const std::vector<ArgType> &types) {
    for (const ArgType &a : types)
        if (text == a.placeholder) return &a;
    for (const ArgType &a : kDefaultTypes)
        if (text == a.placeholder) return &a;
    return nullptr;
}

bool is_rest(std::string_view word) {
    return word.size() > 5 && word.front() == '<' && word.ends_with(">...");
}

Token compile_token(std::string_view word, const std::vector<ArgType> &types) {
    Token t;
    if (is_rest(word)) {
        t.kind = TokenKind::Rest;
        t.text = word;
        return t;
    }
    t.optional = word.front() == '[';
    if (t.optional) word = word.substr(1, word.size() - 2);
    t.text = word;
    t.alts = alternatives(word);
    if (!t.alts.empty())
        t.kind = TokenKind::Choice;
    else if (word.front() != '<' && word.find('|') == std::string_view::npos)
        t.kind = TokenKind::Literal;
    else if (const ArgType *type = type_of(t.text, types))
        apply_type(&t, *type);
    return t;
}

bool is_placeholder(const Token &t) {
    return t.kind != TokenKind::Literal && t.kind != TokenKind::Choice;
}

} // namespace

Result<std::vector<Token>> compile_syntax(std::string_view syntax,
                                          const std::vector<ArgType> &types) {
    std::vector<Token> tokens;
    for (const std::string &w : split_words(syntax)) {
        if (!tokens.empty() && tokens.back().kind == TokenKind::Rest)
            return Error("row '" + std::string(syntax) + "' has '" + tokens.back().text +
                         "' before its last word (it takes the rest of the line)");
        tokens.push_back(compile_token(w, types));
    }
    for (const ArgType &a : types) {
        bool found = false;
        for (const Token &t : tokens)
            found = found || (is_placeholder(t) && t.text == a.placeholder);
        if (found) continue;
        return Error("row '" + std::string(syntax) + "' declares a type for '" +
                     std::string(a.placeholder ? a.placeholder : "") +
                     "', which is none of its placeholders");
    }
    return tokens;
}

std::vector<Token> compile_syntax(std::string_view syntax) {
    return *compile_syntax(syntax, {});
}

} // namespace pmdfwd::shell
