#include "engine_host/engine_commands.h"

#include "engine_host/abi_calls.h"
#include "text/text_format.h"

#include <algorithm>
#include <cstdio>

namespace pmdfwd {

namespace {

constexpr uint32_t kKnownFlags = PMDFWD_COMMAND_F_STOPPED;
// Longer than any of the shell's own rows; a syntax is one line of `help`.
constexpr size_t kMaxSyntax = 200;

std::vector<std::string> syntax_words(std::string_view s) {
    std::vector<std::string> w;
    size_t at = 0;
    while (at <= s.size()) {
        const size_t sp = std::min(s.find(' ', at), s.size());
        w.emplace_back(s.substr(at, sp - at));
        at = sp + 1;
    }
    return w;
}

std::string flags_hex(uint32_t v) {
    return text_format("0x%x", v);
}

bool all_printable(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c >= 0x20 && c < 0x7f; });
}

// Longest word of command_words (as a parameter key).
constexpr size_t kMaxWord = 32;

bool names_engine(const pmdfwd_engine &e, const std::vector<std::string> &w) {
    if (std::find(w.begin(), w.end(), e.name) != w.end()) return true;
    for (const char *const *x = e.command_words; x != nullptr && *x != nullptr; x++)
        if (std::find(w.begin(), w.end(), *x) != w.end()) return true;
    return false;
}

bool word_ok(std::string_view w) {
    return !w.empty() && w.size() <= kMaxWord && std::all_of(w.begin(), w.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    });
}

Status check_command_words(const pmdfwd_engine &e) {
    for (const char *const *x = e.command_words; x != nullptr && *x != nullptr; x++)
        if (!word_ok(*x))
            return Error("engine '" + std::string(e.name) +
                         "' lists a command word that is not 1..32 of a-z, 0-9, '-', '_'");
    return {};
}

// Ok or what is wrong with one row's fields.
Status check_command_row(const pmdfwd_engine &e, const pmdfwd_command &row) {
    if (row.run == nullptr) return Error("has no run function");
    if (row.help == nullptr || !all_printable(row.help)) return Error("has no one-line help");
    if ((row.flags & ~kKnownFlags) != 0)
        return Error("has unknown flags " + flags_hex(row.flags & ~kKnownFlags) +
                     " (allowed: PMDFWD_COMMAND_F_STOPPED)");
    const std::vector<std::string> w = syntax_words(row.syntax);
    if (std::any_of(w.begin(), w.end(), [](const std::string &x) { return x.empty(); }))
        return Error("has an empty word (words are separated by single spaces)");
    if (!names_engine(e, w))
        return Error("does not name the engine: '" + std::string(e.name) +
                     "' or one of its command_words must be one of its words (e.g. show " + e.name +
                     " ...)");
    return {};
}

} // namespace

std::span<const pmdfwd_command> command_table(const pmdfwd_engine &e) {
    if (e.commands == nullptr) return {};
    return {e.commands, e.nb_commands};
}

Status check_command_table(const pmdfwd_engine &e) {
    const std::string engine = "engine '" + std::string(e.name) + "'";
    if (e.commands == nullptr && e.nb_commands != 0)
        return Error(engine + " declares " + std::to_string(e.nb_commands) +
                     " commands and no table");
    if (Status words = check_command_words(e); !words) return words;
    for (const pmdfwd_command &row : command_table(e)) {
        if (row.syntax == nullptr || row.syntax[0] == '\0' || !all_printable(row.syntax) ||
            std::string_view(row.syntax).size() > kMaxSyntax)
            return Error(engine + " declares a command without a syntax of 1.." +
                         std::to_string(kMaxSyntax) + " printable characters");
        if (Status fits = check_command_row(e, row); !fits)
            return Error(engine + " command '" + row.syntax + "' " + fits.message());
    }
    return {};
}

std::vector<std::string> engine_command_words(const pmdfwd_engine &e) {
    std::vector<std::string> v;
    for (const char *const *x = e.command_words; x != nullptr && *x != nullptr; x++)
        v.emplace_back(*x);
    return v;
}

std::vector<EngineCommand> engine_commands(const pmdfwd_engine &e) {
    std::vector<EngineCommand> v;
    for (const pmdfwd_command &row : command_table(e))
        v.push_back({row.syntax, row.help, (row.flags & PMDFWD_COMMAND_F_STOPPED) != 0});
    return v;
}

bool run_engine_command(const pmdfwd_engine &e, size_t index, const std::vector<std::string> &args,
                        bool forwarding, CommandPorts *ports, std::string *out) {
    const std::span<const pmdfwd_command> rows = command_table(e);
    if (index >= rows.size()) {
        *out += "engine " + std::string(e.name) + " has no command " + std::to_string(index) + "\n";
        return false;
    }
    return call_command(e, rows[index], args, forwarding, ports, out);
}

} // namespace pmdfwd
