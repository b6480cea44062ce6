// What a failed rte_flow call shows (src/ports/flow/flow_complain.h): the
// error testpmd poisons before each call, and its complaint.
#include "ports/flow/flow_complain.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstddef>

using namespace pmdfwd::flow;

// Every byte is the call site's, so an error a PMD left unfilled shows as it.
TEST(FlowComplain, PoisonedErrorIsTheByteThroughout) {
    for (int byte : {0x00, 0x22, 0x99}) {
        const rte_flow_error e = poisoned_error(byte);
        const auto *bytes = reinterpret_cast<const unsigned char *>(&e);
        for (size_t i = 0; i < sizeof(e); ++i)
            ASSERT_EQ(bytes[i], byte) << "byte " << i;
    }
}

TEST(FlowComplain, ComplaintAsTestpmdWordsIt) {
    rte_flow_error e = poisoned_error(0x00);
    e.type = RTE_FLOW_ERROR_TYPE_UNSPECIFIED;
    EXPECT_EQ(flow_complaint(e, -ENOSYS),
              "port_flow_complain(): Caught PMD error type 1 (cause unspecified): "
              "(no stated reason): Function not implemented\n");
}
