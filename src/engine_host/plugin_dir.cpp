#include "engine_host/plugin_dir.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <vector>

#ifndef PMDFWD_PLUGIN_DIR
#error "PMDFWD_PLUGIN_DIR: src/meson.build defines it from the install prefix and libdir"
#endif

namespace pmdfwd {

std::string plugin_dir() {
    const char *env = std::getenv("PMDFWD_PLUGIN_DIR");
    return env != nullptr && *env != '\0' ? env : PMDFWD_PLUGIN_DIR;
}

Status load_plugin_dir(const std::string &dir, EngineApi &engines) {
    namespace fs = std::filesystem;
    std::error_code ec;
    std::vector<fs::path> plugins;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->path().extension() == ".so" && it->is_regular_file(ec))
            plugins.push_back(it->path());
    // A missing directory is an installation without plugins; anything else
    // the user should hear about.
    if (ec && ec != std::errc::no_such_file_or_directory)
        return Error("cannot read the plugin directory " + dir + ": " + ec.message());
    std::sort(plugins.begin(), plugins.end());
    for (const fs::path &p : plugins)
        if (Status loaded = engines.load(p.string()); !loaded)
            return Error(loaded.message() + " (in the plugin directory " + dir +
                         ": remove or rebuild it, or set PMDFWD_PLUGIN_DIR)");
    return {};
}

} // namespace pmdfwd
