// The application as shell commands see it: one small interface per concern,
// handed to every command in its Ctx. The application (src/app/app.cpp)
// assembles it over EAL, ports and lcores; tests assemble it from fakes
// (tests/support/fake_host.h) to check parsing and state handling without EAL.
#pragma once

#include "engine_host/engine_api.h"
#include "options/config.h"
#include "ports/bonding_control.h"
#include "ports/driver/driver_control.h"
#include "ports/flow/flow_encap_conf.h"
#include "ports/flow/flow_raw_store.h"
#include "ports/flow/flow_rules.h"
#include "ports/mtr/mtr_control.h"
#include "ports/port_control.h"
#include "ports/tm/tm_control.h"
#include "shell/command_file.h"
#include "shell/lcores.h"
#include "shell/lifecycle.h"
#include "shell/stats.h"

namespace pmdfwd {

namespace shell {
struct Family;
}

struct Host {
    Config &config;
    Lifecycle &life;                  // start, stop, quit, interrupts
    Lcores &lcores;                   // forwarding lcores and the streams they get
    Stats &stats;                     // statistics and configuration texts
    PortControl &ports;               // ethdev, per-port settings, start/stop/close
    EngineApi &engines;               // names, parameters, state, plugin loading
    CommandFiles &files;              // what `load` reads
    flow::FlowRules &flows;           // the ports' flow rules (`flow create`, ...)
    flow::EncapConf &encap;           // the tunnel settings (`set vxlan`, ...) encap actions read
    flow::RawStore &raw;              // `set raw_encap|raw_decap|sample_actions|conntrack`
    tm::TmControl &tm;                // rte_tm (`show port tm cap`, ...)
    mtr::MtrControl &meters;          // rte_mtr (`show port meter cap`, ...)
    drv::DriverControl &drivers;      // the NIC drivers' own APIs (`set vf ...`, `set tx loopback`)
    bonding::BondingControl &bonding; // net_bonding (`create bonded device`, ...)
    // The command families the shell offers (shell/command_families.h): the
    // built-in ones, or a test's table.
    const std::vector<shell::Family> &families;
};

} // namespace pmdfwd
