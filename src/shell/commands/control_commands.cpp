// Forwarding control: start, stop, quit, help.
#include "shell/command_spec.h"

#include "shell/command_table.h"

namespace pmdfwd::shell {

namespace {

bool start(Ctx &c, unsigned bursts) {
    const Status started = c.host.start(bursts);
    return started.ok() || fail(c, started.message());
}

std::vector<Spec> rows() {
    return {
        {.syntax = "help",
         .help = "list the help sections",
         .run =
             [](Ctx &c, const Args &) {
                 *c.out += help_index(c.host);
                 return true;
             }},
        {.syntax = "help <section>",
         .help = "a section's commands (control, display, config, ports, all)",
         .run = [](Ctx &c, const Args &a) { return help_section(c.host, a[0], c.out); }},
        {.syntax = "quit",
         .help = "stop forwarding and exit",
         .run = act<&HostControl::request_quit>},
        {.syntax = "start",
         .help = "start forwarding",
         .run = [](Ctx &c, const Args &) { return start(c, 0); }},
        {.syntax = "start tx_first [<n>]",
         .help = "send n bursts (default 1) on every stream first, then forward",
         .run =
             [](Ctx &c, const Args &a) {
                 auto n = a.empty() ? std::optional<uint64_t>(1)
                                    : uint_arg(c, "tx_first", a[0], 1, 1024);
                 return n && start(c, static_cast<unsigned>(*n));
             }},
        {.syntax = "stop",
         .help = "stop forwarding and show forward statistics",
         .run =
             [](Ctx &c, const Args &) {
                 if (!c.host.running()) return fail(c, "Packet forwarding not started");
                 *c.out += c.host.stop();
                 return true;
             }},
    };
}

const FamilyRegistrar registered{{.order = 10, .section = "control", .rows = rows}};

} // namespace

} // namespace pmdfwd::shell
