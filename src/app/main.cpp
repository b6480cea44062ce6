// pmdfwd [EAL options] -- [options]: a testpmd-style forwarder. The data
// path is one call away: App::start -> Forwarder::start -> fwd/lcore_loop.cpp's
// lcore loop (rx_burst -> engine burst -> tx_burst).
#include "app/app.h"
#include "app/eal_exit.h"
#include "app/eal_init.h"
#include "engine_host/engine_api.h"
#include "engine_host/engine_registry.h"
#include "engine_host/plugin_dir.h"
#include "options/options.h"
#include "options/scalar_parse.h"
#include "ports/ports.h"
#include "shell/prompt.h"
#include "util/output.h"

#include <rte_eal.h>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <string_view>

namespace {

// Started with fd 0, 1 or 2 closed (a daemon manager, `cmd >&-`), the next
// open() would take that number: EAL's shared config file would become
// stdout (printf into DPDK's memory config) or stdin (its bytes read as
// commands). /dev/null takes every closed one before anything opens a file;
// open() returns the lowest free number, which in this order is fd itself.
void open_closed_std_fds() {
    for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++)
        if (fcntl(fd, F_GETFD) == -1 && errno == EBADF && open("/dev/null", O_RDWR) != fd)
            _exit(127); // no /dev/null: nowhere safe to say so
}

void on_signal(int sig) {
    // Only an atomic store: the wait loop and the shell do the stopping, so a
    // second signal during shutdown has nothing to corrupt.
    pmdfwd::g_signal.store(sig);
}

// A SIGPIPE the kernel raises for our own write (stdout into `head -1`, a
// telemetry client that left) carries our pid: the write fails with EPIPE
// and its writer decides (stdout: flush_output ends the run). One another
// process sends is a request to stop, like SIGTERM.
void on_sigpipe(int sig, siginfo_t *info, void *) {
    if (info == nullptr || info->si_pid != getpid()) pmdfwd::g_signal.store(sig);
}

void on_sigcont(int) {
    pmdfwd::g_continued.store(true);
}

// Every signal whose default action would end the process ends it through
// the normal shutdown instead: ports closed, EAL cleaned up, no hugepage
// files of the prefix left behind.
void install_signal_handlers() {
    struct sigaction sa {};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; // no SA_RESTART: a blocked read returns EINTR
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT})
        sigaction(sig, &sa, nullptr);
    sa.sa_sigaction = on_sigpipe;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGPIPE, &sa, nullptr);
    // SA_RESTART: a write in progress goes on; the shell's poll still
    // returns at once (poll is never restarted).
    sa.sa_handler = on_sigcont;
    sa.sa_flags = SA_RESTART;
    sigaction(SIGCONT, &sa, nullptr);
}

// Statistics that could not be written are a failed run.
int check_output(int rc) {
    if (pmdfwd::flush_output() && pmdfwd::output_error() == 0) return rc;
    std::fprintf(stderr, "pmdfwd: cannot write to standard output: %s\n",
                 std::strerror(pmdfwd::output_error()));
    return rc != 0 ? rc : 1;
}

int fail(const std::string &msg, int code) {
    std::fprintf(stderr, "pmdfwd: %s\n", msg.c_str());
    pmdfwd::eal_exit();
    return code;
}

} // namespace

int main(int argc, char **argv) {
    open_closed_std_fds();
    install_signal_handlers();
    const std::string prog = argv[0]; // before EAL may move argv around
    // rte_eal_init may reorder argv: keep the EAL arguments as given.
    std::vector<std::string> eal_args;
    for (int i = 1; i < argc && std::string_view(argv[i]) != "--"; i++)
        eal_args.emplace_back(argv[i]);
    const int consumed = pmdfwd::init_eal(argc, argv);
    if (consumed < 0) return pmdfwd::kEalFailureStatus;
    if (std::string why = pmdfwd::check_vdevs_probed(eal_args); !why.empty()) return fail(why, 1);
    // EAL leaves the program name at argv[consumed]; our options follow.
    std::vector<std::string> args(argv + consumed + 1, argv + argc);
    pmdfwd::Config cfg;
    std::string err;
    // Plugins first: their engines are valid --forward-mode values. The
    // plugin directory's, then those named: both spellings the option parser
    // accepts, --engine-plugin=PATH and --engine-plugin PATH, must load here.
    if (std::string why = pmdfwd::load_plugin_dir(pmdfwd::plugin_dir()); !why.empty())
        return fail(why, 1);
    for (const std::string &path : pmdfwd::option_values(args, "--engine-plugin"))
        if (std::string why = pmdfwd::registry_engines().load(path); !why.empty())
            return fail(why, 1);
    switch (pmdfwd::parse_options(args, cfg, &err)) {
    case pmdfwd::ParseResult::Help:
        pmdfwd::write_output(pmdfwd::usage(argv[0]));
        pmdfwd::eal_exit();
        return check_output(0);
    case pmdfwd::ParseResult::Error:
        return fail(err, 2);
    case pmdfwd::ParseResult::Ok:
        break;
    }
    if (!pmdfwd::apply_engine_params(cfg, &err)) return fail(err, 2);
    if (cfg.prompt.empty()) cfg.prompt = pmdfwd::default_prompt(prog);

    int rc;
    {
        pmdfwd::App app(cfg);
        if (std::string why = app.init(); !why.empty()) {
            app.shutdown();
            return fail(why, 1);
        }
        rc = cfg.interactive ? app.run_shell() : app.run_batch();
    }
    pmdfwd::eal_exit();
    return check_output(rc);
}
