// The application: EAL is up, options are parsed; App owns the ports and the
// forwarder, implements what shell commands may do (the pieces of Host), and runs
// the non-interactive wait loop or the shell.
#pragma once

#include "app/signal_flag.h"
#include "fwd/forwarder.h"
#include "fwd/fwd_stats.h"
#include "observe/capture.h"
#include "observe/metrics.h"
#include "observe/xstats_display.h"
#include "options/config.h"
#include "ports/bonding_control_ethdev.h"
#include "ports/driver/driver_control_ethdev.h"
#include "ports/flow/flow_control_ethdev.h"
#include "ports/flow/flow_rules.h"
#include "ports/mtr/mtr_control_ethdev.h"
#include "ports/port_control_ethdev.h"
#include "ports/ports.h"
#include "ports/tm/tm_control_ethdev.h"
#include "shell/command_families.h"
#include "shell/command_file.h"
#include "shell/host_control.h"
#include "util/output.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>

namespace pmdfwd {

class App : public Lifecycle, public Lcores, public Stats {
  public:
    // engines: the process's engines, as main reached them (the one way).
    App(Config cfg, EngineApi &engines);
    ~App() override;

    // Lcores, memory lock, ports and pools, or why pmdfwd cannot run.
    Status init();
    // Non-interactive: forward until Enter, a signal or --run-time.
    int run_batch();
    // Interactive shell (also reads piped commands).
    int run_shell();
    // Runs the --cmdline-file files in order; false if one cannot be read.
    bool run_cmdline_file();
    // Stops forwarding (printing the stop report) and closes the ports.
    void shutdown();

    Config &config() { return cfg_; }
    // What shell commands reach: these pieces, the ports and the engines.
    Host host() {
        return {cfg_,     *this,    *this,    *this,     *port_ctl_,
                engines_, files_,   flows_,   encap_,    raw_,
                tm_ctl_,  mtr_ctl_, drv_ctl_, bond_ctl_, shell::command_families()};
    }

    // Lifecycle
    bool running() const override { return fwd_ && fwd_->running(); }
    Status start(unsigned tx_first_bursts) override;
    std::string stop() override;
    bool quit_pending() const override { return quit_requested(); }
    bool take_interrupt() override;

    // Stats
    std::string port_stats(uint16_t port) override;
    void clear_port_stats(uint16_t port) override;
    std::string fwd_stats() override;
    void clear_fwd_stats() override { fwd_->clear(); }
    std::string fwd_config() override { return fwd_->describe() + fwd_->engine_state(); }
    std::string mempool_info() override;

    // Lcores
    size_t nb_fwd_lcores() const override { return fwd_->fwd_lcores().size(); }
    std::vector<unsigned> fwd_lcore_ids() const override { return fwd_->fwd_lcores(); }
    Status set_fwd_lcores(const std::vector<unsigned> &lcores) override;
    Result<size_t> nb_streams() const override { return fwd_->nb_streams_for_config(); }

    // A quit command, a signal, or stdout that can no longer be written.
    // Also --run-time in the shell: a time limit on the whole session.
    bool quit_requested() const {
        return quit_ || g_signal.load() != 0 || output_error() != 0 || run_time_over();
    }

    // Forward statistics since the last start or clear, as numbers.
    FwdStats collect_fwd() const { return fwd_->collect(); }

    // testpmd's deferred removal (rmv_port_callback) of each port whose
    // device went away since the last call; the input loops call it.
    void handle_removals();

    // Runs one shell line and prints its output.
    bool execute(const std::string &line);
    // Runs one shell line into *out; telemetry then sees what it changed.
    bool run_line(const std::string &line, std::string *out);

  protected:
    void quit_session() override { quit_ = true; }

  private:
    bool run_cmdline_file(const Config::CmdlineFile &file);
    bool run_time_over() const {
        return shell_deadline_ && std::chrono::steady_clock::now() >= *shell_deadline_;
    }
    void print_periodic_stats();
    // Hands the telemetry endpoints a copy of what may have changed.
    void publish_telemetry();
    void run_piped();
    void end_shell();

    Config cfg_;
    EngineApi &engines_;
    DiskCommandFiles files_;
    Ports ports_;
    std::unique_ptr<Forwarder> fwd_;
    std::unique_ptr<EthdevPortControl> port_ctl_;
    flow::FlowControlEthdev flow_ctl_;
    flow::FlowRules flows_{flow_ctl_};
    flow::EncapConf encap_;
    flow::RawStore raw_;
    tm::TmControlEthdev tm_ctl_;
    mtr::MtrControlEthdev mtr_ctl_;
    drv::DriverControlEthdev drv_ctl_;
    bonding::BondingControlEthdev bond_ctl_{ports_, cfg_};
    RateTracker rates_;
    PacketCapture capture_;
    Metrics metrics_;
    XstatsDisplay xstats_;
    bool quit_ = false;
    bool closed_ = false;
    std::optional<std::chrono::steady_clock::time_point> shell_deadline_;
};

} // namespace pmdfwd
