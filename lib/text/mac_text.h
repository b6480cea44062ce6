// A MAC address from its text and back: one reading for the command line, the
// shell and engine parameters, so that they accept and refuse the same
// strings, and one writing for every text that shows one (the host's and the
// engines' alike).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pmdfwd {

// Six pairs of hex digits split by colons, or testpmd's short form of three
// groups of four (0011:2233:4455, as DPDK's cmdline reads it); nothing
// else (sscanf's %2x also took "-1" as ff, "+1" and " 1").
std::optional<std::array<uint8_t, 6>> mac_from_text(std::string_view text);

// "02:00:00:00:00:01": upper-case hex, as DPDK's rte_ether_format_addr and
// testpmd write it (DTS compares these texts).
std::string mac_to_text(const uint8_t mac[6]);

} // namespace pmdfwd
