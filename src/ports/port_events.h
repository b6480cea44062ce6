// testpmd's ethdev event printing: "Port 0: link state change event" for
// every event --print-event / --mask-event leave in the mask, whichever
// thread raises it (the interrupt thread, or ours when a port is closed).
#pragma once

#include <cstdint>

namespace pmdfwd {

class EventPrinter {
  public:
    // Registers for every event type on every port; mask is over
    // rte_eth_event_type (Config::event_print_mask).
    void start(uint32_t mask);
    // Unregisters (after the ports are closed, whose release is an event).
    void stop();
    ~EventPrinter() { stop(); }

  private:
    uint32_t mask_ = 0;
    bool registered_ = false;
};

// testpmd's description of an event type ("link state change").
const char *event_description(int type);

} // namespace pmdfwd
