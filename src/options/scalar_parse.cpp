#include "options/scalar_parse.h"

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

} // namespace

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
