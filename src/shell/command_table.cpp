#include "shell/command_table.h"

#include "options/scalar_parse.h"
#include "shell/command_families.h"
#include "shell/command_spec.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace pmdfwd {

using shell::Args;
using shell::Ctx;
using shell::fail;
using shell::Spec;

namespace {

struct Section {
    const char *name, *title, *summary;
};

// testpmd 22.11's sections and summaries, in its order; each family is
// filed under one (its registrar names it).
constexpr Section kSections[] = {
    {"control", "Control forwarding", "Start and stop forwarding."},
    {"display", "Display", "Displaying port, stats and config information."},
    {"config", "Configuration", "Configuration information."},
    {"ports", "Port Operations", "Configuring ports."},
    {"filters", "", "Filters configuration help."},
    {"traffic_management", "", "Traffic Management commands."},
    {"devices", "", "Device related commands."},
    {"drivers", "", "Driver specific commands."},
};

struct Table {
    std::vector<Spec> rows;
    std::vector<const char *> sections; // per row
};

// The registered families by order key; a family that cannot be placed is a
// build mistake, said and stopped at the first command.
std::vector<shell::Family> families() {
    std::vector<std::string_view> names;
    for (const Section &s : kSections)
        names.push_back(s.name);
    std::string why;
    auto ordered = shell::ordered_families(shell::registered_families(), names, &why);
    if (!ordered) {
        std::fprintf(stderr, "pmdfwd: %s\n", why.c_str());
        std::abort();
    }
    return *ordered;
}

// The one table, assembled from the command families (src/shell/commands/).
const Table &table() {
    static const Table t = [] {
        Table t;
        for (const shell::Family &f : families())
            for (Spec &row : f.rows()) {
                t.rows.push_back(std::move(row));
                t.sections.push_back(f.section);
            }
        return t;
    }();
    return t;
}

const std::vector<Spec> &specs() {
    return table().rows;
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

// A choice token's alternatives ("rxq|txq"); empty when one alternative is a
// placeholder ("all|<port>"), which accepts any word.
std::vector<std::string> choices(std::string_view tok) {
    std::vector<std::string> alts;
    if (tok.front() == '<' && tok.back() == '>' && tok.find('|') != std::string_view::npos)
        tok = tok.substr(1, tok.size() - 2); // <on|off>
    if (tok.front() == '<' || tok.find('|') == std::string_view::npos) return {};
    size_t start = 0;
    while (true) {
        const size_t bar = tok.find('|', start);
        const std::string_view alt = tok.substr(start, bar - start);
        if (alt.front() == '<') return {};
        alts.emplace_back(alt);
        if (bar == std::string_view::npos) return alts;
        start = bar + 1;
    }
}

// Every word given for a choice token is one of its alternatives; else
// says which word and what is allowed.
bool check_choices(const Spec &spec, const std::vector<std::string> &words, std::string *why) {
    const std::vector<std::string> toks = split_words(spec.syntax);
    for (size_t i = 0; i < toks.size() && i < words.size(); i++) {
        const std::vector<std::string> alts = choices(strip_optional(toks[i]));
        if (alts.empty() || std::find(alts.begin(), alts.end(), words[i]) != alts.end()) continue;
        std::string allowed;
        for (const std::string &a : alts)
            allowed += (allowed.empty() ? "" : ", ") + a;
        *why = "Bad arguments: '" + words[i] + "' is not allowed here (allowed: " + allowed + ")";
        return false;
    }
    return true;
}

// Whether a typed word can fill a token, so completion follows only the rows
// the line so far could belong to ("show port stats " is no <port>).
bool word_fits(HostControl &host, std::string_view tok, const std::string &word) {
    if (!is_placeholder(tok)) return word == tok;
    const std::vector<std::string> alts = choices(tok);
    if (!alts.empty()) return std::find(alts.begin(), alts.end(), word) != alts.end();
    if (tok == "<port>" || tok == "all|<port>") {
        if (tok != "<port>" && word == "all") return true;
        for (uint16_t p : host.port_ids())
            if (word == std::to_string(p)) return true;
        return false;
    }
    return true;
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
    } else if (!choices(tok).empty()) {
        c = choices(tok);
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
    size_t best = 0;
    for (const Spec &s : specs())
        best = std::max(best, literal_prefix(s, words));
    // A row whose placeholder took a word that another row spells out
    // ("show fwd <mode>" for "show fwd stats") is not what was meant.
    const Spec *s = best_match(words);
    if (s && literal_prefix(*s, words) == best) {
        if (s->needs_stopped && host.running())
            return fail(c, "Please stop forwarding first (\"" + printable(line) +
                               "\" needs forwarding stopped)");
        std::string why;
        if (!check_choices(*s, words, &why)) return fail(c, why);
        Args args;
        match(*s, words, &args);
        return s->run(c, args);
    }
    if (best == 0)
        return fail(c, "unknown command '" + printable(words[0]) + "' (type 'help' for the list)");
    // testpmd's answer, then (a pmdfwd addition) the rows the line began.
    if (host.config().testpmd_texts) return fail(c, "Bad arguments");
    std::string usage;
    for (const Spec &row : specs())
        if (literal_prefix(row, words) == best) usage += std::string("  ") + row.syntax + "\n";
    return fail(c, "Bad arguments\nusage:\n" + usage.substr(0, usage.size() - 1));
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
        for (size_t i = 0; ok && i < words.size(); i++)
            ok = word_fits(host, strip_optional(toks[i]), words[i]);
        if (!ok) continue;
        for (const std::string &cand : token_candidates(host, strip_optional(toks[words.size()])))
            if (cand.rfind(last, 0) == 0 && std::find(out.begin(), out.end(), cand) == out.end())
                out.push_back(cand);
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<CommandDoc> command_docs() {
    std::vector<CommandDoc> docs;
    for (const Spec &spec : specs())
        docs.push_back({spec.syntax, spec.help, spec.needs_stopped});
    return docs;
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

namespace pmdfwd {

namespace {

constexpr size_t kHelpWidth = 99;

// Words of text on lines of at most kHelpWidth: the first starting with
// indent, the others with cont. A syntax continues two spaces in and its
// summary sits four in, so that a reader (doc/man/check_man_page.py, a
// harness) can tell a wrapped syntax from its summary.
std::string wrap(const std::string &text, const std::string &indent, const std::string &cont) {
    std::string o, line = indent;
    bool has_word = false;
    for (const std::string &w : split_words(text)) {
        if (has_word && line.size() + 1 + w.size() > kHelpWidth) {
            o += line + "\n";
            line = cont;
            has_word = false;
        }
        if (has_word) line.push_back(' ');
        line.append(w);
        has_word = true;
    }
    return o + line + "\n";
}

bool has_rows(std::string_view section) {
    for (const char *s : table().sections)
        if (section == s) return true;
    return false;
}

std::string section_text(HostControl &host, const Section &sec) {
    std::string o =
        std::string("\n") + sec.title + ":\n" + std::string(strlen(sec.title) + 1, '-') + "\n";
    const Table &t = table();
    for (size_t i = 0; i < t.rows.size(); i++) {
        if (std::string_view(t.sections[i]) != sec.name) continue;
        const Spec &row = t.rows[i];
        std::string help = row.help;
        if (row.needs_stopped) help.append(" (forwarding stopped)");
        o.push_back('\n');
        o.append(wrap(row.syntax, "", "  ")).append(wrap(help, "    ", "        "));
    }
    if (std::string_view(sec.name) == "config") {
        std::string modes = "forwarding modes: ";
        modes.append(host.engines().names(", "));
        o.push_back('\n');
        o.append(wrap(modes, "", "    "));
    }
    return o + "\n";
}

} // namespace

std::string help_index() {
    std::string o = "\nHelp is available for the following sections:\n\n";
    char line[128];
    for (const Section &s : kSections) {
        if (!has_rows(s.name)) continue;
        std::snprintf(line, sizeof(line), "    help %-26s : %s\n", s.name, s.summary);
        o += line;
    }
    std::snprintf(line, sizeof(line), "    help %-26s : %s\n", "all", "All of the above sections.");
    return o + line + "\n";
}

bool help_section(HostControl &host, std::string_view name, std::string *out) {
    if (name == "all") {
        for (const Section &s : kSections)
            if (has_rows(s.name)) *out += section_text(host, s);
        return true;
    }
    for (const Section &s : kSections)
        if (name == s.name) {
            if (has_rows(s.name)) {
                *out += section_text(host, s);
                return true;
            }
            *out += "pmdfwd has no commands in testpmd's '" + std::string(name) +
                    "' section (sections with commands: see 'help')\n";
            return false;
        }
    std::string names;
    for (const Section &s : kSections)
        if (has_rows(s.name)) names += std::string(s.name) + ", ";
    *out += "help: unknown section '" + printable(name) + "' (allowed: " + names + "all)\n";
    return false;
}

} // namespace pmdfwd
