// The shell's commands, with testpmd's words: parsing, validation, help and
// completion, driven by one table. Used by the interactive shell, by
// --cmdline-file and by piped input alike.
#pragma once

#include "shell/host_control.h"

#include <string>
#include <string_view>
#include <vector>

namespace pmdfwd {

// Runs one command line. Returns false when the line is unknown, malformed
// or refused; *out then says what is wrong and what is allowed, and nothing
// was changed. Blank lines and '#' comments succeed silently.
bool run_command(const Host &host, std::string_view line, std::string *out);

// Candidates for the last word of a partial line (after its last space).
std::vector<std::string> complete_command(const Host &host, std::string_view partial);

// Every command's syntax and summary, and the host's engines, in one list
// (what the shell offers, e.g. for generated documentation).
std::string command_help(const Host &host);

// `help`: testpmd's list of sections, those pmdfwd has commands in, then
// one per engine that declares commands (named after it).
std::string help_index(const Host &host);

// `help <section>` (testpmd's names, an engine's with commands, and all):
// the section's commands into *out; false, saying why, for a section pmdfwd
// has no commands in or an unknown name.
bool help_section(const Host &host, std::string_view name, std::string *out);

// The command table as data, in `help`'s order (the engines' commands
// last), for the generated manual page (doc/man/): it lists what `help`
// lists.
struct CommandDoc {
    std::string syntax;
    std::string help;
    bool needs_stopped;
};
std::vector<CommandDoc> command_docs(EngineApi &engines);

// The command check the registry runs before a plugin's engines register
// (EngineCheck::Commands, installed by main): ok, or which of their rows
// clashes with a family's row or another engine's.
Status check_engine_commands_against_table(const std::vector<EngineInfo> &registered,
                                           const std::vector<EngineInfo> &adding);

} // namespace pmdfwd
