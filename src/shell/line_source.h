// Where shell lines come from: a descriptor (LineReader: stdin, a command
// file, a FIFO) or, in tests, a list. The one input loop (input_loop.h)
// reads any of them the same way.
#pragma once

#include <cstddef>
#include <string>

namespace pmdfwd {

class LineSource {
  public:
    enum class Got {
        Line,    // *line holds one line, with its newline if it had one
        None,    // nothing complete yet: call again (after looking at signals)
        TooLong, // a line passed the limit; its bytes up to its newline are skipped
        End,     // end of input, every line delivered
        Error,   // a read failed: error() says why
    };

    virtual ~LineSource() = default;

    // Waits at most timeout_ms for a line.
    virtual Got next(std::string *line, int timeout_ms) = 0;
    // The errno of a failed read.
    virtual int error() const = 0;
    // Longest line delivered; longer ones are TooLong.
    virtual size_t max_line() const = 0;
};

} // namespace pmdfwd
