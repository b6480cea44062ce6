// What a DPDK dump function writes to a FILE, as text for a command's
// output (c.out): the dump commands print DPDK's own text.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

namespace pmdfwd::shell {

template <typename Dump>
std::string captured(Dump dump) {
    char *buf = nullptr;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f == nullptr) return {};
    dump(f);
    std::fclose(f);
    std::string text(buf, len);
    std::free(buf);
    return text;
}

} // namespace pmdfwd::shell
