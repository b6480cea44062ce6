// pmdfwd [EAL options] -- [options]: a testpmd-style forwarder. The data
// path is one call away: App::start -> Forwarder::start -> fwd_loop.cpp's
// lcore loop (rx_burst -> engine burst -> tx_burst).
#include "app.h"
#include "engine_api.h"
#include "options.h"
#include "parse.h"
#include "ports.h"
#include "prompt.h"

#include <rte_eal.h>
#include <rte_errno.h>

#include <csignal>
#include <cstdio>
#include <string_view>

namespace {

void on_signal(int sig) {
    // Only an atomic store: the wait loop and the shell do the stopping, so a
    // second signal during shutdown has nothing to corrupt.
    pmdfwd::g_signal.store(sig);
}

void install_signal_handlers() {
    struct sigaction sa {};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; // no SA_RESTART: a blocked read returns EINTR
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
}

int fail(const std::string &msg, int code) {
    std::fprintf(stderr, "pmdfwd: %s\n", msg.c_str());
    rte_eal_cleanup();
    return code;
}

} // namespace

int main(int argc, char **argv) {
    install_signal_handlers();
    const std::string prog = argv[0]; // before EAL may move argv around
    // rte_eal_init may reorder argv: keep the EAL arguments as given.
    std::vector<std::string> eal_args;
    for (int i = 1; i < argc && std::string_view(argv[i]) != "--"; i++)
        eal_args.emplace_back(argv[i]);
    const int consumed = rte_eal_init(argc, argv);
    if (consumed < 0) {
        std::fprintf(stderr, "pmdfwd: EAL initialisation failed: %s\n", rte_strerror(rte_errno));
        return 1;
    }
    if (std::string why = pmdfwd::check_vdevs_probed(eal_args); !why.empty()) return fail(why, 1);
    // EAL leaves the program name at argv[consumed]; our options follow.
    std::vector<std::string> args(argv + consumed + 1, argv + argc);
    pmdfwd::Config cfg;
    std::string err;
    // Plugins first: their engines are valid --forward-mode values. Both
    // spellings the option parser accepts, --engine-plugin=PATH and
    // --engine-plugin PATH, must load here.
    for (const std::string &path : pmdfwd::option_values(args, "--engine-plugin"))
        if (std::string why = pmdfwd::registry_engines().load(path); !why.empty())
            return fail(why, 1);
    switch (pmdfwd::parse_options(args, cfg, &err)) {
    case pmdfwd::ParseResult::Help:
        std::fputs(pmdfwd::usage(argv[0]).c_str(), stdout);
        rte_eal_cleanup();
        return 0;
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
    rte_eal_cleanup();
    return rc;
}
