#include "shell/arg_check.h"

#include "options/scalar_parse.h"
#include "options/structured_parse.h"
#include "ports/port_text.h"

#include <arpa/inet.h>

#include <algorithm>

namespace pmdfwd::shell {

namespace {

std::string comma_list(const std::vector<std::string> &words) {
    std::string s;
    for (const std::string &w : words)
        s += (s.empty() ? "" : ", ") + w;
    return s;
}

bool port_exists(const std::vector<uint16_t> &ids, uint64_t p) {
    return std::find(ids.begin(), ids.end(), p) != ids.end();
}

std::optional<ArgValue> check_port(const std::string &word, const std::vector<uint16_t> &ids,
                                   std::string *why) {
    const Result<uint64_t> v = parse_uint("port", word, 0, UINT64_MAX);
    if (v && port_exists(ids, *v)) return ArgValue(*v);
    if (v) {
        // testpmd's words: harnesses key on "Invalid port".
        *why = invalid_port_text(*v, ids);
        why->pop_back(); // the line end fail() adds
        return std::nullopt;
    }
    std::vector<std::string> allowed;
    for (uint16_t id : ids)
        allowed.push_back(std::to_string(id));
    *why =
        "Bad arguments: port '" + word + "' is not a number (allowed: " + comma_list(allowed) + ")";
    return std::nullopt;
}

std::optional<ArgValue> check_list(const Token &tok, const std::string &word,
                                   const std::vector<uint16_t> &ids, std::string *why) {
    auto list = parse_id_list(tok.name, word, static_cast<unsigned>(tok.max));
    if (!list) {
        *why = "Bad arguments: " + list.message();
        return std::nullopt;
    }
    if (tok.kind == TokenKind::PortList)
        for (uint16_t p : *list)
            if (!port_exists(ids, p)) {
                *why = "Invalid port " + std::to_string(p); // testpmd's set_fwd_ports_list
                return std::nullopt;
            }
    return ArgValue(std::move(*list));
}

std::optional<ArgValue> check_ipv4(const Token &tok, const std::string &word, std::string *why) {
    Ipv4Addr a{};
    if (inet_pton(AF_INET, word.c_str(), a.data()) == 1) return ArgValue(a);
    *why = "Bad arguments: " + tok.name + ": '" + word +
           "' is not an IPv4 address (allowed: a.b.c.d, each 0..255)";
    return std::nullopt;
}

template <typename T>
std::optional<ArgValue> value_or_why(Result<T> v, const std::string &prefix, std::string *why) {
    if (v) return ArgValue(std::move(*v));
    *why = prefix + v.message();
    return std::nullopt;
}

} // namespace

std::optional<ArgValue> check_arg(const Token &tok, const std::string &word,
                                  std::string_view before, const std::vector<uint16_t> &port_ids,
                                  std::string *why) {
    switch (tok.kind) {
    case TokenKind::Literal:
        if (word == tok.text) return ArgValue();
        *why = "Bad arguments: '" + word + "' (allowed: " + tok.text + ")";
        return std::nullopt;
    case TokenKind::Choice:
        if (std::find(tok.alts.begin(), tok.alts.end(), word) != tok.alts.end()) return ArgValue();
        *why = "Bad arguments: '" + word +
               "' is not allowed here (allowed: " + comma_list(tok.alts) + ")";
        return std::nullopt;
    case TokenKind::Port:
        return check_port(word, port_ids, why);
    case TokenKind::PortOrAll: {
        if (word == "all") return ArgValue(port_ids);
        auto p = check_port(word, port_ids, why);
        if (!p) return std::nullopt;
        return ArgValue(std::vector<uint16_t>{static_cast<uint16_t>(std::get<uint64_t>(*p))});
    }
    case TokenKind::PortList:
    case TokenKind::IdList:
        return check_list(tok, word, port_ids, why);
    case TokenKind::Number: {
        const std::string name = tok.name.empty() ? std::string(before) : tok.name;
        return value_or_why(parse_uint(name, word, tok.min, tok.max), "", why);
    }
    case TokenKind::Mac:
        return value_or_why(parse_mac(word), "Bad arguments: ", why);
    case TokenKind::Ipv4:
        return check_ipv4(tok, word, why);
    case TokenKind::Mode:
    case TokenKind::Word:
        break;
    }
    return ArgValue();
}

} // namespace pmdfwd::shell
