// The table checks every argument of the row a line matched before the row
// runs (src/shell/command_table.cpp, typed tokens of src/shell/syntax.h):
// the first bad one, in the line's order, refuses the line with its own
// message and nothing changes; completion follows the same checks.
#include "shell/command_table.h"
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::run;
using pmdfwd::testing::stop_ports;

TEST(TypedArgs, NumberOutOfItsRangeIsRefusedBeforeTheRowRuns) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "set burst 513", &out));
    EXPECT_EQ(out, "burst: 513 is out of range (allowed: 1..512)\n");
    EXPECT_FALSE(run(h, "set burst tx delay 1001 retry 1", &out));
    EXPECT_EQ(out, "delay: 1001 is out of range (allowed: 0..1000)\n");
    EXPECT_FALSE(run(h, "set burst tx delay 10 retry x", &out));
    EXPECT_EQ(out, "retry: 'x' is not a number (allowed: 0..1000)\n");
    EXPECT_EQ(h.cfg.tx_retry_delay_us, Config{}.tx_retry_delay_us); // nothing half-done
    EXPECT_TRUE(run(h, "set burst 512", &out));
    EXPECT_EQ(h.cfg.burst, 512);
}

// The choice before a count names it ("port config all rxd 0").
TEST(TypedArgs, CountIsNamedByItsChoice) {
    FakeHost h;
    stop_ports(h);
    std::string out;
    EXPECT_FALSE(run(h, "port config all rxd 0", &out));
    EXPECT_EQ(out, "rxd: 0 is out of range (allowed: 1..65535)\n");
    EXPECT_FALSE(run(h, "port config all txq many", &out));
    EXPECT_EQ(out, "txq: 'many' is not a number (allowed: 1..65535)\n");
}

// Arguments are checked in the line's order, as testpmd's parser reads its
// tokens: a bad number before a missing port is what the line is told.
TEST(TypedArgs, FirstBadArgumentInTheLineIsTold) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "rx_vxlan_port add 70000 9", &out));
    EXPECT_EQ(out, "udp port: 70000 is out of range (allowed: 0..65535)\n");
    EXPECT_FALSE(run(h, "rx_vxlan_port add 4789 9", &out));
    EXPECT_EQ(out, "Invalid port 9\nThe valid ports array is [ 0 1 ]\n");
    EXPECT_FALSE(run(h, "set promisc 9 maybe", &out));
    EXPECT_EQ(out, "Invalid port 9\nThe valid ports array is [ 0 1 ]\n");
    EXPECT_FALSE(run(h, "set promisc all maybe", &out));
    EXPECT_EQ(out, "Bad arguments: 'maybe' is not allowed here (allowed: on, off)\n");
}

// A queue that is no number is told once, as a number, not also as the
// queue the row could not set up.
TEST(TypedArgs, QueueIsANumber) {
    FakeHost h;
    stop_ports(h);
    std::string out;
    EXPECT_FALSE(run(h, "port 0 rxq x setup", &out));
    EXPECT_EQ(out, "queue: 'x' is not a number (allowed: 0..65535)\n");
    EXPECT_FALSE(run(h, "port 0 rxq 5 setup", &out)); // the row's own check, with the count
    EXPECT_EQ(out, "Invalid RX queue 5 (must be < nb_rxq=1)\nInvalid rx queue\n");
}

// Every MAC argument is told the same way (testpmd's cmdline says "Bad
// arguments" for a bad TOKEN_ETHERADDR).
TEST(TypedArgs, MacIsCheckedByTheTable) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "set eth-peer 0 02:00:00:00:00", &out));
    EXPECT_EQ(out, "Bad arguments: '02:00:00:00:00' is not a MAC address (expected "
                   "XX:XX:XX:XX:XX:XX or XXXX:XXXX:XXXX, X a hex digit)\n");
    EXPECT_FALSE(run(h, "mac_addr add 0 02:00:00:00:00", &out));
    EXPECT_EQ(out, "Bad arguments: '02:00:00:00:00' is not a MAC address (expected "
                   "XX:XX:XX:XX:XX:XX or XXXX:XXXX:XXXX, X a hex digit)\n");
    EXPECT_TRUE(run(h, "set eth-peer 0 02:00:00:00:00:01", &out)) << out;
    // testpmd's cmdline also reads three groups of four (issue 37).
    EXPECT_TRUE(run(h, "set eth-peer 0 0011:2233:4455", &out)) << out;
    EXPECT_EQ(h.fake_ports.last_peer, (std::array<uint8_t, 6>{0x00, 0x11, 0x22, 0x33, 0x44, 0x55}));
}

// show rxq info takes any port id: ethdev's answer is testpmd's message.
TEST(TypedArgs, QueueInfoTakesAPortThatIsNotThere) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "show rxq info 9 0", &out));
    EXPECT_EQ(out.find("Invalid port"), std::string::npos) << out;
    EXPECT_FALSE(run(h, "show rxq info 65536 0", &out));
    EXPECT_EQ(out, "port: 65536 is out of range (allowed: 0..65535)\n");
}

TEST(TypedArgs, ListsOfPortsAndLcores) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "set portlist 0,x", &out));
    EXPECT_EQ(out.substr(0, 40), "Bad arguments: portlist: 'x' is not a nu");
    EXPECT_FALSE(run(h, "set corelist 1-x", &out));
    EXPECT_EQ(out.substr(0, 40), "Bad arguments: corelist: 'x' is not a nu");
    EXPECT_TRUE(run(h, "set corelist 3,1", &out)) << out;
    EXPECT_EQ(h.lcores, (std::vector<unsigned>{3, 1}));
}

// Completion follows a row only while the words so far pass its checks,
// and offers the ports for every port token.
TEST(TypedArgs, CompletionFollowsTheChecks) {
    FakeHost h;
    using V = std::vector<std::string>;
    EXPECT_EQ(complete_command(h, "port 0 rxq 0 s"), (V{"setup", "start", "stop"}));
    EXPECT_TRUE(complete_command(h, "port 0 rxq x ").empty());
    EXPECT_TRUE(complete_command(h, "port 7 rxq ").empty());
    EXPECT_EQ(complete_command(h, "show rxq info "), (V{"0", "1"}));
    EXPECT_EQ(complete_command(h, "set portlist "), (V{"0", "1"}));
}
