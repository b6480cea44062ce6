// One field of an rte_flow structure (a pattern item's spec, an action's
// configuration) as the flow grammar tables describe it: where it lives in
// the structure and how a word becomes its bytes. The tables
// (flow_items.cpp, flow_actions.cpp) are lists of these; the parser
// (flow_parse.cpp) writes values, masks and prefixes through them, so that
// no item or action has code of its own.
#pragma once

#include "util/status.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace pmdfwd::flow {

enum class FieldKind {
    Uint, // an integer in host order, 1, 2 or 4 bytes (ids, counters, port ids)
    Be,   // an integer in network order, 1 to 4 bytes (ports, ethertypes, VNIs)
    Mac,  // 6 bytes, XX:XX:XX:XX:XX:XX
    Ipv4, // 4 bytes in network order, a.b.c.d
    Ipv6, // 16 bytes, as inet_pton reads them
    // The raw item's pattern (rte_flow_item_raw): the bytes go to offset,
    // after the structure, their count to its length and their address to
    // its pattern; a string's characters, or hex digits (two per byte, the
    // first byte one digit when they are odd, at most 256: testpmd's
    // parse_hex). It takes is, spec and mask, no range or prefix.
    RawText,
    RawHex,
    // One of the field's names, written as its index (an enum: 1, 2 or 4
    // bytes in host order, as compare's op and field ids).
    Name,
    // A name as Name, read as testpmd's parse_name_to_index reads one: a
    // word that starts with a name is that name, and a null entry is no
    // name (quota's state, mode and update op). In an item it takes spec
    // and mask only (testpmd's quota_state).
    LeadName,
    // rte_flow_field_data's level (1 byte): any number strtoumax reads,
    // kept modulo 256, as testpmd's parse_vc_compare_field_level; where the
    // data's field (the enum at the start of rte_flow_field_data) is
    // flex_item, a flex item's handle, and pmdfwd makes no flex items.
    FieldLevel,
    // Hex digits (testpmd's parse_hex: "0x" optional, at most 256 digits,
    // the first byte one digit when they are odd) into the field's size
    // bytes, the rest zeroed: compare's b_value.
    Hex,
    // Hex digits as Hex, at most kHexPointerMax bytes, written at the
    // field's data_offset (after the structure); the field is the pointer
    // that gets their address: compare's b_ptr.
    HexPointer,
};

// What testpmd prints itself, before its "Bad arguments", where a flex
// item field's level names no flex item (parse_vc_compare_field_level);
// a grammar error that says it (write_value's) is answered so.
constexpr std::string_view kBadFlexHandle = "Bad flex item handle";

// The most bytes a raw item's pattern holds (testpmd's ITEM_RAW_PATTERN_SIZE).
constexpr size_t kRawPatternMax = 512;
// The most bytes a HexPointer field points to (testpmd's FLOW_FIELD_PATTERN_SIZE).
constexpr size_t kHexPointerMax = 32;

// A field: size bytes at offset; an integer field may be bits of that unit
// (shift bits up, width bits wide: VLAN's pcp is bits 13..15 of the TCI).
struct FlowField {
    const char *name = nullptr;
    FieldKind kind = FieldKind::Uint;
    uint16_t offset = 0;
    uint8_t size = 0;
    uint8_t shift = 0, width = 0; // width 0: the whole unit
    const char *help = nullptr;
    std::span<const char *const> names{}; // Name: the words, in the enum's order
    uint16_t data_offset = 0;             // HexPointer: where the bytes go
};

// Whether the field takes `last` and `prefix` (a raw pattern does not).
bool field_takes_range(const FlowField &f);

// Whether the field takes `is` (a LeadName does not).
bool field_takes_is(const FlowField &f);

// How many bits the field has (its width, or its unit's).
unsigned field_bits(const FlowField &f);

// Reads word as f's value into obj (the structure's bytes), leaving the
// unit's other bits alone; an error in the words of the grammar
// ("ttl: '300' is out of range (allowed: 0..255)").
Status write_value(const FlowField &f, std::string_view word, uint8_t *obj);

// testpmd's `is`: the value into spec and the field's mask into mask. The
// mask is the whole field, except that named values and levels leave it
// alone (testpmd's parsers of them write the spec alone) and hex bytes mask
// as many bytes as the value has.
Status write_is(const FlowField &f, std::string_view word, uint8_t *spec, uint8_t *mask);

// Sets the field's first n bits (from its most significant one) and clears
// the others: testpmd's `prefix N`; n = field_bits(f) makes the full mask.
Status write_prefix(const FlowField &f, unsigned n, uint8_t *obj);

// A number as testpmd's grammar reads one (strtoumax base 0: 10, 0x1f, 017)
// in 0..max, or why not, the value named by name.
Result<uint64_t> parse_flow_number(std::string_view name, std::string_view word, uint64_t max);

// What the field takes, for messages and help: "0..255", "a.b.c.d", ...
std::string field_allowed(const FlowField &f);

} // namespace pmdfwd::flow
