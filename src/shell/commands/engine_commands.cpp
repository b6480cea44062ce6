// Engines: choosing one, showing its state, loading plugins, its parameters.
#include "shell/command_spec.h"

namespace pmdfwd::shell {

namespace {
const char kLoadHint[] = "an engine built as a plugin: load engine <path to its .so> first "
                         "(or start with --engine-plugin=PATH)";

std::vector<Spec> rows() {
    return {
        // Accepted while forwarding, as testpmd does (DTS's dynamic_config
        // sets io after start): the running lcores keep the engine they were
        // launched with, the new one takes over at the next start.
        {.syntax = "set fwd <mode> [retry]",
         .help = "choose the forwarding engine, optionally with TX retry",
         .run =
             [](Ctx &c, const Args &a) {
                 // An engine from a plugin is known only once its object is loaded.
                 if (!c.engines.find(a[0]))
                     return fail(c, c.engines.unknown_mode(a[0]) + "\n" + kLoadHint);
                 c.config.forward_mode = a[0];
                 c.config.tx_retry = a.size() > 1;
                 *c.out += "Set " + a[0] + " packet forwarding mode" +
                           (a.size() > 1 ? " with retry" : "") + "\n";
                 return true;
             }},
        {.syntax = "show fwd <mode>",
         .help = "an engine's own state (e.g. show fwd macswap)",
         .run =
             [](Ctx &c, const Args &a) {
                 std::string text;
                 std::string err = c.engines.describe(a[0], &text);
                 if (!err.empty()) return fail(c, err);
                 *c.out += text + "\n";
                 return true;
             }},
        {.syntax = "load engine <path>",
         .help = "load forwarding engines from a shared object",
         .run =
             [](Ctx &c, const Args &a) {
                 std::string err = c.engines.load(a[0]);
                 if (!err.empty()) return fail(c, err);
                 *c.out += "Loaded " + a[0] + "; modes: " + c.engines.names(", ") + "\n";
                 return true;
             }},
        {.syntax = "set <mode> <key> <value>",
         .help = "an engine's parameter (e.g. set macswap kernel avx2)",
         .needs_stopped = true,
         .run =
             [](Ctx &c, const Args &a) {
                 if (!c.engines.find(a[0]))
                     return fail(c, "unknown set command or mode '" + a[0] + "' (type 'help')");
                 std::string err = c.engines.set_param(a[0], a[1], a[2]);
                 return err.empty() || fail(c, err);
             }},
    };
}

const FamilyRegistrar registered{{.order = 50, .section = "config", .rows = rows}};

} // namespace

} // namespace pmdfwd::shell
