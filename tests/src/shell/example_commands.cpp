// Forwarding lcores: an example family (the README's "Adding a shell command
// family" shows this file; tests/src/shell/test_command_families.cpp runs it).
#include "shell/command_spec.h"

namespace pmdfwd::shell {

namespace {

std::vector<Spec> rows() {
    return {
        {.syntax = "show lcores",
         .help = "the forwarding lcores, in order",
         .run =
             [](Ctx &c, const Args &) {
                 for (unsigned lcore : c.lcores.fwd_lcore_ids())
                     *c.out += "lcore " + std::to_string(lcore) + "\n";
                 return true;
             }},
        {.syntax = "set lcore <lcore>",
         .help = "forward on this one lcore",
         .needs_stopped = true, // refused while forwarding, saying why
         .run =
             [](Ctx &c, const Args &a) {
                 auto lcore = uint_arg(c, "lcore", a[0], 1, 1023);
                 if (!lcore) return false;
                 std::string err = c.lcores.set_fwd_lcores({static_cast<unsigned>(*lcore)});
                 return err.empty() || fail(c, err);
             }},
    };
}

// The order key places the family in `help` and the manual page (lowest
// first, each family its own; the built-in ones use 10, 20, ... 120); the
// section is testpmd's help section: control, display, config or ports.
const FamilyRegistrar registered{{.order = 115, .section = "config", .rows = rows}};

} // namespace

} // namespace pmdfwd::shell
