// DPDK's log lines (ethdev's "Multi-queue RSS mode isn't enabled.", a PMD's
// refusal) inside a command's output, at the point the command's ethdev call
// logged them, as they land between testpmd's own lines on its terminal.
// While a LogCapture lives, EAL's log stream appends to *out; it restores the
// stream it found when it goes.
#pragma once

#include <cstdio>
#include <string>

namespace pmdfwd {

class LogCapture {
  public:
    explicit LogCapture(std::string *out);
    ~LogCapture();
    LogCapture(const LogCapture &) = delete;
    LogCapture &operator=(const LogCapture &) = delete;

  private:
    FILE *previous_;
    FILE *stream_ = nullptr;
};

} // namespace pmdfwd
