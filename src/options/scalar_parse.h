// The values only options and shell commands take (seconds, --txpkts, a
// command line's words), beside the ones every typed value shares
// (util/value_parse.h), each returning a message that says what was wrong
// and what is allowed.
#pragma once

#include "text/printable.h" // printable(): what the messages quote
#include "util/status.h"
#include "util/value_parse.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pmdfwd {

// A positive decimal number of seconds (e.g. 2.5).
Result<double> parse_seconds(std::string_view what, std::string_view text);
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
