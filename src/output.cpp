#include "output.h"

#include <atomic>
#include <cerrno>
#include <cstdio>

namespace pmdfwd {

namespace {
std::atomic<int> g_output_errno{0};
} // namespace

bool flush_output() {
    errno = 0;
    if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return true;
    // An earlier printf may have failed when its buffer filled; errno then
    // no longer says why, and EIO is the honest generic answer.
    int none = 0;
    g_output_errno.compare_exchange_strong(none, errno ? errno : EIO);
    return false;
}

int output_error() {
    return g_output_errno.load();
}

} // namespace pmdfwd
