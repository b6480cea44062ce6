// libFuzzer target: shell lines (one per input line) through run_command and
// complete_command against a fake host (and fake engines: `load engine`
// opens nothing). Beyond not crashing, a refused or
// accepted command must leave the settings within their documented ranges.
#include "shell/command_table.h"
#include "support/fake_host.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

void check(bool ok) {
    if (!ok) std::abort(); // libFuzzer saves the input
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    pmdfwd::testing::FakeHost host;
    // A command file `load` may read; the fake host opens nothing on disk.
    host.files["cmds.txt"] = {"show port info 0", "load cmds.txt", "set verbose 3"};
    std::string_view in(reinterpret_cast<const char *>(data), size);
    while (!in.empty()) {
        const size_t nl = in.find('\n');
        const std::string line(in.substr(0, nl));
        in = nl == std::string_view::npos ? std::string_view() : in.substr(nl + 1);
        const pmdfwd::Config before = host.cfg;
        const bool was_running = host.is_running;
        const uint16_t mtu0 = host.fake_ports.ports[0].mtu;
        std::string out;
        const bool ok = pmdfwd::run_command(host, line, &out);
        check(ok || !out.empty()); // a refusal says why
        // Nothing the line holds (a NUL byte) cuts or hides a message.
        check(out.find('\0') == std::string::npos);
        const pmdfwd::Config &c = host.cfg;
        check(c.burst >= 1 && c.burst <= pmdfwd::kMaxBurst);
        check(c.nb_cores >= 1 && c.nb_cores <= 2);
        check(!c.txpkts.empty());
        check(c.tx_retry_num <= pmdfwd::kMaxTxRetries);
        check(c.tx_retry_delay_us <= pmdfwd::kMaxTxRetryDelayUs);
        check(c.nb_rxq >= 1 && c.nb_txq >= 1);
        // Nothing that needs stopping ran; `set fwd` is accepted while
        // forwarding as testpmd does (the next start uses the new mode) and
        // says so.
        if (was_running && host.is_running)
            check((c.forward_mode == before.forward_mode ||
                   out.find(" packet forwarding mode") != std::string::npos) &&
                  c.burst == before.burst && c.nb_cores == before.nb_cores &&
                  c.txpkts == before.txpkts && c.nb_rxq == before.nb_rxq &&
                  c.nb_txq == before.nb_txq && c.nb_rxd == before.nb_rxd &&
                  c.nb_txd == before.nb_txd && c.fwd_port_list == before.fwd_port_list &&
                  host.fake_ports.ports[0].mtu == mtu0);
        pmdfwd::complete_command(host, line);
    }
    return 0;
}
