// A text's lines, for the places that turn a block of text (an engine's
// parameter help, a table) into one row per line: --help, the manual page's
// tables. One splitting rule, so those places list the same rows.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pmdfwd {

// The lines of text, each without its "\n" (or "\r\n": a plugin's text may
// come with Windows line ends); empty lines are dropped, so a trailing
// newline or a blank line between blocks adds no row.
std::vector<std::string> split_lines(std::string_view text);

} // namespace pmdfwd
