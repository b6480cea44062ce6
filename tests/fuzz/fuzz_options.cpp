// libFuzzer target: command lines (arguments separated by NUL or newline)
// through parse_options and, when they parse, apply_engine_params. An error
// must say what is wrong; a parsed Config must hold values in range.
#include "options.h"

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
    std::string err;
    switch (pmdfwd::parse_options(args, cfg, &err)) {
    case pmdfwd::ParseResult::Error:
        check(!err.empty());
        break;
    case pmdfwd::ParseResult::Help:
        check(!pmdfwd::usage("pmdfwd").empty());
        break;
    case pmdfwd::ParseResult::Ok:
        check(cfg.burst >= 1 && cfg.burst <= pmdfwd::kMaxBurst);
        check(cfg.nb_rxq >= 1 && cfg.nb_txq >= 1);
        check(cfg.nb_cores >= 1);
        check(!cfg.txpkts.empty());
        if (!pmdfwd::apply_engine_params(cfg, &err)) check(!err.empty());
        // Engine parameters are global: back to the defaults for the next input.
        pmdfwd::Config defaults;
        defaults.engine_params = {{"macswap-kernel", "auto"}};
        check(pmdfwd::apply_engine_params(defaults, &err));
        break;
    }
    return 0;
}
