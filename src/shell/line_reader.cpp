#include "shell/line_reader.h"

#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

namespace pmdfwd {

namespace {
constexpr size_t kLineReadChunk = 65536;
} // namespace

int LineReader::file_changed(ssize_t n) {
    if (file_limit_ == 0) return 0;
    if (read_ > file_limit_) return EFBIG;
    struct stat st {};
    // Its end before the bytes read: cut while read, the last line with it.
    if (n == 0 && fstat(fd_, &st) == 0 && static_cast<size_t>(st.st_size) < read_) return ENODATA;
    return 0;
}

// One wait and at most one read: true if bytes (or the end) came in.
bool LineReader::fill(int timeout_ms) {
    pollfd pfd{fd_, POLLIN, 0};
    // A FIFO with no writer reads as end of file at once; poll tells "no
    // data yet" (nothing) from "its writer left" (POLLHUP).
    if (poll(&pfd, 1, timeout_ms) <= 0) return false;
    // Drop what was delivered before growing the buffer: amortised, each
    // byte is moved at most once.
    if (start_ > 0 && start_ >= buf_.size() / 2) {
        buf_.erase(0, start_);
        scanned_ -= start_;
        start_ = 0;
    }
    const size_t old = buf_.size();
    buf_.resize(old + kLineReadChunk);
    const ssize_t n = read(fd_, buf_.data() + old, kLineReadChunk);
    buf_.resize(old + (n > 0 ? static_cast<size_t>(n) : 0));
    if (n > 0) read_ += static_cast<size_t>(n);
    if (const int changed = file_changed(n); changed != 0) {
        if (read_ > file_limit_) buf_.resize(buf_.size() - (read_ - file_limit_));
        errno_ = changed;
        return true;
    }
    if (n == 0) eof_ = true;
    if (n < 0 && errno != EAGAIN && errno != EINTR) {
        errno_ = errno;
        return false;
    }
    return n != 0 || eof_;
}

LineReader::Got LineReader::scan(std::string *line) {
    const size_t nl = buf_.find('\n', scanned_);
    const size_t end = nl == std::string::npos ? buf_.size() : nl;
    if (skipping_ || end - start_ > max_line_) {
        // The over-long line goes, up to and including its newline.
        const bool first = !skipping_;
        start_ = scanned_ = nl == std::string::npos ? buf_.size() : nl + 1;
        skipping_ = nl == std::string::npos;
        if (first) return Got::TooLong;
        return nl == std::string::npos ? Got::None : scan(line);
    }
    if (nl == std::string::npos) {
        scanned_ = buf_.size();
        return Got::None;
    }
    line->assign(buf_, start_, nl + 1 - start_);
    start_ = scanned_ = nl + 1;
    return Got::Line;
}

LineReader::Got LineReader::next(std::string *line, int timeout_ms) {
    for (bool waited = false;; waited = true) {
        if (const Got g = scan(line); g != Got::None) return g;
        if (eof_) {
            if (skipping_ || start_ == buf_.size()) return Got::End;
            std::string *last = drop_unended_ ? &dropped_ : line; // no newline
            last->assign(buf_, start_);
            start_ = scanned_ = buf_.size();
            if (drop_unended_) return Got::End;
            return Got::Line;
        }
        if (errno_ != 0) return Got::Error;
        if (waited || !fill(timeout_ms)) return errno_ ? Got::Error : Got::None;
    }
}

} // namespace pmdfwd
