#include "engine_host/engine_api.h"

#include "engine_host/abi_calls.h"
#include "engine_host/engine_commands.h"
#include "engine_host/engine_params.h"
#include "engine_host/engine_registry.h"
#include "text/printable.h"

namespace pmdfwd {

namespace {

class RegistryEngines final : public EngineApi {
  public:
    std::vector<EngineInfo> list() const override {
        std::vector<EngineInfo> v;
        for (const pmdfwd_engine *e : EngineRegistry::instance().all())
            v.push_back(engine_listing(*e));
        return v;
    }
    Status load(const std::string &path) override { return load_engine_plugin(path); }
    const pmdfwd_engine *descriptor(std::string_view mode) const override {
        return EngineRegistry::instance().find(mode);
    }
    std::string origin(std::string_view mode) const override {
        return EngineRegistry::instance().origin(mode);
    }

  protected:
    Status engine_set_param(const std::string &mode, const std::string &key,
                            const std::string &value) override {
        return pmdfwd::set_engine_param(engine(mode), key, value);
    }
    std::string engine_describe(const std::string &mode) const override {
        return call_describe(engine(mode));
    }
    std::string engine_param_help(const std::string &mode) const override {
        return pmdfwd::engine_param_help(engine(mode));
    }
    bool engine_run_command(const std::string &mode, size_t index,
                            const std::vector<std::string> &args, bool forwarding,
                            CommandPorts *ports, std::string *out) override {
        return run_engine_command(engine(mode), index, args, forwarding, ports, out);
    }

  private:
    // EngineApi calls the hooks for listed modes only, and nothing is ever
    // unregistered.
    static const pmdfwd_engine &engine(const std::string &mode) {
        return *EngineRegistry::instance().find(mode);
    }
};

} // namespace

std::optional<EngineInfo> EngineApi::find(std::string_view mode) const {
    for (EngineInfo &e : list())
        if (e.name == mode) return std::move(e);
    return std::nullopt;
}

std::string EngineApi::names(std::string_view sep) const {
    std::string s;
    for (const EngineInfo &e : list())
        s += (s.empty() ? "" : std::string(sep)) + e.name;
    return s;
}

Status EngineApi::set_param(std::string_view mode, const std::string &key,
                            const std::string &value) {
    const std::optional<EngineInfo> e = find(mode);
    if (!e) return Error(unknown_mode(mode));
    if (!e->has_params) return Error("engine " + e->name + " has no parameters");
    return engine_set_param(e->name, key, value);
}

Result<std::string> EngineApi::describe(std::string_view mode) const {
    const std::optional<EngineInfo> e = find(mode);
    if (!e) return Error(unknown_mode(mode));
    if (!e->has_state) return Error("engine " + e->name + " has no state to show");
    return engine_describe(e->name);
}

std::string EngineApi::param_help(std::string_view mode) const {
    const std::optional<EngineInfo> e = find(mode);
    return e ? engine_param_help(e->name) : std::string();
}

bool EngineApi::run_command(std::string_view mode, size_t index,
                            const std::vector<std::string> &args, bool forwarding,
                            CommandPorts *ports, std::string *out) {
    const std::optional<EngineInfo> e = find(mode);
    if (!e || index >= e->commands.size()) {
        *out += (e ? "engine " + e->name + " has no command " + std::to_string(index)
                   : unknown_mode(mode)) +
                "\n";
        return false;
    }
    return engine_run_command(e->name, index, args, forwarding, ports, out);
}

std::string EngineApi::unknown_mode(std::string_view mode) const {
    return "unknown mode '" + std::string(mode) + "' (allowed: " + names(", ") + ")";
}

namespace {
EngineCheckFn g_checks[2] = {nullptr, nullptr};
} // namespace

void set_engine_check(EngineCheck which, EngineCheckFn check) {
    g_checks[static_cast<size_t>(which)] = check;
}

EngineCheckFn engine_check(EngineCheck which) {
    return g_checks[static_cast<size_t>(which)];
}

EngineInfo engine_listing(const pmdfwd_engine &e) {
    return {e.name,
            printable(e.summary ? e.summary : ""),
            has_params(e),
            e.describe != nullptr,
            engine_commands(e),
            engine_aliases(e),
            engine_param_keys(e),
            engine_command_words(e)};
}

EngineApi &registry_engines() {
    static RegistryEngines engines;
    return engines;
}

} // namespace pmdfwd
