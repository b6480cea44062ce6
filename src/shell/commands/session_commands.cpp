// The session: how much it prints (`set verbose`, testpmd's per-packet dump)
// and commands read from a file (`load`).
#include "shell/command_spec.h"

#include "shell/command_table.h"

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

bool load(Ctx &c, const Args &a) {
    static LoadRun run;
    if (run.depth >= kMaxLoadDepth)
        return fail(c, "load " + a[0] + ": files load each other more than " +
                           std::to_string(kMaxLoadDepth) + " deep; stopped");
    const Result<std::vector<std::string>> lines = c.host.read_command_file(a[0]);
    if (!lines) return fail(c, lines.message());
    if (run.depth == 0) run = LoadRun{};
    run.depth++;
    for (const std::string &line : *lines) {
        if (run.stopped) break;
        // SIGINT ends the load, not the session (the shell goes on); looked
        // at first, as a pending signal also reads as a quit.
        if (c.host.take_interrupt()) {
            *c.out += "load " + a[0] + ": interrupted (SIGINT) after " + std::to_string(run.lines) +
                      " lines; the rest was not run\n";
            run.stopped = true;
            break;
        }
        if (run.lines == kMaxLoadLines) {
            *c.out += "load " + a[0] + ": stopped after " + std::to_string(kMaxLoadLines) +
                      " lines (allowed: at most that many per load, nested files included)\n";
            run.stopped = true;
            break;
        }
        if (c.host.quit_pending()) break;
        run.lines++;
        run_command(c.host, line, c.out);
    }
    run.depth--;
    const bool stopped = run.stopped;
    if (run.depth == 0) run = LoadRun{};
    *c.out += "Read CLI commands from " + a[0] + "\n";
    return !stopped;
}

std::vector<Spec> rows() {
    return {
        {.syntax = "set verbose <level>",
         .help = "per-packet dump: 1 received, 2 sent, 3 both, 0 none (testpmd's format)",
         .run =
             [](Ctx &c, const Args &a) {
                 auto n = uint_arg(c, "verbose", a[0], 0, UINT16_MAX);
                 if (!n) return false;
                 PortControl &pc = c.host.port_control();
                 *c.out += "Change verbose level from " + std::to_string(pc.verbose()) + " to " +
                           std::to_string(*n) + "\n";
                 pc.set_verbose(static_cast<unsigned>(*n));
                 return true;
             }},
        {.syntax = "load <file>", .help = "run the commands in a file", .run = load},
    };
}

const FamilyRegistrar registered{{.order = 110, .section = "control", .rows = rows}};

} // namespace

} // namespace pmdfwd::shell
