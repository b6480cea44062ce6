// testpmd reads both ports with atoi, refuses a negative one ("vxlan-gpe-port
// must be >= 0") and keeps the low 16 bits of a larger one. As for noisy's
// options, the host checks the value against the row, and refuses what is
// not a number (atoi reads 0), negative or above 65535, saying what is
// allowed.
#include "csum_params.h"

#include "csum_settings.h"

#include <pmdfwd/engine_register.h>

#include <cstdint>

namespace pmdfwd::engines::csum {

namespace {

template <uint16_t TunnelPorts::*Field>
int set_port(void *ctx, const pmdfwd_param_value *v, char *, size_t) {
    static_cast<Settings *>(ctx)->tunnel_ports.*Field = static_cast<uint16_t>(v->i);
    return 0;
}

} // namespace

// The help texts are testpmd's (its typo too).
constexpr pmdfwd_param kParams[kNbParams] = {
    Param("vxlan-gpe-port", PMDFWD_PARAM_INT, "UPD port of tunnel VXLAN-GPE",
          set_port<&TunnelPorts::vxlan_gpe>)
        .metavar("N")
        .range(0, UINT16_MAX)
        .default_value("4790") // kVxlanGpePort
        .alias("vxlan-gpe-port"),
    Param("geneve-parsed-port", PMDFWD_PARAM_INT, "UPD port to parse GENEVE tunnel protocol",
          set_port<&TunnelPorts::geneve>)
        .metavar("N")
        .range(0, UINT16_MAX)
        .default_value("6081") // kGenevePort
        .alias("geneve-parsed-port"),
};
static_assert(kParams[kNbParams - 1].key != nullptr, "kNbParams counts every row");

} // namespace pmdfwd::engines::csum
