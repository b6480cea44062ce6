// Forwarding state: the streams of the current configuration, the lcores
// that run them, and `start` / `stop` as testpmd does them.
#pragma once

#include "engine_host/engine_api.h"
#include "fwd/dcb_layout.h"
#include "fwd/fwd_stats.h"
#include "fwd/fwd_view.h"
#include "fwd/lcore_loop.h"
#include "fwd/stream.h"
#include "fwd/stream_plan.h"
#include "options/config.h"
#include "ports/ports.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace pmdfwd {

// The streams of the configuration on these ports: build_streams under the
// port topology, except for an engine that replies (F_REPLIES), whose
// streams send back on the port and queue they receive from, as testpmd's.
Result<std::vector<StreamSpec>> plan_fwd_streams(const Config &cfg, const EngineApi &engines,
                                                 const std::vector<uint16_t> &ports);

class Forwarder {
  public:
    Forwarder(Config &cfg, Ports &ports, EngineApi &engines, std::vector<unsigned> fwd_lcores);
    ~Forwarder();

    // Builds the streams, runs the engine's hooks, sends tx_first_bursts
    // bursts on every stream (testpmd's tx_first) and launches the lcores.
    // An error says why forwarding did not start (nothing is left running).
    // `shown` runs just before the lcores launch: testpmd shows the
    // configuration there, ahead of anything the lcores print.
    Status start(unsigned tx_first_bursts, const std::function<void()> &shown = {});
    void stop();
    bool running() const { return running_; }
    // `set verbose <n>`: the engines' level (pmdfwd_fwd_params), read by
    // the lcores once per burst, so it takes effect while forwarding runs.
    void set_verbose(unsigned level);
    // The port carries one of the streams that run (or would run) now.
    bool uses_port(uint16_t port) const;

    // Forward statistics since the last start or clear.
    FwdStats collect() const { return collect_fwd_stats(view(), !running_); }
    // What the statistics are computed from; shares the streams, so another
    // thread may read it while the next start builds new ones.
    FwdView view() const;
    void clear();
    // `show config fwd`: testpmd's stream lines, then a blank line.
    std::string describe() const;
    // The first two lines of testpmd's rxtx_config_display (start's display).
    std::string rxtx_header() const;
    // The engine's own state lines (its describe hook): a
    // pmdfwd addition, "" under --testpmd-texts.
    std::string engine_state() const;

    const std::vector<unsigned> &fwd_lcores() const { return fwd_lcores_; }
    // Forwarding lcores the next start uses: nb_cores, capped by lcores and streams.
    size_t nb_lcores_used() const;
    // `set corelist`: the lcores the next start uses (forwarding stopped).
    void set_fwd_lcores(std::vector<unsigned> lcores) { fwd_lcores_ = std::move(lcores); }
    // Work this lcore does while forwarding runs (metrics publishing): in
    // its forwarding loop, or, when the next start gives it no stream, in a
    // loop of its own for as long as forwarding runs (as testpmd's
    // forwarding lcore, which publishes whatever streams it has).
    void set_lcore_duty(unsigned lcore, LcoreDuty duty);
    // The ports the current settings forward on (--portmask, --portlist,
    // --nb-ports), or why none; absent listed ports go to *note.
    Result<std::vector<uint16_t>> fwd_ports(std::string *note = nullptr) const;
    // The streams the current settings give (at least one), or why none.
    Result<size_t> nb_streams_for_config() const;
    // The streams on these ports and the lcores that would poll them:
    // plan_fwd_streams spread evenly over the forwarding lcores, or, with
    // ports in DCB mode and several queues, testpmd's DCB layout.
    Result<StreamLayout> layout(const std::vector<uint16_t> &ports) const;

  private:
    Status build(const pmdfwd_engine *engine);
    size_t nb_lcores_configured() const;
    bool dcb_forwarding() const;
    bool port_in_dcb_mode(uint16_t port) const;
    Result<StreamLayout> dcb_streams(const std::vector<uint16_t> &ports) const;
    void set_packet_params();
    void init_stream(size_t idx, unsigned lcore, const pmdfwd_engine *engine);
    std::unique_ptr<LcoreContext> make_lcore_context(const pmdfwd_engine *engine, unsigned lcore,
                                                     const std::vector<size_t> &group);
    LcoreDuty duty_of(unsigned lcore) const;
    void add_duty_only_contexts();
    bool queue_started(uint16_t port, bool rx, uint16_t queue) const;
    Status init_engine(const pmdfwd_engine *engine);
    void fini_engine();
    Status check_tx_first() const;
    void send_tx_first(unsigned bursts);
    void snapshot_ports();

    Config &cfg_;
    Ports &ports_;
    EngineApi &engines_;
    std::vector<unsigned> fwd_lcores_;
    const pmdfwd_engine *engine_ = nullptr;
    pmdfwd_fwd_params params_{};
    std::shared_ptr<Stream[]> streams_;
    std::vector<uint16_t> fwd_ports_; // of the streams built last
    std::vector<StreamSpec> specs_;
    std::vector<unsigned> stream_lcores_; // per spec
    std::vector<std::unique_ptr<LcoreContext>> contexts_;
    std::vector<unsigned> context_lcores_; // per context
    std::vector<std::pair<unsigned, LcoreDuty>> duties_;
    std::vector<unsigned> launched_;
    std::vector<rte_eth_stats> base_; // port counters at start/clear
    std::atomic<bool> stop_{false};
    std::atomic<bool> overrun_reported_{false};
    bool running_ = false;
    bool engine_started_ = false;
};

} // namespace pmdfwd
