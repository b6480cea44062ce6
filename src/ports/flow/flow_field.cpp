#include "ports/flow/flow_field.h"

#include "text/mac_text.h"

#include <arpa/inet.h>

#include <rte_flow.h>
#include <rte_version.h>

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdlib>
#include <cstring>

namespace pmdfwd::flow {

namespace {

// The unit as an integer, its bytes read in the field's order.
uint64_t load_unit(const FlowField &f, const uint8_t *p) {
    uint64_t v = 0;
    if (f.kind == FieldKind::Be) {
        for (unsigned i = 0; i < f.size; i++)
            v = (v << 8) | p[i];
        return v;
    }
    uint8_t b1 = 0;
    uint16_t b2 = 0;
    uint32_t b4 = 0;
    if (f.size == 1) return std::memcpy(&b1, p, 1), b1;
    if (f.size == 2) return std::memcpy(&b2, p, 2), b2;
    if (f.size == 8) {
        uint64_t b8 = 0;
        return std::memcpy(&b8, p, 8), b8;
    }
    std::memcpy(&b4, p, 4);
    return b4;
}

void store_unit(const FlowField &f, uint8_t *p, uint64_t v) {
    if (f.kind == FieldKind::Be) {
        for (unsigned i = f.size; i-- > 0; v >>= 8)
            p[i] = static_cast<uint8_t>(v);
        return;
    }
    const auto b1 = static_cast<uint8_t>(v);
    const auto b2 = static_cast<uint16_t>(v);
    const auto b4 = static_cast<uint32_t>(v);
    if (f.size == 1) std::memcpy(p, &b1, 1);
    if (f.size == 2) std::memcpy(p, &b2, 2);
    if (f.size == 4) std::memcpy(p, &b4, 4);
    if (f.size == 8) std::memcpy(p, &v, 8);
}

uint64_t ones(unsigned bits) {
    return bits >= 64 ? UINT64_MAX : (uint64_t{1} << bits) - 1;
}

// value into the field's bits of its unit.
void put_bits(const FlowField &f, uint8_t *obj, uint64_t value) {
    uint8_t *p = obj + f.offset;
    const uint64_t m = ones(field_bits(f)) << f.shift;
    store_unit(f, p, (load_unit(f, p) & ~m) | ((value << f.shift) & m));
}

bool is_integer(const FlowField &f) {
    return f.kind == FieldKind::Uint || f.kind == FieldKind::Be || f.kind == FieldKind::Name ||
           f.kind == FieldKind::LeadName || f.kind == FieldKind::FieldLevel;
}

bool is_hex(const FlowField &f) {
    return f.kind == FieldKind::Hex || f.kind == FieldKind::HexPointer;
}

// How many bytes a hex field holds.
size_t hex_capacity(const FlowField &f) {
    return f.kind == FieldKind::HexPointer ? kHexPointerMax : f.size;
}

// Where a hex field's bytes go.
uint8_t *hex_bytes_at(const FlowField &f, uint8_t *obj) {
    return obj + (f.kind == FieldKind::HexPointer ? f.data_offset : f.offset);
}

bool is_raw_pattern(const FlowField &f) {
    return f.kind == FieldKind::RawText || f.kind == FieldKind::RawHex;
}

int digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return 99;
}

// The pattern's bytes at the field's offset, their count and address in
// the structure: testpmd's parse_string and parse_hex with the raw item's
// pattern, length and area arguments.
void put_raw_pattern(uint8_t *obj, const FlowField &f, const uint8_t *bytes, size_t n,
                     uint16_t length) {
    auto *raw = reinterpret_cast<rte_flow_item_raw *>(obj);
    std::memset(obj + f.offset, 0, kRawPatternMax);
    std::memcpy(obj + f.offset, bytes, n);
    raw->length = length;
    raw->pattern = obj + f.offset;
}

// testpmd's parse_hex_string: pairs of digits, the first alone when odd.
size_t hex_bytes(std::string_view w, uint8_t *out) {
    size_t n = 0;
    for (size_t i = 0; i < w.size(); n++) {
        const size_t take = (w.size() - i) % 2 ? 1 : 2;
        out[n] = static_cast<uint8_t>(take == 1 ? digit(w[i]) : digit(w[i]) << 4 | digit(w[i + 1]));
        i += take;
    }
    return n;
}

Status write_raw_pattern(const FlowField &f, std::string_view word, uint8_t *obj) {
    constexpr size_t kHexDigitsMax = 256; // testpmd's parse_hex
    std::string_view w = word;
    const bool hex = f.kind == FieldKind::RawHex;
    if (hex && (w.starts_with("0x") || w.starts_with("0X"))) w.remove_prefix(2);
    const bool bad = w.empty() || w.size() > (hex ? kHexDigitsMax : kRawPatternMax) ||
                     (hex && std::any_of(w.begin(), w.end(), [](char c) { return digit(c) > 15; }));
    if (bad)
        return Error(std::string(f.name) + ": '" + std::string(word.substr(0, 40)) +
                     (word.size() > 40 ? "...'" : "'") +
                     " is not a pattern (allowed: " + field_allowed(f) + ")");
    uint8_t bytes[kRawPatternMax];
    size_t n = w.size();
    if (hex)
        n = hex_bytes(w, bytes);
    else
        std::memcpy(bytes, w.data(), n);
    put_raw_pattern(obj, f, bytes, n, static_cast<uint16_t>(n));
    return {};
}

// `is` and `prefix` on a pattern: its first n bits, any length.
void write_raw_prefix(const FlowField &f, unsigned n, uint8_t *obj) {
    uint8_t bytes[kRawPatternMax] = {};
    for (unsigned i = 0; i * 8 < n; i++)
        bytes[i] = n - i * 8 >= 8 ? 0xff : static_cast<uint8_t>(0xff00 >> (n - i * 8));
    put_raw_pattern(obj, f, bytes, kRawPatternMax, UINT16_MAX);
}

// A hex field's value: its bytes zero-filled to the field's capacity (and,
// for a pointer, their address in the pointer); their count, or why not.
Result<size_t> write_hex(const FlowField &f, std::string_view word, uint8_t *obj) {
    constexpr size_t kHexDigitsMax = 256; // testpmd's parse_hex
    std::string_view w = word;
    if (w.starts_with("0x") || w.starts_with("0X")) w.remove_prefix(2);
    const size_t cap = hex_capacity(f);
    const bool bad = w.empty() || w.size() > kHexDigitsMax ||
                     std::any_of(w.begin(), w.end(), [](char c) { return digit(c) > 15; }) ||
                     (w.size() + 1) / 2 > cap;
    if (bad)
        return Error(std::string(f.name) + ": '" + std::string(word.substr(0, 40)) +
                     (word.size() > 40 ? "...'" : "'") +
                     " is not hex bytes (allowed: " + field_allowed(f) + ")");
    uint8_t *at = hex_bytes_at(f, obj);
    std::memset(at, 0, cap);
    const size_t n = hex_bytes(w, at);
    if (f.kind == FieldKind::HexPointer) std::memcpy(obj + f.offset, &at, sizeof(at));
    return n;
}

// Whether word names name: the same word, or for a LeadName one that
// starts with it (testpmd's strcmp_partial over the name's length).
bool names(const FlowField &f, std::string_view word, const char *name) {
    if (!name) return false;
    return f.kind == FieldKind::LeadName ? word.starts_with(name) : word == name;
}

// A name of the field's list, as its index.
Status write_name(const FlowField &f, std::string_view word, uint8_t *obj) {
    for (size_t i = 0; i < f.names.size(); i++)
        if (names(f, word, f.names[i])) {
            put_bits(f, obj, i);
            return {};
        }
    return Error(std::string(f.name) + ": unknown '" + std::string(word.substr(0, 40)) +
                 (word.size() > 40 ? "...'" : "'") + " (allowed: " + field_allowed(f) + ")");
}

// A level as testpmd reads one: strtoumax's whole word, no range, kept
// modulo the field's size; a flex item's level is a handle pmdfwd has not.
Status write_level(const FlowField &f, std::string_view word, uint8_t *obj) {
    const std::string w(word.substr(0, 64));
    char *end = nullptr;
    errno = 0;
    const uintmax_t v = std::strtoumax(w.c_str(), &end, 0);
    if (word.empty() || word.size() > 64 || errno || end != w.c_str() + w.size())
        return Error(std::string(f.name) + ": '" + w + (word.size() > 64 ? "..." : "") +
                     "' is not a number (allowed: " + field_allowed(f) + ")");
#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
    uint32_t id = 0; // the enum at the start of the level's rte_flow_field_data
    std::memcpy(&id, obj + f.offset - offsetof(rte_flow_field_data, level), sizeof(id));
    if (id == RTE_FLOW_FIELD_FLEX_ITEM)
        return Error(std::string(f.name) + ": " + std::string(kBadFlexHandle) +
                     " (pmdfwd has no flex items)");
#endif
    put_bits(f, obj, v);
    return {};
}

} // namespace

bool field_takes_range(const FlowField &f) {
    return !is_raw_pattern(f) && f.kind != FieldKind::LeadName;
}

bool field_takes_is(const FlowField &f) {
    return f.kind != FieldKind::LeadName;
}

unsigned field_bits(const FlowField &f) {
    if (is_raw_pattern(f)) return kRawPatternMax * 8;
    if (is_hex(f)) return static_cast<unsigned>(hex_capacity(f) * 8);
    return f.width ? f.width : f.size * 8u;
}

std::string field_allowed(const FlowField &f) {
    switch (f.kind) {
    case FieldKind::Mac:
        return "XX:XX:XX:XX:XX:XX";
    case FieldKind::Ipv4:
        return "a.b.c.d";
    case FieldKind::Ipv6:
        return "an IPv6 address";
    case FieldKind::RawText:
        return "1.." + std::to_string(kRawPatternMax) + " characters";
    case FieldKind::RawHex:
        return "1..256 hex digits";
    case FieldKind::Name:
    case FieldKind::LeadName: {
        std::string s;
        for (const char *n : f.names)
            if (n) s += (s.empty() ? "" : ", ") + std::string(n);
        return s;
    }
    case FieldKind::Hex:
    case FieldKind::HexPointer:
        return "1.." + std::to_string(hex_capacity(f) * 2) + " hex digits";
    case FieldKind::FieldLevel:
    case FieldKind::Uint:
    case FieldKind::Be:
        break;
    }
    return "0.." + std::to_string(ones(field_bits(f)));
}

Result<uint64_t> parse_flow_number(std::string_view name, std::string_view word, uint64_t max) {
    std::string_view d = word;
    unsigned base = 10;
    if (d.size() > 2 && d[0] == '0' && (d[1] == 'x' || d[1] == 'X'))
        base = 16, d.remove_prefix(2);
    else if (d.size() > 1 && d[0] == '0')
        base = 8, d.remove_prefix(1);
    const std::string range = " (allowed: 0.." + std::to_string(max) + ")";
    uint64_t v = 0;
    bool over = false;
    for (char c : d) {
        const int x = digit(c);
        if (d.size() > 20 && base == 10) over = true; // no need to read a 64 KiB number
        if (x >= static_cast<int>(base) || over)
            return Error(std::string(name) + ": '" + std::string(word.substr(0, 40)) +
                         (word.size() > 40 ? "...'" : "'") +
                         (over ? " is out of range" : " is not a number") + range);
        const auto ux = static_cast<uint64_t>(x);
        over = ux > max || v > (max - ux) / base;
        v = v * base + static_cast<uint64_t>(x);
    }
    if (d.empty() && base != 8) return Error(std::string(name) + ": '' is not a number" + range);
    if (over || v > max)
        return Error(std::string(name) + ": '" + std::string(word.substr(0, 40)) +
                     "' is out of range" + range);
    return v;
}

Status write_value(const FlowField &f, std::string_view word, uint8_t *obj) {
    uint8_t *p = obj + f.offset;
    const std::string w(word.substr(0, 64)); // no address is longer
    const std::string bad = std::string(f.name) + ": '" + w + (word.size() > 64 ? "..." : "") +
                            "' is not " +
                            (f.kind == FieldKind::Mac ? "a MAC address" : "an address") +
                            " (allowed: " + field_allowed(f) + ")";
    switch (f.kind) {
    case FieldKind::Mac: {
        const auto mac = mac_from_text(word);
        if (!mac) return Error(bad);
        std::memcpy(p, mac->data(), 6);
        return {};
    }
    case FieldKind::Ipv4:
        if (word.size() > 64 || inet_pton(AF_INET, w.c_str(), p) != 1) return Error(bad);
        return {};
    case FieldKind::Ipv6:
        if (word.size() > 64 || inet_pton(AF_INET6, w.c_str(), p) != 1) return Error(bad);
        return {};
    case FieldKind::RawText:
    case FieldKind::RawHex:
        return write_raw_pattern(f, word, obj);
    case FieldKind::Name:
    case FieldKind::LeadName:
        return write_name(f, word, obj);
    case FieldKind::FieldLevel:
        return write_level(f, word, obj);
    case FieldKind::Hex:
    case FieldKind::HexPointer:
        return write_hex(f, word, obj).status();
    case FieldKind::Uint:
    case FieldKind::Be:
        break;
    }
    const Result<uint64_t> v = parse_flow_number(f.name, word, ones(field_bits(f)));
    if (!v) return v.status();
    put_bits(f, obj, *v);
    return {};
}

Status write_is(const FlowField &f, std::string_view word, uint8_t *spec, uint8_t *mask) {
    if (is_hex(f)) {
        const Result<size_t> n = write_hex(f, word, spec);
        if (!n) return n.status();
        uint8_t *at = hex_bytes_at(f, mask);
        std::memset(at, 0xff, *n);
        if (f.kind == FieldKind::HexPointer) std::memcpy(mask + f.offset, &at, sizeof(at));
        return {};
    }
    if (Status s = write_value(f, word, spec); !s) return s;
    if (f.kind == FieldKind::Name || f.kind == FieldKind::LeadName ||
        f.kind == FieldKind::FieldLevel)
        return {};
    return write_prefix(f, field_bits(f), mask);
}

Status write_prefix(const FlowField &f, unsigned n, uint8_t *obj) {
    const unsigned bits = field_bits(f);
    if (n > bits)
        return Error(std::string(f.name) + ": prefix " + std::to_string(n) +
                     " is out of range (allowed: 0.." + std::to_string(bits) + ")");
    if (is_integer(f)) {
        put_bits(f, obj, ones(n) << (bits - n));
        return {};
    }
    if (is_raw_pattern(f)) {
        write_raw_prefix(f, n, obj);
        return {};
    }
    uint8_t *p = is_hex(f) ? hex_bytes_at(f, obj) : obj + f.offset;
    for (unsigned i = 0; i < bits / 8; i++) {
        const unsigned left = n > i * 8 ? n - i * 8 : 0;
        p[i] = left >= 8 ? 0xff : static_cast<uint8_t>(0xff00 >> left);
    }
    return {};
}

} // namespace pmdfwd::flow
