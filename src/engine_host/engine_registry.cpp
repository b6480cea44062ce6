#include "engine_host/engine_registry.h"

#include "engine_host/abi_calls.h"
#include "engine_host/engine_commands.h"
#include "engine_host/engine_params.h"
#include "engine_host/plugin_dir.h"

#include "text/text_format.h"

#include <pmdfwd/engine_register.h>

#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <set>

namespace pmdfwd {

EngineRegistry &EngineRegistry::instance() {
    // Function-local so that registrars in other translation units can run
    // before or after this one during static initialisation.
    static EngineRegistry registry;
    return registry;
}

// An engine's settings, not its packet buffers: those belong in mempools.
constexpr size_t kMaxContext = size_t{16} << 20;

// Bits this host knows the meaning of: an unknown one is a flag the engine
// relies on and the host would silently ignore.
constexpr uint32_t kKnownEngineFlags = PMDFWD_ENGINE_F_NO_RX | PMDFWD_ENGINE_F_GENERATOR |
                                       PMDFWD_ENGINE_F_RX_CKSUM_STATS | PMDFWD_ENGINE_F_REPLIES |
                                       PMDFWD_ENGINE_F_DEFAULT | PMDFWD_ENGINE_F_GROWS |
                                       PMDFWD_ENGINE_F_COUNTS_RX | PMDFWD_ENGINE_F_QUIET_START;

Status check_abi_version(const pmdfwd_engine &engine, std::string_view what) {
    if (engine.abi_version == PMDFWD_ENGINE_ABI_VERSION) return {};
    return Error(std::string(what) + " was built for pmdfwd engine ABI " +
                 std::to_string(engine.abi_version) + "; this pmdfwd speaks ABI " +
                 std::to_string(PMDFWD_ENGINE_ABI_VERSION) +
                 " (rebuild it against this pmdfwd's <pmdfwd/engine.h>)");
}

static bool valid_name(std::string_view name) {
    if (name.empty() || name.size() > 32) return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    });
}

Status EngineRegistry::add(const pmdfwd_engine *engine, std::string origin) {
    if (engine == nullptr) return Error("engine descriptor is NULL");
    // Nothing past abi_version is read from another version's descriptor.
    if (Status abi = check_abi_version(*engine, "engine descriptor"); !abi) return abi;
    std::string_view name = engine->name ? engine->name : "";
    if (!valid_name(name))
        return Error("engine name '" + std::string(name) +
                     "' is not allowed (1..32 characters of a-z, 0-9, '_', '-')");
    if (engine->burst == nullptr)
        return Error("engine '" + std::string(name) + "' has no burst function");
    if ((engine->flags & ~kKnownEngineFlags) != 0)
        return Error("engine '" + std::string(name) + "' has unknown flags " +
                     text_format("0x%x", engine->flags & ~kKnownEngineFlags) +
                     " (allowed: PMDFWD_ENGINE_F_NO_RX, _GENERATOR, _RX_CKSUM_STATS, _REPLIES, "
                     "_DEFAULT)");
    if (Status table = check_param_table(*engine); !table) return table;
    if (Status commands = check_command_table(*engine); !commands) return commands;
    if (engine->ctx_size > kMaxContext)
        return Error("engine '" + std::string(name) + "' declares a context of " +
                     std::to_string(engine->ctx_size) + " bytes (allowed: 0.." +
                     std::to_string(kMaxContext) + ")");
    // Without a context the host never calls ctx_init, and the hooks would
    // get NULL where the engine expects its initialised state.
    if (engine->ctx_init != nullptr && engine->ctx_size == 0)
        return Error("engine '" + std::string(name) +
                     "' has ctx_init but ctx_size 0 (ctx_init needs a ctx_size > 0)");
    if (const pmdfwd_engine *other = find(name))
        return Error("engine name '" + std::string(name) + "' is already taken by " +
                     this->origin(other->name));
    if (engine->flags & PMDFWD_ENGINE_F_DEFAULT)
        for (const Entry &e : entries_)
            if (e.engine->flags & PMDFWD_ENGINE_F_DEFAULT)
                return Error("engine '" + std::string(name) +
                             "' declares itself the default mode, which '" + e.engine->name +
                             "' already is (PMDFWD_ENGINE_F_DEFAULT: one engine at most)");
    auto pos =
        std::lower_bound(entries_.begin(), entries_.end(), name,
                         [](const Entry &e, std::string_view n) { return e.engine->name < n; });
    entries_.insert(pos, Entry{engine, std::move(origin)});
    return {};
}

const pmdfwd_engine *EngineRegistry::find(std::string_view name) const {
    for (const Entry &e : entries_)
        if (name == e.engine->name) return e.engine;
    return nullptr;
}

std::vector<const pmdfwd_engine *> EngineRegistry::all() const {
    std::vector<const pmdfwd_engine *> v;
    for (const Entry &e : entries_)
        v.push_back(e.engine);
    return v;
}

std::string EngineRegistry::names(std::string_view sep) const {
    std::string s;
    for (const Entry &e : entries_) {
        if (!s.empty()) s += sep;
        s += e.engine->name;
    }
    return s;
}

std::string EngineRegistry::origin(std::string_view name) const {
    for (const Entry &e : entries_)
        if (name == e.engine->name) return e.origin;
    return {};
}

namespace {

// A name without '/' is dlopen's to find (LD_LIBRARY_PATH, the cache, the
// system directories), after pmdfwd's plugin directory; never the current
// directory, which dlopen does not search either: run as root from a
// world-writable directory, that would run a planted file. ./x.so means it.
std::string plugin_file(const std::string &path) {
    if (path.find('/') != std::string::npos) return path;
    const std::string in_dir = plugin_dir() + "/" + path;
    if (access(in_dir.c_str(), F_OK) == 0) return in_dir;
    return path;
}

// dlopen() of a FIFO (or a terminal) blocks in open() until a writer comes,
// and a directory or device is no shared object: only a regular file may be
// loaded. A file that does not exist is dlopen's to report.
Status check_regular_file(const std::string &file) {
    struct stat st {};
    if (file.find('/') == std::string::npos || stat(file.c_str(), &st) != 0) return {};
    if (S_ISREG(st.st_mode)) return {};
    return Error("cannot load plugin: " + file +
                 " is not a regular file (a FIFO, directory or device cannot be loaded; expected "
                 "a .so file)");
}

// Registers every engine of a plugin, or none: each one goes into a copy of
// the registry first, so it is checked against the engines already there
// (names, the one default mode) and its siblings, then against the shell's
// commands and the option table.
Status register_all(const std::vector<const pmdfwd_engine *> &adding, const std::string &path) {
    EngineRegistry trial = EngineRegistry::instance();
    for (const pmdfwd_engine *e : adding)
        if (Status added = trial.add(e, path); !added) return added;
    if (Status fits = check_new_engines(adding); !fits) return fits;
    EngineRegistry::instance() = std::move(trial);
    return {};
}

} // namespace

Status load_engine_plugin(const std::string &path) {
    if (path.empty()) return Error("cannot load plugin: the path is empty (expected a .so file)");
    const std::string file = plugin_file(path);
    if (Status regular = check_regular_file(file); !regular) return regular;
    // The same file twice (found in the plugin directory and named on the
    // command line, or `load engine` again) is loaded once. A bare name is
    // dlopen's to find: realpath would look in the current directory.
    char *real = file.find('/') != std::string::npos ? realpath(file.c_str(), nullptr) : nullptr;
    const std::string key = real != nullptr ? real : file;
    std::free(real);
    static std::set<std::string> loaded;
    if (loaded.count(key)) return {};
    void *handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) return Error(std::string("cannot load plugin: ") + dlerror());
    auto entry = reinterpret_cast<pmdfwd_plugin_entry_fn>(dlsym(handle, PMDFWD_PLUGIN_ENTRY));
    if (entry == nullptr) {
        dlclose(handle);
        return Error("'" + path +
                     "' is not a pmdfwd engine plugin (no " PMDFWD_PLUGIN_ENTRY " symbol)");
    }
    const Result<const pmdfwd_engine *const *> listed = call_plugin_entry(entry);
    if (!listed) {
        dlclose(handle);
        return Error("plugin '" + path + "' refused to load: " + listed.message());
    }
    std::vector<const pmdfwd_engine *> adding;
    for (const pmdfwd_engine *const *e = *listed; *e != nullptr; ++e)
        adding.push_back(*e);
    for (const pmdfwd_engine *e : adding)
        if (Status abi = check_abi_version(*e, "engine plugin '" + path + "'"); !abi) {
            dlclose(handle);
            return abi;
        }
    if (Status registered = register_all(adding, path); !registered) {
        dlclose(handle);
        return Error("plugin '" + path + "' refused: " + registered.message());
    }
    // The handle stays open for the life of the process: its engines'
    // code and descriptors are in it.
    loaded.insert(key);
    return {};
}

std::string default_forward_mode() {
    for (const pmdfwd_engine *e : EngineRegistry::instance().all())
        if (e->flags & PMDFWD_ENGINE_F_DEFAULT) return e->name;
    return {};
}

Status check_new_engines(const std::vector<const pmdfwd_engine *> &adding) {
    std::vector<EngineInfo> registered, added;
    for (const pmdfwd_engine *e : EngineRegistry::instance().all())
        registered.push_back(engine_listing(*e));
    for (const pmdfwd_engine *e : adding)
        added.push_back(engine_listing(*e));
    for (const EngineCheck which : {EngineCheck::Commands, EngineCheck::Options})
        if (const EngineCheckFn check = engine_check(which); check != nullptr)
            if (Status ok = check(registered, added); !ok) return ok;
    return {};
}

} // namespace pmdfwd

extern "C" void pmdfwd_register_builtin_engine(const pmdfwd_engine *engine) {
    const pmdfwd::Status added = pmdfwd::EngineRegistry::instance().add(engine, "built-in");
    if (!added) {
        std::fprintf(stderr, "pmdfwd: built-in %s\n", added.message().c_str());
        std::abort();
    }
}
