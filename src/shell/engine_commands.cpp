// Engines: choosing one, showing its state, loading plugins, its parameters.
#include "command_spec.h"

#include "engine_registry.h"

namespace pmdfwd::shell {

std::vector<Spec> engine_commands() {
    return {
        {"set fwd <mode> [retry]", "choose the forwarding engine, optionally with TX retry", true,
         [](Ctx &c, const Args &a) {
             if (!EngineRegistry::instance().find(a[0]))
                 return fail(c, "unknown mode '" + a[0] +
                                    "' (allowed: " + EngineRegistry::instance().names(", ") + ")");
             c.host.config().forward_mode = a[0];
             c.host.config().tx_retry = a.size() > 1;
             *c.out += "Set " + a[0] + " packet forwarding mode" +
                       (a.size() > 1 ? " with retry" : "") + "\n";
             return true;
         }},
        {"show fwd <mode>", "an engine's own state (e.g. show fwd macswap)", false,
         [](Ctx &c, const Args &a) {
             const pmdfwd_engine *e = EngineRegistry::instance().find(a[0]);
             if (!e)
                 return fail(c, "unknown mode '" + a[0] +
                                    "' (allowed: " + EngineRegistry::instance().names(", ") + ")");
             if (!e->describe) return fail(c, "engine " + a[0] + " has no state to show");
             char buf[2048] = "";
             e->describe(buf, sizeof(buf));
             *c.out += std::string(buf) + "\n";
             return true;
         }},
        {"load engine <path>", "load forwarding engines from a shared object", false,
         [](Ctx &c, const Args &a) {
             std::string err = load_engine_plugin(a[0]);
             if (!err.empty()) return fail(c, err);
             *c.out +=
                 "Loaded " + a[0] + "; modes: " + EngineRegistry::instance().names(", ") + "\n";
             return true;
         }},
        {"set <mode> <key> <value>", "an engine's parameter (e.g. set macswap kernel avx2)", true,
         [](Ctx &c, const Args &a) {
             const pmdfwd_engine *e = EngineRegistry::instance().find(a[0]);
             if (!e) return fail(c, "unknown set command or mode '" + a[0] + "' (type 'help')");
             if (!e->set_param) return fail(c, "engine " + a[0] + " has no parameters");
             char msg[PMDFWD_ERRMSG_LEN] = "";
             if (e->set_param(a[1].c_str(), a[2].c_str(), msg, sizeof(msg)) != 0)
                 return fail(c, msg[0] ? msg : "refused by the engine");
             return true;
         }},
    };
}

} // namespace pmdfwd::shell
