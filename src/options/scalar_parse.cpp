#include "options/scalar_parse.h"

#include "text/mac_text.h"

#include <pmdfwd/engine.h>

#include <cerrno>
#include <charconv>
#include <cstdlib>

namespace pmdfwd {

namespace {
// Smallest frame that holds the Ethernet, IPv4 and UDP headers the
// generators write; largest a jumbo-frame NIC takes.
constexpr unsigned kMinTxPkt = 14 + 20 + 8;
constexpr unsigned kMaxTxPkt = 9600;
constexpr unsigned kMaxTxSeg = 9600;

struct Digits {
    std::string_view text;
    int base;
};

// A number's digits and base as DPDK's cmdline reads them (testpmd's shell):
// 0x hex, 0b binary, a leading 0 octal, else decimal.
Digits cmdline_digits(std::string_view text) {
    if (text.size() < 2 || text[0] != '0') return {text, 10};
    if (text[1] == 'x') return {text.substr(2), 16};
    if (text[1] == 'b') return {text.substr(2), 2};
    return {text.substr(1), 8};
}

} // namespace

Result<uint64_t> parse_uint(std::string_view what, std::string_view text, uint64_t min,
                            uint64_t max, Radix radix) {
    const Digits d = radix == Radix::Cmdline ? cmdline_digits(text) : Digits{text, 10};
    uint64_t v = 0;
    auto [ptr, ec] = std::from_chars(d.text.data(), d.text.data() + d.text.size(), v, d.base);
    const std::string allowed =
        " (allowed: " + std::to_string(min) + ".." + std::to_string(max) + ")";
    if (d.text.empty() || ec == std::errc::invalid_argument ||
        ptr != d.text.data() + d.text.size()) {
        // "09" is not nine to testpmd: say why, never read it another way.
        const char *why = d.base == 8    ? " (a leading 0 means octal, as in testpmd: 010 is 8)"
                          : d.base == 2  ? " (0b starts a binary number)"
                          : d.base == 16 ? " (0x starts a hexadecimal number)"
                                         : "";
        return Error(std::string(what) + ": '" + std::string(text) + "' is not a number" + why +
                     allowed);
    }
    if (ec == std::errc::result_out_of_range || v < min || v > max) {
        return Error(std::string(what) + ": " + std::string(text) + " is out of range" + allowed);
    }
    return v;
}

Result<double> parse_seconds(std::string_view what, std::string_view text) {
    std::string s(text);
    char *end = nullptr;
    errno = 0;
    double v = std::strtod(s.c_str(), &end);
    if (s.empty() || end != s.c_str() + s.size() || errno != 0 || !(v > 0) || v > 1e9) {
        return Error(std::string(what) + ": '" + s + "' is not a positive number of seconds");
    }
    return v;
}

Result<std::array<uint8_t, 6>> parse_mac(std::string_view text) {
    const auto mac = mac_from_text(text);
    if (!mac) {
        // Not "'" + std::string(text): GCC 12 warns (-Wrestrict) on a literal
        // plus a temporary string, a false alarm (GCC bug 105329).
        const std::string s(text);
        return Error(
            "'" + s +
            "' is not a MAC address (expected XX:XX:XX:XX:XX:XX or XXXX:XXXX:XXXX, X a hex digit)");
    }
    return *mac;
}

Result<bool> parse_on_off(std::string_view what, std::string_view text) {
    if (text == "on") return true;
    if (text == "off") return false;
    return Error(std::string(what) + ": '" + std::string(text) +
                 "' is not allowed (allowed: on, off)");
}

Result<std::vector<uint16_t>> parse_txpkts(std::string_view text) {
    std::vector<uint16_t> segs;
    unsigned total = 0;
    while (true) {
        const size_t comma = text.find(',');
        const Result<uint64_t> len =
            parse_uint("txpkts segment", text.substr(0, comma), 1, kMaxTxSeg);
        if (!len) return len.status();
        segs.push_back(static_cast<uint16_t>(*len));
        total += static_cast<unsigned>(*len);
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    if (segs.size() > PMDFWD_MAX_TXPKT_SEGS) {
        return Error("txpkts: " + std::to_string(segs.size()) + " segments (allowed: 1.." +
                     std::to_string(PMDFWD_MAX_TXPKT_SEGS) + ")");
    }
    if (total < kMinTxPkt || total > kMaxTxPkt) {
        return Error("txpkts: total length " + std::to_string(total) +
                     " is out of range (allowed: " + std::to_string(kMinTxPkt) + ".." +
                     std::to_string(kMaxTxPkt) + ")");
    }
    return segs;
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

Result<std::vector<std::string>> split_command(std::string_view line) {
    if (const size_t nul = line.find('\0'); nul != std::string_view::npos) {
        return Error("the command line has a NUL byte at column " + std::to_string(nul + 1) +
                     " (not allowed in a command): '" + printable(line) + "'");
    }
    std::vector<std::string> words;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && is_blank(line[i]))
            i++;
        if (i == line.size()) break;
        if (line[i] == '#') break; // a comment to the line's end
        std::string w;
        while (i < line.size() && !is_blank(line[i]) && line[i] != '#') {
            const char q = line[i];
            if (q != '"' && q != '\'') {
                w += line[i++];
                continue;
            }
            const size_t close = line.find(q, i + 1);
            if (close == std::string_view::npos) {
                return Error(std::string("unterminated ") + q + " quote at column " +
                             std::to_string(i + 1) + " in '" + printable(line) +
                             "' (close it with " + q + ")");
            }
            w.append(line.substr(i + 1, close - i - 1));
            i = close + 1;
        }
        words.push_back(std::move(w));
    }
    return words;
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
