#include "app/app.h"

#include "observe/telemetry.h"
#include "ports/packet_dump.h"
#include "ports/port_text.h"
#include "shell/command_file.h"
#include "shell/command_file_text.h"
#include "shell/command_table.h"
#include "shell/input_loop.h"
#include "shell/log_capture.h"
#include "text/text_format.h"
#include "util/output.h"

#include <rte_cycles.h>
#include <rte_eal.h>
#include <rte_lcore.h>
#include <rte_mempool.h>

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <memory>

namespace pmdfwd {

std::atomic<int> g_signal{0};
std::atomic<bool> g_continued{false};

App::App(Config cfg, EngineApi &engines) : cfg_(std::move(cfg)), engines_(engines) {}

App::~App() {
    shutdown();
}

namespace {

// The forwarding lcores: --coremask's, checked as testpmd's
// set_fwd_lcores_list, else every worker lcore EAL gives except those that
// publish metrics; when only those are left (testpmd's `-l 0-1
// --latencystats=1`) they forward too, and publish from their forwarding loop.
Status forwarding_lcores(const Config &cfg, const std::vector<unsigned> &metric_lcores,
                         std::vector<unsigned> *lcores) {
    auto publishes = [&](unsigned l) {
        return std::find(metric_lcores.begin(), metric_lcores.end(), l) != metric_lcores.end();
    };
    unsigned l;
    if (cfg.fwd_lcore_list.empty()) {
        RTE_LCORE_FOREACH_WORKER(l) {
            if (!publishes(l)) lcores->push_back(l);
        }
        if (lcores->empty()) {
            RTE_LCORE_FOREACH_WORKER(l) {
                lcores->push_back(l);
            }
        }
        if (lcores->empty())
            return Error("no forwarding lcore: give EAL at least two lcores (e.g. -l 0-1); the "
                         "main lcore runs the shell and statistics, the others forward");
    }
    for (unsigned lc : cfg.fwd_lcore_list) {
        if (lc >= RTE_MAX_LCORE || !rte_lcore_is_enabled(lc))
            return Error("--coremask: lcore " + std::to_string(lc) +
                         " not enabled (give it to EAL with -l/--lcores)");
        if (lc == rte_get_main_lcore())
            return Error("--coremask: lcore " + std::to_string(lc) +
                         " cannot be masked on for running packet forwarding, which is the main "
                         "lcore and reserved for command line parsing only");
        lcores->push_back(lc);
    }
    if (cfg.nb_cores > lcores->size())
        return Error("--nb-cores=" + std::to_string(cfg.nb_cores) + " but EAL gives only " +
                     std::to_string(lcores->size()) + " forwarding lcore(s) (allowed: 1.." +
                     std::to_string(lcores->size()) + "; add lcores with -l/--lcores)");
    return {};
}

} // namespace

Status App::init() {
    if (Status metrics = Metrics::check(cfg_); !metrics) return metrics;
    // Lcores that publish metrics forward only when no other worker can.
    const std::vector<unsigned> metric_lcores = Metrics::lcores(cfg_);
    std::vector<unsigned> lcores;
    if (Status found = forwarding_lcores(cfg_, metric_lcores, &lcores); !found) return found;
    if (!cfg_.no_mlockall && mlockall(MCL_CURRENT | MCL_FUTURE) != 0)
        std::printf("pmdfwd: mlockall failed (%m); continuing without locked memory\n");
    ports_.set_stop_requested([] { return g_signal.load() != 0; });
    if (cfg_.flow_isolate_all)
        ports_.set_before_configure([this](uint16_t port, std::string *out) {
            if (flows_.isolate(port, true, out)) return true;
            *out += "Failed to apply isolated mode on port " + std::to_string(port) + "\n";
            return false;
        });
    if (Status set_up = ports_.setup(cfg_, lcores); !set_up) return set_up;
    fwd_ = std::make_unique<Forwarder>(cfg_, ports_, engines_, lcores);
    port_ctl_ = std::make_unique<EthdevPortControl>(
        ports_, cfg_, [this](uint16_t p) { return running() && fwd_->uses_port(p); },
        [this] { return running(); }, [this](unsigned level) { fwd_->set_verbose(level); });
    std::string note;
    const Result<std::vector<uint16_t>> fwd_ports = fwd_->fwd_ports(&note);
    std::fputs(note.c_str(), stderr);
    // Without a port the shell still comes up (interactive only: Ports::setup
    // refused the batch run already); `start` says what is missing.
    const bool portless = ports_.ids().empty();
    if (!fwd_ports && !portless) return fwd_ports.status();
    if (std::string w = topology_warning(cfg_.topology, fwd_ports ? fwd_ports->size() : 0);
        !w.empty())
        std::fprintf(stderr, "\n%s\n\n", w.c_str());
    xstats_.init(ports_.ids(), cfg_.display_xstats);
    if (!portless)
        if (Result<size_t> streams = fwd_->nb_streams_for_config(); !streams)
            return streams.status();
    if (Status capture = capture_.enable(); !capture)
        std::printf("pmdfwd: %s\n", capture.message().c_str());
    if (Status metrics = metrics_.start(cfg_, ports_.ids(), lcores); !metrics) return metrics;
    for (const auto &[lcore, duty] : metrics_.duties())
        fwd_->set_lcore_duty(lcore, duty);
    publish_telemetry();
    return {};
}

void App::publish_telemetry() {
    if (fwd_)
        telemetry::publish(
            std::make_shared<const TelemetrySnapshot>(take_snapshot(cfg_, *fwd_, engines_)));
}

Status App::start(unsigned tx_first_bursts) {
    Status started = fwd_->start(tx_first_bursts, [this] {
        // testpmd's start display: streams, then each port's queues.
        std::string o = fwd_->describe() + fwd_->rxtx_header() + fwd_->engine_state();
        const Result<std::vector<uint16_t>> ports = fwd_->fwd_ports();
        for (uint16_t p : ports ? *ports : std::vector<uint16_t>{})
            o += rxtx_port_text(*port_ctl_, cfg_, p);
        write_output(o);
        flush_output();
    });
    if (started) {
        // Rates count from here: the first block after a start is a rate.
        const uint64_t tsc = rte_rdtsc();
        const Result<std::vector<uint16_t>> ports = fwd_->fwd_ports();
        for (uint16_t p : ports ? *ports : std::vector<uint16_t>{}) {
            rte_eth_stats s{};
            rte_eth_stats_get(p, &s);
            rates_.mark(p, s, tsc);
        }
    }
    publish_telemetry();
    return started;
}

std::string App::stop() {
    std::string o = "Telling cores to stop...\nWaiting for lcores to finish...\n";
    fwd_->stop();
    port_ctl_->lcores_stopped();
    publish_telemetry();
    o += fwd_stats();
    if (const uint64_t n = packet_dump_take_dropped())
        o += "\nVerbose: " + std::to_string(n) +
             " packet dumps dropped: standard output was not ready for them\n";
    return o + "\nDone.\n";
}

void App::handle_removals() {
    const RemovalHooks hooks{
        .carries = [this](uint16_t p) { return running() && fwd_->uses_port(p); },
        .stop_forwarding = [this] { return stop(); },
        .start_forwarding =
            [this] {
                const Status started = start(0); // writes testpmd's start lines itself
                return started ? std::string() : started.message() + "\n";
            },
        .say =
            [](const std::string &text) {
                write_output(text);
                flush_output();
            }};
    for (uint16_t port : ports_.removals().take())
        remove_port(*port_ctl_, port, hooks);
}

Status App::set_fwd_lcores(const std::vector<unsigned> &lcores) {
    const std::vector<unsigned> metric_lcores = metrics_.dedicated_lcores();
    for (unsigned lc : lcores) {
        if (lc >= RTE_MAX_LCORE || !rte_lcore_is_enabled(lc))
            return Error("lcore " + std::to_string(lc) + " not enabled");
        // Accepted, it would fail only at `start` ("busy?"): refused now,
        // as --coremask refuses it, the previous lcores kept.
        if (std::find(metric_lcores.begin(), metric_lcores.end(), lc) != metric_lcores.end())
            return Error("lcore " + std::to_string(lc) +
                         " publishes metrics (--latencystats, --bitrate-stats) and cannot forward");
        if (lc == rte_get_main_lcore())
            return Error("lcore " + std::to_string(lc) +
                         " cannot be masked on for running packet forwarding, which is the main "
                         "lcore and reserved for command line parsing only");
    }
    fwd_->set_fwd_lcores(lcores);
    return {};
}

std::string App::port_stats(uint16_t port) {
    rte_eth_stats s{};
    rte_eth_stats_get(port, &s);
    const uint64_t tsc = rte_rdtsc(), hz = rte_get_tsc_hz();
    const PortRate r = rates_.update(port, s, tsc, hz);
    const auto x = xstats_.sample(
        port, static_cast<uint64_t>(static_cast<double>(tsc) * 1e9 / static_cast<double>(hz)));
    return cfg_.stats_format == StatsFormat::Json ? port_stats_json(port, s, r, x)
                                                  : port_stats_text(port, s, r, x);
}

void App::clear_port_stats(uint16_t port) {
    rte_eth_stats_reset(port);
    rates_.reset(port);
}

std::string App::fwd_stats() {
    const FwdStats f = fwd_->collect();
    return cfg_.stats_format == StatsFormat::Json ? fwd_stats_json(f)
                                                  : fwd_stats_text(f, !cfg_.testpmd_texts);
}

std::string App::mempool_info() {
    std::string o;
    for (const auto &[socket, mp] : ports_.pools()) {
        // Available includes what lcore caches hold, so with forwarding
        // stopped in-use is exactly what sits in port rings, or leaked.
        const unsigned size = mp->size, avail = rte_mempool_avail_count(mp);
        if (cfg_.stats_format == StatsFormat::Json)
            append_format(&o,
                          "{\"mempool\":\"%s\",\"socket\":%d,\"size\":%u,\"in_use\":%u,"
                          "\"available\":%u}\n",
                          mp->name, socket, size, size - avail, avail);
        else
            append_format(&o, "  mempool <%s> socket=%d: size=%u in-use=%u available=%u\n",
                          mp->name, socket, size, size - avail, avail);
    }
    return o;
}

bool App::run_line(const std::string &line, std::string *out) {
    const bool ok = run_command(host(), line, out);
    publish_telemetry();
    return ok;
}

bool App::execute(const std::string &line) {
    std::string out;
    bool ok;
    {
        LogCapture logs(&out);
        ok = run_line(line, &out);
    }
    write_output(out);
    flush_output();
    return ok;
}

bool App::take_interrupt() {
    int sig = SIGINT;
    return g_signal.compare_exchange_strong(sig, 0);
}

namespace {

// --cmdline-file's words for a file the command-file reader refused (its
// code says why: command_file.h).
std::string cmdline_file_refusal(const std::string &path, const Status &why) {
    switch (why.code()) {
    case EISDIR:
        return "--cmdline-file " + path + " is a directory (expected a file of shell commands)";
    case EFBIG:
        return "--cmdline-file " + path + ": " + why.message();
    }
    return "cannot read --cmdline-file " + path + ": " + why.message();
}

} // namespace

bool App::run_cmdline_file() {
    for (const Config::CmdlineFile &f : cfg_.cmdline_files) {
        if (!run_cmdline_file(f)) return false;
        if (quit_requested()) break;
    }
    return true;
}

bool App::run_cmdline_file(const Config::CmdlineFile &file) {
    const std::string &path = file.path;
    Result<std::unique_ptr<CommandFile>> opened = CommandFile::open(path);
    if (!opened) {
        std::fprintf(stderr, "pmdfwd: %s\n", cmdline_file_refusal(path, opened.status()).c_str());
        return false;
    }
    const std::unique_ptr<CommandFile> in = std::move(*opened);
    const shell::CommandFileView view{path, cfg_.prompt, file.echo};
    Status read;
    InputHooks h;
    // A signal ends the wait for the next line (an idle FIFO writer) and
    // the run, as it does forwarding.
    h.stop = [this] { return quit_requested(); };
    h.line = [&](const std::string &line, unsigned n) {
        write_output(shell::command_file_line_text(view, line));
        if (!execute(line)) std::printf("(%s:%u: command failed, continuing)\n", path.c_str(), n);
        return !quit_requested() && !take_file_quit();
    };
    h.too_long = [&](unsigned n) {
        read = Error("--cmdline-file " + path + ": line " + std::to_string(n) + " is longer than " +
                     std::to_string(in->max_line()) +
                     " bytes (allowed: at most that per command); the commands after it were not "
                     "run");
        return false;
    };
    enter_file();
    const InputEnd end = run_input(*in, h);
    leave_file();
    if (end == InputEnd::Error)
        read = Error("cannot read --cmdline-file " + path + ": " + read_error_text(in->error()),
                     in->error());
    if (read) { // the end, a signal or quit: the caller shuts down
        write_output(shell::command_file_end_text(view));
        flush_output();
        return true;
    }
    std::fprintf(stderr, "pmdfwd: %s\n", read.message().c_str());
    return false;
}

void App::print_periodic_stats() {
    std::string o;
    if (cfg_.stats_format == StatsFormat::Text) {
        // testpmd clears the screen on a terminal; parsers key on the header.
        if (isatty(STDOUT_FILENO)) o += "\033[2J\033[1;1H";
        o += "\nPort statistics ====================================";
    }
    // testpmd's periodic display covers the forwarding ports.
    const Result<std::vector<uint16_t>> ports = fwd_->fwd_ports();
    for (uint16_t p : ports ? *ports : std::vector<uint16_t>{})
        o += port_stats(p);
    std::fputs(o.c_str(), stdout);
    flush_output();
}

// testpmd's exit: stop forwarding, then stop every port, then close them.
void App::shutdown() {
    if (closed_) return;
    closed_ = true;
    if (fwd_ && fwd_->running()) {
        std::fputs(stop().c_str(), stdout);
    }
    // testpmd's exit tells its secondary processes to leave (pmdfwd has none
    // of its own kind; the line is kept for scripts that wait on it).
    if (rte_eal_process_type() == RTE_PROC_PRIMARY)
        std::printf("\nPrimary: Sending 'stop_req' request to secondary...\n");
    // Nothing outside may touch the ports once they close: telemetry
    // readers are let finish, metrics lcores stop, capture callbacks go.
    telemetry::withdraw();
    metrics_.stop();
    capture_.disable();
    fwd_.reset();
    port_ctl_.reset(); // lcores are idle: the dump callbacks go now
    const auto never = [](uint16_t) { return false; };
    for (uint16_t p : ports_.ids())
        std::printf("\nStopping port %u...\n%s", p, ports_.stop_ports(p, never, false).c_str());
    for (uint16_t p : ports_.ids())
        std::printf("\nShutting down port %u...\n%s", p, ports_.close_ports(p, never).c_str());
    ports_.close();
    std::printf("\nBye...\n");
    flush_output();
}

} // namespace pmdfwd
