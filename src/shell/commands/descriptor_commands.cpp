// testpmd's `read rxd|txd <port> <queue> <desc>`: one RX or TX descriptor of
// a queue's ring, read from the PMD's ring memzone as testpmd reads it.
#include "shell/command_families.h"

namespace pmdfwd::shell {

namespace {

bool read_descriptor(Ctx &c, const Args &a) {
    const std::string text = c.ports.read_descriptor(
        static_cast<uint16_t>(a.number(1)), a.word(0) == "rxd", static_cast<uint16_t>(a.number(2)),
        static_cast<uint16_t>(a.number(3)));
    *c.out += text;
    // The descriptor's words are indented; anything else is a refusal.
    return text.starts_with("    ");
}

} // namespace

std::vector<Spec> descriptor_commands() {
    return {
        {.syntax = "read rxd|txd <port> <queue> <desc>",
         .help = "one descriptor of an RX or TX queue's ring, as the PMD wrote it",
         // testpmd takes any port number: ethdev says which are not ports.
         .types = {arg::port_number("<port>"), arg::number("<desc>", "desc", 0, UINT16_MAX)},
         .run = read_descriptor},
    };
}

} // namespace pmdfwd::shell
