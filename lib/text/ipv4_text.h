// An IPv4 address from its dotted text and back: one reading for engine
// parameters, the shell and the engines' own pairs (txonly's SRC,DST), so
// that they accept and refuse the same strings, and one writing for every
// text that shows one. Addresses are in host byte order (198.18.0.1 is
// 0xc6120001), as pmdfwd_param_value.ipv4 and the frame builder hold them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pmdfwd {

// Exactly four decimal octets of 0..255 between dots, nothing around them:
// what inet_pton(AF_INET) takes. An octet with a leading zero ("010") is
// refused, not read: inet_aton would read it as octal (8), inet_pton refuses
// it, so no reading would be sure to be what was meant. On refusal, *why
// (when given) says what is wrong, e.g. "octet 4 '256' is over 255".
std::optional<uint32_t> ipv4_from_text(std::string_view text, std::string *why = nullptr);

// "198.18.0.1": the dotted-decimal text of a host-order address.
std::string ipv4_to_text(uint32_t addr);

} // namespace pmdfwd
