// What the flow command families share (flow_commands.cpp,
// flow_template_commands.cpp): testpmd's words for a port that is not
// there and for a line its grammar refuses, and the defaults the action
// table fills a configuration from.
#pragma once

#include "shell/command_spec.h"

#include "ports/flow/flow_actions.h"
#include "text/printable.h"

#include <rte_version.h>

#include <algorithm>
#include <string>

namespace pmdfwd::shell {

// The command's first argument names a port that must exist, and the
// refusal is testpmd's port_id_is_invalid (no list of the valid ones).
// That takes 65535 (testpmd's RTE_PORT_ALL) as valid, and each flow
// command then refuses it without a word.
inline bool flow_port_exists(Ctx &c, const Args &a) {
    if (a.number(0) == UINT16_MAX) return false;
    const std::vector<uint16_t> ids = c.ports.port_ids();
    if (std::find(ids.begin(), ids.end(), a.number(0)) != ids.end()) return true;
    return fail(c, "Invalid port " + std::to_string(a.number(0)));
}

// A grammar error: testpmd's "Bad arguments", then (a pmdfwd addition) why,
// the words it quotes escaped (a control byte typed is shown, not sent).
// testpmd's own line before it, where it prints one (a flex item level).
inline bool flow_bad_rule(Ctx &c, const std::string &why) {
    if (c.config.testpmd_texts) {
        const bool flex = why.find(flow::kBadFlexHandle) != std::string::npos;
        return fail(c, (flex ? std::string(flow::kBadFlexHandle) + "\n" : "") + "Bad arguments");
    }
    return fail(c, "Bad arguments: flow: " + printable(why));
}

#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
// query_update's `mode` word as testpmd's parse_qu_mode_name reads it (a
// word that starts with a name is that name), or why not.
inline Result<rte_flow_query_update_mode> flow_qu_mode(const std::string &w) {
    if (w.starts_with("query_first")) return RTE_FLOW_QU_QUERY_FIRST;
    if (w.starts_with("update_first")) return RTE_FLOW_QU_UPDATE_FIRST;
    return Error("mode: '" + w.substr(0, 40) +
                 "' is not allowed here (allowed: query_first, update_first)");
}
#endif

inline flow::ActionDefaults flow_action_defaults(Ctx &c) {
    return {.nb_rxq = c.config.nb_rxq, .rss_hf = c.config.rss_hf, .encap = &c.encap, .raw = &c.raw};
}

} // namespace pmdfwd::shell
