// A removed device's port handled as testpmd's rmv_port_callback: forwarding
// stopped if the port carries streams, the port stopped, closed and
// detached, forwarding started again; and the queue the event callbacks
// fill for the main thread.
#include "ports/port_removal.h"
#include "support/fake_ports.h"

#include <gtest/gtest.h>

using namespace pmdfwd;
using pmdfwd::testing::FakePorts;

namespace {

struct Forwarding {
    Forwarding(bool running, std::vector<uint16_t> streams_ports)
        : on(running), ports(std::move(streams_ports)) {}
    bool on;
    std::vector<uint16_t> ports;
    int stops = 0, starts = 0;
    std::string said;
    RemovalHooks hooks() {
        RemovalHooks h;
        h.carries = [this](uint16_t p) {
            return on && std::find(ports.begin(), ports.end(), p) != ports.end();
        };
        h.stop_forwarding = [this] {
            stops++;
            on = false;
            return std::string("Telling cores to stop...\n");
        };
        h.start_forwarding = [this] {
            starts++;
            on = true;
            return std::string("io packet forwarding\n");
        };
        h.say = [this](const std::string &text) { said += text; };
        return h;
    }
};

} // namespace

TEST(PortRemoval, AForwardingPortStopsForwardingThenItStartsAgain) {
    FakePorts ports;
    Forwarding fwd(true, {0, 1});
    remove_port(ports, 1, fwd.hooks());
    const std::string &o = fwd.said;
    EXPECT_EQ(fwd.stops, 1);
    EXPECT_EQ(fwd.starts, 1);
    EXPECT_EQ(ports.removed, std::vector<uint16_t>{1});
    EXPECT_EQ(ports.status(1), PortStatus::Closed);
    // In testpmd's order: stop, the port's removal, start.
    const size_t stop = o.find("Telling cores to stop"), closed = o.find("Port 1 is closed"),
                 start = o.find("io packet forwarding");
    ASSERT_NE(start, std::string::npos) << o;
    EXPECT_LT(stop, closed);
    EXPECT_LT(closed, start);
}

TEST(PortRemoval, APortWithoutStreamsLeavesForwardingAlone) {
    FakePorts ports;
    Forwarding fwd(true, {0});
    remove_port(ports, 1, fwd.hooks());
    EXPECT_EQ(fwd.stops, 0);
    EXPECT_EQ(fwd.starts, 0);
    EXPECT_EQ(ports.removed, std::vector<uint16_t>{1});
    Forwarding idle(false, {0, 1});
    remove_port(ports, 0, idle.hooks());
    EXPECT_EQ(idle.starts, 0);
}

TEST(PortRemoval, APortThatIsGoneIsLeftAlone) {
    FakePorts ports;
    Forwarding fwd(true, {0, 1, 7});
    remove_port(ports, 7, fwd.hooks());
    ports.ports[1].status = PortStatus::Closed;
    remove_port(ports, 1, fwd.hooks());
    EXPECT_EQ(fwd.said, "");
    EXPECT_TRUE(ports.removed.empty());
    EXPECT_EQ(fwd.stops, 0);
}

TEST(PortRemoval, QueueHandsEachPortOnceInOrder) {
    RemovalQueue q;
    q.push(3);
    q.push(1);
    q.push(3);
    EXPECT_EQ(q.take(), (std::vector<uint16_t>{3, 1}));
    EXPECT_TRUE(q.take().empty());
}
