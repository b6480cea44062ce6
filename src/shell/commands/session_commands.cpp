// The session: commands read from a file (`load`, and 25.11's `load_echo`,
// which shows each line as --cmdline-file does).
#include "shell/command_families.h"

#include "shell/command_file.h"
#include "shell/command_file_text.h"
#include "shell/command_table.h"
#include "shell/input_loop.h"

#include <rte_version.h>

#include <cstring>
#include <memory>

namespace pmdfwd::shell {

namespace {

// A file that loads itself stops here rather than recursing forever.
constexpr int kMaxLoadDepth = 8;
// Lines one `load` runs, nested files included: depth alone lets a file that
// loads itself k times run k + k^2 + ... + k^8 commands.
constexpr unsigned kMaxLoadLines = 100000;

struct LoadRun {
    int depth = 0;
    unsigned lines = 0; // run so far by the outermost load
    bool stopped = false;
};

// testpmd 25.11's `load` does not show the lines, its `load_echo` does.
CommandFileView load_view(Ctx &c, const std::string &file, bool echo) {
    return {file, c.config.prompt, echo};
}

// One line of a load: false ends it (the line cap; a nested load stopped).
bool load_line(Ctx &c, LoadRun &run, const std::string &file, bool echo, const std::string &line) {
    if (run.lines == kMaxLoadLines) {
        *c.out += "load " + file + ": stopped after " + std::to_string(kMaxLoadLines) +
                  " lines (allowed: at most that many per load, nested files included)\n";
        run.stopped = true;
        return false;
    }
    run.lines++;
    *c.out += command_file_line_text(load_view(c, file, echo), line);
    run_command(c, line, c.out);
    // A quit ends this file; the file that loaded it, if any, goes on.
    return !run.stopped && !c.life.take_file_quit();
}

// Runs the file's lines through the shell's one input loop; false when it
// was cut short (an interrupt, the line cap, a line too long, a read error).
bool load_lines(Ctx &c, LoadRun &run, const std::string &file, bool echo, LineSource &in) {
    InputHooks h;
    // SIGINT ends the load, not the session (the shell goes on); looked at
    // first, as a pending signal also reads as a quit.
    h.stop = [&] {
        if (c.life.take_interrupt()) {
            *c.out += "load " + file + ": interrupted (SIGINT) after " + std::to_string(run.lines) +
                      " lines; the rest was not run\n";
            run.stopped = true;
        }
        return run.stopped || c.life.quit_pending();
    };
    h.line = [&](const std::string &line, unsigned) { return load_line(c, run, file, echo, line); };
    h.too_long = [&](unsigned n) {
        *c.out += "load " + file + ": line " + std::to_string(n) + " is longer than " +
                  std::to_string(in.max_line()) +
                  " bytes (allowed: at most that per command); the rest was not run\n";
        return false;
    };
    const InputEnd end = run_input(in, h);
    if (end == InputEnd::Error)
        *c.out += "load " + file + ": " + read_error_text(in.error()) + "; the rest was not run\n";
    if (end == InputEnd::TooLong || end == InputEnd::Error) run.stopped = true;
    return !run.stopped;
}

bool load_file(Ctx &c, const std::string &file, bool echo) {
    static LoadRun run;
    if (run.depth >= kMaxLoadDepth)
        return fail(c, "load " + file + ": files load each other more than " +
                           std::to_string(kMaxLoadDepth) + " deep; stopped");
    Result<std::unique_ptr<LineSource>> in = c.files.open(file);
    if (!in)
        return fail(c, "Failed to create file based cmdline context: " + file + " (" +
                           in.message() + ")");
    if (run.depth == 0) run = LoadRun{};
    run.depth++;
    c.life.enter_file();
    load_lines(c, run, file, echo, **in);
    c.life.leave_file();
    run.depth--;
    const bool stopped = run.stopped;
    if (run.depth == 0) run = LoadRun{};
    *c.out += command_file_end_text(load_view(c, file, echo));
    return !stopped;
}

} // namespace

std::vector<Spec> session_commands() {
    std::vector<Spec> v = {
        {.syntax = "load <file>",
         .help = "run the commands in a file",
         .run = [](Ctx &c, const Args &a) { return load_file(c, a.word(0), false); }},
    };
#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)
    v.push_back({.syntax = "load_echo <file>",
                 .help = "run the commands in a file, showing each after [<file's name>]",
                 .run = [](Ctx &c, const Args &a) { return load_file(c, a.word(0), true); }});
#endif
    return v;
}

} // namespace pmdfwd::shell
