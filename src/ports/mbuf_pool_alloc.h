// testpmd's --mp-alloc methods (mbuf_pool_create): one mbuf pool made the
// way the method says, with testpmd's lines and its words when it cannot be.
#pragma once

#include "options/config.h"
#include "util/status.h"

#include <rte_mempool.h>

#include <string>

namespace pmdfwd {

struct MbufPoolSpec {
    std::string name;
    unsigned count = 0;
    uint16_t data_room = 0;
    unsigned cache = 0;
    int socket = 0;
    // RTE_MEMPOOL_F_NO_IOVA_CONTIG, which only anon pools take.
    bool no_iova_contig = false;
    std::string log_tag; // what names the program in testpmd's log lines
};

// The pool, or testpmd's words for why not (its rte_exit text).
Result<rte_mempool *> make_mbuf_pool(MpAlloc how, const MbufPoolSpec &spec);

// Frees a pool make_mbuf_pool made the same way (anon: its memory
// unregistered first, as testpmd's dma_unmap_cb).
void free_mbuf_pool(MpAlloc how, rte_mempool *mp);

} // namespace pmdfwd
