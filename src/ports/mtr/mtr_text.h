// testpmd 22.11's meter texts (app/test-pmd/cmdline_mtr.c): rte_mtr's error
// as print_err_msg words it, the capability listing and the statistics.
#pragma once

#include <rte_mtr.h>

#include <string>

namespace pmdfwd::mtr {

// "<what>: [cause: <p>, ]<message> (error <type>)" and a newline.
std::string error_text(const rte_mtr_error &error);
std::string capabilities_text(const rte_mtr_capabilities &cap);
// The counters the mask says the PMD filled, one a line.
std::string stats_text(const rte_mtr_stats &stats, uint64_t mask);
// "Enabled protocols:" and the input color protocols the mask holds.
std::string in_protocols_text(uint64_t mask);

} // namespace pmdfwd::mtr
