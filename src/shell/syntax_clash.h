// Whether a new row may join the table: an engine's command (its grammar
// checked, since a plugin writes it) must not take a line another row takes.
// The table picks the row with the most literal words among those a line
// matches, after dropping rows whose leading literal words stop short of the
// longest run of literal words any row spells out (command_table.cpp); two
// rows clash when either rule could hand one's line to the other.
#pragma once

#include "shell/syntax.h"
#include "util/status.h"

#include <string>
#include <string_view>
#include <vector>

namespace pmdfwd::shell {

// Some line both rows match, or a line of one whose first words are the
// other's leading literal words past where its own literal words end (the
// table would then answer "Bad arguments" to a line that ran before).
bool syntaxes_clash(const std::vector<Token> &a, const std::vector<Token> &b);

// Ok or what is wrong with a syntax an engine declares: a word the shell's
// grammar does not read (the allowed forms), an optional word before the
// last, a first word that is not a literal word, or no literal word naming
// the engine.
Status check_engine_syntax(std::string_view engine, std::string_view syntax,
                           const std::vector<std::string> &command_words = {});

} // namespace pmdfwd::shell
