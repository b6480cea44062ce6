// Forwarding control: start, stop, quit, help.
#include "shell/command_spec.h"

#include "shell/command_table.h"

namespace pmdfwd::shell {

namespace {

bool start(Ctx &c, unsigned bursts) {
    std::string err = c.host.start(bursts);
    return err.empty() || fail(c, err);
}

} // namespace

std::vector<Spec> control_commands() {
    return {
        {"help", "list the help sections", false,
         [](Ctx &c, const Args &) {
             *c.out += help_index();
             return true;
         }},
        {"help <section>", "a section's commands (control, display, config, ports, all)", false,
         [](Ctx &c, const Args &a) { return help_section(c.host, a[0], c.out); }},
        {"quit", "stop forwarding and exit", false, act<&HostControl::request_quit>},
        {"start", "start forwarding", false, [](Ctx &c, const Args &) { return start(c, 0); }},
        {"start tx_first [<n>]", "send n bursts (default 1) on every stream first, then forward",
         false,
         [](Ctx &c, const Args &a) {
             auto n =
                 a.empty() ? std::optional<uint64_t>(1) : uint_arg(c, "tx_first", a[0], 1, 1024);
             return n && start(c, static_cast<unsigned>(*n));
         }},
        {"stop", "stop forwarding and show forward statistics", false,
         [](Ctx &c, const Args &) {
             if (!c.host.running()) return fail(c, "Packet forwarding not started");
             *c.out += c.host.stop();
             return true;
         }},
    };
}

} // namespace pmdfwd::shell
