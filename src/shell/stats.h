// What the show/clear commands print: statistics and the forwarding
// configuration, as text in the configured format (testpmd's or JSON). The
// application implements it over ethdev and the forwarder; tests use a fake.
#pragma once

#include <cstdint>
#include <string>

namespace pmdfwd {

class Stats {
  public:
    virtual ~Stats() = default;

    virtual std::string port_stats(uint16_t port) = 0;
    virtual void clear_port_stats(uint16_t port) = 0;
    virtual std::string fwd_stats() = 0;
    virtual void clear_fwd_stats() = 0;
    virtual std::string fwd_config() = 0;
    // Every mbuf pool's size, in-use and available counts (`show mempool`).
    virtual std::string mempool_info() = 0;
};

} // namespace pmdfwd
