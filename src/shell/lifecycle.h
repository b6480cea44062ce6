// Forwarding and the session as shell commands drive them: start, stop,
// quit, and the SIGINT that ends a `load` instead of the session. The
// application (src/app/app.cpp) implements it; tests use a fake.
#pragma once

#include "util/status.h"

#include <string>

namespace pmdfwd {

class Lifecycle {
  public:
    virtual ~Lifecycle() = default;

    virtual bool running() const = 0;
    // Ok or why not. Shows the forwarding configuration (testpmd's text)
    // before the lcores start printing anything.
    virtual Status start(unsigned tx_first_bursts) = 0;
    // Stops forwarding and returns testpmd's stop report (forward stats).
    virtual std::string stop() = 0;
    // A quit typed while a command file is read (`load`, --cmdline-file)
    // ends that file only, as testpmd's ends the cmdline that read it; the
    // session goes on.
    virtual void request_quit() = 0;
    virtual bool quit_pending() const = 0;
    // A command file starts or stops being read (they nest).
    virtual void enter_file() = 0;
    virtual void leave_file() = 0;
    // True once after a quit ended the innermost file being read.
    virtual bool take_file_quit() = 0;
    // True once for a SIGINT that arrived since the last call, which is then
    // taken: it ends a running `load` instead of the session.
    virtual bool take_interrupt() = 0;
};

} // namespace pmdfwd
