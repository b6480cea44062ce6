#include "options/option_groups.h"

namespace pmdfwd::opt {

const std::vector<OptionGroup> &host_groups() {
    // Built once; the engines' aliases may grow (a plugin).
    static const std::vector<OptionGroup> own = {
        {"forwarding", forwarding_options()},
        {"ports, queues and lcores", port_options()},
        {"descriptor thresholds (default: the PMD's)", threshold_options()},
        {"memory and NUMA", memory_options()},
        {"offloads and RSS", offload_options()},
        {"links and events", link_options()},
        {"generated traffic", generator_options()},
        {"processes", process_options()},
    };
    return own;
}

std::vector<OptionGroup> groups(const EngineApi &engines) {
    std::vector<OptionGroup> g = host_groups();
    std::vector<Option> aliases = engine_alias_options(engines);
    if (!aliases.empty()) g.push_back({"engine parameters by testpmd's names", std::move(aliases)});
    return g;
}

} // namespace pmdfwd::opt
