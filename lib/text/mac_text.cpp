#include "text/mac_text.h"

namespace pmdfwd {

namespace {
int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Exactly `digits` hex digits per group, groups split by ':', nothing else:
// DPDK's rte_ether_unformat_addr reads both forms this way.
std::optional<std::array<uint8_t, 6>> mac_from_groups(std::string_view text, size_t digits) {
    const size_t groups = 12 / digits;
    if (text.size() != groups * (digits + 1) - 1) return std::nullopt;
    std::array<uint8_t, 6> mac{};
    for (size_t g = 0; g < groups; g++) {
        const size_t at = g * (digits + 1);
        if (g + 1 < groups && text[at + digits] != ':') return std::nullopt;
        for (size_t d = 0; d < digits; d++) {
            const int v = hex_value(text[at + d]);
            if (v < 0) return std::nullopt;
            const size_t nibble = g * digits + d;
            mac[nibble / 2] = static_cast<uint8_t>(mac[nibble / 2] | v << (nibble % 2 ? 0 : 4));
        }
    }
    return mac;
}

} // namespace

std::optional<std::array<uint8_t, 6>> mac_from_text(std::string_view text) {
    if (auto mac = mac_from_groups(text, 2)) return mac;
    return mac_from_groups(text, 4);
}

std::string mac_to_text(const uint8_t mac[6]) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string s(17, ':');
    for (size_t i = 0; i < 6; i++) {
        s[3 * i] = kHex[mac[i] >> 4];
        s[3 * i + 1] = kHex[mac[i] & 0xf];
    }
    return s;
}

} // namespace pmdfwd
