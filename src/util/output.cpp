#include "util/output.h"

#include <atomic>
#include <cerrno>
#include <cstdio>

namespace pmdfwd {

namespace {
std::atomic<int> g_output_errno{0};

void record_errno() {
    int none = 0;
    g_output_errno.compare_exchange_strong(none, errno ? errno : EIO);
}

} // namespace

bool write_output(std::string_view text) {
    errno = 0;
    if (std::fwrite(text.data(), 1, text.size(), stdout) == text.size()) return true;
    // errno says why now; a later flush of the same stream would not.
    record_errno();
    return false;
}

bool flush_output() {
    errno = 0;
    if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return true;
    // An earlier printf may have failed when its buffer filled; errno then
    // no longer says why, and EIO is the honest generic answer.
    record_errno();
    return false;
}

int output_error() {
    return g_output_errno.load();
}

} // namespace pmdfwd
