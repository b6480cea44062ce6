#include "util/value_parse.h"

#include "text/ipv4_text.h"
#include "text/mac_text.h"

#include <charconv>
#include <string>

namespace pmdfwd {

namespace {

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

template <typename T>
std::string allowed_range(T min, T max) {
    return " (allowed: " + std::to_string(min) + ".." + std::to_string(max) + ")";
}

// "09" is not nine to testpmd: say why, never read it another way.
const char *base_note(int base) {
    return base == 8    ? " (a leading 0 means octal, as in testpmd: 010 is 8)"
           : base == 2  ? " (0b starts a binary number)"
           : base == 16 ? " (0x starts a hexadecimal number)"
                        : "";
}

// The digits read in their base and held to [min, max], or the error of
// either kind: not a number, or out of range.
template <typename T>
Result<T> in_range(std::string_view what, std::string_view text, Digits d, T min, T max) {
    T v{};
    auto [ptr, ec] = std::from_chars(d.text.data(), d.text.data() + d.text.size(), v, d.base);
    if (d.text.empty() || ec == std::errc::invalid_argument || ptr != d.text.data() + d.text.size())
        return Error(std::string(what) + ": '" + std::string(text) + "' is not a number" +
                     base_note(d.base) + allowed_range(min, max));
    if (ec == std::errc::result_out_of_range || v < min || v > max)
        return Error(std::string(what) + ": " + std::string(text) + " is out of range" +
                     allowed_range(min, max));
    return v;
}

} // namespace

Result<uint64_t> parse_uint(std::string_view what, std::string_view text, uint64_t min,
                            uint64_t max, Radix radix) {
    const Digits d = radix == Radix::Cmdline ? cmdline_digits(text) : Digits{text, 10};
    return in_range(what, text, d, min, max);
}

Result<int64_t> parse_int(std::string_view what, std::string_view text, int64_t min, int64_t max) {
    return in_range(what, text, Digits{text, 10}, min, max);
}

Result<bool> parse_on_off(std::string_view what, std::string_view text) {
    if (text == "on") return true;
    if (text == "off") return false;
    return Error(std::string(what) + ": '" + std::string(text) +
                 "' is not allowed (allowed: on, off)");
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

Result<uint32_t> parse_ipv4(std::string_view what, std::string_view text) {
    std::string why;
    if (const std::optional<uint32_t> a = ipv4_from_text(text, &why)) return *a;
    return Error(std::string(what) + ": '" + std::string(text) +
                 "' is not an IPv4 address: " + why + " (allowed: A.B.C.D, each 0..255)");
}

} // namespace pmdfwd
