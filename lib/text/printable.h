// Text shown on a terminal or quoted in a message: control bytes (NUL, ESC,
// CR, BEL...) written \xHH, so that nothing a user typed or a plugin wrote can
// cut a message or drive the user's terminal. The one escaper for the host's
// messages and for the text plugins hand it.
#pragma once

#include <string>
#include <string_view>

namespace pmdfwd {

// keep_lines keeps line ends (a multi-line text: an engine's describe, a
// command's answer); otherwise a line end is escaped too.
std::string printable(std::string_view text, bool keep_lines = false);

} // namespace pmdfwd
