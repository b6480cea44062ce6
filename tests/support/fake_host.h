// The application's pieces without EAL (shell/host_control.h): fakes that
// record what shell commands ask, so that a test (tests/src/shell/) or a
// fuzzer (tests/fuzz) can check both the answer and that a refused command
// changed nothing. FakeHost holds one of each and hands them out as a Host.
#pragma once

#include "fake_bonding.h"
#include "fake_driver.h"
#include "fake_engines.h"
#include "fake_flows.h"
#include "fake_mtr.h"
#include "fake_ports.h"
#include "fake_tm.h"
#include "shell/command_families.h"
#include "shell/host_control.h"

#include <cerrno>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace pmdfwd::testing {

// A command file as a list of lines: every next() delivers one at once.
class ListSource : public LineSource {
  public:
    explicit ListSource(std::vector<std::string> lines) : lines_(std::move(lines)) {}
    Got next(std::string *line, int) override {
        if (next_ == lines_.size()) return Got::End;
        *line = lines_[next_++];
        return Got::Line;
    }
    int error() const override { return 0; }
    size_t max_line() const override { return kMaxCommandLine; }

  private:
    std::vector<std::string> lines_;
    size_t next_ = 0;
};

class FakeLifecycle : public Lifecycle {
  public:
    bool is_running = false;
    unsigned started_with = 0;
    int starts = 0, stops = 0;
    bool quit = false;
    // take_interrupt() says true once this many calls were made (0: never).
    unsigned interrupt_at = 0, interrupt_calls = 0;

    bool running() const override { return is_running; }
    Status start(unsigned n) override {
        if (is_running) return Error("Packet forwarding already started");
        is_running = true;
        started_with = n;
        starts++;
        return {};
    }
    std::string stop() override {
        is_running = false;
        stops++;
        return "stopped\n";
    }
    bool quit_pending() const override { return quit; }
    void quit_session() override { quit = true; }
    bool take_interrupt() override { return ++interrupt_calls == interrupt_at; }
};

class FakeLcores : public Lcores {
  public:
    std::vector<unsigned> lcores{1, 2, 3}; // forwarding lcores; 0 is the main one

    size_t nb_fwd_lcores() const override { return lcores.size(); }
    std::vector<unsigned> fwd_lcore_ids() const override { return lcores; }
    Status set_fwd_lcores(const std::vector<unsigned> &l) override {
        for (unsigned lc : l) {
            if (lc == 0) return Error("lcore 0 cannot be masked on for running packet forwarding");
            if (lc > 3) return Error("lcore " + std::to_string(lc) + " not enabled");
        }
        lcores = l;
        return {};
    }
    Result<size_t> nb_streams() const override { return size_t{2}; }
};

class FakeStats : public Stats {
  public:
    int port_clears = 0, fwd_clears = 0;

    std::string port_stats(uint16_t p) override { return "stats " + std::to_string(p) + "\n"; }
    void clear_port_stats(uint16_t) override { port_clears++; }
    std::string fwd_stats() override { return "fwd\n"; }
    void clear_fwd_stats() override { fwd_clears++; }
    std::string fwd_config() override { return "config\n"; }
    std::string mempool_info() override { return "mempools\n"; }
};

class FakeFiles : public CommandFiles {
  public:
    std::map<std::string, std::vector<std::string>> files; // what `load` may read

    Result<std::unique_ptr<LineSource>> open(const std::string &path) override {
        auto it = files.find(path);
        if (it == files.end()) return Error(std::strerror(ENOENT), ENOENT);
        return std::unique_ptr<LineSource>(std::make_unique<ListSource>(it->second));
    }
};

// Every piece, its state reachable by the names tests used before the split
// (h.is_running, h.lcores, h.files, ...), and the Host run_command() takes.
// No engine is registered here, so no default mode: the fake engines' io
// stands for it, as the built-in io is pmdfwd's default.
inline Config fake_config() {
    Config c;
    c.forward_mode = "io";
    return c;
}

struct FakeHost : FakeLifecycle, FakeLcores, FakeStats, FakeFiles {
    Config cfg = fake_config();
    FakeEngines fake_engines;
    FakePorts fake_ports;
    FakeFlowControl fake_flows;
    flow::FlowRules flows{fake_flows};
    flow::EncapConf encap;
    flow::RawStore raw;
    FakeTmControl fake_tm;
    FakeMtrControl fake_mtr;
    FakeDriverControl fake_drivers;
    FakeBondingControl fake_bonding{fake_ports};
    // The shell's command families: the built-in ones unless a test adds its own.
    std::vector<shell::Family> families = shell::command_families();

    Host host() {
        return {cfg,   *this, *this,   *this,    fake_ports,   fake_engines, *this,   flows,
                encap, raw,   fake_tm, fake_mtr, fake_drivers, fake_bonding, families};
    }
    operator Host() { return host(); }
};

} // namespace pmdfwd::testing
