#include "options/prompt.h"

namespace pmdfwd {

namespace {

bool named_testpmd(std::string_view argv0) {
    const size_t slash = argv0.find_last_of('/');
    const std::string_view name = slash == std::string_view::npos ? argv0 : argv0.substr(slash + 1);
    return name == "dpdk-testpmd" || name == "testpmd";
}

} // namespace

std::string default_prompt(std::string_view argv0) {
    return named_testpmd(argv0) ? "testpmd> " : "pmdfwd> ";
}

std::string log_tag(std::string_view argv0) {
    return named_testpmd(argv0) ? "testpmd" : "pmdfwd";
}

Result<std::string> prompt_from_option(std::string_view text) {
    std::string p(text);
    if (!p.empty() && p.back() != ' ') p += ' ';
    if (p.empty() || p.size() > kMaxPromptLen) {
        return Error("prompt: '" + std::string(text) + "' is not allowed (allowed: 1 to " +
                     std::to_string(kMaxPromptLen - 1) +
                     " printable characters, e.g. --prompt=testpmd>)");
    }
    for (unsigned char c : p)
        if (c < 0x20 || c == 0x7f) {
            return Error(
                "prompt: control characters are not allowed (allowed: printable characters)");
        }
    return p;
}

} // namespace pmdfwd
