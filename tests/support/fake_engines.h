// An EngineApi without engines: two modes shaped like io (no parameters, no
// state) and macswap (one parameter, a state line), and a load() that never
// opens a file; a test gives a mode commands (EngineInfo::commands) and
// reads what their runs were asked. The shell's tests and its fuzzer use it, so they exercise
// the shell's own handling (and EngineApi's messages) and link no engine.
#pragma once

#include "engine_host/engine_api.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace pmdfwd::testing {

class FakeEngines : public EngineApi {
  public:
    std::vector<EngineInfo> engines = {{"io", "forward as received", false, false},
                                       {"macswap", "swap MAC addresses", true, true}};
    std::string kernel = "auto";
    std::vector<std::string> loads; // every path load() was asked for
    int set_param_calls = 0;
    // Commands an engine loaded as "<name>.so" declares.
    std::map<std::string, std::vector<EngineCommand>> plugin_commands;
    struct CommandRun {
        std::string mode;
        size_t index;
        std::vector<std::string> args;
        bool forwarding;
    };
    std::vector<CommandRun> command_runs;

    std::vector<EngineInfo> list() const override { return engines; }
    // Nothing to forward with: the shell never runs an engine.
    const pmdfwd_engine *descriptor(std::string_view) const override { return nullptr; }
    std::string origin(std::string_view mode) const override {
        return find(mode) ? "built-in" : "";
    }

    // "<name>.so" adds the mode <name> (once); anything else is refused.
    Status load(const std::string &path) override {
        loads.push_back(path);
        const std::string name = path.size() > 3 && path.ends_with(".so")
                                     ? path.substr(0, path.size() - 3)
                                     : std::string();
        if (name.empty() || find(name)) return Error("cannot load plugin: " + path);
        engines.push_back({name, "loaded", false, false, plugin_commands[name]});
        std::sort(engines.begin(), engines.end(),
                  [](const EngineInfo &a, const EngineInfo &b) { return a.name < b.name; });
        return {};
    }

  protected:
    Status engine_set_param(const std::string &, const std::string &key,
                            const std::string &value) override {
        set_param_calls++;
        if (key != "kernel")
            return Error("unknown macswap parameter '" + key + "' (allowed: kernel)");
        if (value != "auto" && value != "scalar")
            return Error("unknown macswap kernel '" + value + "' (allowed: auto, scalar)");
        kernel = value;
        return {};
    }
    std::string engine_describe(const std::string &) const override {
        return "macswap kernel: " + kernel;
    }
    std::string engine_param_help(const std::string &mode) const override {
        return mode == "macswap" ? "kernel=NAME  SIMD kernel (NAME: auto|scalar)\n" : "";
    }
    // Says what it was given; refuses an argument "bad".
    bool engine_run_command(const std::string &mode, size_t index,
                            const std::vector<std::string> &args, bool forwarding, CommandPorts *,
                            std::string *out) override {
        command_runs.push_back({mode, index, args, forwarding});
        std::string said = mode + " command " + std::to_string(index) + ":";
        for (const std::string &a : args)
            said += " " + a;
        *out += said + "\n";
        return std::find(args.begin(), args.end(), "bad") == args.end();
    }
};

} // namespace pmdfwd::testing
