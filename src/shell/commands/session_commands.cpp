// The session: how much it prints (`set verbose`, testpmd's per-packet dump)
// and commands read from a file (`load`).
#include "shell/command_spec.h"

#include "shell/command_table.h"

namespace pmdfwd::shell {

namespace {

// A file that loads itself stops here rather than recursing forever.
constexpr int kMaxLoadDepth = 8;

bool load(Ctx &c, const Args &a) {
    static int depth = 0;
    if (depth >= kMaxLoadDepth)
        return fail(c, "load " + a[0] + ": files load each other more than " +
                           std::to_string(kMaxLoadDepth) + " deep; stopped");
    std::vector<std::string> lines;
    std::string err;
    if (!c.host.read_command_file(a[0], &lines, &err)) return fail(c, err);
    depth++;
    for (const std::string &line : lines) {
        if (c.host.quit_pending()) break;
        run_command(c.host, line, c.out);
    }
    depth--;
    *c.out += "Read CLI commands from " + a[0] + "\n";
    return true;
}

} // namespace

std::vector<Spec> session_commands() {
    return {
        {"set verbose <level>",
         "per-packet dump: 1 received, 2 sent, 3 both, 0 none (testpmd's format)", false,
         [](Ctx &c, const Args &a) {
             auto n = uint_arg(c, "verbose", a[0], 0, UINT16_MAX);
             if (!n) return false;
             PortControl &pc = c.host.port_control();
             *c.out += "Change verbose level from " + std::to_string(pc.verbose()) + " to " +
                       std::to_string(*n) + "\n";
             pc.set_verbose(static_cast<unsigned>(*n));
             return true;
         }},
        {"load <file>", "run the commands in a file", false, load},
    };
}

} // namespace pmdfwd::shell
