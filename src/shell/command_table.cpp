#include "shell/command_table.h"

#include "options/scalar_parse.h"
#include "shell/arg_check.h"
#include "shell/command_families.h"
#include "shell/command_spec.h"
#include "shell/engine_rows.h"
#include "shell/row_match.h"
#include "shell/syntax.h"
#include "text/text_format.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>

namespace pmdfwd {

using shell::Arg;
using shell::Args;
using shell::Ctx;
using shell::fail;
using shell::Spec;
using shell::Token;
using Kind = shell::TokenKind;
using Tokens = std::vector<Token>;

namespace {

struct Table {
    std::vector<shell::Family> families; // what the rows came from
    std::vector<Spec> rows;
    std::vector<std::string> sections;        // per row
    std::vector<std::vector<Token>> syntaxes; // per row, compiled once
    // The engines' commands (engine_rows.h): their texts, which rows point
    // into, and the engines they came from (to tell when to rebuild).
    std::deque<std::string> engine_texts;
    std::vector<EngineInfo> engines;
};
using TablePtr = std::shared_ptr<const Table>;

// A row's tokens; a row whose declarations do not fit its syntax is a build
// mistake, said and stopped at the first command.
Tokens compiled(const Spec &row) {
    Result<Tokens> toks = shell::compile_syntax(row.syntax, row.types);
    if (!toks) {
        std::fprintf(stderr, "pmdfwd: %s\n", toks.message().c_str());
        std::abort();
    }
    return *toks;
}

// The families' rows, compiled.
Table family_table(const std::vector<shell::Family> &families) {
    Table t;
    t.families = families;
    for (const shell::Family &f : families)
        for (Spec &row : f.rows()) {
            t.syntaxes.push_back(compiled(row));
            t.rows.push_back(std::move(row));
            t.sections.push_back(shell::section_text(f.section).name);
        }
    return t;
}

// The built-in families' rows, the same for the process' life.
const Table &builtin_table() {
    static const Table t = family_table(shell::command_families());
    return t;
}

std::vector<std::string_view> section_names() {
    std::vector<std::string_view> names;
    for (const shell::SectionText &s : shell::section_texts())
        names.push_back(s.name);
    return names;
}

std::vector<std::string> syntaxes_of(const Table &t) {
    std::vector<std::string> v;
    for (const Spec &row : t.rows)
        v.push_back(row.syntax);
    return v;
}

// The engines that declare commands, as the table was built from them.
std::vector<EngineInfo> engines_with_commands(EngineApi &engines) {
    std::vector<EngineInfo> v = engines.list();
    std::erase_if(v, [](const EngineInfo &e) { return e.commands.empty(); });
    return v;
}

bool same_commands(const std::vector<EngineInfo> &a, const std::vector<EngineInfo> &b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const EngineInfo &x, const EngineInfo &y) {
                          return x.name == y.name && x.commands == y.commands;
                      });
}

// The families' rows, then the engines' commands. Rebuilt when the engines'
// commands change (a plugin loaded) or a host has other families (a test's
// table); a caller holds the table it runs a row of, since that row
// (`load <file>`, `load engine`) may rebuild it.
TablePtr table(const std::vector<shell::Family> &families, EngineApi &engines) {
    static TablePtr cached;
    std::vector<EngineInfo> with = engines_with_commands(engines);
    if (cached && cached->families == families && same_commands(cached->engines, with))
        return cached;
    const bool builtin = families == shell::command_families();
    Table rows = builtin ? builtin_table() : family_table(families);
    // The registry checked a plugin's rows before it registered; a built-in
    // engine's (registered before any check) or a fake's are checked here,
    // and a clash is a build mistake, said and stopped as a row's.
    if (Status fits = shell::check_engine_commands(syntaxes_of(rows), section_names(), {}, with);
        !fits) {
        std::fprintf(stderr, "pmdfwd: %s\n", fits.message().c_str());
        std::abort();
    }
    auto t = std::make_shared<Table>(std::move(rows));
    shell::EngineRows e = shell::engine_rows(with);
    for (size_t i = 0; i < e.rows.size(); i++) {
        t->rows.push_back(std::move(e.rows[i]));
        t->sections.push_back(std::move(e.sections[i]));
        t->syntaxes.push_back(std::move(e.syntaxes[i]));
    }
    t->engine_texts = std::move(e.texts);
    t->engines = std::move(with);
    cached = std::move(t);
    return cached;
}

// The word before words[i]: it names a number declared without a name.
std::string_view word_before(const std::vector<std::string> &words, size_t i) {
    return i ? std::string_view(words[i - 1]) : std::string_view();
}

// What a "<name>..." took, as its Arg's word: the words with single spaces.
std::string join_words(const std::vector<std::string> &words) {
    std::string s;
    for (const std::string &w : words)
        s += (s.empty() ? "" : " ") + w;
    return s;
}

// The values of the words that fill placeholders and optional tokens, each
// checked against its token in the line's order, or an error naming the
// first bad one and what is allowed.
Result<Args> typed_args(const Host &host, const Tokens &toks,
                        const std::vector<std::string> &words) {
    const std::vector<uint16_t> ports = host.ports.port_ids();
    Args args;
    for (size_t i = 0; i < toks.size() && i <= words.size(); i++) {
        if (toks[i].kind == Kind::Rest) {
            const std::vector<std::string> rest(words.begin() + static_cast<ptrdiff_t>(i),
                                                words.end());
            args.push_back(Arg{join_words(rest), rest});
            break;
        }
        if (i == words.size()) break;
        if (toks[i].kind == Kind::Literal && !toks[i].optional) continue;
        Result<shell::ArgValue> v =
            shell::check_arg(toks[i], words[i], word_before(words, i), ports);
        if (!v) return v.status();
        args.push_back(Arg{words[i], std::move(*v)});
    }
    return args;
}

// Whether the typed words can fill a row's first tokens, as execution would
// check them, so completion follows only the rows the line so far could
// belong to ("show port stats " is no <port>, "port 0 rxq x " no <queue>).
bool words_fit(const Tokens &toks, const std::vector<std::string> &words,
               const std::vector<uint16_t> &ports) {
    const bool rest = !toks.empty() && toks.back().kind == Kind::Rest;
    if (!rest && toks.size() <= words.size()) return false;
    for (size_t i = 0; i < words.size() && toks[i].kind != Kind::Rest; i++)
        if (!shell::check_arg(toks[i], words[i], word_before(words, i), ports)) return false;
    return true;
}

// Words a token offers at the cursor: a port token's the port ids (a
// list's too, as its first item), a number's, address's or word's none.
std::vector<std::string> token_candidates(const Host &host, const Token &tok) {
    std::vector<std::string> c;
    if (tok.kind == Kind::Mode)
        for (const EngineInfo &e : host.engines.list())
            c.push_back(e.name);
    if (tok.kind == Kind::PortOrAll) c.push_back("all");
    if (tok.offers_ports)
        for (uint16_t p : host.ports.port_ids())
            c.push_back(std::to_string(p));
    if (tok.kind == Kind::Choice) c = tok.alts;
    if (tok.kind == Kind::Literal) c.push_back(tok.text);
    return c;
}

// What the token at the cursor offers; past a "<name>...", what its row's
// grammar says may follow the words it took.
std::vector<std::string> candidates_at(const Host &host, const Tokens &toks, const Spec &row,
                                       const std::vector<std::string> &words) {
    const size_t at = std::min(words.size(), toks.size() - 1);
    if (toks[at].kind != Kind::Rest) return token_candidates(host, toks[at]);
    if (!row.complete_rest) return {};
    return row.complete_rest(
        std::vector<std::string>(words.begin() + static_cast<ptrdiff_t>(at), words.end()));
}

} // namespace

Status check_engine_commands_against_table(const std::vector<EngineInfo> &registered,
                                           const std::vector<EngineInfo> &adding) {
    return shell::check_engine_commands(syntaxes_of(builtin_table()), section_names(), registered,
                                        adding);
}

bool run_command(const Host &host, std::string_view line, std::string *out) {
    // Messages quote the line without the newline the line editor leaves.
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r' || line.back() == ' '))
        line.remove_suffix(1);
    Ctx c{host, out};
    const Result<std::vector<std::string>> split = split_command(line);
    if (!split) return fail(c, split.message());
    const std::vector<std::string> &words = *split;
    if (words.empty()) return true; // blank, or a comment only
    // Held: the row run may rebuild the table (a plugin's commands).
    const TablePtr held = table(host.families, host.engines);
    const Table &t = *held;
    size_t best = 0;
    for (const Tokens &toks : t.syntaxes)
        best = std::max(best, shell::literal_prefix(toks, words));
    // A row whose placeholder took a word that another row spells out
    // ("show fwd <mode>" for "show fwd stats") is not what was meant.
    const size_t i = shell::best_row(t.syntaxes, words, host.ports.port_ids());
    if (i != SIZE_MAX && shell::literal_prefix(t.syntaxes[i], words) == best) {
        const Spec &s = t.rows[i];
        if (s.needs_stopped && host.life.running())
            return fail(c, "Please stop forwarding first (\"" + printable(line) +
                               "\" needs forwarding stopped)");
        const Result<Args> args = typed_args(host, t.syntaxes[i], words);
        // A word testpmd's cmdline token refuses is its "Bad arguments" alone.
        if (!args && host.config.testpmd_texts && args.message().starts_with("Bad arguments"))
            return fail(c, "Bad arguments");
        if (!args) return fail(c, args.message());
        return s.run(c, *args);
    }
    if (best == 0)
        return fail(c, "unknown command '" + printable(words[0]) + "' (type 'help' for the list)");
    // testpmd's answer, then (a pmdfwd addition) the rows the line began.
    if (host.config.testpmd_texts) return fail(c, "Bad arguments");
    std::string usage;
    for (size_t r = 0; r < t.rows.size(); r++)
        if (shell::literal_prefix(t.syntaxes[r], words) == best)
            usage += std::string("  ") + t.rows[r].syntax + "\n";
    return fail(c, "Bad arguments\nusage:\n" + usage.substr(0, usage.size() - 1));
}

std::vector<std::string> complete_command(const Host &host, std::string_view partial) {
    // The words so far as execution will read them (split_command: quotes
    // too); a line it cannot read (an open quote) has nothing to offer.
    Result<std::vector<std::string>> split = split_command(partial);
    if (!split) return {};
    std::vector<std::string> &words = *split;
    std::string last;
    if (!partial.empty() && partial.back() != ' ' && partial.back() != '\t' && !words.empty()) {
        last = words.back();
        words.pop_back();
    }
    std::vector<std::string> out;
    const std::vector<uint16_t> ports = host.ports.port_ids();
    const TablePtr t = table(host.families, host.engines);
    for (size_t r = 0; r < t->syntaxes.size(); r++) {
        const Tokens &toks = t->syntaxes[r];
        if (!words_fit(toks, words, ports)) continue;
        for (const std::string &cand : candidates_at(host, toks, t->rows[r], words))
            if (cand.rfind(last, 0) == 0 && std::find(out.begin(), out.end(), cand) == out.end())
                out.push_back(cand);
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<CommandDoc> command_docs(EngineApi &engines) {
    std::vector<CommandDoc> docs;
    const TablePtr t = table(shell::command_families(), engines);
    for (const Spec &spec : t->rows)
        docs.push_back({spec.syntax, spec.help, spec.needs_stopped});
    return docs;
}

std::string command_help(const Host &host) {
    std::string s = "commands:\n";
    const TablePtr t = table(host.families, host.engines);
    for (const Spec &spec : t->rows) {
        std::string left = std::string("  ") + spec.syntax;
        if (left.size() < 40)
            left.resize(40, ' ');
        else
            left += "\n" + std::string(40, ' ');
        s += left + spec.help + (spec.needs_stopped ? " (forwarding stopped)" : "") + "\n";
    }
    s += "modes: " + host.engines.names(", ") + "\n";
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

// A section `help` lists: testpmd's, or an engine's (its commands, under
// its name).
struct HelpSection {
    std::string name, title, summary;
};

bool has_rows(const Table &t, std::string_view section) {
    return std::find(t.sections.begin(), t.sections.end(), section) != t.sections.end();
}

// The sections with commands: testpmd's in its order, then the engines'.
std::vector<HelpSection> help_sections(const Table &t) {
    std::vector<HelpSection> v;
    for (const shell::SectionText &s : shell::section_texts())
        if (has_rows(t, s.name)) v.push_back({s.name, s.title, s.summary});
    for (const EngineInfo &e : t.engines)
        v.push_back(
            {e.name, e.name + " engine", "Commands of the " + e.name + " forwarding engine."});
    return v;
}

std::string section_text(const Host &host, const Table &t, const HelpSection &sec) {
    std::string o = "\n" + sec.title + ":\n" + std::string(sec.title.size() + 1, '-') + "\n";
    for (size_t i = 0; i < t.rows.size(); i++) {
        if (t.sections[i] != sec.name) continue;
        const Spec &row = t.rows[i];
        std::string help = row.help;
        if (row.needs_stopped) help.append(" (forwarding stopped)");
        o.push_back('\n');
        o.append(wrap(row.syntax, "", "  ")).append(wrap(help, "    ", "        "));
    }
    if (sec.name == "config") {
        std::string modes = "forwarding modes: ";
        modes.append(host.engines.names(", "));
        o.push_back('\n');
        o.append(wrap(modes, "", "    "));
    }
    return o + "\n";
}

} // namespace

std::string help_index(const Host &host) {
    std::string o = "\nHelp is available for the following sections:\n\n";
    for (const HelpSection &s : help_sections(*table(host.families, host.engines)))
        append_format(&o, "    help %-26s : %s\n", s.name.c_str(), s.summary.c_str());
    append_format(&o, "    help %-26s : %s\n", "all", "All of the above sections.");
    return o + "\n";
}

bool help_section(const Host &host, std::string_view name, std::string *out) {
    const TablePtr t = table(host.families, host.engines);
    const std::vector<HelpSection> sections = help_sections(*t);
    if (name == "all") {
        for (const HelpSection &s : sections)
            *out += section_text(host, *t, s);
        return true;
    }
    for (const HelpSection &s : sections)
        if (name == s.name) {
            *out += section_text(host, *t, s);
            return true;
        }
    for (const shell::SectionText &s : shell::section_texts())
        if (name == s.name) {
            *out += "pmdfwd has no commands in testpmd's '" + std::string(name) +
                    "' section (sections with commands: see 'help')\n";
            return false;
        }
    std::string names;
    for (const HelpSection &s : sections)
        names += s.name + ", ";
    *out += "help: unknown section '" + printable(name) + "' (allowed: " + names + "all)\n";
    return false;
}

} // namespace pmdfwd
