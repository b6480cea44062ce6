#include "text/ipv4_text.h"

#include <algorithm>

namespace pmdfwd {

namespace {

constexpr int kOctets = 4;

// The value of up to three decimal digits.
uint32_t decimal(std::string_view digits) {
    uint32_t v = 0;
    for (char c : digits)
        v = v * 10 + static_cast<uint32_t>(c - '0');
    return v;
}

// Why an octet's text is not 0..255 in decimal, or nullptr when it is.
const char *octet_fault(std::string_view digits) {
    if (digits.empty()) return "is empty";
    if (digits.find_first_not_of("0123456789") != std::string_view::npos)
        return "is not a decimal number";
    if (digits.size() > 1 && digits[0] == '0') return "has a leading zero";
    if (digits.size() > 3 || decimal(digits) > 255) return "is over 255";
    return nullptr;
}

// "octet 4 '256' is over 255" (n counts from 1, as a reader counts).
std::string octet_reason(int n, std::string_view digits, const char *fault) {
    std::string s = "octet " + std::to_string(n);
    if (!digits.empty()) s += " '" + std::string(digits) + "'";
    return s + " " + fault;
}

} // namespace

std::optional<uint32_t> ipv4_from_text(std::string_view text, std::string *why) {
    std::string ignored;
    std::string &reason = why ? *why : ignored;
    if (text.empty()) {
        reason = "it is empty";
        return std::nullopt;
    }
    uint32_t addr = 0;
    int n = 0;
    for (size_t start = 0; start <= text.size(); n++) {
        const size_t dot = std::min(text.find('.', start), text.size());
        const std::string_view digits = text.substr(start, dot - start);
        if (n < kOctets) {
            if (const char *fault = octet_fault(digits)) {
                reason = octet_reason(n + 1, digits, fault);
                return std::nullopt;
            }
            addr = addr << 8 | decimal(digits);
        }
        start = dot + 1;
    }
    if (n != kOctets) {
        reason = "it has " + std::to_string(n) + " octets, not 4";
        return std::nullopt;
    }
    return addr;
}

std::string ipv4_to_text(uint32_t addr) {
    std::string s;
    for (int shift = 24; shift >= 0; shift -= 8) {
        if (shift != 24) s += '.';
        s += std::to_string((addr >> shift) & 0xff);
    }
    return s;
}

} // namespace pmdfwd
