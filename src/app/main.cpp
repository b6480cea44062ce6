// pmdfwd [EAL options] -- [options]: a testpmd-style forwarder. The data
// path is one call away: App::start -> Forwarder::start -> fwd/lcore_loop.cpp's
// lcore loop (rx_burst -> engine burst -> tx_burst).
#include "app/app.h"
#include "app/eal_exit.h"
#include "app/eal_init.h"
#include "engine_host/engine_api.h"
#include "engine_host/plugin_dir.h"
#include "options/option_groups.h"
#include "options/options.h"
#include "options/prompt.h"
#include "options/scalar_parse.h"
#include "ports/ports.h"
#include "shell/command_table.h"
#include "util/output.h"

#include <rte_eal.h>

#include <fcntl.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
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

pthread_t g_main_thread;
// Armed by the first stop signal: how long output may still wait for its
// reader before it stops waiting (a slow terminal gets the statistics; a
// reader that stopped reading cannot hold the shutdown).
timer_t g_output_grace;
bool g_have_output_grace = false;
constexpr long kOutputGraceNs = 100'000'000;

// The main thread is the one that may be blocked in write(2) to a stdout
// nobody reads: the signal must interrupt that write (no SA_RESTART), so
// one that landed on another thread (an lcore, EAL's) is passed on to it.
void pass_to_main_thread(int sig) {
    if (!pthread_equal(pthread_self(), g_main_thread)) pthread_kill(g_main_thread, sig);
}

void on_signal(int sig) {
    // Only async-signal-safe calls: the wait loop and the shell do the
    // stopping, so a second signal during shutdown has nothing to corrupt.
    const bool first = pmdfwd::g_signal.exchange(sig) == 0;
    if (first && g_have_output_grace) {
        itimerspec once{};
        once.it_value.tv_nsec = kOutputGraceNs;
        timer_settime(g_output_grace, 0, &once, nullptr);
    }
    pass_to_main_thread(sig);
}

void on_output_grace_over(int sig) {
    // Not for a SIGINT that `load` took (the session goes on).
    if (pmdfwd::g_signal.load() == 0) return;
    pmdfwd::stop_waiting_for_stdout();
    pass_to_main_thread(sig);
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
    g_main_thread = pthread_self();
    struct sigaction sa {};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; // no SA_RESTART: a blocked read or write returns EINTR
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT})
        sigaction(sig, &sa, nullptr);
    sa.sa_handler = on_output_grace_over;
    sigaction(SIGALRM, &sa, nullptr);
    sigevent ev{};
    ev.sigev_notify = SIGEV_SIGNAL;
    ev.sigev_signo = SIGALRM;
    g_have_output_grace = timer_create(CLOCK_MONOTONIC, &ev, &g_output_grace) == 0;
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

// `pmdfwd [EAL options] -- --help`: the usage needs neither EAL nor a probed
// device, so it is printed before EAL would take hugepages and probe PCI.
// The application's options are those after the first "--"; a unique
// prefix of --help counts, as getopt's.
std::vector<std::string> app_args_before_eal(int argc, char **argv) {
    int i = 1;
    while (i < argc && std::string_view(argv[i]) != "--")
        i++;
    return std::vector<std::string>(argv + std::min(i + 1, argc), argv + argc);
}

bool app_help_requested(const std::vector<std::string> &args) {
    for (const std::string &a : args)
        if (a == "-h" || (a.size() >= 4 && std::string_view("--help").starts_with(a))) return true;
    return false;
}

// The layers above the registry own the tables a plugin's engines must not
// clash with; installed before anything can load a plugin (the early
// --engine-plugin scan, --help).
void install_engine_checks() {
    pmdfwd::set_engine_check(pmdfwd::EngineCheck::Commands,
                             pmdfwd::check_engine_commands_against_table);
    pmdfwd::set_engine_check(pmdfwd::EngineCheck::Options, pmdfwd::opt::check_engine_options);
}

} // namespace

int main(int argc, char **argv) {
    // The process's engines, reached here once and handed to whoever needs
    // them (options, the application, the shell, the forwarder).
    pmdfwd::EngineApi &engines = pmdfwd::registry_engines();
    install_engine_checks();
    open_closed_std_fds();
    install_signal_handlers();
    const std::string prog = argv[0]; // before EAL may move argv around
    if (const auto early = app_args_before_eal(argc, argv); app_help_requested(early)) {
        // A plugin's modes and parameters belong in the usage too: the
        // plugin directory's and those named.
        if (pmdfwd::Status loaded = pmdfwd::load_plugin_dir(pmdfwd::plugin_dir(), engines);
            !loaded) {
            std::fprintf(stderr, "pmdfwd: %s\n", loaded.message().c_str());
            return 1;
        }
        for (const std::string &path : pmdfwd::engine_plugin_paths(early, engines))
            if (pmdfwd::Status loaded = engines.load(path); !loaded) {
                std::fprintf(stderr, "pmdfwd: %s\n", loaded.message().c_str());
                return 1;
            }
        pmdfwd::write_output(pmdfwd::usage(argv[0], engines));
        return check_output(0);
    }
    // rte_eal_init may reorder argv: keep the EAL arguments as given.
    std::vector<std::string> eal_args;
    for (int i = 1; i < argc && std::string_view(argv[i]) != "--"; i++)
        eal_args.emplace_back(argv[i]);
    const int consumed = pmdfwd::init_eal(argc, argv);
    if (consumed < 0) return pmdfwd::kEalFailureStatus;
    // EAL leaves the program name at argv[consumed]; our options follow.
    std::vector<std::string> args(argv + consumed + 1, argv + argc);
    pmdfwd::Config cfg;
    // Plugins first: their engines are valid --forward-mode values. The
    // plugin directory's, then those named, read as the option parser reads
    // them (an abbreviation, =PATH or the next argument).
    if (pmdfwd::Status loaded = pmdfwd::load_plugin_dir(pmdfwd::plugin_dir(), engines); !loaded)
        return fail(loaded.message(), 1);
    for (const std::string &path : pmdfwd::engine_plugin_paths(args, engines))
        if (pmdfwd::Status loaded = engines.load(path); !loaded) return fail(loaded.message(), 1);
    const pmdfwd::Result<pmdfwd::ParseResult> parsed = pmdfwd::parse_options(args, cfg, engines);
    if (!parsed) return fail(parsed.message(), 2);
    if (*parsed == pmdfwd::ParseResult::Help) {
        pmdfwd::write_output(pmdfwd::usage(argv[0], engines));
        pmdfwd::eal_exit();
        return check_output(0);
    }
    if (pmdfwd::Status applied = pmdfwd::apply_engine_params(cfg, engines); !applied)
        return fail(applied.message(), 2);
    // testpmd goes on with the ports that did probe (DTS's softnic case
    // starts one its PMD may refuse); a batch run that lost a port would
    // measure something else than asked, so there it stays an error.
    if (pmdfwd::Status probed = pmdfwd::check_vdevs_probed(eal_args); !probed) {
        if (!cfg.interactive) return fail(probed.message(), 1);
        std::printf("pmdfwd: warning: %s; going on with the ports that did probe\n",
                    probed.message().c_str());
    }
    if (cfg.prompt.empty()) cfg.prompt = pmdfwd::default_prompt(prog);
    cfg.log_tag = pmdfwd::log_tag(prog);
    // testpmd announces some options as it parses them; JSON output stays
    // JSON lines only.
    if (cfg.stats_format == pmdfwd::StatsFormat::Text)
        for (const std::string &line : cfg.announcements)
            std::printf("%s\n", line.c_str());

    int rc;
    {
        pmdfwd::App app(cfg, engines);
        if (pmdfwd::Status ready = app.init(); !ready) {
            app.shutdown();
            return fail(ready.message(), 1);
        }
        rc = cfg.interactive ? app.run_shell() : app.run_batch();
    }
    pmdfwd::eal_exit();
    return check_output(rc);
}
