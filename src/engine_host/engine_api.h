// The engines as the control side (shell, options, `show config fwd`) sees
// them: by name, through one interface, with the C ABI's buffers and
// messages handled once (abi_calls.h). The shell reaches it through
// HostControl::engines(), so tests and fuzzers can hand it a fake.
#pragma once

#include "util/status.h"

#include <pmdfwd/engine.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pmdfwd {

struct EngineInfo {
    std::string name;
    std::string summary;
    bool has_params = false; // a parameter table or set_param
    bool has_state = false;  // describe
};

// The checks and messages are here; an implementation (the registry's, or a
// test's fake) supplies the list and the calls into one engine.
class EngineApi {
  public:
    virtual ~EngineApi() = default;

    // Every engine, sorted by name (help text and completion are stable).
    virtual std::vector<EngineInfo> list() const = 0;
    // Loads a plugin shared object, or says why it was refused.
    virtual Status load(const std::string &path) = 0;

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

  protected:
    // Called only for a listed engine that has the hook (EngineInfo).
    virtual Status engine_set_param(const std::string &mode, const std::string &key,
                                    const std::string &value) = 0;
    virtual std::string engine_describe(const std::string &mode) const = 0;
    // Called for any listed engine.
    virtual std::string engine_param_help(const std::string &mode) const = 0;
};

// The process's engines: the registry (built-ins and loaded plugins).
EngineApi &registry_engines();

} // namespace pmdfwd
