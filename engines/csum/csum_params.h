// csum's parameters (engine ABI rows): testpmd's --vxlan-gpe-port and
// --geneve-parsed-port, the UDP ports its tunnel parsing takes for VXLAN-GPE
// and GENEVE (csum_tunnel.h), by their testpmd names as aliases.
#pragma once

#include <pmdfwd/engine.h>

#include <cstddef>

namespace pmdfwd::engines::csum {

// Known here so that the engine's descriptor, which points at the rows, is a
// constant; csum_params.cpp asserts it.
inline constexpr size_t kNbParams = 2;
extern const pmdfwd_param kParams[kNbParams];

} // namespace pmdfwd::engines::csum
