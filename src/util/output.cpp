#include "util/output.h"

#include <atomic>
#include <cerrno>
#include <cstdio>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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

void stop_waiting_for_stdout() {
    struct stat st {};
    if (fstat(STDOUT_FILENO, &st) != 0 || S_ISREG(st.st_mode) || S_ISBLK(st.st_mode)) return;
    const int fd = open("/proc/self/fd/1", O_WRONLY | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) { // a socket cannot be opened again: its own flag then
        const int fl = fcntl(STDOUT_FILENO, F_GETFL);
        if (fl >= 0) fcntl(STDOUT_FILENO, F_SETFL, fl | O_NONBLOCK);
        return;
    }
    dup2(fd, STDOUT_FILENO);
    close(fd);
}

int output_error() {
    return g_output_errno.load();
}

} // namespace pmdfwd
