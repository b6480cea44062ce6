// The registry of command families (src/shell/commands/): each family file
// registers itself at static initialisation; the table asks for them in
// their order once, at its first use.
#pragma once

#include "shell/command_spec.h"
#include "util/status.h"

#include <string>
#include <string_view>
#include <vector>

namespace pmdfwd::shell {

// Every family registered so far, in registration order (which depends on
// link order, hence the explicit order keys).
const std::vector<Family> &registered_families();

// The families by order key, or an error saying which when two share a key,
// a section is not one of sections, or a family has no rows function.
Result<std::vector<Family>> ordered_families(std::vector<Family> families,
                                             const std::vector<std::string_view> &sections);

} // namespace pmdfwd::shell
