// One word of a command line checked against the token it fills, and
// converted: what the table does for every argument of the row a line
// matched, before the row runs, and what completion asks to follow a row.
#pragma once

#include "shell/args.h"
#include "shell/syntax.h"
#include "util/status.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pmdfwd::shell {

// The value of word for tok, or an error saying what is wrong and what is
// allowed, in testpmd's words where it has them ("Invalid port 9").
// before: the word before it (names a Number declared without a name);
// port_ids: the ports there are.
Result<ArgValue> check_arg(const Token &tok, const std::string &word, std::string_view before,
                           const std::vector<uint16_t> &port_ids);

} // namespace pmdfwd::shell
