#include "options.h"

#include "engine_api.h"
#include "parse.h"
#include "prompt.h"

#include <functional>
#include <optional>
#include <string_view>

namespace pmdfwd {

const char *to_string(Topology t) {
    switch (t) {
    case Topology::Paired:
        return "paired";
    case Topology::Chained:
        return "chained";
    case Topology::Loop:
        return "loop";
    }
    return "?";
}

namespace {

struct Option {
    const char *name; // long name, without "--"
    char short_name;  // 0 if none
    const char *arg;  // nullptr for a flag, else the value's name in help
    const char *help;
    // Applies the value (empty for flags); false with *err set on bad input.
    std::function<bool(Config &, std::string_view, std::string *)> apply;
};

template <typename T>
std::function<bool(Config &, std::string_view, std::string *)>
number(const char *what, T Config::*field, uint64_t min, uint64_t max) {
    return [=](Config &c, std::string_view v, std::string *err) {
        auto n = parse_uint(what, v, min, max, err);
        if (n) c.*field = static_cast<T>(*n);
        return n.has_value();
    };
}

std::function<bool(Config &, std::string_view, std::string *)> flag(bool Config::*field) {
    return [=](Config &c, std::string_view, std::string *) {
        c.*field = true;
        return true;
    };
}

const std::vector<Option> &options() {
    static const std::vector<Option> opts = {
        {"forward-mode", 0, "MODE", "forwarding engine (see the list below)",
         [](Config &c, std::string_view v, std::string *err) {
             if (!registry_engines().find(v)) {
                 *err = "forward-mode: " + registry_engines().unknown_mode(v);
                 return false;
             }
             c.forward_mode = v;
             return true;
         }},
        {"interactive", 'i', nullptr, "run the interactive shell", flag(&Config::interactive)},
        {"auto-start", 'a', nullptr, "start forwarding at once in interactive mode",
         flag(&Config::auto_start)},
        {"tx-first", 0, nullptr, "send one burst on every stream before forwarding",
         flag(&Config::tx_first)},
        {"stats-period", 0, "N", "print port statistics every N seconds",
         number("stats-period", &Config::stats_period, 1, 86400)},
        {"run-time", 0, "SECONDS", "stop by itself after SECONDS (non-interactive)",
         [](Config &c, std::string_view v, std::string *err) {
             auto s = parse_seconds("run-time", v, err);
             if (s) c.run_time = *s;
             return s.has_value();
         }},
        {"stats-format", 0, "text|json", "statistics as testpmd text or JSON lines",
         [](Config &c, std::string_view v, std::string *err) {
             if (v == "text" || v == "json") {
                 c.stats_format = v == "text" ? StatsFormat::Text : StatsFormat::Json;
                 return true;
             }
             *err = "stats-format: '" + std::string(v) + "' is not allowed (allowed: text, json)";
             return false;
         }},
        {"cmdline-file", 0, "FILE", "run the shell commands in FILE first",
         [](Config &c, std::string_view v, std::string *) {
             c.cmdline_file = v;
             return true;
         }},
        {"prompt", 0, "TEXT",
         "the shell's prompt (default: testpmd> as dpdk-testpmd, else pmdfwd> )",
         [](Config &c, std::string_view v, std::string *err) {
             auto p = prompt_from_option(v, err);
             if (p) c.prompt = *p;
             return p.has_value();
         }},
        {"nb-cores", 0, "N", "number of forwarding lcores",
         number("nb-cores", &Config::nb_cores, 1, RTE_MAX_LCORE)},
        {"rxq", 0, "N", "RX queues per port", number("rxq", &Config::nb_rxq, 1, kMaxQueues)},
        {"txq", 0, "N", "TX queues per port", number("txq", &Config::nb_txq, 1, kMaxQueues)},
        {"rxd", 0, "N", "RX descriptors per queue",
         number("rxd", &Config::nb_rxd, 1, kMaxDescriptors)},
        {"txd", 0, "N", "TX descriptors per queue",
         number("txd", &Config::nb_txd, 1, kMaxDescriptors)},
        {"burst", 0, "N", "packets per burst", number("burst", &Config::burst, 1, kMaxBurst)},
        {"mbcache", 0, "N", "per-lcore mbuf cache size",
         number("mbcache", &Config::mbuf_cache, 0, kMaxMbufCache)},
        {"total-num-mbufs", 0, "N", "mbufs per pool (default: computed)",
         number("total-num-mbufs", &Config::total_num_mbufs, 1024, 1u << 30)},
        {"port-topology", 0, "paired|chained|loop", "how ports are connected",
         [](Config &c, std::string_view v, std::string *err) {
             if (v == "paired")
                 c.topology = Topology::Paired;
             else if (v == "chained")
                 c.topology = Topology::Chained;
             else if (v == "loop")
                 c.topology = Topology::Loop;
             else {
                 *err = "port-topology: '" + std::string(v) +
                        "' is not allowed (allowed: paired, chained, loop)";
                 return false;
             }
             return true;
         }},
        {"record-core-cycles", 0, nullptr, "count busy CPU cycles per packet",
         flag(&Config::record_core_cycles)},
        {"record-burst-stats", 0, nullptr, "record burst size statistics",
         flag(&Config::record_burst_stats)},
        {"eth-peer", 0, "N,XX:XX:XX:XX:XX:XX", "peer MAC address of port N",
         [](Config &c, std::string_view v, std::string *err) {
             const size_t comma = v.find(',');
             if (comma == std::string_view::npos) {
                 *err = "eth-peer: '" + std::string(v) + "' (expected N,XX:XX:XX:XX:XX:XX)";
                 return false;
             }
             auto port =
                 parse_uint("eth-peer port", v.substr(0, comma), 0, RTE_MAX_ETHPORTS - 1, err);
             if (!port) return false;
             auto mac = parse_mac(v.substr(comma + 1), err);
             if (!mac) {
                 *err = "eth-peer: " + *err;
                 return false;
             }
             c.eth_peers[static_cast<uint16_t>(*port)] = *mac;
             return true;
         }},
        {"txpkts", 0, "LEN[,LEN]...", "generated frame segment lengths (default 64)",
         [](Config &c, std::string_view v, std::string *err) {
             auto segs = parse_txpkts(v, err);
             if (segs) c.txpkts = *segs;
             return segs.has_value();
         }},
        {"no-mlockall", 0, nullptr, "do not lock memory", flag(&Config::no_mlockall)},
        {"no-flush-rx", 0, nullptr, "do not drain RX queues at start", flag(&Config::no_flush_rx)},
        {"engine-plugin", 0, "PATH", "load forwarding engines from a shared object (repeatable)",
         // main() loads plugins before parsing, so that their modes are
         // valid --forward-mode values; accepted here and nothing more.
         [](Config &, std::string_view, std::string *) { return true; }},
        {"help", 'h', nullptr, "show this help", nullptr},
    };
    return opts;
}

std::vector<std::string> split_lines(const std::string &text) {
    std::vector<std::string> lines;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        if (end > start) lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

const Option *find_long(std::string_view name) {
    for (const Option &o : options())
        if (name == o.name) return &o;
    return nullptr;
}

const Option *find_short(char c) {
    for (const Option &o : options())
        if (o.short_name == c) return &o;
    return nullptr;
}

} // namespace

ParseResult parse_options(const std::vector<std::string> &args, Config &cfg, std::string *err) {
    for (size_t i = 0; i < args.size(); i++) {
        const std::string &a = args[i];
        const Option *opt = nullptr;
        std::string_view name;
        std::optional<std::string> value;
        if (a.rfind("--", 0) == 0 && a.size() > 2) {
            std::string_view body = std::string_view(a).substr(2);
            const size_t eq = body.find('=');
            name = body.substr(0, eq);
            if (eq != std::string_view::npos) value = std::string(body.substr(eq + 1));
            opt = find_long(name);
            if (opt == nullptr && value && name.find('-') != std::string_view::npos) {
                // --<engine>-<key>=<value>: checked once plugins are loaded.
                cfg.engine_params.emplace_back(std::string(name), *value);
                continue;
            }
        } else if (a.size() == 2 && a[0] == '-') {
            opt = find_short(a[1]);
            name = a;
        }
        if (opt == nullptr) {
            *err = "unknown option '" + a + "' (see --help)";
            return ParseResult::Error;
        }
        if (opt->apply == nullptr) return ParseResult::Help;
        if (opt->arg == nullptr && value) {
            *err = "option --" + std::string(opt->name) + " takes no value";
            return ParseResult::Error;
        }
        if (opt->arg != nullptr && !value) {
            if (i + 1 >= args.size()) {
                *err = "option --" + std::string(opt->name) + " needs a value: " + opt->arg;
                return ParseResult::Error;
            }
            value = args[++i];
        }
        if (!opt->apply(cfg, value.value_or(""), err)) return ParseResult::Error;
    }
    return ParseResult::Ok;
}

bool apply_engine_params(const Config &cfg, std::string *err) {
    for (const auto &[name, value] : cfg.engine_params) {
        // The engine is the longest registered name followed by '-'.
        std::string engine;
        bool has_params = false;
        for (const EngineInfo &e : registry_engines().list()) {
            const std::string_view en = e.name;
            if (name.size() > en.size() + 1 && name.compare(0, en.size(), en) == 0 &&
                name[en.size()] == '-' && en.size() > engine.size()) {
                engine = e.name;
                has_params = e.has_params;
            }
        }
        if (!has_params) {
            *err = "unknown option '--" + name + "=" + value + "' (see --help)";
            return false;
        }
        const std::string key = name.substr(engine.size() + 1);
        if (std::string why = registry_engines().set_param(engine, key, value); !why.empty()) {
            *err = "--" + name + ": " + why;
            return false;
        }
    }
    return true;
}

std::string usage(const char *prog) {
    std::string s = std::string("usage: ") + prog + " [EAL options] -- [options]\n\noptions:\n";
    for (const Option &o : options()) {
        std::string left = "  ";
        if (o.short_name) left += std::string("-") + o.short_name + ", ";
        left += std::string("--") + o.name;
        if (o.arg) left += std::string("=") + o.arg;
        if (left.size() < 34)
            left.resize(34, ' ');
        else
            left += "\n" + std::string(34, ' ');
        s += left + o.help + "\n";
    }
    s += "  --<engine>-<key>=<value>          an engine's parameter (e.g. --macswap-kernel=avx2)\n";
    s += "\nforwarding modes:\n";
    const std::vector<EngineInfo> engines = registry_engines().list();
    for (const EngineInfo &e : engines) {
        std::string left = "  " + e.name;
        if (left.size() < 18) left.resize(18, ' ');
        s += left + e.summary + "\n";
    }
    std::string params;
    for (const EngineInfo &e : engines)
        for (const std::string &line : split_lines(registry_engines().param_help(e.name)))
            params += "  --" + e.name + "-" + line + "\n";
    if (!params.empty()) s += "\nengine parameters (also `set <mode> <key> <value>`):\n" + params;
    return s;
}

} // namespace pmdfwd
