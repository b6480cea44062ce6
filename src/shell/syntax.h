// A row's syntax compiled once into typed tokens (as testpmd's cmdline
// tokens: TOKEN_NUM, TOKEN_ETHERADDR, TOKEN_PORTLIST), so that matching,
// checking and completing a line walk tokens instead of re-splitting every
// row's syntax string for every line.
//
// What a placeholder takes comes from the row's declarations (Spec::types,
// built with the arg:: helpers below), else from the default table
// (kDefaultTypes in syntax.cpp: <port>, all|<port>, <mode>, <queue>, <mac>);
// an undeclared placeholder is a Word its run function reads.
#pragma once

#include "util/status.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pmdfwd::shell {

enum class TokenKind {
    Literal,   // a word typed as written: "show"
    Choice,    // one of fixed words: "rxq|txq", "<on|off>"
    Port,      // an existing port id: "<port>"
    PortOrAll, // "all" or an existing port id: "all|<port>"
    PortList,  // testpmd's list of existing ports: "0,1" or "0-3"
    IdList,    // the same list of ids below a limit, not checked against ports (lcores)
    Number,    // a decimal integer in an inclusive range: "<n>" declared 1..512
    Mac,       // XX:XX:XX:XX:XX:XX
    Ipv4,      // a.b.c.d
    Mode,      // a forwarding engine's name: "<mode>" (its row checks it: plugins load late)
    Word,      // any word, checked by the row's run function
    Rest,      // "<rule>...", last: every word left on the line, none too (a grammar the row reads)
};

// What one placeholder of a row takes, as the row declares it.
struct ArgType {
    const char *placeholder = nullptr; // as in the syntax, without brackets: "<n>"
    TokenKind kind = TokenKind::Word;
    const char *name = nullptr; // in messages ("burst"); nullptr: the word before it names it
    uint64_t min = 0, max = 0;  // a Number's inclusive range; a list's ids are < max
    bool offers_ports = false;  // completes to the port ids (a Number that is a port id)
};

// The declarations a row's .types lists, e.g.
//     .types = {arg::number("<n>", "burst", 1, kMaxBurst)}
namespace arg {
// An integer in min..max; messages name it name ("burst: 0 is out of range
// (allowed: 1..512)"), or by the word before it when name is nullptr
// ("port config all rxq|txq <n>": "rxq: ...").
ArgType number(const char *placeholder, const char *name, uint64_t min, uint64_t max);
// A port id 0..65535 that need not exist (ethdev answers for it), offering
// the existing ones to completion.
ArgType port_number(const char *placeholder);
ArgType mac(const char *placeholder);
ArgType ipv4(const char *placeholder, const char *name);
// testpmd's port list ("1,0", "0-3") of existing ports.
ArgType port_list(const char *placeholder);
// The same list for other ids, each below limit (e.g. lcores: "corelist").
ArgType id_list(const char *placeholder, const char *name, unsigned limit);
} // namespace arg

struct Token {
    TokenKind kind = TokenKind::Word;
    bool optional = false;         // "[retry]", "[<n>]": may be left out at the end
    std::string text;              // as written, without an optional's brackets
    std::vector<std::string> alts; // a Choice's words
    std::string name;              // a typed placeholder's name in messages; empty: the word before
    uint64_t min = 0, max = 0;     // see ArgType
    bool offers_ports = false;
};

// The tokens of a syntax string: words separated by spaces, a trailing
// optional one in brackets or a trailing "<name>..." that takes the rest of
// the line; placeholders typed by types, then by the default table; an
// error when a declaration names no placeholder of the syntax or a
// "<name>..." is not last (a row's mistake, found when the table is built).
Result<std::vector<Token>> compile_syntax(std::string_view syntax,
                                          const std::vector<ArgType> &types);
// The same without declarations.
std::vector<Token> compile_syntax(std::string_view syntax);

} // namespace pmdfwd::shell
