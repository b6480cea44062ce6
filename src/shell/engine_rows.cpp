#include "shell/engine_rows.h"

#include "shell/syntax_clash.h"

#include <algorithm>
#include <optional>

namespace pmdfwd::shell {

namespace {

// A word as the engine reads it: a number or a port in decimal, as the
// table read it (010 is 8 in testpmd's cmdline; an engine's strtoul would
// take it for 10).
std::string decimal_word(const Token &t, const Args &args, size_t i) {
    if (const uint64_t *n = std::get_if<uint64_t>(&args.value(i))) return std::to_string(*n);
    if (t.kind == TokenKind::PortOrAll && args.word(i) != "all")
        return std::to_string(args.ports(i).at(0));
    return args.word(i);
}

// The words a row's placeholders and optional word took, as the engine gets
// them, after the host's own checks: the table's (a <port> is an existing
// port, all|<port> that or "all", a <queue> a number, a <mac> an address),
// then a <mode> a registered engine.
std::optional<std::vector<std::string>> engine_words(Ctx &c, const std::vector<Token> &toks,
                                                     const Args &args) {
    std::vector<std::string> words;
    size_t j = 0;
    for (const Token &t : toks) {
        if (t.kind == TokenKind::Literal && !t.optional) continue;
        if (j == args.size()) break;
        std::string w = decimal_word(t, args, j++);
        if (t.kind == TokenKind::Mode && !c.engines.find(w)) {
            fail(c, c.engines.unknown_mode(w));
            return std::nullopt;
        }
        words.push_back(w);
    }
    return words;
}

// The ports as an engine's command reaches them (pmdfwd_command_ctx).
class RowPorts final : public CommandPorts {
  public:
    explicit RowPorts(PortControl &ports) : ports_(ports) {}
    bool tx_offloads(uint16_t port, uint64_t *enabled, uint64_t *capa) override {
        return ports_.tx_offloads(port, enabled, capa);
    }
    Status set_tx_offloads(uint16_t port, uint64_t mask, bool on) override {
        return ports_.set_tx_offloads(port, mask, on);
    }

  private:
    PortControl &ports_;
};

Spec engine_spec(const std::string &engine, size_t index, const char *syntax, const char *help,
                 bool needs_stopped, const std::vector<Token> &toks) {
    return {.syntax = syntax,
            .help = help,
            .needs_stopped = needs_stopped,
            .run = [engine, index, toks](Ctx &c, const Args &a) {
                const std::optional<std::vector<std::string>> words = engine_words(c, toks, a);
                RowPorts ports(c.ports);
                return words && c.engines.run_command(engine, index, *words, c.life.running(),
                                                      &ports, c.out);
            }};
}

struct NamedRow {
    std::string owner; // "the shell's" or "engine x's"
    std::string syntax;
    std::vector<Token> toks;
};

size_t literals(const std::vector<Token> &toks) {
    return static_cast<size_t>(std::count_if(
        toks.begin(), toks.end(), [](const Token &t) { return t.kind == TokenKind::Literal; }));
}

// A row of testpmd's words that a command word names (`set gro flush
// <cycles>`, `set port <port> gro on|off`) meets the shell's `set <mode>
// <key> <value>` only where <mode> faces one of its literal words other than
// the engine's name: <mode> takes an engine's name, and of two rows a line
// matches the shell runs the one with more literal words, the engine's.
bool yields_to(const EngineInfo &engine, const std::vector<Token> &row,
               const std::vector<Token> &other) {
    if (engine.command_words.empty() || literals(row) <= literals(other)) return false;
    for (size_t i = 0; i < std::min(row.size(), other.size()); i++)
        if (other[i].kind == TokenKind::Mode && row[i].kind == TokenKind::Literal &&
            row[i].text != engine.name)
            return true;
    return false;
}

// Ok or why one engine command cannot join `rows`.
Status check_engine_row(const EngineInfo &engine, const EngineCommand &cmd,
                        const std::vector<NamedRow> &rows) {
    const std::string what = "engine '" + engine.name + "' command '" + cmd.syntax + "' ";
    if (Status readable = check_engine_syntax(engine.name, cmd.syntax, engine.command_words);
        !readable)
        return Error(what + readable.message());
    const std::vector<Token> toks = compile_syntax(cmd.syntax);
    for (const NamedRow &r : rows)
        if (syntaxes_clash(toks, r.toks) && !yields_to(engine, toks, r.toks))
            return Error(what + "clashes with " + r.owner + " '" + r.syntax +
                         "' (a line could mean either; use words of the engine's own)");
    return {};
}

} // namespace

EngineRows engine_rows(const std::vector<EngineInfo> &engines) {
    EngineRows t;
    for (const EngineInfo &e : engines)
        for (size_t i = 0; i < e.commands.size(); i++) {
            const EngineCommand &cmd = e.commands[i];
            const char *syntax = t.texts.emplace_back(cmd.syntax).c_str();
            const char *help = t.texts.emplace_back(cmd.help).c_str();
            t.syntaxes.push_back(compile_syntax(cmd.syntax));
            t.rows.push_back(
                engine_spec(e.name, i, syntax, help, cmd.needs_stopped, t.syntaxes.back()));
            t.sections.push_back(e.name);
        }
    return t;
}

Status check_engine_commands(const std::vector<std::string> &table,
                             const std::vector<std::string_view> &sections,
                             const std::vector<EngineInfo> &registered,
                             const std::vector<EngineInfo> &adding) {
    std::vector<NamedRow> rows;
    for (const std::string &s : table)
        rows.push_back({"the shell's", s, compile_syntax(s)});
    for (const EngineInfo &e : registered)
        for (const EngineCommand &cmd : e.commands)
            rows.push_back({"engine " + e.name + "'s", cmd.syntax, compile_syntax(cmd.syntax)});
    for (const EngineInfo &e : adding) {
        if (!e.commands.empty() && (e.name == "all" || std::find(sections.begin(), sections.end(),
                                                                 e.name) != sections.end()))
            return Error("engine '" + e.name + "' cannot declare commands: `help " + e.name +
                         "` already names a help section (rename the engine)");
        for (const EngineCommand &cmd : e.commands) {
            if (Status fits = check_engine_row(e, cmd, rows); !fits) return fits;
            rows.push_back({"engine " + e.name + "'s", cmd.syntax, compile_syntax(cmd.syntax)});
        }
    }
    return {};
}

} // namespace pmdfwd::shell
