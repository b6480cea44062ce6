// Command lines from a descriptor that may never deliver or never end: a
// FIFO whose writer is idle (or not there yet), a pipe, /dev/zero, a huge
// file. next() waits at most the timeout it is given, so the caller can look
// at signals between calls; every byte is scanned once (a 32 MB line costs
// linear time, not quadratic); a line longer than the limit is refused and
// skipped without being kept (memory stays bounded).
#pragma once

#include "shell/line_source.h"

#include <cstddef>
#include <string>

#include <sys/types.h>

namespace pmdfwd {

// Longer than any command (a `load engine` path is at most PATH_MAX, 4096).
inline constexpr size_t kMaxCommandLine = 65536;

class LineReader : public LineSource {
  public:
    // fd stays the caller's; O_NONBLOCK on it keeps a reader with no writer
    // from blocking. A regular file is read as one: file_limit > 0 is the
    // most it delivers (then Error, EFBIG: it grew while read), and an end
    // before what was read is a file cut while read (Error, ENODATA; its
    // last, partial line is not delivered).
    explicit LineReader(int fd, size_t max_line = kMaxCommandLine, size_t file_limit = 0)
        : fd_(fd), max_line_(max_line), file_limit_(file_limit) {}

    // Stdin as testpmd reads it: a last line that input ends without a
    // newline is not delivered (its line editor never validates it); the
    // bytes are kept for the caller to tell.
    void drop_unended_last_line() { drop_unended_ = true; }
    const std::string &dropped() const { return dropped_; }

    Got next(std::string *line, int timeout_ms) override;
    int error() const override { return errno_; }
    size_t max_line() const override { return max_line_; }

  private:
    bool fill(int timeout_ms);
    // Error code of a regular file that changed while read, or 0.
    int file_changed(ssize_t n);
    // A line, TooLong, or None from what is buffered.
    Got scan(std::string *line);

    int fd_;
    size_t max_line_;
    size_t file_limit_; // 0: not a regular file
    size_t read_ = 0;   // bytes read in all
    std::string buf_;
    size_t start_ = 0;   // first byte not yet delivered
    size_t scanned_ = 0; // bytes before this hold no newline
    bool skipping_ = false;
    bool eof_ = false;
    bool drop_unended_ = false;
    std::string dropped_;
    int errno_ = 0;
};

} // namespace pmdfwd
