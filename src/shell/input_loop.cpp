#include "shell/input_loop.h"

namespace pmdfwd {

// stop() is looked at once per line and once per empty wait, not at the end
// of the input: a `load` takes at most one interrupt per line it runs.
InputEnd run_input(LineSource &in, const InputHooks &h) {
    using Got = LineSource::Got;
    std::string line;
    for (unsigned n = 0;;) {
        if (h.before_wait) h.before_wait();
        const Got got = in.next(&line, kInputPollMs);
        if (h.after_wait) h.after_wait();
        if (got == Got::End) return InputEnd::End;
        if (got == Got::Error) return InputEnd::Error;
        if (h.stop()) return InputEnd::Stopped;
        if (got == Got::None) continue;
        n++;
        if (got == Got::TooLong && !h.too_long(n)) return InputEnd::TooLong;
        if (got == Got::Line && !h.line(line, n)) return InputEnd::Stopped;
    }
}

} // namespace pmdfwd
