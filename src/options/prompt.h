// The prompt setting (the shell shows it): testpmd's when pmdfwd stands in for it (DTS, CSIT and
// expect scripts wait for "testpmd>"), pmdfwd's own otherwise.
#pragma once

#include "util/status.h"

#include <string>
#include <string_view>

namespace pmdfwd {

// rdline keeps at most this many bytes of a prompt.
inline constexpr size_t kMaxPromptLen = 31;

// "testpmd> " when the program runs as dpdk-testpmd or testpmd (argv[0]'s
// last path component, e.g. through a build directory's app/dpdk-testpmd
// link), else "pmdfwd> ".
std::string default_prompt(std::string_view argv0);

// The name testpmd-style log lines carry ("testpmd: create a new mbuf
// pool"): "testpmd" run under testpmd's names, as above, else "pmdfwd".
std::string log_tag(std::string_view argv0);

// --prompt=TEXT: TEXT, with the space a prompt ends in when TEXT has none;
// an error when TEXT is empty, too long or holds control characters.
Result<std::string> prompt_from_option(std::string_view text);

} // namespace pmdfwd
