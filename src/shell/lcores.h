// The forwarding lcores as shell commands see them (`set corelist`,
// `show config cores`, `set nbcore`). The application implements it over
// EAL's lcores and the forwarder; tests use a fake.
#pragma once

#include "util/status.h"

#include <cstddef>
#include <string>
#include <vector>

namespace pmdfwd {

class Lcores {
  public:
    virtual ~Lcores() = default;

    // Forwarding lcores available (EAL lcores but the main one).
    virtual size_t nb_fwd_lcores() const = 0;
    // The forwarding lcores configured (--coremask, `set corelist`).
    virtual std::vector<unsigned> fwd_lcore_ids() const = 0;
    // `set corelist|coremask`: ok or testpmd's refusal (an lcore EAL lacks,
    // the main lcore).
    virtual Status set_fwd_lcores(const std::vector<unsigned> &lcores) = 0;
    // Streams the current settings give (at least one), or why none.
    virtual Result<size_t> nb_streams() const = 0;
};

} // namespace pmdfwd
