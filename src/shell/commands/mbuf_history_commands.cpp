// testpmd 25.11's mbuf history dumps (help section display): `dump mbuf
// history all|<mbuf_addr> [file_name]` and `dump mbuf pool history
// <mempool_name> [file_name]`, librte_mbuf's text to the shell or a file.
// testpmd reads any address it is given as an mbuf; pmdfwd first finds the
// mbuf pool object that holds it (observe/mbuf_lookup.h) and refuses any
// other, saying so. Unknown before 25.11.
#include "shell/command_families.h"

#include <rte_version.h>

#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)
#include "observe/mbuf_lookup.h"
#include "shell/commands/dump_capture.h"
#include "text/text_format.h"
#include "util/value_parse.h"

#include <rte_mbuf_history.h>
#include <rte_mempool.h>

#include <cinttypes>
#include <cstdio>
#include <optional>
#endif

namespace pmdfwd::shell {

namespace {

#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)

// The dump to the shell, or to the file the row's last word names (then
// done, said in testpmd's words).
template <typename Dump>
bool dump_to(Ctx &c, const Args &a, size_t file_arg, Dump dump, const std::string &done) {
    if (a.size() <= file_arg) {
        *c.out += captured(dump);
        return true;
    }
    const std::string &file = a.word(file_arg);
    FILE *f = std::fopen(file.c_str(), "w");
    if (f == nullptr) return fail(c, "Failed to open file '" + file + "'");
    dump(f);
    std::fclose(f);
    *c.out += done + " written in '" + file + "'\n";
    return true;
}

// testpmd's "0x<hex>": the address, or none for any other word (the hex
// digits read as the shell reads every number).
std::optional<uintptr_t> parse_address(const std::string &w) {
    if (w.compare(0, 2, "0x") != 0) return std::nullopt;
    const Result<uint64_t> v = parse_uint("mbuf_addr", w, 0, UINTPTR_MAX, Radix::Cmdline);
    if (!v) return std::nullopt;
    return static_cast<uintptr_t>(*v);
}

bool dump_all(Ctx &c, const Args &a) {
    return dump_to(
        c, a, 0, [](FILE *f) { rte_mbuf_history_dump_all(f); }, "Dump");
}

bool dump_mbuf(Ctx &c, const Args &a) {
    const std::optional<uintptr_t> parsed = parse_address(a.word(0));
    if (!parsed) return fail(c, "Invalid mbuf pointer format. Use 0x<address>");
    const uintptr_t addr = *parsed;
    const MbufPlace at = find_mbuf(addr);
    if (at.pool.empty())
        return fail(c,
                    text_format("0x%" PRIxPTR " is not an mbuf of any mbuf pool: not read", addr));
    if (at.mbuf != addr)
        return fail(c, text_format("0x%" PRIxPTR " lies inside mbuf 0x%" PRIxPTR
                                   " of mempool '%s', not at its start: not read",
                                   addr, at.mbuf, at.pool.c_str()));
    const auto *m = reinterpret_cast<const rte_mbuf *>(addr);
    return dump_to(
        c, a, 1, [m](FILE *f) { rte_mbuf_history_dump(f, m); },
        text_format("Dump for mbuf '%p'", static_cast<const void *>(m)));
}

bool dump_pool(Ctx &c, const Args &a) {
    const std::string &name = a.word(0);
    rte_mempool *mp = rte_mempool_lookup(name.c_str());
    if (mp == nullptr) return fail(c, "Failed to find mempool '" + name + "'");
    return dump_to(
        c, a, 1, [mp](FILE *f) { rte_mbuf_history_dump_mempool(f, mp); },
        "Dump for mempool '" + name + "'");
}

#endif

} // namespace

std::vector<Spec> mbuf_history_commands() {
#if RTE_VERSION < RTE_VERSION_NUM(25, 11, 0, 0)
    return {};
#else
    return {
        {.syntax = "dump mbuf history all [<file_name>]",
         .help = "the mbuf history of every mempool, to the shell or a file",
         .run = dump_all},
        {.syntax = "dump mbuf history <mbuf_addr> [<file_name>]",
         .help = "one mbuf's history (0x<address>, an mbuf of a mempool)",
         .run = dump_mbuf},
        {.syntax = "dump mbuf pool history <mempool_name> [<file_name>]",
         .help = "the mbuf history of one mempool",
         .run = dump_pool},
    };
#endif
}

} // namespace pmdfwd::shell
