// Where an address lies among the process's mbuf pools, found from the
// pools' own bookkeeping without reading the address: what must hold before
// a command reads memory a user named as an mbuf (testpmd 25.11's
// `dump mbuf history <address>` reads whatever it is given).
#pragma once

#include <cstdint>
#include <string>

namespace pmdfwd {

struct MbufPlace {
    std::string pool;   // the mbuf pool whose object holds the address; empty: none
    uintptr_t mbuf = 0; // that object's start: the mbuf's own address
};

// The pktmbuf pool object (mbuf, private area and data room) that holds
// addr; a pool that is not a pktmbuf pool is no place for an mbuf.
MbufPlace find_mbuf(uintptr_t addr);

} // namespace pmdfwd
