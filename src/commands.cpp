#include "commands.h"

#include "engine_registry.h"
#include "parse.h"

#include <algorithm>
#include <functional>
#include <optional>

namespace pmdfwd {

namespace {

// The words that filled placeholders and optional tokens, in order.
using Args = std::vector<std::string>;

struct Ctx {
    HostControl &host;
    std::string *out;
};

struct Spec {
    const char *syntax; // literal words, <placeholder>, a|b choices, trailing [optional]
    const char *help;
    bool needs_stopped;
    std::function<bool(Ctx &, const Args &)> run;
};

bool fail(Ctx &c, std::string msg) {
    *c.out += msg + "\n";
    return false;
}

std::optional<uint16_t> port_arg(Ctx &c, const std::string &word) {
    std::string err;
    const std::vector<uint16_t> ids = c.host.port_ids();
    auto v = parse_uint("port", word, 0, RTE_MAX_ETHPORTS - 1, &err);
    if (v && std::find(ids.begin(), ids.end(), *v) != ids.end()) return static_cast<uint16_t>(*v);
    std::string allowed;
    for (uint16_t id : ids)
        allowed += (allowed.empty() ? "" : ", ") + std::to_string(id);
    fail(c, "invalid port '" + word + "' (allowed: " + allowed + ")");
    return std::nullopt;
}

// "all" or one port id.
std::optional<std::vector<uint16_t>> ports_arg(Ctx &c, const std::string &word) {
    if (word == "all") return c.host.port_ids();
    auto p = port_arg(c, word);
    if (!p) return std::nullopt;
    return std::vector<uint16_t>{*p};
}

std::optional<uint64_t> uint_arg(Ctx &c, const char *what, const std::string &w, uint64_t lo,
                                 uint64_t hi) {
    std::string err;
    auto v = parse_uint(what, w, lo, hi, &err);
    if (!v) fail(c, err);
    return v;
}

bool set_on_off(Ctx &c, const char *what, const std::string &w, bool Config::*field) {
    std::string err;
    auto v = parse_on_off(what, w, &err);
    if (!v) return fail(c, err);
    c.host.config().*field = *v;
    return true;
}

bool start(Ctx &c, unsigned bursts) {
    std::string err = c.host.start(bursts);
    if (!err.empty()) return fail(c, err);
    *c.out += c.host.fwd_config();
    return true;
}

const std::vector<Spec> &specs() {
    static const std::vector<Spec> table = {
        {"help", "show this list", false,
         [](Ctx &c, const Args &) {
             *c.out += command_help();
             return true;
         }},
        {"quit", "stop forwarding and exit", false,
         [](Ctx &c, const Args &) {
             c.host.request_quit();
             return true;
         }},
        {"start", "start forwarding", false, [](Ctx &c, const Args &) { return start(c, 0); }},
        {"start tx_first [<n>]", "send n bursts (default 1) on every stream first, then forward",
         false,
         [](Ctx &c, const Args &a) {
             auto n =
                 a.empty() ? std::optional<uint64_t>(1) : uint_arg(c, "tx_first", a[0], 1, 1024);
             return n && start(c, static_cast<unsigned>(*n));
         }},
        {"stop", "stop forwarding and show forward statistics", false,
         [](Ctx &c, const Args &) {
             if (!c.host.running()) return fail(c, "Packet forwarding not started");
             *c.out += c.host.stop();
             return true;
         }},
        {"show port stats all|<port>", "NIC statistics (testpmd format)", false,
         [](Ctx &c, const Args &a) {
             auto ports = ports_arg(c, a[0]);
             if (!ports) return false;
             for (uint16_t p : *ports)
                 *c.out += c.host.port_stats(p);
             return true;
         }},
        {"clear port stats all|<port>", "reset NIC statistics", false,
         [](Ctx &c, const Args &a) {
             auto ports = ports_arg(c, a[0]);
             if (!ports) return false;
             for (uint16_t p : *ports)
                 c.host.clear_port_stats(p);
             return true;
         }},
        {"show fwd stats all", "forward statistics per stream and port", false,
         [](Ctx &c, const Args &) {
             *c.out += c.host.fwd_stats();
             return true;
         }},
        {"clear fwd stats all", "reset forward statistics", false,
         [](Ctx &c, const Args &) {
             c.host.clear_fwd_stats();
             return true;
         }},
        {"show config fwd", "streams, lcores, engine settings", false,
         [](Ctx &c, const Args &) {
             *c.out += c.host.fwd_config();
             return true;
         }},
        {"show mempool", "mbuf pools: size, in use, available (leak checks)", false,
         [](Ctx &c, const Args &) {
             *c.out += c.host.mempool_info();
             return true;
         }},
        {"show fwd <mode>", "an engine's own state (e.g. show fwd macswap)", false,
         [](Ctx &c, const Args &a) {
             const pmdfwd_engine *e = EngineRegistry::instance().find(a[0]);
             if (!e)
                 return fail(c, "unknown mode '" + a[0] +
                                    "' (allowed: " + EngineRegistry::instance().names(", ") + ")");
             if (!e->describe) return fail(c, "engine " + a[0] + " has no state to show");
             char buf[2048] = "";
             e->describe(buf, sizeof(buf));
             *c.out += std::string(buf) + "\n";
             return true;
         }},
        {"set fwd <mode> [retry]", "choose the forwarding engine, optionally with TX retry", true,
         [](Ctx &c, const Args &a) {
             if (!EngineRegistry::instance().find(a[0]))
                 return fail(c, "unknown mode '" + a[0] +
                                    "' (allowed: " + EngineRegistry::instance().names(", ") + ")");
             c.host.config().forward_mode = a[0];
             c.host.config().tx_retry = a.size() > 1;
             *c.out += "Set " + a[0] + " packet forwarding mode" +
                       (a.size() > 1 ? " with retry" : "") + "\n";
             return true;
         }},
        {"set burst tx delay <us> retry <n>",
         "TX retry wait (0..1000 us) and count (0..1000) (with set fwd ... retry)", true,
         [](Ctx &c, const Args &a) {
             auto us = uint_arg(c, "delay", a[0], 0, kMaxTxRetryDelayUs);
             if (!us) return false;
             auto n = uint_arg(c, "retry", a[1], 0, kMaxTxRetries);
             if (!n) return false;
             c.host.config().tx_retry_delay_us = static_cast<unsigned>(*us);
             c.host.config().tx_retry_num = static_cast<unsigned>(*n);
             return true;
         }},
        {"set burst <n>", "packets per burst", true,
         [](Ctx &c, const Args &a) {
             auto n = uint_arg(c, "burst", a[0], 1, kMaxBurst);
             if (n) c.host.config().burst = static_cast<uint16_t>(*n);
             return n.has_value();
         }},
        {"set nbcore <n>", "number of forwarding lcores", true,
         [](Ctx &c, const Args &a) {
             std::string err;
             const size_t streams = c.host.nb_streams(&err);
             if (streams == 0) return fail(c, err);
             const size_t max = std::min(c.host.nb_fwd_lcores(), streams);
             auto n = uint_arg(c, "nbcore", a[0], 1, max);
             if (!n) {
                 if (max == streams && streams < c.host.nb_fwd_lcores())
                     *c.out +=
                         "(there are only " + std::to_string(streams) + " streams to spread)\n";
                 return false;
             }
             c.host.config().nb_cores = static_cast<unsigned>(*n);
             return true;
         }},
        {"set record-core-cycles on|off", "count CPU cycles per packet", true,
         [](Ctx &c, const Args &a) {
             return set_on_off(c, "record-core-cycles", a[0], &Config::record_core_cycles);
         }},
        {"set record-burst-stats on|off", "record burst size statistics", true,
         [](Ctx &c, const Args &a) {
             return set_on_off(c, "record-burst-stats", a[0], &Config::record_burst_stats);
         }},
        {"set txpkts <len[,len]...>", "generated frame segment lengths", true,
         [](Ctx &c, const Args &a) {
             std::string err;
             auto segs = parse_txpkts(a[0], &err);
             if (!segs) return fail(c, err);
             c.host.config().txpkts = *segs;
             return true;
         }},
        {"set eth-peer <port> <mac>", "peer MAC address of a port", true,
         [](Ctx &c, const Args &a) {
             auto p = port_arg(c, a[0]);
             if (!p) return false;
             std::string err;
             auto mac = parse_mac(a[1], &err);
             if (!mac) return fail(c, err);
             c.host.set_peer(*p, *mac);
             return true;
         }},
        {"tx_vlan set <port> <tci>", "insert a VLAN tag on a port's transmitted packets", true,
         [](Ctx &c, const Args &a) {
             auto p = port_arg(c, a[0]);
             if (!p) return false;
             auto tci = uint_arg(c, "vlan id", a[1], 0, 4095);
             if (!tci) return false;
             std::string note;
             std::string err = c.host.set_tx_vlan(*p, true, static_cast<uint16_t>(*tci), &note);
             if (!err.empty()) return fail(c, err);
             if (!note.empty()) *c.out += "Warning: " + note + "\n";
             return true;
         }},
        {"tx_vlan reset <port>", "stop inserting VLAN tags on a port", true,
         [](Ctx &c, const Args &a) {
             auto p = port_arg(c, a[0]);
             if (!p) return false;
             std::string note;
             std::string err = c.host.set_tx_vlan(*p, false, 0, &note);
             return err.empty() || fail(c, err);
         }},
        {"load engine <path>", "load forwarding engines from a shared object", false,
         [](Ctx &c, const Args &a) {
             std::string err = load_engine_plugin(a[0]);
             if (!err.empty()) return fail(c, err);
             *c.out +=
                 "Loaded " + a[0] + "; modes: " + EngineRegistry::instance().names(", ") + "\n";
             return true;
         }},
        {"set <mode> <key> <value>", "an engine's parameter (e.g. set macswap kernel avx2)", true,
         [](Ctx &c, const Args &a) {
             const pmdfwd_engine *e = EngineRegistry::instance().find(a[0]);
             if (!e) return fail(c, "unknown set command or mode '" + a[0] + "' (type 'help')");
             if (!e->set_param) return fail(c, "engine " + a[0] + " has no parameters");
             char msg[PMDFWD_ERRMSG_LEN] = "";
             if (e->set_param(a[1].c_str(), a[2].c_str(), msg, sizeof(msg)) != 0)
                 return fail(c, msg[0] ? msg : "refused by the engine");
             return true;
         }},
    };
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

// Words a syntax token offers at the cursor.
std::vector<std::string> token_candidates(HostControl &host, std::string_view tok) {
    std::vector<std::string> c;
    if (tok == "<mode>") {
        for (const pmdfwd_engine *e : EngineRegistry::instance().all())
            c.push_back(e->name);
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
    const std::vector<std::string> words = split_words(line);
    if (words.empty() || words[0][0] == '#') return true;
    Ctx c{host, out};
    Args args;
    for (const Spec &s : specs()) {
        if (!match(s, words, &args)) continue;
        if (s.needs_stopped && host.running())
            return fail(c, "Please stop forwarding first (\"" + std::string(line) +
                               "\" needs forwarding stopped)");
        return s.run(c, args);
    }
    size_t best = 0;
    for (const Spec &s : specs())
        best = std::max(best, literal_prefix(s, words));
    if (best == 0) return fail(c, "unknown command '" + words[0] + "' (type 'help' for the list)");
    std::string usage;
    for (const Spec &s : specs())
        if (literal_prefix(s, words) == best) usage += std::string("  ") + s.syntax + "\n";
    return fail(c, "bad arguments in '" + std::string(line) + "'; usage:\n" +
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

std::string command_help() {
    std::string s = "commands:\n";
    for (const Spec &spec : specs()) {
        std::string left = std::string("  ") + spec.syntax;
        if (left.size() < 40)
            left.resize(40, ' ');
        else
            left += "\n" + std::string(40, ' ');
        s += left + spec.help + (spec.needs_stopped ? " (forwarding stopped)" : "") + "\n";
    }
    s += "modes: " + EngineRegistry::instance().names(", ") + "\n";
    return s;
}

} // namespace pmdfwd
