// testpmd 22.11's traffic management texts (app/test-pmd/cmdline_tm.c):
// rte_tm's error as print_err_msg words it, and the capability and node
// statistics listings.
#pragma once

#include <rte_tm.h>

#include <string>

namespace pmdfwd::tm {

// "<what>: [cause: <p>, ]<message> (error <type>)" and a newline.
std::string error_text(const rte_tm_error &error);
std::string capabilities_text(const rte_tm_capabilities &cap);
std::string level_capabilities_text(uint32_t level, const rte_tm_level_capabilities &cap);
std::string node_capabilities_text(uint32_t node, bool is_leaf,
                                   const rte_tm_node_capabilities &cap);
// The counters the mask says the PMD filled, one a line.
std::string node_stats_text(const rte_tm_node_stats &stats, uint64_t mask);

} // namespace pmdfwd::tm
