// A HostControl without EAL: records what shell commands ask of the host, so
// that a test (tests/src/test_commands.cpp) or a fuzzer (tests/fuzz) can
// check both the answer and that a refused command changed nothing.
#pragma once

#include "fake_engines.h"
#include "fake_ports.h"
#include "shell/host_control.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace pmdfwd::testing {

class FakeHost : public HostControl {
  public:
    Config cfg;
    bool is_running = false;
    unsigned started_with = 0;
    int starts = 0, stops = 0, port_clears = 0, fwd_clears = 0;
    bool quit = false;
    std::vector<std::pair<uint16_t, uint16_t>> vlans;
    FakeEngines fake_engines;
    FakePorts fake_ports;

    Config &config() override { return cfg; }
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
    std::vector<uint16_t> port_ids() const override {
        std::vector<uint16_t> ids;
        for (const auto &[id, p] : fake_ports.ports)
            if (p.status != PortStatus::Closed) ids.push_back(id);
        return ids;
    }
    std::string port_stats(uint16_t p) override { return "stats " + std::to_string(p) + "\n"; }
    void clear_port_stats(uint16_t) override { port_clears++; }
    std::string fwd_stats() override { return "fwd\n"; }
    void clear_fwd_stats() override { fwd_clears++; }
    std::string fwd_config() override { return "config\n"; }
    std::string mempool_info() override { return "mempools\n"; }
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
    Status set_tx_vlan(uint16_t port, bool on, uint16_t tci, std::string *) override {
        vlans.emplace_back(port, on ? tci : 0xffff);
        return {};
    }
    void set_peer(uint16_t, const std::array<uint8_t, 6> &) override {}
    // Port 0 offers IPv4/UDP/TCP checksums and is stopped; port 1 offers
    // none and is started (as after `port start 1`).
    uint64_t port_tx_offloads[2] = {0, 0};
    Status set_tx_offloads(uint16_t port, uint64_t offloads, bool on) override {
        if (port == 1) return Error("Please stop port 1 first");
        if (on && (offloads & ~kPort0TxCapa)) return Error("not offered");
        port_tx_offloads[port] =
            on ? (port_tx_offloads[port] | offloads) : (port_tx_offloads[port] & ~offloads);
        return {};
    }
    bool tx_offloads(uint16_t port, uint64_t *enabled, uint64_t *capa) const override {
        if (port > 1) return false;
        *enabled = port_tx_offloads[port];
        *capa = port == 0 ? kPort0TxCapa : 0;
        return true;
    }
    static constexpr uint64_t kPort0TxCapa =
        RTE_ETH_TX_OFFLOAD_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_UDP_CKSUM | RTE_ETH_TX_OFFLOAD_TCP_CKSUM;
    void request_quit() override { quit = true; }
    bool quit_pending() const override { return quit; }
    // take_interrupt() says true once this many calls were made (0: never).
    unsigned interrupt_at = 0, interrupt_calls = 0;
    bool take_interrupt() override { return ++interrupt_calls == interrupt_at; }
    std::map<std::string, std::vector<std::string>> files; // what `load` may read
    Result<std::vector<std::string>> read_command_file(const std::string &path) override {
        auto it = files.find(path);
        if (it == files.end()) return Error("Failed to create file based cmdline context: " + path);
        return it->second;
    }
    EngineApi &engines() override { return fake_engines; }
    PortControl &port_control() override { return fake_ports; }
};

} // namespace pmdfwd::testing
