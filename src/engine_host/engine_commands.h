// An engine's shell commands as the host serves them: the
// table a descriptor declares (pmdfwd_command), its fields checked when the
// engine registers, listed for the shell, and run with the words the shell
// matched. The rows' grammar and clashes are the shell's to judge
// (EngineCheck::Commands); EngineApi and the registry reach commands only here.
#pragma once

#include "engine_host/engine_api.h"
#include "util/status.h"

#include <pmdfwd/engine.h>

#include <span>
#include <string>
#include <vector>

namespace pmdfwd {

// The rows e declares.
std::span<const pmdfwd_command> command_table(const pmdfwd_engine &e);
// Ok or what is wrong with e's table (rows without syntax, help or run, an
// unknown flag, a syntax that does not name the engine).
Status check_command_table(const pmdfwd_engine &e);
// The words besides its name that name its rows (command_words), in order.
std::vector<std::string> engine_command_words(const pmdfwd_engine &e);
// The rows as the shell lists them.
std::vector<EngineCommand> engine_commands(const pmdfwd_engine &e);
// Runs row `index` (within the table) with args; see EngineApi::run_command.
bool run_engine_command(const pmdfwd_engine &e, size_t index, const std::vector<std::string> &args,
                        bool forwarding, CommandPorts *ports, std::string *out);

} // namespace pmdfwd
