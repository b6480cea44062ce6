// The engines as the control side (shell, options, `show config fwd`) sees
// them: by name, through one interface, with the C ABI's buffers and
// messages handled once (abi_calls.h). The shell reaches it through
// its Host (shell/host_control.h), so tests and fuzzers can hand it a fake.
#pragma once

#include "util/status.h"

#include <pmdfwd/engine.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pmdfwd {

// One shell command an engine declares (pmdfwd_command).
struct EngineCommand {
    std::string syntax;
    std::string help;
    bool needs_stopped = false;
    bool operator==(const EngineCommand &) const = default;
};

// Another option name for one of an engine's parameters (pmdfwd_param.alias):
// --<alias>=<value> means --<engine>-<key>=<value>.
struct EngineAlias {
    std::string alias;
    std::string key;
    std::string metavar;
    std::string help;
    bool flag = false; // on|off: given alone, means on
    bool operator==(const EngineAlias &) const = default;
};

struct EngineInfo {
    std::string name;
    std::string summary;
    bool has_params = false; // a parameter table
    bool has_state = false;  // describe
    std::vector<EngineCommand> commands = {};
    std::vector<EngineAlias> aliases = {};
    // The keys of its parameter table: --<name>-<key> on the command line.
    std::vector<std::string> param_keys = {};
    // Words besides its name that its command rows may be named by
    // (pmdfwd_engine.command_words).
    std::vector<std::string> command_words = {};
};

// What an engine's command may ask of the ports (pmdfwd_command_ctx's
// port calls); the shell hands its own.
class CommandPorts {
  public:
    virtual ~CommandPorts() = default;
    // False for a port that does not exist.
    virtual bool tx_offloads(uint16_t port, uint64_t *enabled, uint64_t *capa) = 0;
    // Ok or why not (a started port: "Please stop port N first").
    virtual Status set_tx_offloads(uint16_t port, uint64_t mask, bool on) = 0;
};

// The checks of engines about to register (adding) against a table that a
// layer above the registry owns and against the engines registered, so that
// the registry refuses a plugin that clashes before registering any of its
// engines: ok or why not. main installs them (the layers that own the tables
// are above this one); without one (a tool that has no shell, a unit test)
// nothing is checked against that table.
//   Commands: the shell's rows and the engines' command rows.
//   Options: the option table; a parameter alias that takes over an option,
//            an abbreviation or another engine's --<engine>-<key>.
enum class EngineCheck { Commands, Options };
using EngineCheckFn = Status (*)(const std::vector<EngineInfo> &registered,
                                 const std::vector<EngineInfo> &adding);
void set_engine_check(EngineCheck which, EngineCheckFn check);
EngineCheckFn engine_check(EngineCheck which);

// The checks and messages are here; an implementation (the registry's, or a
// test's fake) supplies the list and the calls into one engine.
class EngineApi {
  public:
    virtual ~EngineApi() = default;

    // Every engine, sorted by name (help text and completion are stable).
    virtual std::vector<EngineInfo> list() const = 0;
    // Loads a plugin shared object, or says why it was refused.
    virtual Status load(const std::string &path) = 0;
    // What the forwarder runs: the engine's descriptor, or nullptr for a
    // mode nobody registered (and in a fake without engines).
    virtual const pmdfwd_engine *descriptor(std::string_view mode) const = 0;
    // "built-in" or the plugin's path ("" for an unknown mode).
    virtual std::string origin(std::string_view mode) const = 0;

    std::optional<EngineInfo> find(std::string_view mode) const;
    std::string names(std::string_view sep = ", ") const;
    // The one message for a mode nobody registered, with the allowed ones.
    std::string unknown_mode(std::string_view mode) const;

    // Ok or why not: unknown mode, no parameters, or the engine's message.
    Status set_param(std::string_view mode, const std::string &key, const std::string &value);
    // `show fwd <mode>`: the engine's text, or why not.
    Result<std::string> describe(std::string_view mode) const;
    // One line per parameter ("key=VALUE  what"); "" when it has none.
    std::string param_help(std::string_view mode) const;
    // Runs command `index` of mode's EngineInfo::commands with the words
    // that filled its placeholders; appends its answer to *out (ending in a
    // newline). False, saying why, when the engine refused or there is no
    // such command.
    // ports answers its port calls.
    bool run_command(std::string_view mode, size_t index, const std::vector<std::string> &args,
                     bool forwarding, CommandPorts *ports, std::string *out);

  protected:
    // Called only for a listed engine that has the hook (EngineInfo).
    virtual Status engine_set_param(const std::string &mode, const std::string &key,
                                    const std::string &value) = 0;
    virtual std::string engine_describe(const std::string &mode) const = 0;
    // Called for any listed engine.
    virtual std::string engine_param_help(const std::string &mode) const = 0;
    // Called for an index within the listed engine's commands.
    virtual bool engine_run_command(const std::string &mode, size_t index,
                                    const std::vector<std::string> &args, bool forwarding,
                                    CommandPorts *ports, std::string *out) = 0;
};

// The process's engines: the registry (built-ins and loaded plugins). main()
// reaches them here once and hands them to everyone else (options, App, the
// shell's Host, the forwarder, telemetry): tests hand a fake instead.
EngineApi &registry_engines();

} // namespace pmdfwd
