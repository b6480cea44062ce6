#include "options/scalar_parse.h"

#include "util/mac_text.h"

#include <pmdfwd/engine.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>

namespace pmdfwd {

namespace {
// Smallest frame that holds the Ethernet, IPv4 and UDP headers the
// generators write; largest a jumbo-frame NIC takes.
constexpr unsigned kMinTxPkt = 14 + 20 + 8;
constexpr unsigned kMaxTxPkt = 9600;
constexpr unsigned kMaxTxSeg = 9600;
} // namespace

std::optional<uint64_t> parse_uint(std::string_view what, std::string_view text, uint64_t min,
                                   uint64_t max, std::string *err) {
    uint64_t v = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    const std::string allowed =
        " (allowed: " + std::to_string(min) + ".." + std::to_string(max) + ")";
    if (text.empty() || ec == std::errc::invalid_argument || ptr != text.data() + text.size()) {
        *err = std::string(what) + ": '" + std::string(text) + "' is not a number" + allowed;
        return std::nullopt;
    }
    if (ec == std::errc::result_out_of_range || v < min || v > max) {
        *err = std::string(what) + ": " + std::string(text) + " is out of range" + allowed;
        return std::nullopt;
    }
    return v;
}

std::optional<double> parse_seconds(std::string_view what, std::string_view text,
                                    std::string *err) {
    std::string s(text);
    char *end = nullptr;
    errno = 0;
    double v = std::strtod(s.c_str(), &end);
    if (s.empty() || end != s.c_str() + s.size() || errno != 0 || !(v > 0) || v > 1e9) {
        *err = std::string(what) + ": '" + s + "' is not a positive number of seconds";
        return std::nullopt;
    }
    return v;
}

std::optional<std::array<uint8_t, 6>> parse_mac(std::string_view text, std::string *err) {
    auto mac = mac_from_text(text);
    if (!mac) {
        const std::string s(text);
        *err = "'" + s + "' is not a MAC address (expected XX:XX:XX:XX:XX:XX, X a hex digit)";
    }
    return mac;
}

std::optional<bool> parse_on_off(std::string_view what, std::string_view text, std::string *err) {
    if (text == "on") return true;
    if (text == "off") return false;
    *err = std::string(what) + ": '" + std::string(text) + "' is not allowed (allowed: on, off)";
    return std::nullopt;
}

std::optional<std::vector<uint16_t>> parse_txpkts(std::string_view text, std::string *err) {
    std::vector<uint16_t> segs;
    unsigned total = 0;
    while (true) {
        const size_t comma = text.find(',');
        auto len = parse_uint("txpkts segment", text.substr(0, comma), 1, kMaxTxSeg, err);
        if (!len) return std::nullopt;
        segs.push_back(static_cast<uint16_t>(*len));
        total += static_cast<unsigned>(*len);
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    if (segs.size() > PMDFWD_MAX_TXPKT_SEGS) {
        *err = "txpkts: " + std::to_string(segs.size()) + " segments (allowed: 1.." +
               std::to_string(PMDFWD_MAX_TXPKT_SEGS) + ")";
        return std::nullopt;
    }
    if (total < kMinTxPkt || total > kMaxTxPkt) {
        *err = "txpkts: total length " + std::to_string(total) +
               " is out of range (allowed: " + std::to_string(kMinTxPkt) + ".." +
               std::to_string(kMaxTxPkt) + ")";
        return std::nullopt;
    }
    return segs;
}

std::string format_mac(const uint8_t mac[6]) {
    char buf[18];
    std::snprintf(buf, sizeof(buf), "%02X:%02X:%02X:%02X:%02X:%02X", mac[0], mac[1], mac[2], mac[3],
                  mac[4], mac[5]);
    return buf;
}

std::vector<std::string> split_words(std::string_view line) {
    std::vector<std::string> words;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() &&
               (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n'))
            i++;
        size_t j = i;
        while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r' &&
               line[j] != '\n')
            j++;
        if (j > i) words.emplace_back(line.substr(i, j - i));
        i = j;
    }
    return words;
}

namespace {
bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}
} // namespace

std::optional<std::vector<std::string>> split_command(std::string_view line, std::string *err) {
    if (const size_t nul = line.find('\0'); nul != std::string_view::npos) {
        *err = "the command line has a NUL byte at column " + std::to_string(nul + 1) +
               " (not allowed in a command): '" + printable(line) + "'";
        return std::nullopt;
    }
    std::vector<std::string> words;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && is_blank(line[i]))
            i++;
        if (i == line.size()) break;
        std::string w;
        while (i < line.size() && !is_blank(line[i])) {
            const char q = line[i];
            if (q != '"' && q != '\'') {
                w += line[i++];
                continue;
            }
            const size_t close = line.find(q, i + 1);
            if (close == std::string_view::npos) {
                *err = std::string("unterminated ") + q + " quote at column " +
                       std::to_string(i + 1) + " in '" + printable(line) + "' (close it with " + q +
                       ")";
                return std::nullopt;
            }
            w.append(line.substr(i + 1, close - i - 1));
            i = close + 1;
        }
        words.push_back(std::move(w));
    }
    return words;
}

std::string printable(std::string_view text) {
    std::string s;
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u != 0x7f) {
            s += c;
            continue;
        }
        char esc[5];
        std::snprintf(esc, sizeof(esc), "\\x%02x", u);
        s += esc;
    }
    return s;
}

std::vector<std::string> option_values(const std::vector<std::string> &args,
                                       std::string_view name) {
    std::vector<std::string> values;
    const std::string with_eq = std::string(name) + "=";
    for (size_t i = 0; i < args.size(); i++) {
        if (args[i].rfind(with_eq, 0) == 0)
            values.push_back(args[i].substr(with_eq.size()));
        else if (args[i] == name && i + 1 < args.size())
            values.push_back(args[++i]);
    }
    return values;
}

} // namespace pmdfwd
