// What the flow command families share (flow_commands.cpp,
// flow_template_commands.cpp): testpmd's words for a port that is not
// there and for a line its grammar refuses, and the defaults the action
// table fills a configuration from.
#pragma once

#include "shell/command_spec.h"

#include "ports/flow/flow_actions.h"
#include "text/printable.h"

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
inline bool flow_bad_rule(Ctx &c, const std::string &why) {
    if (c.config.testpmd_texts) return fail(c, "Bad arguments");
    return fail(c, "Bad arguments: flow: " + printable(why));
}

inline flow::ActionDefaults flow_action_defaults(Ctx &c) {
    return {.nb_rxq = c.config.nb_rxq, .rss_hf = c.config.rss_hf, .encap = &c.encap, .raw = &c.raw};
}

} // namespace pmdfwd::shell
