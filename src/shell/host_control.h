// What shell commands may do to the running application. The application
// (app.cpp) implements it over EAL, ports and lcores; tests implement it
// with a fake to check parsing and state handling without EAL.
#pragma once

#include "engine_host/engine_api.h"
#include "options/config.h"
#include "ports/port_control.h"
#include "util/status.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace pmdfwd {

class HostControl {
  public:
    virtual ~HostControl() = default;

    virtual Config &config() = 0;
    virtual bool running() const = 0;
    // Ok or why not. Shows the forwarding configuration (testpmd's text)
    // before the lcores start printing anything.
    virtual Status start(unsigned tx_first_bursts) = 0;
    // Stops forwarding and returns testpmd's stop report (forward stats).
    virtual std::string stop() = 0;

    virtual std::vector<uint16_t> port_ids() const = 0;
    virtual std::string port_stats(uint16_t port) = 0;
    virtual void clear_port_stats(uint16_t port) = 0;
    virtual std::string fwd_stats() = 0;
    virtual void clear_fwd_stats() = 0;
    virtual std::string fwd_config() = 0;
    // Every mbuf pool's size, in-use and available counts (`show mempool`).
    virtual std::string mempool_info() = 0;
    // Forwarding lcores available (EAL lcores but the main one).
    virtual size_t nb_fwd_lcores() const = 0;
    // The forwarding lcores configured (--coremask, `set corelist`).
    virtual std::vector<unsigned> fwd_lcore_ids() const = 0;
    // `set corelist|coremask`: ok or testpmd's refusal (an lcore EAL lacks,
    // the main lcore).
    virtual Status set_fwd_lcores(const std::vector<unsigned> &lcores) = 0;
    // Streams the current settings give (at least one), or why none.
    virtual Result<size_t> nb_streams() const = 0;

    virtual Status set_tx_vlan(uint16_t port, bool on, uint16_t tci, std::string *note) = 0;
    virtual void set_peer(uint16_t port, const std::array<uint8_t, 6> &mac) = 0;
    // Turns TX offloads of a stopped port on or off (`csum set ... hw|sw`),
    // for the device and for what engines read: ok or why not (the port is
    // started: "Please stop port N first"; the PMD lacks an offload).
    virtual Status set_tx_offloads(uint16_t port, uint64_t offloads, bool on) = 0;
    // The TX offloads a port has enabled and those its PMD offers; false
    // for a port that does not exist.
    virtual bool tx_offloads(uint16_t port, uint64_t *enabled, uint64_t *capa) const = 0;
    virtual void request_quit() = 0;
    virtual bool quit_pending() const = 0;
    // True once for a SIGINT that arrived since the last call, which is then
    // taken: it ends a running `load` instead of the session.
    virtual bool take_interrupt() = 0;
    // The lines of a command file (`load FILE`), or an error when it is not
    // a readable regular file of reasonable size.
    virtual Result<std::vector<std::string>> read_command_file(const std::string &path) = 0;
    // The engines: names, parameters, state, plugin loading.
    virtual EngineApi &engines() = 0;
    // The ports: what ethdev says, modes and filters, configuration, start/stop.
    virtual PortControl &port_control() = 0;
};

} // namespace pmdfwd
