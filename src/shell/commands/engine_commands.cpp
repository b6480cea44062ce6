// Engines: choosing one, showing its state, loading plugins, its parameters.
#include "shell/command_families.h"

namespace pmdfwd::shell {

namespace {
const char kLoadHint[] = "an engine built as a plugin: load engine <path to its .so> first "
                         "(or start with --engine-plugin=PATH)";

} // namespace

std::vector<Spec> engine_commands() {
    return {
        // Accepted while forwarding, as testpmd does (DTS's dynamic_config
        // sets io after start): the running lcores keep the engine they were
        // launched with, the new one takes over at the next start.
        {.syntax = "set fwd <mode> [retry]",
         .help = "choose the forwarding engine, optionally with TX retry",
         .run =
             [](Ctx &c, const Args &a) {
                 // An engine from a plugin is known only once its object is loaded.
                 const std::string &mode = a.word(0);
                 if (!c.engines.find(mode))
                     return fail(c, c.engines.unknown_mode(mode) + "\n" + kLoadHint);
                 c.config.forward_mode = mode;
                 c.config.tx_retry = a.size() > 1;
                 *c.out += "Set " + mode + " packet forwarding mode" +
                           (a.size() > 1 ? " with retry" : "") + "\n";
                 return true;
             }},
        {.syntax = "show fwd <mode>",
         .help = "an engine's own state (its describe text)",
         .run =
             [](Ctx &c, const Args &a) {
                 const Result<std::string> text = c.engines.describe(a.word(0));
                 if (!text) return fail(c, text.message());
                 *c.out += *text + "\n";
                 return true;
             }},
        {.syntax = "load engine <path>",
         .help = "load forwarding engines from a shared object",
         .run =
             [](Ctx &c, const Args &a) {
                 const Status loaded = c.engines.load(a.word(0));
                 if (!loaded) return fail(c, loaded.message());
                 *c.out += "Loaded " + a.word(0) + "; modes: " + c.engines.names(", ") + "\n";
                 return true;
             }},
        {.syntax = "set <mode> <key> <value>",
         .help = "an engine's parameter (listed by help <mode>)",
         .needs_stopped = true,
         .run =
             [](Ctx &c, const Args &a) {
                 if (!c.engines.find(a.word(0)))
                     return fail(c,
                                 "unknown set command or mode '" + a.word(0) + "' (type 'help')");
                 const Status set = c.engines.set_param(a.word(0), a.word(1), a.word(2));
                 return set.ok() || fail(c, set.message());
             }},
    };
}

} // namespace pmdfwd::shell
