#include "shell/command_spec.h"

namespace pmdfwd::shell {

bool fail(Ctx &c, const std::string &msg) {
    *c.out += msg + "\n";
    return false;
}

} // namespace pmdfwd::shell
