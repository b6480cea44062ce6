// testpmd's --display-xstats: the named extended statistics of each port,
// looked up once, read with every port statistics display, with their
// per-second rate since the previous display.
#pragma once

#include "fwd/fwd_stats.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace pmdfwd {

class XstatsDisplay {
  public:
    // Finds each name's id on each port; a name a port lacks is skipped
    // there with testpmd's "No xstat 'NAME' on port N - skip it I" on stderr.
    void init(const std::vector<uint16_t> &ports, const std::vector<std::string> &names);
    // The port's statistics now, empty without --display-xstats.
    std::vector<XstatSample> sample(uint16_t port, uint64_t now_ns);

  private:
    struct PortXstats {
        std::vector<std::string> names;
        std::vector<uint64_t> ids;
        std::vector<uint64_t> prev;
        uint64_t prev_ns = 0;
    };
    std::map<uint16_t, PortXstats> ports_;
};

} // namespace pmdfwd
