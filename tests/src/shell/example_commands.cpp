// Forwarding lcores: an example family (the README's "Adding a shell command
// family" shows this file; tests/src/shell/test_command_families.cpp runs it).
#include "shell/command_families.h"

namespace pmdfwd::shell {

// Declared in src/shell/command_families.h and listed in the table in
// src/shell/command_families.cpp at the place `help` shows it, with its
// help section: {Section::Config, lcore_commands}.
std::vector<Spec> lcore_commands() {
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
         // A typed argument: the table refuses "set lcore 0" or "set lcore x"
         // with what is allowed before run, which reads the number.
         .types = {arg::number("<lcore>", "lcore", 1, 1023)},
         .run =
             [](Ctx &c, const Args &a) {
                 const auto lcore = static_cast<unsigned>(a.number(0));
                 const Status set = c.lcores.set_fwd_lcores({lcore});
                 return set.ok() || fail(c, set.message());
             }},
    };
}

} // namespace pmdfwd::shell
