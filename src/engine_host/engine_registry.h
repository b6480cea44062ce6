// The registry of forwarding engines: built-in ones register themselves from
// engines/<name>/ through PMDFWD_REGISTER_ENGINE (<pmdfwd/engine_register.h>),
// plugins through load_engine_plugin(). The host only ever looks engines up
// by name here.
#pragma once

#include "engine_host/engine_api.h"
#include "util/status.h"

#include <pmdfwd/engine.h>

#include <string>
#include <string_view>
#include <vector>

namespace pmdfwd {

// Ok for a descriptor of this host's PMDFWD_ENGINE_ABI_VERSION; else that
// what ("engine plugin 'x.so'") was built for another, naming both.
Status check_abi_version(const pmdfwd_engine &engine, std::string_view what);

class EngineRegistry {
  public:
    static EngineRegistry &instance();

    // Adds an engine after checking its ABI version, name and burst
    // function, or says what is wrong with it.
    Status add(const pmdfwd_engine *engine, std::string origin);
    const pmdfwd_engine *find(std::string_view name) const;
    // Sorted by name, so help text and completion are stable.
    std::vector<const pmdfwd_engine *> all() const;
    std::string names(std::string_view sep = "|") const;
    std::string origin(std::string_view name) const;

  private:
    struct Entry {
        const pmdfwd_engine *engine;
        std::string origin; // "built-in" or the plugin's path
    };
    std::vector<Entry> entries_;
};

// The registered engine with PMDFWD_ENGINE_F_DEFAULT: the forwarding mode
// when none is chosen ("" when none has it, as in a test without engines).
std::string default_forward_mode();

// Loads every engine a plugin shared object exports, or says why it was
// refused (nothing of a refused plugin stays registered).
Status load_engine_plugin(const std::string &path);

// What EngineApi lists for a registered engine.
EngineInfo engine_listing(const pmdfwd_engine &e);
// The installed checks (EngineCheck: the shell's commands, then the
// options) of engines about to register against those of the process's
// registry: ok or the first refusal; ok where no check is installed.
Status check_new_engines(const std::vector<const pmdfwd_engine *> &adding);

} // namespace pmdfwd
