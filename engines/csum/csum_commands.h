// csum's shell commands (engine ABI command rows), as testpmd's csum
// commands: which checksums the TX port's NIC computes.
#pragma once

#include <pmdfwd/engine.h>

#include <cstddef>

namespace pmdfwd::engines::csum {

// The rows' count is known here, so that the engine's descriptor, which
// points at them, is a constant (check_engine_state: no state built at
// start-up); csum_commands.cpp asserts it.
inline constexpr size_t kNbCommands = 14;
extern const pmdfwd_command kCommands[kNbCommands];

} // namespace pmdfwd::engines::csum
