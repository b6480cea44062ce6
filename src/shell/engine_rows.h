// The engines' shell commands as rows of the command table: what EngineApi
// lists (EngineInfo::commands) turned into Specs whose run checks the words
// a port or mode placeholder took and asks EngineApi to run the engine's
// command; and the check that keeps an engine's rows from taking a line
// another row takes (installed for the registry by command_table.cpp).
#pragma once

#include "shell/command_spec.h"
#include "shell/syntax.h"
#include "util/status.h"

#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace pmdfwd::shell {

struct EngineRows {
    std::vector<Spec> rows;
    std::vector<std::string> sections; // per row: its engine's name
    std::vector<std::vector<Token>> syntaxes;
    std::deque<std::string> texts; // what rows' syntax and help point into
};

// Every command of engines, in their order (engines by name).
EngineRows engine_rows(const std::vector<EngineInfo> &engines);

// Ok or why the commands of adding cannot join a table holding the rows
// `table` (syntaxes) and the commands of registered: a syntax the shell
// cannot read or that does not name its engine, a line another row
// (or another of adding's) takes, or an engine whose name is a help section
// (`help <section>` lists an engine's commands under its name).
Status check_engine_commands(const std::vector<std::string> &table,
                             const std::vector<std::string_view> &sections,
                             const std::vector<EngineInfo> &registered,
                             const std::vector<EngineInfo> &adding);

} // namespace pmdfwd::shell
