// testpmd's bpf-load / bpf-unload (app/test-pmd/bpf_cmd.c): an eBPF program
// from an ELF file as an RX or TX callback of one port queue, through
// librte_bpf. Without librte_bpf (PMDFWD_HAVE_BPF=0) the rows still parse
// and say so. The calls go to librte_bpf directly: it owns the callbacks,
// and ethdev runs them inside rx_burst/tx_burst, so nothing here touches
// the forwarding loop.
#include "shell/command_families.h"

#if PMDFWD_HAVE_BPF
#include <rte_bpf_ethdev.h>
#include <rte_mbuf.h>

#include <cctype>
#include <cstdio>
#include <cstring>
#endif

#include <string>

namespace pmdfwd::shell {

namespace {

#if PMDFWD_HAVE_BPF
// testpmd's bpf_parse_flags: J asks for the JIT, M hands the program the
// mbuf (else its data, of the first pool's data size), '-' is nothing, and
// any other letter (B, the help's "raw data", included) is reported and
// skipped, without a newline, as testpmd does.
uint32_t parse_flags(Ctx &c, const std::string &word, rte_bpf_arg *arg) {
    uint32_t flags = RTE_BPF_ETH_F_NONE;
    const uint16_t data_size =
        c.config.mbuf_sizes.empty() ? uint16_t{RTE_MBUF_DEFAULT_BUF_SIZE} : c.config.mbuf_sizes[0];
    arg->type = RTE_BPF_ARG_PTR;
    arg->size = data_size;
    for (char ch : word) {
        const int v = std::toupper(static_cast<unsigned char>(ch));
        if (v == 'J') {
            flags |= RTE_BPF_ETH_F_JIT;
        } else if (v == 'M') {
            arg->type = RTE_BPF_ARG_PTR_MBUF;
            arg->size = sizeof(rte_mbuf);
            arg->buf_size = data_size;
        } else if (v != '-') {
            *c.out += "unknown flag: '" + std::string(1, static_cast<char>(v)) + "'";
        }
    }
    return flags;
}

bool load(Ctx &c, const Args &a) {
    const bool rx = a.word(0) == "rx";
    const auto port = static_cast<uint16_t>(a.number(1));
    const auto queue = static_cast<uint16_t>(a.number(2));
    rte_bpf_prm prm{};
    const uint32_t flags = parse_flags(c, a.word(3), &prm.prog_arg);
    const char *file = a.word(4).c_str();
    const int rc = rx ? rte_bpf_eth_rx_elf_load(port, queue, &prm, file, ".text", flags)
                      : rte_bpf_eth_tx_elf_load(port, queue, &prm, file, ".text", flags);
    *c.out += std::to_string(rc) + ":" + std::strerror(-rc) + "\n";
    return true;
}

bool unload(Ctx &, const Args &a) {
    const auto port = static_cast<uint16_t>(a.number(1));
    const auto queue = static_cast<uint16_t>(a.number(2));
    if (a.word(0) == "rx")
        rte_bpf_eth_rx_unload(port, queue);
    else
        rte_bpf_eth_tx_unload(port, queue);
    return true;
}
#else
bool load(Ctx &c, const Args &) {
    return fail(c, "bpf-load: this pmdfwd was built without librte_bpf");
}
bool unload(Ctx &c, const Args &) {
    return fail(c, "bpf-unload: this pmdfwd was built without librte_bpf");
}
#endif

// testpmd's tokens: the port an RTE_UINT8, the queue an RTE_UINT16; the
// port need not exist (librte_bpf answers -22 for one that does not).
std::vector<ArgType> port_queue() {
    return {arg::number("<port>", "port", 0, UINT8_MAX),
            arg::number("<queue>", "queue", 0, UINT16_MAX)};
}

} // namespace

std::vector<Spec> bpf_commands() {
    return {
        {.syntax = "bpf-load rx|tx <port> <queue> <flags> <file_name>",
         .help = "Load an eBPF program as a callback for particular RX/TX queue (flags: J JIT, M "
                 "the mbuf, - the packet data)",
         .types = port_queue(),
         .run = load},
        {.syntax = "bpf-unload rx|tx <port> <queue>",
         .help = "Unload previously loaded eBPF program for particular RX/TX queue",
         .types = port_queue(),
         .run = unload},
    };
}

namespace {

// After the bonding driver's commands (150): testpmd lists them last in its
// ports section.

} // namespace

} // namespace pmdfwd::shell
