// Forwarding and the session as shell commands drive them: start, stop,
// quit, and the SIGINT that ends a `load` instead of the session. The
// application (src/app/app.cpp) implements it; tests use a fake.
#pragma once

#include "util/status.h"

#include <string>
#include <utility>

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
    // session goes on. One rule for every implementation: here.
    void request_quit() {
        if (open_files_ > 0)
            file_quit_ = true;
        else
            quit_session();
    }
    virtual bool quit_pending() const = 0;
    // A command file starts or stops being read (they nest).
    void enter_file() { open_files_++; }
    void leave_file() {
        open_files_--;
        file_quit_ = false;
    }
    bool reading_file() const { return open_files_ > 0; }
    // True once after a quit ended the innermost file being read.
    bool take_file_quit() { return std::exchange(file_quit_, false); }
    // True once for a SIGINT that arrived since the last call, which is then
    // taken: it ends a running `load` instead of the session.
    virtual bool take_interrupt() = 0;

  protected:
    // A quit of the session itself (typed at the prompt, piped).
    virtual void quit_session() = 0;

  private:
    unsigned open_files_ = 0;
    bool file_quit_ = false;
};

} // namespace pmdfwd
