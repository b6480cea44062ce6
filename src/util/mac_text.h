// A MAC address from its text: one reading for the command line, the shell
// and engine parameters, so that they accept and refuse the same strings.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace pmdfwd {

// Exactly six pairs of hex digits and five colons; nothing else (sscanf's
// %2x also took "-1" as ff, "+1" and " 1").
std::optional<std::array<uint8_t, 6>> mac_from_text(std::string_view text);

} // namespace pmdfwd
