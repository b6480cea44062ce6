// What a shell command family file needs: the row type of the one command
// table (src/shell/command_table.cpp parses, helps, completes and prints usage from it)
// and the argument helpers every family shares.
//
// Adding a family: a file src/shell/commands/<family>.cpp defining <family>_commands(),
// its declaration below, its line in command_families() (src/shell/command_table.cpp),
// and its line in src/meson.build.
#pragma once

#include "shell/host_control.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace pmdfwd::shell {

// The words that filled placeholders and optional tokens, in order.
using Args = std::vector<std::string>;

struct Ctx {
    HostControl &host;
    std::string *out;
};

// One command. Syntax tokens: literal words, <placeholder>, a|b choices,
// a trailing [optional] token. When several rows match a line, the one with
// the most literal words wins, so a row's place in the table does not matter
// for parsing; it is the order `help` lists it in.
struct Spec {
    const char *syntax;
    const char *help;
    bool needs_stopped;
    std::function<bool(Ctx &, const Args &)> run;
};

// Appends msg and a newline to the output; returns false (the command failed).
bool fail(Ctx &c, const std::string &msg);

// One existing port id, or nullopt after saying which ids exist.
std::optional<uint16_t> port_arg(Ctx &c, const std::string &word);

// "all" or one existing port id.
std::optional<std::vector<uint16_t>> ports_arg(Ctx &c, const std::string &word);

// An integer in lo..hi, or nullopt after saying what is allowed.
std::optional<uint64_t> uint_arg(Ctx &c, const char *what, const std::string &word, uint64_t lo,
                                 uint64_t hi);

// "on" or "off" into a Config flag.
bool set_on_off(Ctx &c, const char *what, const std::string &word, bool Config::*field);

// Ready-made run functions for the commonest rows:
//   {"show fwd stats all", "...", false, print<&HostControl::fwd_stats>}
//   {"show port stats all|<port>", "...", false, print_ports<&HostControl::port_stats>}
// (the port placeholder must be the row's first argument).

// Appends what the host answers.
template <std::string (HostControl::*Query)()>
bool print(Ctx &c, const Args &) {
    *c.out += (c.host.*Query)();
    return true;
}

// Asks the host to do something that cannot fail.
template <void (HostControl::*Action)()>
bool act(Ctx &c, const Args &) {
    (c.host.*Action)();
    return true;
}

// Appends the host's answer for each port of "all|<port>".
template <std::string (HostControl::*Query)(uint16_t)>
bool print_ports(Ctx &c, const Args &a) {
    auto ports = ports_arg(c, a[0]);
    if (!ports) return false;
    for (uint16_t p : *ports)
        *c.out += (c.host.*Query)(p);
    return true;
}

// Asks the host to do something to each port of "all|<port>".
template <void (HostControl::*Action)(uint16_t)>
bool act_ports(Ctx &c, const Args &a) {
    auto ports = ports_arg(c, a[0]);
    if (!ports) return false;
    for (uint16_t p : *ports)
        (c.host.*Action)(p);
    return true;
}

// The families, in the order `help` lists them.
std::vector<Spec> control_commands();     // start, stop, quit, help
std::vector<Spec> show_commands();        // show ..., clear ...
std::vector<Spec> set_commands();         // set <setting> ...
std::vector<Spec> port_commands();        // per-port settings
std::vector<Spec> engine_commands();      // engines: set fwd, show fwd <mode>, load, parameters
std::vector<Spec> port_info_commands();   // show port info|summary|xstats, device, queues, offloads
std::vector<Spec> port_config_commands(); // port start|stop|close, port config, queue setup
std::vector<Spec> port_filter_commands(); // promisc, allmulti, MAC/multicast/VLAN filters, link
std::vector<Spec> port_rss_commands();    // RSS hash types, key, redirection table
std::vector<Spec> session_commands();     // set verbose, load <file>
std::vector<Spec> fwd_config_commands();  // set portlist|nbport|corelist..., show config rxtx|cores
std::vector<Spec> csum_commands();        // the csum engine's per-port checksum settings

} // namespace pmdfwd::shell
