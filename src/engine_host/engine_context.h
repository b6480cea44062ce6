// Each engine's own context (pmdfwd_engine.ctx_size): one
// block per engine, allocated the first time the host hands it to the
// engine and kept for the life of the process, so that every hook, set,
// command and stream of the engine sees the same one.
#pragma once

#include <pmdfwd/engine.h>

namespace pmdfwd {

// e's context, or nullptr for an engine without one (ctx_size 0). Called
// on the main lcore only; the block is zeroed, 64-byte aligned, on the NUMA
// node of the calling lcore once EAL runs (the main lcore's), else on the
// calling thread's, and passed through the engine's ctx_init before it is
// returned.
void *engine_context(const pmdfwd_engine &e);

} // namespace pmdfwd
