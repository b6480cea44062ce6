#include "shell/log_capture.h"

#include <rte_log.h>

#include <sys/types.h>

namespace pmdfwd {

namespace {

ssize_t append(void *cookie, const char *buf, size_t size) {
    static_cast<std::string *>(cookie)->append(buf, size);
    return static_cast<ssize_t>(size);
}

} // namespace

LogCapture::LogCapture(std::string *out) : previous_(rte_log_get_stream()) {
    cookie_io_functions_t io{};
    io.write = append;
    stream_ = fopencookie(out, "w", io);
    if (stream_ == nullptr) return; // logs keep going where they went
    // Unbuffered: each log line joins the output when it is logged.
    setvbuf(stream_, nullptr, _IONBF, 0);
    rte_openlog_stream(stream_);
}

LogCapture::~LogCapture() {
    if (stream_ == nullptr) return;
    rte_openlog_stream(previous_);
    fclose(stream_);
}

} // namespace pmdfwd
