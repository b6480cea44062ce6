#include "text/mac_text.h"

namespace pmdfwd {

namespace {
int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}
} // namespace

std::optional<std::array<uint8_t, 6>> mac_from_text(std::string_view text) {
    if (text.size() != 17) return std::nullopt;
    std::array<uint8_t, 6> mac{};
    for (size_t i = 0; i < 6; i++) {
        const int hi = hex_value(text[3 * i]), lo = hex_value(text[3 * i + 1]);
        if (hi < 0 || lo < 0 || (i < 5 && text[3 * i + 2] != ':')) return std::nullopt;
        mac[i] = static_cast<uint8_t>(hi * 16 + lo);
    }
    return mac;
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
