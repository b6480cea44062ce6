#include "shell/command_file_text.h"

#include <rte_version.h>

namespace pmdfwd::shell {

namespace {

constexpr bool kEchoesLines = RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0);
constexpr bool kEchoIsAChoice = RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0);
// testpmd 25.11's prompt buffer: "[", at most 28 characters of the
// basename, "] ".
constexpr size_t kBasenameMax = 28;

std::string basename_prompt(const std::string &path) {
    std::string base = path;
    while (base.size() > 1 && base.back() == '/')
        base.pop_back();
    const size_t slash = base.rfind('/');
    if (slash != std::string::npos && base.size() > 1) base = base.substr(slash + 1);
    return "[" + base.substr(0, kBasenameMax) + "] ";
}

// The prompt testpmd's rdline shows before each echoed line ("" for none;
// a host without a prompt, as the tests' fakes, echoes nothing).
std::string echo_prompt(const CommandFileView &f) {
    if (!kEchoesLines) return {};
    if (!kEchoIsAChoice) return f.prompt;
    return f.echo ? basename_prompt(f.path) : std::string();
}

} // namespace

std::string command_file_line_text(const CommandFileView &f, const std::string &line) {
    const std::string prompt = echo_prompt(f);
    if (prompt.empty()) return {};
    return prompt + line + "\r\n"; // rdline ends an echoed line so
}

std::string command_file_end_text(const CommandFileView &f) {
    if (kEchoIsAChoice)
        return f.echo ? basename_prompt(f.path) + "<End-Of-File>\n"
                      : "Finished reading CLI commands from " + f.path + "\n";
    return echo_prompt(f) + "Read CLI commands from " + f.path + "\n";
}

} // namespace pmdfwd::shell
