#include "options/option_groups.h"

namespace pmdfwd::opt {

const std::vector<OptionGroup> &groups() {
    static const std::vector<OptionGroup> g = {
        {"forwarding", forwarding_options()},
        {"ports, queues and lcores", port_options()},
        {"descriptor thresholds (default: the PMD's)", threshold_options()},
        {"memory and NUMA", memory_options()},
        {"offloads and RSS", offload_options()},
        {"links and events", link_options()},
        {"generated traffic", generator_options()},
    };
    return g;
}

} // namespace pmdfwd::opt
