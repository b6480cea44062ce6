// Non-interactive mode: start forwarding, print statistics every
// --stats-period, and stop on Enter, SIGINT/SIGTERM or --run-time. Unlike
// testpmd, Enter is honoured while statistics print; end of file on stdin
// (a script, /dev/null) is not a request to stop.
#include "app/app.h"
#include "observe/telemetry.h"
#include "shell/input_loop.h"
#include "util/output.h"

#include <poll.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>

namespace pmdfwd {

int App::run_batch() {
    using clock = std::chrono::steady_clock;
    if (!run_cmdline_file()) return 1;
    // The forwarding time of the summary: from the lcores' launch until
    // stop() has joined them, which is when they forwarded. A stop asked at
    // once (a signal during start-up) still takes a while to reach them.
    auto launched = clock::now();
    if (!running() && !quit_requested()) {
        std::printf("No commandline core given, start packet forwarding\n"); // testpmd's words
        launched = clock::now();
        if (Status started = start(cfg_.tx_first ? 1 : 0); !started) {
            std::fprintf(stderr, "pmdfwd: %s\n", started.message().c_str());
            return 1;
        }
    }
    std::printf("Press enter to exit\n");
    flush_output();
    const auto t0 = clock::now();
    auto next_stats = t0 + std::chrono::seconds(cfg_.stats_period);
    bool stdin_open = true;
    while (!quit_requested()) {
        pollfd pfd{STDIN_FILENO, POLLIN, 0};
        if (stdin_open && poll(&pfd, 1, kInputPollMs) > 0) {
            char buf[256];
            const ssize_t n = read(STDIN_FILENO, buf, sizeof(buf));
            if (n <= 0)
                stdin_open = false; // EOF or error: keep forwarding
            else
                break; // Enter (any input line)
        } else if (!stdin_open) {
            poll(nullptr, 0, kInputPollMs);
        }
        telemetry::sample_rates();
        handle_removals();
        const auto now = clock::now();
        if (cfg_.stats_period && now >= next_stats) {
            print_periodic_stats();
            next_stats += std::chrono::seconds(cfg_.stats_period);
        }
        if (cfg_.run_time > 0 && now - t0 >= std::chrono::duration<double>(cfg_.run_time)) break;
    }
    if (running()) {
        const std::string stopped = stop();
        const double secs = std::chrono::duration<double>(clock::now() - launched).count();
        std::fputs(stopped.c_str(), stdout);
        const FwdStats f = collect_fwd();
        if (cfg_.stats_format == StatsFormat::Json)
            std::fputs(run_summary_json(f, secs).c_str(), stdout);
        else if (!cfg_.testpmd_texts)
            std::fputs(run_summary_text(f, secs).c_str(), stdout);
    }
    shutdown();
    return 0;
}

} // namespace pmdfwd
