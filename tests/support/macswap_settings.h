// The registered macswap engine's settings, its context as the host keeps
// it: what the next `start` will run.
#pragma once

#include "engine_host/engine_context.h"
#include "macswap.h"

namespace pmdfwd::macswap {

inline const Settings &current_settings() {
    return *static_cast<const Settings *>(engine_context(engine()));
}

inline const Kernel &selected_kernel() {
    return selected_kernel(current_settings());
}

inline const char *running_kernel() {
    return running_kernel(current_settings());
}

inline bool lean_fields() {
    return current_settings().lean;
}

inline std::string describe_kernels() {
    return describe_kernels(current_settings());
}

} // namespace pmdfwd::macswap
