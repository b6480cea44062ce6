// Packet capture from outside: librte_pdump's server side, so that
// dpdk-dumpcap and dpdk-pdump (secondary processes with the same
// --file-prefix) can ask pmdfwd to copy the packets of a port and queue.
// Nothing runs on the data path until a capture is asked for; the copies
// are made by ethdev RX/TX callbacks that pdump installs then.
#pragma once

#include "util/status.h"

#include <string>

namespace pmdfwd {

class PacketCapture {
  public:
    PacketCapture() = default;
    PacketCapture(const PacketCapture &) = delete;
    PacketCapture &operator=(const PacketCapture &) = delete;
    ~PacketCapture() { disable(); }

    // Ok or why capture is unavailable (pmdfwd forwards all the same).
    // Without shared files (--in-memory, --no-shconf) there is no
    // multi-process channel and no secondary can attach; pdump accepts that.
    Status enable();
    // Before the ports close.
    void disable();

  private:
    bool enabled_ = false;
};

} // namespace pmdfwd
