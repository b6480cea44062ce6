// Which row of the command table a line's words are meant for: the rows'
// compiled syntaxes against the words, before any row runs, so that the
// error a line gets is the one of the row its writer meant.
#pragma once

#include "shell/syntax.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace pmdfwd::shell {

using Tokens = std::vector<Token>;

// Whether words have a row's shape: its literal words, a word for each
// other token (an optional one may be left out at the end). What the other
// words hold is checked once the row is chosen, so that a bad value gets
// its own message rather than the row's usage.
bool shape_fits(const Tokens &toks, const std::vector<std::string> &words);

// How many leading words equal the row's leading literal words.
size_t literal_prefix(const Tokens &toks, const std::vector<std::string> &words);

// The row of syntaxes words have the shape of, or SIZE_MAX: the one with
// the most literal words ("set fwd <mode>" before "set <mode> <key>
// <value>"), then whose choices all take their words, and between rows
// whose choices do not, whose tokens take the most of the words as
// execution checks them (ports: the ports there are); the first listed of
// rows still level. So families may list rows in any order, and a word two
// rows refuse ("port restart 0": start|stop|close|reset, or a <port>) is
// refused by the row the rest of the line fits.
size_t best_row(const std::vector<Tokens> &syntaxes, const std::vector<std::string> &words,
                const std::vector<uint16_t> &ports);

} // namespace pmdfwd::shell
