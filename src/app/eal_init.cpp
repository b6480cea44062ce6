#include "app/eal_init.h"

#include "text/text_format.h"

#include <rte_eal.h>
#include <rte_errno.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <unistd.h>

namespace pmdfwd {

namespace {

std::atomic<bool> g_guard_armed{false};

void report_failure(const char *why) {
    std::fprintf(stderr, "pmdfwd: EAL initialisation failed: %s\n", why);
}

// Runs inside exit(), before stdio is flushed: on_exit (glibc) rather than
// atexit, because only it is told the status, and EAL's --help exits 0.
void on_process_exit(int status, void *) {
    if (!g_guard_armed.load() || status == 0) return;
    std::fflush(stdout);
    if (status < 0) {
        report_failure(rte_strerror(-status));
    } else {
        report_failure(text_format("EAL exited with status %d", status).c_str());
    }
    std::fflush(stderr);
    // _exit: calling exit() again from an exit handler is undefined.
    _exit(kEalFailureStatus);
}

} // namespace

EalExitGuard::EalExitGuard() {
    // An exit handler cannot be removed, so it is registered once and armed
    // only while a guard lives.
    static std::once_flag registered;
    std::call_once(registered, [] { on_exit(on_process_exit, nullptr); });
    g_guard_armed.store(true);
}

EalExitGuard::~EalExitGuard() {
    g_guard_armed.store(false);
}

int init_eal(int argc, char **argv) {
    int consumed;
    {
        EalExitGuard guard;
        consumed = rte_eal_init(argc, argv);
    }
    if (consumed < 0) {
        report_failure(rte_strerror(rte_errno));
        return -1;
    }
    return consumed;
}

} // namespace pmdfwd
