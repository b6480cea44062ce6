// testpmd's port_flow_complain: the text a failed rte_flow call prints.
#pragma once

#include <rte_flow.h>

#include <string>

namespace pmdfwd::flow {

// "port_flow_complain(): Caught PMD error type 1 (cause unspecified):
// Function not implemented: Function not implemented\n" for error and the
// call's -errno rc (testpmd reads rte_errno, which rc carries).
std::string flow_complaint(const rte_flow_error &error, int rc);

} // namespace pmdfwd::flow
