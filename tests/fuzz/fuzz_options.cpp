// libFuzzer target: command lines (arguments separated by NUL or newline)
// through parse_options and, when they parse, apply_engine_params. An error
// must say what is wrong; a parsed Config must hold values in range.
#include "options/options.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

void check(bool ok) {
    if (!ok) std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    std::vector<std::string> args(1);
    for (size_t i = 0; i < size; i++) {
        const char ch = static_cast<char>(data[i]);
        if (ch == '\0' || ch == '\n')
            args.emplace_back();
        else
            args.back() += ch;
    }
    pmdfwd::Config cfg;
    const pmdfwd::Result<pmdfwd::ParseResult> parsed =
        pmdfwd::parse_options(args, cfg, pmdfwd::registry_engines());
    if (!parsed) {
        check(!parsed.message().empty());
        return 0;
    }
    switch (*parsed) {
    case pmdfwd::ParseResult::Help:
        check(!pmdfwd::usage("pmdfwd", pmdfwd::registry_engines()).empty());
        break;
    case pmdfwd::ParseResult::Ok:
        check(cfg.burst >= 1 && cfg.burst <= pmdfwd::kMaxBurst);
        check(cfg.nb_rxq >= 1 && cfg.nb_txq >= 1);
        check(cfg.nb_cores >= 1);
        check(!cfg.txpkts.empty());
        check(!cfg.mbuf_sizes.empty() && cfg.mbuf_sizes.size() <= pmdfwd::kMaxMbufSizes &&
              cfg.mbuf_sizes[0] > RTE_PKTMBUF_HEADROOM);
        check(cfg.rxpkts.size() <= pmdfwd::kMaxMbufSizes);
        check(cfg.nb_fwd_ports <= RTE_MAX_ETHPORTS);
        // A mask may name ports beyond RTE_MAX_ETHPORTS; they are skipped
        // with a note at start, as testpmd skips them.
        for (uint16_t p : cfg.fwd_port_list)
            check(p < 64);
        for (unsigned l : cfg.fwd_lcore_list)
            check(l < 64);
        check(cfg.fwd_lcore_list.empty() || cfg.nb_cores >= 1);
        for (const auto &[port, numa] : cfg.port_numa)
            check(numa.pool < 256 && numa.rx_ring < 256 && numa.tx_ring < 256);
        if (pmdfwd::Status applied = pmdfwd::apply_engine_params(cfg, pmdfwd::registry_engines());
            !applied)
            check(!applied.message().empty());
        // Engine parameters are global: back to the defaults for the next input.
        pmdfwd::Config defaults;
        defaults.engine_params = {
            {"macswap-kernel", "auto"}, {"txonly-ip", "198.18.0.1,198.18.0.2"},
            {"txonly-udp", "9,9"},      {"txonly-multi-flow", "off"},
            {"flowgen-flows", "1024"},  {"flowgen-clones", "0"}};
        check(pmdfwd::apply_engine_params(defaults, pmdfwd::registry_engines()).ok());
        break;
    }
    return 0;
}
