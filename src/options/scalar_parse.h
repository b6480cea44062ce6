// Parsing of the values options and shell commands share, each returning a
// message that says what was wrong and what is allowed.
#pragma once

#include "text/printable.h" // printable(): what the messages quote
#include "util/status.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pmdfwd {

// How a number is written. Options are decimal, as testpmd's atoi/strtoul
// read them; the shell reads numbers as testpmd's cmdline does (0x hex, 0b
// binary, a leading 0 octal), so that `set burst 010` means 8 in both.
enum class Radix { Decimal, Cmdline };

// An integer in [min, max]; an error says why ("burst: '0' is out of range
// (allowed: 1..512)").
Result<uint64_t> parse_uint(std::string_view what, std::string_view text, uint64_t min,
                            uint64_t max, Radix radix = Radix::Decimal);
// A positive decimal number of seconds (e.g. 2.5).
Result<double> parse_seconds(std::string_view what, std::string_view text);
// XX:XX:XX:XX:XX:XX or XXXX:XXXX:XXXX
Result<std::array<uint8_t, 6>> parse_mac(std::string_view text);
// on|off
Result<bool> parse_on_off(std::string_view what, std::string_view text);
// testpmd's --txpkts: segment lengths "X[,Y]*", each 1..max_seg, total 14+20+8..9600.
Result<std::vector<uint16_t>> parse_txpkts(std::string_view text);

// Every value of a repeatable option, in both spellings getopt accepts:
// "--name=VALUE" and "--name VALUE" (name given with its dashes).
std::vector<std::string> option_values(const std::vector<std::string> &args, std::string_view name);

std::vector<std::string> split_words(std::string_view line);
// A shell command line's words: split at blanks, where "..." or '...'
// quotes a part of a word with its blanks (load engine "/opt/my engines/x.so");
// nothing is escaped inside. An unquoted '#' ends the line, in a word or
// after one, as in testpmd's cmdline (`set burst 16 # why` sets 16). An
// error for an unterminated quote or a NUL byte (which would cut every
// message that quotes the line).
Result<std::vector<std::string>> split_command(std::string_view line);

} // namespace pmdfwd
