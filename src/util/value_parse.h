// The one way a value typed by a user is read, whether it comes as an
// option, a shell command's argument or an engine parameter: each parser
// returns the value, or an error that says what was wrong and what is
// allowed ("burst: '0' is out of range (allowed: 1..512)"). At the bottom of
// the host's roles, so that options, the shell and engine_host share it.
#pragma once

#include "util/status.h"

#include <array>
#include <cstdint>
#include <string_view>

namespace pmdfwd {

// How a number is written. Options and engine parameters are decimal, as
// testpmd's atoi/strtoul read them; the shell reads numbers as testpmd's
// cmdline does (0x hex, 0b binary, a leading 0 octal), so that
// `set burst 010` means 8 in both.
enum class Radix { Decimal, Cmdline };

// An integer in [min, max]; what names the value in the error.
Result<uint64_t> parse_uint(std::string_view what, std::string_view text, uint64_t min,
                            uint64_t max, Radix radix = Radix::Decimal);
// A decimal integer in [min, max], an optional '-' and digits only.
Result<int64_t> parse_int(std::string_view what, std::string_view text, int64_t min, int64_t max);
// on|off
Result<bool> parse_on_off(std::string_view what, std::string_view text);
// XX:XX:XX:XX:XX:XX or XXXX:XXXX:XXXX
Result<std::array<uint8_t, 6>> parse_mac(std::string_view text);
// A.B.C.D, each 0..255 without a leading zero; host byte order.
Result<uint32_t> parse_ipv4(std::string_view what, std::string_view text);

} // namespace pmdfwd
