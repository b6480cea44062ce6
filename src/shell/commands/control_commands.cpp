// Forwarding control: start, stop, quit, help.
#include "shell/command_families.h"

#include "shell/command_table.h"

namespace pmdfwd::shell {

namespace {

bool start(Ctx &c, unsigned bursts) {
    const Status started = c.life.start(bursts);
    return started.ok() || fail(c, started.message());
}

} // namespace

std::vector<Spec> control_commands() {
    return {
        {.syntax = "help",
         .help = "list the help sections",
         .run =
             [](Ctx &c, const Args &) {
                 *c.out += help_index(c);
                 return true;
             }},
        {.syntax = "help <section>",
         .help = "a section's commands (control, display, config, ports, all)",
         .run = [](Ctx &c, const Args &a) { return help_section(c, a.word(0), c.out); }},
        {.syntax = "quit",
         .help = "stop forwarding and exit",
         .run =
             [](Ctx &c, const Args &) {
                 c.life.request_quit();
                 return true;
             }},
        {.syntax = "start",
         .help = "start forwarding",
         .run = [](Ctx &c, const Args &) { return start(c, 0); }},
        {.syntax = "start tx_first [<n>]",
         .help = "send n bursts (default 1) on every stream first, then forward",
         .types = {arg::number("<n>", "tx_first", 1, 1024)},
         .run =
             [](Ctx &c, const Args &a) {
                 return start(c, a.empty() ? 1u : static_cast<unsigned>(a.number(0)));
             }},
        {.syntax = "stop",
         .help = "stop forwarding and show forward statistics",
         .run =
             [](Ctx &c, const Args &) {
                 if (!c.life.running()) return fail(c, "Packet forwarding not started");
                 *c.out += c.life.stop();
                 return true;
             }},
    };
}

} // namespace pmdfwd::shell
