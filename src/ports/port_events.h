// testpmd's ethdev event printing: "Port 0: link state change event" for
// every event --print-event / --mask-event leave in the mask, whichever
// thread raises it (the interrupt thread, or ours when a port is closed).
// A removal interrupt also notes its port for the main thread to remove
// (port_removal.h), as testpmd's eth_event_callback defers it.
#pragma once

#include <cstdint>

namespace pmdfwd {

class RemovalQueue;

class EventPrinter {
  public:
    // Registers for every event type on every port; mask is over
    // rte_eth_event_type (Config::event_print_mask); removals: where
    // RTE_ETH_EVENT_INTR_RMV notes its port.
    void start(uint32_t mask, RemovalQueue *removals);
    // Unregisters (after the ports are closed, whose release is an event).
    void stop();
    ~EventPrinter() { stop(); }

    // What the callback reads.
    struct Target {
        uint32_t mask = 0;
        RemovalQueue *removals = nullptr;
    };

  private:
    Target target_;
    bool registered_ = false;
};

// testpmd's description of an event type ("link state change").
const char *event_description(int type);

} // namespace pmdfwd
