// The io forwarding engine: packets leave as they arrived. It measures the
// host's loop and the PMDs alone, the baseline every other engine is
// compared with.
#include <pmdfwd/engine_register.h>

namespace {

uint16_t io_burst(pmdfwd_stream *, rte_mbuf **, uint16_t nb, uint16_t) {
    return nb;
}

// testpmd's default forwarding mode, and so pmdfwd's.
const pmdfwd_engine io_engine =
    pmdfwd::engine_descriptor("io", "forward packets unchanged", io_burst, PMDFWD_ENGINE_F_DEFAULT);

} // namespace

PMDFWD_REGISTER_ENGINE(io_engine);
