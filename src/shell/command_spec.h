// What a shell command family file needs: the row type of the one command
// table (src/shell/command_table.cpp parses, checks, helps, completes and prints usage
// from it) and the helpers every family shares. The families themselves are
// listed in src/shell/command_families.h (README: "Adding a shell command family").
#pragma once

#include "shell/args.h"
#include "shell/host_control.h"
#include "shell/syntax.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace pmdfwd::shell {

// What a command may reach (the Host's pieces: c.config, c.life, c.lcores,
// c.stats, c.ports, c.engines, c.files) and where its text goes.
struct Ctx : Host {
    std::string *out;
};

// One command. Syntax tokens: literal words, <placeholder>, a|b choices,
// a trailing [optional] token. When several rows match a line, the one with
// the most literal words wins, so a row's place in the table does not matter
// for parsing; it is the order `help` lists it in.
// A placeholder takes what .types declares for it (src/shell/syntax.h's
// arg:: helpers: a number with its range, a MAC, a port list, ...), else
// what the default table says (<port>, all|<port>, <queue>, <mac>, <mode>),
// else any word. The table checks every argument before the row runs and
// refuses the line with the first bad one's message, so run reads typed
// values (args.h): a.port(0), a.number(1), a.ports(0), a.mac(1), a.word(2).
// Rows are written with designated initializers; a row that may run while
// forwarding leaves .needs_stopped out.
struct Spec {
    const char *syntax = nullptr;
    const char *help = nullptr;
    bool needs_stopped = false;
    std::vector<ArgType> types = {};
    std::function<bool(Ctx &, const Args &)> run;
    // For a row that ends in "<name>...": what may follow the words it has
    // taken so far (TAB completion; the row's grammar knows, the table not).
    std::function<std::vector<std::string>(const std::vector<std::string> &)> complete_rest = {};
};

// Appends msg and a newline to the output; returns false (the command failed).
bool fail(Ctx &c, const std::string &msg);

// testpmd's eth_dev_info_get_print_err: ethdev refused a port's device
// info; says so and returns false.
bool dev_info_failed(Ctx &c, uint16_t port, const Status &refused);

// testpmd's check before a change that reconfigures every port: true when all
// ports are stopped, else false after "Please stop all ports first".
bool all_ports_stopped(Ctx &c);

// Ready-made run functions for the commonest rows, over the statistics:
//   {.syntax = "show fwd stats all", .help = "...", .run = print<&Stats::fwd_stats>}
//   {.syntax = "show port stats all|<port>", .help = "...",
//    .run = print_ports<&Stats::port_stats>}
// (the port placeholder must be the row's first argument).

// Appends what the host answers.
template <std::string (Stats::*Query)()>
bool print(Ctx &c, const Args &) {
    *c.out += (c.stats.*Query)();
    return true;
}

// Asks the host to do something that cannot fail.
template <void (Stats::*Action)()>
bool act(Ctx &c, const Args &) {
    (c.stats.*Action)();
    return true;
}

// Appends the host's answer for each port of "all|<port>".
template <std::string (Stats::*Query)(uint16_t)>
bool print_ports(Ctx &c, const Args &a) {
    for (uint16_t p : a.ports(0))
        *c.out += (c.stats.*Query)(p);
    return true;
}

// Asks the host to do something to each port of "all|<port>".
template <void (Stats::*Action)(uint16_t)>
bool act_ports(Ctx &c, const Args &a) {
    for (uint16_t p : a.ports(0))
        (c.stats.*Action)(p);
    return true;
}

// Sets a host setting from the row's on|off (its first argument):
//   {.syntax = "set record-burst-stats on|off", .help = "...",
//    .run = set_flag<&Config::record_burst_stats>}
template <bool Config::*Flag>
bool set_flag(Ctx &c, const Args &a) {
    c.config.*Flag = a.on(0);
    return true;
}

// Runs Each for each port of "all|<port>", going on past a port that fails as
// testpmd does; false when any failed:
//   {.syntax = "show port fdir all|<port>", .help = "...", .run = each_port<show_fdir>}
template <bool (*Each)(Ctx &, uint16_t)>
bool each_port(Ctx &c, const Args &a) {
    bool all = true;
    for (uint16_t p : a.ports(0))
        all = Each(c, p) && all;
    return all;
}

} // namespace pmdfwd::shell
