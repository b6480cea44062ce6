// The interactive shell: DPDK's rdline line editor (history, editing, TAB
// completion from the command table) on a terminal; plain line reading when
// stdin is a pipe or file, so scripted sessions behave the same.
#include "app/app.h"
#include "observe/telemetry.h"
#include "options/scalar_parse.h"
#include "shell/command_table.h"
#include "shell/input_loop.h"
#include "shell/line_reader.h"
#include "shell/log_capture.h"
#include "util/output.h"

#include <cmdline_rdline.h>

#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>

namespace pmdfwd {

namespace {

// Input read at once; a harness sends a command and an extra newline together.
constexpr size_t kStdinChunk = 256;

// What rdline writes (echo, prompt) is collected and written once per batch
// of input, so that a prompt and the echo of the line typed after it reach
// the terminal in one write: lcores printing packets (`set verbose`) cannot
// land between "testpmd> " and its newline, where a harness that waits for
// a line ending in "testpmd>" would never see it.
std::string g_echo;

int write_char(rdline *, char c) {
    g_echo += c;
    return 1;
}

void flush_echo() {
    for (size_t done = 0; done < g_echo.size();) {
        const ssize_t w = write(STDOUT_FILENO, g_echo.data() + done, g_echo.size() - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) break; // the terminal is gone: nothing more to show
        done += static_cast<size_t>(w);
    }
    g_echo.clear();
}

// rdline has echoed the line and its "\r\n" already (testpmd's echo, byte for
// byte); the output follows with nothing in between. The terminal keeps
// OPOST/ONLCR (RawTerminal only turns off ICANON and ECHO), so the tty makes
// each \n of the output \r\n, exactly once, as it does for testpmd.
void validate(rdline *rdl, const char *buf, unsigned int size) {
    auto *app = static_cast<App *>(rdline_get_opaque(rdl));
    std::fflush(stdout);
    flush_echo();
    std::string line(buf, strnlen(buf, size));
    std::string out;
    {
        LogCapture logs(&out);
        app->run_line(line, &out);
    }
    write_output(out);
    flush_output();
}

std::string common_prefix(const std::vector<std::string> &v) {
    std::string p = v.front();
    for (const std::string &s : v) {
        size_t i = 0;
        while (i < p.size() && i < s.size() && p[i] == s[i])
            i++;
        p.resize(i);
    }
    return p;
}

// rdline's protocol: RDLINE_RES_COMPLETE appends dst; another positive
// value lists dst as one choice and asks again with *state moved on; 0 ends.
int complete(rdline *rdl, const char *buf, char *dst, unsigned int size, int *state) {
    auto *app = static_cast<App *>(rdline_get_opaque(rdl));
    const std::string line(buf);
    const std::vector<std::string> cands = complete_command(app->host(), line);
    if (cands.empty() || *state < 0) return 0;
    const size_t sp = line.find_last_of(' ');
    const size_t typed = line.size() - (sp == std::string::npos ? 0 : sp + 1);
    if (*state == 0) {
        std::string add = common_prefix(cands).substr(typed);
        if (cands.size() == 1) add += " ";
        if (!add.empty()) {
            std::snprintf(dst, size, "%s", add.c_str());
            return RDLINE_RES_COMPLETE;
        }
    }
    if (static_cast<size_t>(*state) >= cands.size()) return 0;
    std::snprintf(dst, size, "%s", cands[static_cast<size_t>((*state)++)].c_str());
    return 1;
}

struct RawTerminal {
    termios saved{};
    termios raw{};
    bool active = false;
    RawTerminal() {
        if (tcgetattr(STDIN_FILENO, &saved) != 0) return;
        raw = saved;
        // Keep ISIG: Ctrl-C reaches the signal handler and quits, as in testpmd.
        raw.c_lflag &= ~static_cast<tcflag_t>(ICANON | ECHO);
        raw.c_cc[VMIN] = 1;
        raw.c_cc[VTIME] = 0;
        active = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0;
    }
    // After Ctrl-Z and `fg` the job-control shell has left its own (cooked)
    // mode on the terminal: double echo, no editing, until this runs.
    void reapply() {
        if (active) tcsetattr(STDIN_FILENO, TCSANOW, &raw);
    }
    ~RawTerminal() {
        if (active) tcsetattr(STDIN_FILENO, TCSANOW, &saved);
    }
};

} // namespace

// Piped commands: one per line, through the shell's one input loop (which
// waits kInputPollMs at a time, looking at signals between waits); end of
// input quits.
void App::run_piped() {
    LineReader in(STDIN_FILENO);
    in.drop_unended_last_line();
    bool prompted = false;
    InputHooks h;
    h.before_wait = [&] {
        if (!prompted) std::printf("%s", cfg_.prompt.c_str());
        flush_output();
        prompted = true;
    };
    h.after_wait = [this] {
        telemetry::sample_rates();
        handle_removals();
    };
    h.stop = [this] { return quit_requested(); };
    h.line = [&](const std::string &line, unsigned) {
        prompted = false;
        std::fwrite(line.data(), 1, line.size(), stdout); // the echo, NUL bytes and all
        execute(line);
        return !quit_requested();
    };
    h.too_long = [&](unsigned n) {
        prompted = false;
        std::printf("line %u is longer than %zu bytes (allowed: at most that per command); "
                    "skipped\n",
                    n, in.max_line());
        return true;
    };
    if (!quit_requested()) run_input(in, h);
    if (!in.dropped().empty() && !cfg_.testpmd_texts)
        std::printf("%s\n(end of input: this last line had no newline and was not run, as in "
                    "testpmd)\n",
                    printable(in.dropped()).c_str());
}

// After quit the output goes on at the start of a line (the echo ended it);
// after end of input, a signal or --run-time it may not.
void App::end_shell() {
    if (run_time_over())
        std::printf("\n--run-time of %g s reached: quitting the shell\n", cfg_.run_time);
    else if (!quit_)
        std::printf("\n");
    shutdown();
}

int App::run_shell() {
    // --run-time limits the whole session, command file included.
    if (cfg_.run_time > 0)
        shell_deadline_ = std::chrono::steady_clock::now() +
                          std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                              std::chrono::duration<double>(cfg_.run_time));
    if (!run_cmdline_file()) return 1;
    if (cfg_.auto_start && !running()) {
        std::printf("Start automatic packet forwarding\n");
        if (Status started = start(cfg_.tx_first ? 1 : 0); !started)
            std::printf("%s\n", started.message().c_str());
    }
    if (!isatty(STDIN_FILENO)) {
        run_piped();
        end_shell();
        return 0;
    }
    rdline *rdl = rdline_new(write_char, validate, complete, this);
    if (rdl == nullptr) {
        std::fprintf(stderr, "pmdfwd: cannot create the line editor\n");
        return 1;
    }
    {
        RawTerminal term;
        rdline_newline(rdl, cfg_.prompt.c_str());
        bool eof = false;
        while (!quit_requested() && !eof) {
            if (g_continued.exchange(false)) {
                term.reapply();
                rdline_redisplay(rdl);
            }
            std::fflush(stdout);
            flush_echo();
            telemetry::sample_rates();
            handle_removals();
            pollfd pfd{STDIN_FILENO, POLLIN, 0};
            if (poll(&pfd, 1, kInputPollMs) <= 0) continue;
            char chunk[kStdinChunk];
            const ssize_t n = read(STDIN_FILENO, chunk, sizeof(chunk));
            if (n <= 0) break;
            for (ssize_t i = 0; i < n && !quit_requested() && !eof; i++) {
                const int rc = rdline_char_in(rdl, chunk[i]);
                if (rc == RDLINE_RES_VALIDATED) {
                    const char *b = rdline_get_buffer(rdl);
                    if (b && b[0] != '\n' && b[0] != '\0') rdline_add_history(rdl, b);
                    if (!quit_requested()) rdline_newline(rdl, cfg_.prompt.c_str());
                } else if (rc == RDLINE_RES_EOF || rc == RDLINE_RES_EXITED) {
                    eof = true;
                }
            }
        }
        flush_echo();
    }
    rdline_free(rdl);
    end_shell();
    return 0;
}

} // namespace pmdfwd
