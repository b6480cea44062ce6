// The io forwarding engine: packets leave as they arrived. It measures the
// host's loop and the PMDs alone, the baseline every other engine is
// compared with.
#include "engine_registry.h"

namespace {

uint16_t io_burst(pmdfwd_stream *, rte_mbuf **, uint16_t nb, uint16_t) {
    return nb;
}

const pmdfwd_engine io_engine = {
    .abi_version = PMDFWD_ENGINE_ABI_VERSION,
    .flags = 0,
    .name = "io",
    .summary = "forward packets unchanged",
    .port_begin = nullptr,
    .port_end = nullptr,
    .stream_init = nullptr,
    .stream_fini = nullptr,
    .burst = io_burst,
    .set_param = nullptr,
    .describe = nullptr,
    .param_help = nullptr,
};

} // namespace

PMDFWD_REGISTER_ENGINE(io_engine);
