// The one loop over shell input: piped stdin, --cmdline-file and `load`
// differ only in their source and in what they do with a line. Every wait
// for input (this loop, the terminal's line editor, batch mode's wait for
// Enter) lasts at most kInputPollMs, so that signals, quit and --run-time
// are looked at between waits: a blocking read would miss a signal landing
// on another thread (an lcore, EAL's interrupt thread).
#pragma once

#include "shell/line_source.h"

#include <functional>
#include <string>

namespace pmdfwd {

inline constexpr int kInputPollMs = 50;

struct InputHooks {
    // Looked at after each wait that did not end the input, before a line
    // runs: true ends the loop (quit, a signal, an interrupted `load`).
    std::function<bool()> stop;
    // Runs line number n; false ends the loop.
    std::function<bool(const std::string &line, unsigned n)> line;
    // Line n passed the source's limit: true skips it, false ends the loop.
    std::function<bool(unsigned n)> too_long;
    // Optional: before each wait (a prompt), after each wait (rate samples).
    std::function<void()> before_wait, after_wait;
};

enum class InputEnd {
    End,     // the source ended
    Stopped, // stop() or line() said so
    TooLong, // too_long() said so
    Error,   // the source failed: its error() says why
};

InputEnd run_input(LineSource &in, const InputHooks &h);

} // namespace pmdfwd
