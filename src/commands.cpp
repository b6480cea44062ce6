#include "commands.h"

#include "parse.h"
#include "shell/command_spec.h"

#include <algorithm>

namespace pmdfwd {

using shell::Args;
using shell::Ctx;
using shell::fail;
using shell::Spec;

namespace {

// The one table, assembled from the command families (src/shell/).
const std::vector<Spec> &specs() {
    static const std::vector<Spec> table = [] {
        std::vector<Spec> t;
        for (auto family : {shell::control_commands, shell::show_commands, shell::set_commands,
                            shell::port_commands, shell::engine_commands, shell::csum_commands}) {
            std::vector<Spec> rows = family();
            t.insert(t.end(), rows.begin(), rows.end());
        }
        return t;
    }();
    return table;
}

bool is_placeholder(std::string_view tok) {
    return tok.front() == '<' || tok.find('|') != std::string_view::npos;
}

bool is_optional(std::string_view tok) {
    return tok.front() == '[';
}

std::string_view strip_optional(std::string_view tok) {
    return is_optional(tok) ? tok.substr(1, tok.size() - 2) : tok;
}

// Matches words against a syntax; fills args with the words that filled
// placeholders and optional tokens.
bool match(const Spec &spec, const std::vector<std::string> &words, Args *args) {
    const std::vector<std::string> toks = split_words(spec.syntax);
    size_t w = 0;
    args->clear();
    for (const std::string &t : toks) {
        const std::string_view tok = strip_optional(t);
        if (w == words.size()) return is_optional(t);
        if (!is_placeholder(tok) && words[w] != tok) return false;
        if (is_placeholder(tok) || is_optional(t)) args->push_back(words[w]);
        w++;
    }
    return w == words.size();
}

// How many leading words equal the syntax's leading literal words.
size_t literal_prefix(const Spec &spec, const std::vector<std::string> &words) {
    const std::vector<std::string> toks = split_words(spec.syntax);
    size_t n = 0;
    while (n < toks.size() && n < words.size() && !is_placeholder(strip_optional(toks[n])) &&
           words[n] == strip_optional(toks[n]))
        n++;
    return n;
}

size_t literal_count(const Spec &spec) {
    size_t n = 0;
    for (const std::string &t : split_words(spec.syntax))
        n += !is_placeholder(strip_optional(t));
    return n;
}

// The matching row with the most literal words ("set fwd <mode>" before
// "set <mode> <key> <value>"), so that families may list rows in any order.
const Spec *best_match(const std::vector<std::string> &words) {
    const Spec *best = nullptr;
    Args args;
    for (const Spec &s : specs())
        if (match(s, words, &args) && (!best || literal_count(s) > literal_count(*best))) best = &s;
    return best;
}

// Words a syntax token offers at the cursor.
std::vector<std::string> token_candidates(HostControl &host, std::string_view tok) {
    std::vector<std::string> c;
    if (tok == "<mode>") {
        for (const EngineInfo &e : host.engines().list())
            c.push_back(e.name);
    } else if (tok == "all|<port>" || tok == "<port>") {
        if (tok != "<port>") c.push_back("all");
        for (uint16_t p : host.port_ids())
            c.push_back(std::to_string(p));
    } else if (tok == "on|off") {
        c = {"on", "off"};
    } else if (!is_placeholder(tok)) {
        c.emplace_back(tok);
    }
    return c;
}

} // namespace

bool run_command(HostControl &host, std::string_view line, std::string *out) {
    // Messages quote the line without the newline the line editor leaves.
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r' || line.back() == ' '))
        line.remove_suffix(1);
    Ctx c{host, out};
    std::string err;
    const std::optional<std::vector<std::string>> split = split_command(line, &err);
    if (!split) return fail(c, err);
    const std::vector<std::string> &words = *split;
    if (words.empty() || words[0].starts_with('#')) return true;
    if (const Spec *s = best_match(words)) {
        if (s->needs_stopped && host.running())
            return fail(c, "Please stop forwarding first (\"" + printable(line) +
                               "\" needs forwarding stopped)");
        Args args;
        match(*s, words, &args);
        return s->run(c, args);
    }
    size_t best = 0;
    for (const Spec &s : specs())
        best = std::max(best, literal_prefix(s, words));
    if (best == 0)
        return fail(c, "unknown command '" + printable(words[0]) + "' (type 'help' for the list)");
    std::string usage;
    for (const Spec &s : specs())
        if (literal_prefix(s, words) == best) usage += std::string("  ") + s.syntax + "\n";
    return fail(c, "bad arguments in '" + printable(line) + "'; usage:\n" +
                       usage.substr(0, usage.size() - 1));
}

std::vector<std::string> complete_command(HostControl &host, std::string_view partial) {
    std::vector<std::string> words = split_words(partial);
    std::string last;
    if (!partial.empty() && partial.back() != ' ' && !words.empty()) {
        last = words.back();
        words.pop_back();
    }
    std::vector<std::string> out;
    for (const Spec &s : specs()) {
        const std::vector<std::string> toks = split_words(s.syntax);
        bool ok = toks.size() > words.size();
        for (size_t i = 0; ok && i < words.size(); i++) {
            const std::string_view t = strip_optional(toks[i]);
            ok = is_placeholder(t) || words[i] == t;
        }
        if (!ok) continue;
        for (const std::string &cand : token_candidates(host, strip_optional(toks[words.size()])))
            if (cand.rfind(last, 0) == 0 && std::find(out.begin(), out.end(), cand) == out.end())
                out.push_back(cand);
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string command_help(HostControl &host) {
    std::string s = "commands:\n";
    for (const Spec &spec : specs()) {
        std::string left = std::string("  ") + spec.syntax;
        if (left.size() < 40)
            left.resize(40, ' ');
        else
            left += "\n" + std::string(40, ' ');
        s += left + spec.help + (spec.needs_stopped ? " (forwarding stopped)" : "") + "\n";
    }
    s += "modes: " + host.engines().names(", ") + "\n";
    return s;
}

} // namespace pmdfwd
