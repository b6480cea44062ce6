// csum's shell commands (engine ABI command rows), as testpmd's csum
// commands: which checksums the TX port's NIC computes.
#pragma once

#include <pmdfwd/engine.h>

#include <cstddef>

namespace pmdfwd::engines::csum {

extern const pmdfwd_command kCommands[];
extern const size_t kNbCommands;

} // namespace pmdfwd::engines::csum
