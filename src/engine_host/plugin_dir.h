// The plugin directory: <libdir>/pmdfwd of the installed pmdfwd (Debian:
// /usr/lib/<triplet>/pmdfwd), as DPDK's EAL has its driver directory. Every
// engine plugin there is loaded at start-up; a bare --engine-plugin file
// name is also looked up there.
#pragma once

#include "engine_host/engine_api.h"
#include "util/status.h"

#include <string>

namespace pmdfwd {

// PMDFWD_PLUGIN_DIR from the environment when set (a staged install, a
// test), else the directory this pmdfwd was configured with.
std::string plugin_dir();

// Loads every *.so in dir, in name order. A directory that does not exist
// holds no plugins; an error is the first plugin's refusal, which names it.
Status load_plugin_dir(const std::string &dir, EngineApi &engines);

} // namespace pmdfwd
