#include "shell/arg_check.h"

#include "options/scalar_parse.h"
#include "options/structured_parse.h"
#include "ports/port_text.h"

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

Result<ArgValue> check_port(const std::string &word, const std::vector<uint16_t> &ids) {
    const Result<uint64_t> v = parse_uint("port", word, 0, UINT64_MAX, Radix::Cmdline);
    if (v && port_exists(ids, *v)) return ArgValue(*v);
    if (v) {
        // testpmd's words: harnesses key on "Invalid port".
        std::string text = invalid_port_text(*v, ids);
        text.pop_back(); // the line end fail() adds
        return Error(std::move(text));
    }
    std::vector<std::string> allowed;
    for (uint16_t id : ids)
        allowed.push_back(std::to_string(id));
    return Error("Bad arguments: port '" + word +
                 "' is not a number (allowed: " + comma_list(allowed) + ")");
}

Result<ArgValue> check_list(const Token &tok, const std::string &word,
                            const std::vector<uint16_t> &ids) {
    auto list = parse_id_list(tok.name, word, static_cast<unsigned>(tok.max));
    if (!list) return Error("Bad arguments: " + list.message());
    if (tok.kind == TokenKind::PortList)
        for (uint16_t p : *list)
            if (!port_exists(ids, p))
                return Error("Invalid port " + std::to_string(p)); // testpmd's set_fwd_ports_list
    return ArgValue(std::move(*list));
}

Result<ArgValue> check_ipv4(const Token &tok, const std::string &word) {
    const Result<uint32_t> a = parse_ipv4(tok.name, word);
    if (!a) return Error("Bad arguments: " + a.message());
    return ArgValue(Ipv4Addr{static_cast<uint8_t>(*a >> 24), static_cast<uint8_t>(*a >> 16),
                             static_cast<uint8_t>(*a >> 8), static_cast<uint8_t>(*a)});
}

template <typename T>
Result<ArgValue> value_or_why(Result<T> v, const std::string &prefix) {
    if (v) return ArgValue(std::move(*v));
    return Error(prefix + v.message(), v.code());
}

} // namespace

Result<ArgValue> check_arg(const Token &tok, const std::string &word, std::string_view before,
                           const std::vector<uint16_t> &port_ids) {
    switch (tok.kind) {
    case TokenKind::Literal:
        if (word == tok.text) return ArgValue();
        return Error("Bad arguments: '" + word + "' (allowed: " + tok.text + ")");
    case TokenKind::Choice:
        if (std::find(tok.alts.begin(), tok.alts.end(), word) != tok.alts.end()) return ArgValue();
        return Error("Bad arguments: '" + word +
                     "' is not allowed here (allowed: " + comma_list(tok.alts) + ")");
    case TokenKind::Port:
        return check_port(word, port_ids);
    case TokenKind::PortOrAll: {
        if (word == "all") return ArgValue(port_ids);
        Result<ArgValue> p = check_port(word, port_ids);
        if (!p) return p.status();
        return ArgValue(std::vector<uint16_t>{static_cast<uint16_t>(std::get<uint64_t>(*p))});
    }
    case TokenKind::PortList:
    case TokenKind::IdList:
        return check_list(tok, word, port_ids);
    case TokenKind::Number: {
        const std::string name = tok.name.empty() ? std::string(before) : tok.name;
        return value_or_why(parse_uint(name, word, tok.min, tok.max, Radix::Cmdline), "");
    }
    case TokenKind::Mac:
        return value_or_why(parse_mac(word), "Bad arguments: ");
    case TokenKind::Ipv4:
        return check_ipv4(tok, word);
    case TokenKind::Mode:
    case TokenKind::Word:
    case TokenKind::Rest: // typed_args hands a rest its words
        break;
    }
    return ArgValue();
}

} // namespace pmdfwd::shell
