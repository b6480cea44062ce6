// testpmd 24.11's `set port <p> eeprom accept_risk magic <m> value <hex>
// [offset <n>]` (help section display, beside show port eeprom): the hex
// string as bytes, written at the offset when the EEPROM holds them, with
// testpmd's words for each refusal. Unknown before 24.11.
#include "shell/command_families.h"

#include "ports/port_text.h"

#include <rte_version.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace pmdfwd::shell {

namespace {

#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)

int hex_digit(char ch) {
    if (!std::isxdigit(static_cast<unsigned char>(ch))) return -1;
    return std::isdigit(static_cast<unsigned char>(ch)) ? ch - '0' : std::tolower(ch) - 'a' + 10;
}

// testpmd reads each pair with sscanf("%2hhx"): a pair whose first digit is
// hex is taken (its second, when hex too); its refusal then names the
// string from count - 1 characters on (nothing for the first pair), as its
// pointer arithmetic does.
std::optional<std::vector<uint8_t>> hex_bytes(Ctx &c, const std::string &hex) {
    if (hex.size() % 2 != 0) {
        fail(c, "Bad Argument: " + hex + "\nHex string must be in multiples of 2 Bytes");
        return std::nullopt;
    }
    std::vector<uint8_t> bytes;
    for (size_t count = 0; count < hex.size() / 2; count++) {
        const int high = hex_digit(hex[2 * count]), low = hex_digit(hex[2 * count + 1]);
        if (high < 0) {
            fail(c, "Bad Argument: " + (count == 0 ? std::string() : hex.substr(count - 1)) +
                        "\nValue must be a hex string");
            return std::nullopt;
        }
        bytes.push_back(static_cast<uint8_t>(low < 0 ? high : high * 16 + low));
    }
    return bytes;
}

// The words after the hex string: nothing, or `offset <n>` (strtoul's
// decimal prefix; a word without one is refused only when it reads 0).
std::optional<uint32_t> offset_of(Ctx &c, const std::vector<std::string> &words) {
    if (words.size() < 2) return 0u;
    if (words[1] != "offset") {
        fail(c, "Bad Argument: " + words[1]);
        return std::nullopt;
    }
    if (words.size() < 3) {
        fail(c, "No offset specified");
        return std::nullopt;
    }
    char *end = nullptr;
    const auto offset = static_cast<uint32_t>(std::strtoul(words[2].c_str(), &end, 10));
    if (offset == 0 && *end != '\0') {
        fail(c, "Bad Argument: " + words[2]);
        return std::nullopt;
    }
    return offset;
}

// testpmd's port_eeprom_set.
bool write_eeprom(Ctx &c, uint16_t port, uint32_t magic, uint32_t offset,
                  std::vector<uint8_t> bytes) {
    const std::vector<uint16_t> ids = c.ports.port_ids();
    if (std::find(ids.begin(), ids.end(), port) == ids.end()) {
        *c.out += invalid_port_text(port, ids);
        return false;
    }
    const Result<int> len = c.ports.eeprom_length(port);
    if (!len) return fail(c, "Unable to get EEPROM length: " + len.status().message());
    if (uint64_t{offset} + bytes.size() > static_cast<uint64_t>(*len))
        return fail(c, "offset and length exceed capabilities of EEPROM length: " +
                           std::to_string(*len));
    const Status s = c.ports.set_eeprom(port, magic, offset, std::move(bytes));
    if (!s.ok()) return fail(c, "Unable to set EEPROM: " + s.message());
    return true;
}

bool set_eeprom(Ctx &c, const Args &a) {
    const std::vector<std::string> &words = a.rest(2);
    if (words.empty())
        return fail(c, "Bad Argument: \nValue must be a hex string"); // testpmd crashes
    std::optional<std::vector<uint8_t>> bytes = hex_bytes(c, words.at(0));
    if (!bytes) return false;
    const std::optional<uint32_t> offset = offset_of(c, words);
    if (!offset) return false;
    return write_eeprom(c, static_cast<uint16_t>(a.number(0)), static_cast<uint32_t>(a.number(1)),
                        *offset, std::move(*bytes));
}

#endif

} // namespace

// Registered on every DPDK (empty before 24.11): the help order is one list.
std::vector<Spec> eeprom_commands() {
#if RTE_VERSION < RTE_VERSION_NUM(24, 11, 0, 0)
    return {};
#else
    return {{.syntax = "set port <port_id> eeprom accept_risk magic <magic_num> value <value>...",
             .help = "write bytes (a hex string, at offset <offset> after it) into the device's "
                     "EEPROM: a high-risk command, accept_risk acknowledges it",
             .types = {arg::port_number("<port_id>"),
                       arg::number("<magic_num>", "magic", 0, UINT32_MAX)},
             .run = set_eeprom}};
#endif
}

} // namespace pmdfwd::shell
