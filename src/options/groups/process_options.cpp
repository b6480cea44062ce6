// The option group "processes": testpmd's multi-process options. pmdfwd
// runs as one process: it takes the values that say so, and refuses the rest.
#include "options/option_groups.h"

#include <string>

namespace pmdfwd::opt {

std::vector<Option> process_options() {
    return {
        {"num-procs", 0, "N", "processes sharing the ports (only 1: no multi-process)",
         number("num-procs", &Config::num_procs, 0, UINT32_MAX)},
        {"proc-id", 0, "N", "this process's rank among them (only 0)",
         number("proc-id", &Config::proc_id, 0, INT32_MAX)},
    };
}

// After all options, as testpmd checks them: its own words for a rank
// beyond the count, then pmdfwd's refusal of more than one process.
Status check_process_options(const Config &c) {
    if (c.proc_id >= c.num_procs)
        return Error("The multi-process option 'proc-id(" + std::to_string(c.proc_id) +
                     ")' should be less than 'num-procs(" + std::to_string(c.num_procs) + ")'");
    if (c.num_procs > 1)
        return Error("num-procs: " + std::to_string(c.num_procs) +
                     " processes asked; pmdfwd runs as one (multi-process is not supported)");
    return {};
}

} // namespace pmdfwd::opt
