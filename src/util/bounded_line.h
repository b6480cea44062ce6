// One line from a stream, at most a given length: files named on the command
// line or in the shell may be devices (/dev/zero has no newline, ever) or
// huge, and a line is read into memory only up to what any valid one needs.
#pragma once

#include <cstddef>
#include <istream>
#include <string>

namespace pmdfwd {

enum class LineRead {
    Line,    // *line holds the line, without its newline
    TooLong, // the line passed max bytes: *line holds its first max bytes
    End,     // no more lines
};

LineRead read_bounded_line(std::istream &in, size_t max, std::string *line);

} // namespace pmdfwd
