// Parsing of testpmd's structured option values (masks, lists, NUMA tuples,
// event names), each returning a message that says what was wrong and what
// is allowed. Pure functions: the option parser and the shell share them.
#pragma once

#include "util/status.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pmdfwd {

// A hexadecimal number with or without 0x ("0x3", "ff"), up to 64 bits.
Result<uint64_t> parse_hex(std::string_view what, std::string_view text);

// The ids whose bits are set in a non-zero mask, lowest first.
std::vector<unsigned> mask_bits(uint64_t mask);

// testpmd's port list: "1,3,5", "1-3", "3,5-6"; each id < limit, duplicates
// dropped, order of first appearance kept.
Result<std::vector<uint16_t>> parse_id_list(std::string_view what, std::string_view text,
                                            unsigned limit);

// Comma-separated decimal numbers in [min, max], 1..max_count of them.
Result<std::vector<uint16_t>> parse_uint_list(std::string_view what, std::string_view text,
                                              uint64_t min, uint64_t max, size_t max_count);

// "(a,b),(c,d)" (N = 2) or "(a,b,c),..." (N = 3): decimal or 0x numbers of
// at most 255 each, as testpmd's --port-numa-config / --ring-numa-config.
template <size_t N>
Result<std::vector<std::array<unsigned, N>>> parse_tuples(std::string_view what,
                                                          std::string_view text);

// testpmd's event names (--print-event / --mask-event): the bit mask over
// rte_eth_event_type, "all" for every event.
Result<uint32_t> parse_event_name(std::string_view text);
// The names parse_event_name accepts, for help and messages.
std::string event_names();

// Comma-separated non-empty names (--display-xstats); at least one.
Result<std::vector<std::string>> parse_name_list(std::string_view what, std::string_view text);

// testpmd's --eth-link-speed in Mb/s: the RTE_ETH_LINK_SPEED_* flags that
// force it.
Result<uint32_t> parse_link_speed(std::string_view text);

} // namespace pmdfwd
