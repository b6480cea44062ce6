// testpmd's external memory (setup_extmem, for --mp-alloc=xmem|xmemhuge):
// an mmap'd area, of huge pages or normal ones, added to a malloc heap of
// its own, from which a pool is then made as any other.
#pragma once

#include "util/status.h"

#include <cstdint>
#include <string>

namespace pmdfwd {

// testpmd's EXTMEM_HEAP_NAME.
inline constexpr const char *kExtmemHeap = "extmem";

// Adds room for nb_mbufs mbufs of mbuf_size bytes to the heap, creating it
// the first time; testpmd's log lines under log_tag as it goes. The error
// is testpmd's last log line (the caller says testpmd's exit text).
Status add_extmem(uint32_t nb_mbufs, uint32_t mbuf_size, bool huge, const std::string &log_tag);

} // namespace pmdfwd
