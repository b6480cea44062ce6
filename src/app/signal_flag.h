// The signal that asked pmdfwd to stop (0: none yet). Set by main's handlers
// for SIGINT, SIGTERM, SIGHUP, SIGQUIT and a SIGPIPE another process sent;
// read by every wait that must end on it (the batch loop, the shell, the
// command file, the start-up RX flush).
#pragma once

#include <atomic>

namespace pmdfwd {

extern std::atomic<int> g_signal;
// Set by SIGCONT (`fg` after Ctrl-Z): the shell in a terminal puts it back
// into the line editor's mode, which the job-control shell changed meanwhile.
extern std::atomic<bool> g_continued;

} // namespace pmdfwd
