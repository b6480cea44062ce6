// The engine C ABI's calls made safe once: each hook that writes into a
// buffer is called with one the host owns, and its text is copied out cut at
// the buffer's end, whatever the engine left in its last byte. The registry
// (plugin entry points) and EngineApi (a parameter's set, describe, a
// command's run) both call engines only through these.
#pragma once

#include "engine_host/engine_api.h"
#include "util/status.h"

#include <pmdfwd/engine.h>

#include <string>
#include <string_view>
#include <vector>

namespace pmdfwd {

// Each returns an owned, NUL-terminated copy of what the engine wrote.
// Exposed so that tests can call them with misbehaving descriptors.
// Ok or the message of a parameter's set (a default when it wrote none);
// row is one of param_table(e)'s.
Status call_param_set(const pmdfwd_engine &e, const pmdfwd_param &row,
                      const pmdfwd_param_value &value);
std::string call_describe(const pmdfwd_engine &e); // "" without the hook
// port_begin's answer (0 without the hook), and port_end.
int call_port_begin(const pmdfwd_engine &e, uint16_t port);
void call_port_end(const pmdfwd_engine &e, uint16_t port);
// Runs a command row with args as C strings; what the engine writes is
// appended to *out (at most kCommandOutputMax bytes, then a note that it was
// cut), ending in a newline. False when the engine refused (a default
// message when it wrote none).
inline constexpr size_t kCommandOutputMax = size_t{1} << 20;
// ports answers the row's port calls (pmdfwd_command_ctx); nullptr: no
// port exists.
bool call_command(const pmdfwd_engine &e, const pmdfwd_command &row,
                  const std::vector<std::string> &args, bool forwarding, CommandPorts *ports,
                  std::string *out);
// A plugin's NULL-terminated engine list, or the plugin's message.
Result<const pmdfwd_engine *const *> call_plugin_entry(pmdfwd_plugin_entry_fn entry);

} // namespace pmdfwd
