// ethdev's answers (0 or -errno) as the Status the port commands read.
#include "ports/port_control.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstring>

using namespace pmdfwd;

TEST(PortControl, EthdevSuccessIsOk) {
    EXPECT_TRUE(ethdev_status(0).ok());
    EXPECT_EQ(ethdev_status(0).code(), 0);
}

TEST(PortControl, EthdevErrorKeepsItsErrno) {
    // testpmd prints the negative value ("diag=-95"): -code() gives it back.
    const Status s = ethdev_status(-ENOTSUP);
    EXPECT_FALSE(s.ok());
    EXPECT_EQ(s.code(), ENOTSUP);
    EXPECT_EQ(-s.code(), -ENOTSUP);
    EXPECT_EQ(s.message(), std::strerror(ENOTSUP));
}
