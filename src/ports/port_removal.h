// Devices that go away while pmdfwd runs, handled as testpmd handles them:
// an ethdev removal interrupt (RTE_ETH_EVENT_INTR_RMV), or with --hot-plug
// EAL's device event (RTE_DEV_EVENT_REMOVE), notes the port on the thread
// that raised it; the main thread then stops forwarding if the port carried
// streams, stops, closes and detaches the port, and starts forwarding again
// (testpmd's rmv_port_callback, which its EAL alarm runs 100 ms later).
#pragma once

#include "ports/port_control.h"
#include "util/status.h"

#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace pmdfwd {

// The ports whose devices were removed and that the main thread has not
// handled yet: written by event callbacks, read by the main thread.
class RemovalQueue {
  public:
    void push(uint16_t port);
    // The ports noted since the last call, in order, each once.
    std::vector<uint16_t> take();

  private:
    std::mutex mutex_;
    std::vector<uint16_t> ports_;
};

// testpmd's --hot-plug: EAL's hotplug handling (its SIGBUS handler for the
// memory of a device that vanished), the device event monitor, and a
// callback that notes the removed device's port.
class HotPlug {
  public:
    // Errors are testpmd's words.
    Status start(RemovalQueue *removals);
    // Undone in the reverse order, as testpmd's pmd_test_exit.
    void stop();
    ~HotPlug() { stop(); }

  private:
    RemovalQueue *removals_ = nullptr; // while started
};

// What the removal needs of forwarding, and where its messages go (each
// step's as it ends: starting forwarding may print its own lines).
struct RemovalHooks {
    std::function<bool(uint16_t)> carries; // the port carries streams now
    std::function<std::string()> stop_forwarding;
    std::function<std::string()> start_forwarding;
    std::function<void(const std::string &)> say;
};

// testpmd's rmv_port_callback for one port, with its messages. A port that
// no longer exists is left alone.
void remove_port(PortControl &ports, uint16_t port, const RemovalHooks &hooks);

} // namespace pmdfwd
