// testpmd's port_flow_complain: the text a failed rte_flow call prints, and
// the poisoned error it is given.
#pragma once

#include <rte_flow.h>

#include <cstring>
#include <string>

namespace pmdfwd::flow {

// "port_flow_complain(): Caught PMD error type 1 (cause unspecified):
// Function not implemented: Function not implemented\n" for error and the
// call's -errno rc (testpmd reads rte_errno, which rc carries).
std::string flow_complaint(const rte_flow_error &error, int rc);

// testpmd poisons the error before each call (each call site its own byte),
// so that a PMD that fails without filling it shows.
inline rte_flow_error poisoned_error(int byte) {
    rte_flow_error e;
    std::memset(&e, byte, sizeof(e));
    return e;
}

} // namespace pmdfwd::flow
