// Parsing of the values options and shell commands share, each returning a
// message that says what was wrong and what is allowed.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pmdfwd {

// A decimal integer in [min, max]; on failure *err says why ("burst: '0' is
// out of range (allowed: 1..512)").
std::optional<uint64_t> parse_uint(std::string_view what, std::string_view text, uint64_t min,
                                   uint64_t max, std::string *err);
// A positive decimal number of seconds (e.g. 2.5).
std::optional<double> parse_seconds(std::string_view what, std::string_view text, std::string *err);
// XX:XX:XX:XX:XX:XX
std::optional<std::array<uint8_t, 6>> parse_mac(std::string_view text, std::string *err);
// on|off
std::optional<bool> parse_on_off(std::string_view what, std::string_view text, std::string *err);
// testpmd's --txpkts: segment lengths "X[,Y]*", each 1..max_seg, total 14+20+8..9600.
std::optional<std::vector<uint16_t>> parse_txpkts(std::string_view text, std::string *err);

// Every value of a repeatable option, in both spellings getopt accepts:
// "--name=VALUE" and "--name VALUE" (name given with its dashes).
std::vector<std::string> option_values(const std::vector<std::string> &args, std::string_view name);

std::string format_mac(const uint8_t mac[6]);
std::vector<std::string> split_words(std::string_view line);
// A shell command line's words: split at blanks, where "..." or '...'
// quotes a part of a word with its blanks (load engine "/opt/my engines/x.so");
// nothing is escaped inside. nullopt with *err for an unterminated quote or
// a NUL byte (which would cut every message that quotes the line).
std::optional<std::vector<std::string>> split_command(std::string_view line, std::string *err);
// text for a message: control bytes (NUL among them) as \xHH, so that
// nothing the user typed can cut or garble it.
std::string printable(std::string_view text);

} // namespace pmdfwd
