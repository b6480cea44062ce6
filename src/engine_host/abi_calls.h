// The engine C ABI's calls made safe once: each hook that writes into a
// buffer is called with one the host owns, and its text is copied out cut at
// the buffer's end, whatever the engine left in its last byte. The registry
// (plugin entry points) and EngineApi (set_param, a parameter's set,
// describe, param_help, a command's run) both
// call engines only through these.
#pragma once

#include <pmdfwd/engine.h>

#include <string>
#include <vector>

namespace pmdfwd {

// Each returns an owned, NUL-terminated copy of what the engine wrote.
// Exposed so that tests can call them with misbehaving descriptors.
// "" or the engine's message (a default when it wrote none).
std::string call_set_param(const pmdfwd_engine &e, const std::string &key,
                           const std::string &value);
// "" or the message of a parameter's set (a default when it wrote none).
std::string call_param_set(const pmdfwd_param &row, const pmdfwd_param_value &value);
std::string call_describe(const pmdfwd_engine &e);   // "" without the hook
std::string call_param_help(const pmdfwd_engine &e); // "" without the hook
// Runs a command row with args as C strings; what the engine writes is
// appended to *out (at most kCommandOutputMax bytes, then a note that it was
// cut), ending in a newline. False when the engine refused (a default
// message when it wrote none).
inline constexpr size_t kCommandOutputMax = size_t{1} << 20;
bool call_command(const pmdfwd_engine &e, const pmdfwd_command &row,
                  const std::vector<std::string> &args, bool forwarding, std::string *out);
// A plugin's NULL-terminated engine list, or nullptr with *err set.
const pmdfwd_engine *const *call_plugin_entry(pmdfwd_plugin_entry_fn entry, std::string *err);

} // namespace pmdfwd
